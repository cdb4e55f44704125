import { useEffect } from 'react';
import { Toaster as Sonner, toast, useSonner, type ToasterProps } from 'sonner';
import { TIMINGS } from '#shared/constants.ts';

/**
 * Keeps the toasts few and true: one at a time of each kind (a newer error replaces the older
 * one instead of stacking over the form), and an error goes away once something succeeds (a
 * "wrong password" toast does not outlive the successful login that follows it). Every caller
 * keeps using sonner's `toast` as it is.
 */
function OneToastPerKind() {
  const { toasts } = useSonner();
  useEffect(() => {
    const kinds = new Set<string>();
    let succeeded = false;
    // Newest first.
    for (const item of toasts) {
      const kind = item.type ?? 'default';
      if (kinds.has(kind) || (kind === 'error' && succeeded)) toast.dismiss(item.id);
      kinds.add(kind);
      if (kind === 'success') succeeded = true;
    }
  }, [toasts]);
  return null;
}

/**
 * Bottom-right, hotkey Alt+T, about 5 seconds; above the bottom navigation on phones. Taps go
 * through a toast to what it covers, but for its close button (styles.css): no toast has an action.
 */
export function Toaster(props: ToasterProps) {
  return (
    <>
      <OneToastPerKind />
      <Sonner
        position="bottom-right"
        hotkey={['altKey', 'KeyT']}
        duration={TIMINGS.toastMs}
        richColors
        closeButton
        offset={{ bottom: 80, right: 16 }}
        mobileOffset={{ bottom: 80 }}
        {...props}
      />
    </>
  );
}
