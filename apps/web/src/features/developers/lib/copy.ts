// Copies a secret the page shows (a new API key, a signing secret) and says so.
import { toast } from '@/lib/toast';

export const COPIED = 'Copied';
export const COPY_FAILED = 'Could not copy: select the text and copy it yourself';

export async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(COPIED);
  } catch {
    toast.error(COPY_FAILED);
  }
}
