import { PAGES } from '#shared/pages.ts';
import type { LabelScript } from '#shared/contracts/legal.ts';
import { registrationFor } from '#shared/legal.ts';
import { linePricePara } from '#shared/weight-price.ts';
import { notFound } from '../../lib/errors.ts';
import { renderLabelSheets } from './labels.pdf.ts';
import type { LabelsRepository } from './labels.repository.ts';
import { renderSlip, type SlipLanguage } from './slip.pdf.ts';

/** The product page's address, from the page table (src/shared/pages.ts). */
export function productPageUrl(publicUrl: string, productId: string): string {
  return publicUrl + PAGES.product.path.replace(':id', productId);
}

export function createLabelsService({ repository, publicUrl }: { repository: LabelsRepository; publicUrl: string }) {
  return {
    /** Label sheets for an own product; another's (or an unknown or archived) product is 404. */
    async labels(userId: string, query: { productId: string; count: number; bestBefore: string; script: LabelScript }): Promise<Buffer> {
      const product = await repository.product(query.productId);
      if (!product || product.householdId !== userId) throw notFound('Product');
      const registration = registrationFor(product.legal.registrations, product.category);
      return renderLabelSheets({
        productId: product.id, name: product.name, ingredients: product.ingredients, allergens: product.allergens,
        quantityStep: product.quantityStep, unit: product.unit, category: product.category, storage: product.storage,
        bestBefore: query.bestBefore, householdName: product.householdName, address: product.location,
        holdingNumber: product.legal.holdingNumber,
        registration: registration ? { kind: registration.kind, number: registration.number } : null,
        url: productPageUrl(publicUrl, product.id),
      }, query.count, query.script);
    },

    /** A packing slip for an own household's order, in the producer's language; others' orders are 404. */
    async slip(userId: string, orderId: string): Promise<Buffer> {
      const order = await repository.order(orderId, userId);
      if (!order) throw notFound('Order');
      const place = order.deliveryType === 'drop'
        ? [order.dropTitle, order.dropPlace, order.dropAddress, order.dropTown].filter(Boolean).join(', ') || null
        : order.deliveryType === 'pickup'
          ? [order.pickupPointName, order.pickupPointAddress].filter(Boolean).join(', ') || null
          : [order.deliveryAddress, order.deliveryArea].filter(Boolean).join(', ') || null;
      return renderSlip({
        number: order.number, createdAt: order.createdAt, householdName: order.householdName, householdAddress: order.location,
        holdingNumber: order.legal.holdingNumber, buyerName: order.buyerName, contactPhone: order.contactPhone,
        deliveryType: order.deliveryType, date: order.pickupDate,
        time: order.deliveryType === 'drop' && order.dropCloses ? `${order.pickupTime}–${order.dropCloses}` : order.pickupTime, place, notes: order.notes,
        paymentMethod: order.paymentMethod, paid: order.paymentStatus === 'paid',
        deliveryFeePara: order.deliveryFeePara, totalPara: order.totalPara,
        // Sold by weight: the weighed price, or the estimate until weighed (src/shared/weight-price.ts).
        items: order.items.map((i) => ({
          name: i.name, unit: i.unit, quantity: i.quantity, unitPricePara: i.unitPricePara, lineTotalPara: linePricePara(i),
          perKg: i.pricing === 'weight', weight: i.weight ?? null,
        })),
      }, order.language as SlipLanguage);
    },
  };
}
