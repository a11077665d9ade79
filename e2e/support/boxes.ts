// Where things lie on the screen: whether one covers another.
import type { Locator } from '@playwright/test';

export type Box = { x: number; y: number; width: number; height: number };

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the first toast on screen lies over this element (false while either has no box). */
export async function toastCovers(toast: Locator, element: Locator): Promise<boolean> {
  const [toastBox, elementBox] = [await toast.boundingBox(), await element.boundingBox()];
  return toastBox !== null && elementBox !== null && overlaps(toastBox, elementBox);
}
