// Download as PNG, entirely in the browser: the card's DOM drawn at 2x
// (spec section 9) and saved under the badge's name.
import { toPng } from 'html-to-image';
import { PNG_DOWNLOAD_SCALE } from '@gets/schema';

/** "Intro to Solidity" → "Intro to Solidity.png"; characters no file system takes are dropped. */
export function pngFileName(name: string | null | undefined): string {
  const safe = (name ?? '').replace(/[\\/:*?"<>|]+/g, '').trim();
  return `${safe || 'badge'}.png`;
}

export async function downloadNodeAsPng(node: HTMLElement, name: string | null | undefined) {
  const dataUrl = await toPng(node, { pixelRatio: PNG_DOWNLOAD_SCALE, cacheBust: true });
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = pngFileName(name);
  document.body.append(link);
  link.click();
  link.remove();
}
