// The single entry point features use to show a toast, so the toast library
// can change without touching them. Types are the spec's five.
import { toast as sonner, type ExternalToast } from 'sonner';
import { isQuietAfterSessionEnd, SESSION_END_TOAST_ID } from './session-end';

export type ToastOptions = ExternalToast;

export const toast = {
  success: (message: string, options?: ToastOptions) => sonner.success(message, options),
  info: (message: string, options?: ToastOptions) => sonner.info(message, options),
  warning: (message: string, options?: ToastOptions) => sonner.warning(message, options),
  error: (message: string, options?: ToastOptions) => {
    // Right after a session ended, the error toasts are its calls failing:
    // the one "session ended" message says it all. A progress toast this
    // error would have replaced goes away instead of spinning on.
    if (isQuietAfterSessionEnd() && options?.id !== SESSION_END_TOAST_ID) {
      if (options?.id !== undefined) sonner.dismiss(options.id);
      return options?.id ?? '';
    }
    return sonner.error(message, options);
  },
  /** A progress toast; pass its id to success/error to turn it into the outcome. */
  loading: (message: string, options?: ToastOptions) => sonner.loading(message, options),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
