import type { PaymentsService } from '../features/payments/payments.service.ts';

/** Every minute, one bounded pass of the payment reminders; errors are logged; the returned function stops it (and waits for a pass under way). */
export function scheduleReminders(service: Pick<PaymentsService, 'runReminders'>, log: { warn: (obj: object, msg: string) => void }, everyMs = 60_000): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = service.runReminders().catch((err: unknown) => log.warn({ err }, 'payment reminders failed')).finally(() => { running = null; });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => { clearInterval(timer); await running; };
}
