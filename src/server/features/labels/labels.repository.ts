import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drops, households, orderItems, orders, products, users } from '../../db/schema.ts';

/** What a label and a packing slip are made of; only this file of the feature reads the schema. */
export function createLabelsRepository(db: Db) {
  return {
    /** A live (not archived) product with its household's name, place and papers. */
    async product(id: string) {
      const [row] = await db.select({
        id: products.id, householdId: products.householdId, name: products.name, category: products.category, unit: products.unit,
        quantityStep: products.quantityStep, ingredients: products.ingredients, allergens: products.allergens, storage: products.storage,
        householdName: households.name, location: households.location, legal: households.legal,
      }).from(products).innerJoin(households, eq(households.id, products.householdId))
        .where(and(eq(products.id, id), isNull(products.archivedAt)));
      return row ?? null;
    },

    /** An order of the household with its lines, its buyer's name and the producer's language. */
    async order(id: string, householdId: string) {
      const [row] = await db.select({
        id: orders.id, number: orders.number, createdAt: orders.createdAt, deliveryType: orders.deliveryType,
        pickupDate: orders.pickupDate, pickupTime: orders.pickupTime, deliveryAddress: orders.deliveryAddress, deliveryArea: orders.deliveryArea,
        pickupPointName: orders.pickupPointName, pickupPointAddress: orders.pickupPointAddress, contactPhone: orders.contactPhone, notes: orders.notes,
        paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus, deliveryFeePara: orders.deliveryFeePara, totalPara: orders.totalPara,
        buyerName: users.name, buyerDeleted: users.deletedAt,
        householdName: households.name, location: households.location, legal: households.legal,
        dropTitle: drops.title, dropPlace: drops.placeName, dropAddress: drops.placeAddress, dropTown: drops.placeTown, dropCloses: drops.closes,
      }).from(orders)
        .innerJoin(users, eq(users.id, orders.buyerId))
        .innerJoin(households, eq(households.id, orders.householdId))
        .leftJoin(drops, eq(drops.id, orders.dropId))
        .where(and(eq(orders.id, id), eq(orders.householdId, householdId)));
      if (!row) return null;
      const items = await db.select({ name: orderItems.name, unit: orderItems.unit, unitPricePara: orderItems.unitPricePara, quantity: orderItems.quantity })
        .from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.name));
      const [owner] = await db.select({ language: users.language }).from(users).where(eq(users.id, householdId));
      return { ...row, items, language: owner?.language ?? 'sr' };
    },
  };
}
export type LabelsRepository = ReturnType<typeof createLabelsRepository>;
