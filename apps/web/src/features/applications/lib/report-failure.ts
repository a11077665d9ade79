// A chain action that ended without a final transaction has already told the
// user why (a toast, or their own Cancel); anything else is unexpected.
import { TOASTS } from '@gets/schema';
import { toast } from '@/lib/toast';
import { ChainActionError } from '@/features/custody';

export function reportFailure(error: unknown): void {
  if (!(error instanceof ChainActionError)) toast.error(TOASTS.error.somethingWentWrong);
}
