import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { TIMINGS } from '#shared/constants.ts';

/** Spec section 9: bottom-right, hotkey Alt+T, about 5 seconds. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      duration={TIMINGS.toastMs}
      richColors
      closeButton
      // Above the bottom navigation on phones.
      offset={{ bottom: 80, right: 16 }}
      mobileOffset={{ bottom: 80 }}
      {...props}
    />
  );
}
