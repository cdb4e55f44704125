import { TIMINGS } from '#shared/constants.ts';

/**
 * A toast for the answer given before the app, and with it the app's toaster
 * (components/ui/toaster.tsx), has started: "Added to basket" for a tap at load
 * (lib/early-add.ts). It sits where the app's toasts sit (above the bottom navigation on phones,
 * bottom right on wider screens), is read out by screen readers (a status), and goes after the
 * app's toast time, when tapped, or when the app shows a toast of its own (dismissEarlyToast).
 * One at a time: a second replaces the first.
 */
let current: { element: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;

export function dismissEarlyToast(): void {
  if (!current) return;
  clearTimeout(current.timer);
  current.element.remove();
  current = null;
}

export function showEarlyToast(text: string): void {
  dismissEarlyToast();
  const element = document.createElement('div');
  element.setAttribute('role', 'status');
  element.dataset.earlyToast = '';
  element.className = 'fixed inset-x-4 bottom-20 z-50 rounded-lg border border-green-200 bg-green-50 p-4 text-[13px] font-medium text-green-800 shadow-lg sm:left-auto sm:w-[356px]';
  element.textContent = text;
  element.addEventListener('click', dismissEarlyToast);
  document.body.append(element);
  current = { element, timer: setTimeout(dismissEarlyToast, TIMINGS.toastMs) };
}
