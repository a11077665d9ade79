// The single entry point features use to show a toast, so the toast library
// can change without touching them. Types are the spec's five.
import { toast as sonner, type ExternalToast } from 'sonner';

export type ToastOptions = ExternalToast;

export const toast = {
  success: (message: string, options?: ToastOptions) => sonner.success(message, options),
  info: (message: string, options?: ToastOptions) => sonner.info(message, options),
  warning: (message: string, options?: ToastOptions) => sonner.warning(message, options),
  error: (message: string, options?: ToastOptions) => sonner.error(message, options),
  /** A progress toast; pass its id to success/error to turn it into the outcome. */
  loading: (message: string, options?: ToastOptions) => sonner.loading(message, options),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
