import { BUSINESS_TIME_ZONE } from '#shared/constants.ts';

/** A pickup date the server accepts: tomorrow in Belgrade (today would break at midnight). */
export function pickupDate(daysAhead = 1): string {
  const at = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export interface BasketLine { productId: string; quantity: number }

export function checkoutBody(items: BasketLine[]): string {
  return JSON.stringify({ items, deliveryType: 'pickup', pickupDate: pickupDate(), pickupTime: '10:00', contactPhone: '+381641234567' });
}
