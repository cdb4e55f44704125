import type { Order } from '#shared/contracts/orders.ts';
import { isoWeekday } from '#shared/time.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { usePickupHours } from '../api/get-pickup-hours.ts';

/**
 * When an order is had, as one line: its day and time. A pickup at a point stores the opening
 * of its window when the buyer chose no time (src/shared/checkout-plan.ts, fulfilmentOf), so
 * a time that opens one of the point's windows that day is shown as the window ("07:00–19:00"),
 * not as an appointment.
 */
export function useOrderWhen(order: Pick<Order, 'householdId' | 'deliveryType' | 'pickupPoint' | 'pickupDate' | 'pickupTime'>): string {
  const format = useFormat();
  const atPoint = order.deliveryType === 'pickup' && order.pickupPoint !== null && order.pickupTime !== '';
  const points = usePickupHours(order.householdId, atPoint).data;
  const window = atPoint
    ? points?.find((p) => p.id === order.pickupPoint!.id)?.hours
      .find((h) => h.weekday === isoWeekday(order.pickupDate) && h.opens === order.pickupTime)
    : undefined;
  const time = window ? `${window.opens}–${window.closes}` : order.pickupTime;
  return `${format.day(order.pickupDate)}${time ? ` ${time}` : ''}`;
}
