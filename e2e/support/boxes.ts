// Where things lie on the screen: whether one covers another.
import { expect, type Locator } from '@playwright/test';

export type Box = { x: number; y: number; width: number; height: number };

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the toast lies over this element; both must be on screen (a missing one fails). */
export async function toastCovers(toast: Locator, element: Locator): Promise<boolean> {
  const [toastBox, elementBox] = [await toast.boundingBox(), await element.boundingBox()];
  expect(toastBox, 'the toast has a box').not.toBeNull();
  expect(elementBox, 'the element has a box').not.toBeNull();
  return overlaps(toastBox!, elementBox!);
}
