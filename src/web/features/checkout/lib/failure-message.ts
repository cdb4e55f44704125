import { isApiError } from '#web/lib/api-client.ts';
import type { useFormat } from '#web/lib/use-format.ts';

interface ErrorDetail {
  productId?: string; name?: string; available?: number; householdId?: string; minimum?: number; subtotal?: number;
  availableFrom?: string; quantityStep?: number;
}

export interface FailureContext {
  t: (key: string, options?: Record<string, unknown>) => string;
  format: ReturnType<typeof useFormat>;
  /** A basket product's name by id (the answer's own name when it is not in the basket). */
  productName: (productId: string | undefined, fallback?: string) => string;
  householdName: (householdId: string | undefined) => string;
}

/** What a refused or failed checkout tells the buyer, from the answer's code and details. */
export function failureMessage(error: unknown, { t, format, productName, householdName }: FailureContext): string {
  if (!isApiError(error)) return t('orderFailed');
  const details = Array.isArray(error.details) ? (error.details as ErrorDetail[]) : [];
  if (error.code === 'order.out_of_stock' && details[0]) {
    return details.map((d) => t('outOfStock', { name: productName(d.productId, d.name), available: d.available ?? 0 })).join(' ');
  }
  if (error.code === 'order.product_unavailable' && details.length > 0) {
    return t('unavailable', { names: details.map((d) => productName(d.productId, d.name)).join(', ') });
  }
  if (error.code === 'order.below_minimum' && details[0]) {
    return details.map((d) => t('logistics:errors.order.below_minimum', {
      name: householdName(d.householdId), minimum: format.total(d.minimum ?? 0), subtotal: format.total(d.subtotal ?? 0),
    })).join(' ');
  }
  if (error.code === 'order.not_yet_available' && details[0]) {
    return details.map((d) => t('logistics:errors.order.not_yet_available', { name: productName(d.productId, d.name), date: format.date(d.availableFrom ?? '') })).join(' ');
  }
  if (error.code === 'validation_failed' && details.some((d) => d.quantityStep !== undefined)) {
    return details.filter((d) => d.quantityStep !== undefined)
      .map((d) => t('logistics:errors.step', { name: productName(d.productId, d.name), step: format.quantityValue(d.quantityStep!) })).join(' ');
  }
  if (['order.slot_unavailable', 'order.delivery_unavailable', 'order.payment_unavailable'].includes(error.code)) {
    return t(`logistics:errors.${error.code}`);
  }
  if (error.code === 'network') return t('offline');
  return error.message || t('orderFailed');
}
