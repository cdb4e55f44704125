import { createContext, useContext, type ComponentProps } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { TIMINGS } from '#shared/constants.ts';
import { cn } from '#web/lib/utils.ts';

/*
 * Why no provider at the app root: Radix's tooltip module brings the popper and floating-ui
 * (docs/performance.md) into the first page load, where no tooltip is shown. As in shadcn/ui v4,
 * a Tooltip supplies its own provider unless a TooltipProvider wraps it; wrap a group of
 * tooltips (a toolbar, a card's icon buttons) in one TooltipProvider so the skip delay applies
 * between them. docs/product.md: delay 700 ms, skip delay 300 ms.
 */
const HasProvider = createContext(false);

export function TooltipProvider({
  delayDuration = TIMINGS.tooltipDelayMs,
  skipDelayDuration = TIMINGS.tooltipSkipDelayMs,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <HasProvider.Provider value={true}>
      <TooltipPrimitive.Provider
        data-slot="tooltip-provider"
        delayDuration={delayDuration}
        skipDelayDuration={skipDelayDuration}
        {...props}
      />
    </HasProvider.Provider>
  );
}

export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const hasProvider = useContext(HasProvider);
  const root = <TooltipPrimitive.Root data-slot="tooltip" {...props} />;
  return hasProvider ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export function TooltipTrigger(props: ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <TooltipPrimitive.Trigger data-slot="tooltip-trigger" {...props} />;
}

export function TooltipContent({ className, sideOffset = 4, children, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn('z-50 w-fit rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background', className)}
        {...props}
      >
        {children}
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
