import type { ExternalToast } from 'sonner';

/**
 * Toasts for code on the first pages (the feed, a product): sonner is fetched on first use instead of in
 * the first page load (bundle budget). The lazily mounted <Toaster> shares the same module.
 */
export const lazyToast = {
  success(message: string, options?: ExternalToast): void {
    void import('sonner').then(({ toast }) => toast.success(message, options));
  },
  error(message: string, options?: ExternalToast): void {
    void import('sonner').then(({ toast }) => toast.error(message, options));
  },
  info(message: string, options?: ExternalToast): void {
    void import('sonner').then(({ toast }) => toast.info(message, options));
  },
  message(message: string, options?: ExternalToast): void {
    void import('sonner').then(({ toast }) => toast.message(message, options));
  },
};
