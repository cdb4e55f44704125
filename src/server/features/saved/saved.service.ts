import { SAVED_ADDRESS_LIMITS, type CreateAddressInput, type SavedAddress, type UpdateAddressInput } from '#shared/contracts/saved.ts';
import { toProductDto } from '../../db/read-models.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, timeIdCursor } from '../../lib/keyset-cursor.ts';
import type { SavedRepository } from './saved.repository.ts';

export function createSavedService({ savedRepository }: { savedRepository: SavedRepository }) {
  return {
    /** Idempotent. Only a product the public can see (not archived, of a public household). */
    async saveProduct(userId: string, productId: string): Promise<void> {
      if (!(await savedRepository.productIsVisible(productId))) throw notFound('Product');
      await savedRepository.saveProduct(userId, productId);
    },

    /** Idempotent. A product that is saved can always be unsaved, even if it left the public since. */
    async unsaveProduct(userId: string, productId: string): Promise<void> {
      if (await savedRepository.unsaveProduct(userId, productId)) return;
      if (!(await savedRepository.productIsVisible(productId))) throw notFound('Product');
    },

    async listSavedProducts(userId: string, query: { cursor?: string; limit: number }) {
      const after = decodeCursor(query.cursor, timeIdCursor);
      const rows = await savedRepository.listSavedProducts(userId, query.limit + 1, after ? { timeKey: after[0], id: after[1] } : undefined);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map((row) => toProductDto(row)),
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.savedTimeKey, last.id]) : null,
      };
    },

    async listAddresses(userId: string): Promise<{ items: SavedAddress[]; nextCursor: null }> {
      return { items: await savedRepository.listAddresses(userId), nextCursor: null };
    },

    async createAddress(userId: string, body: CreateAddressInput): Promise<SavedAddress> {
      const row = await savedRepository.createAddress(userId, body, SAVED_ADDRESS_LIMITS.perUser);
      if (!row) throw conflict('address.limit', `At most ${SAVED_ADDRESS_LIMITS.perUser} saved addresses; delete one first`);
      return row;
    },

    async updateAddress(userId: string, id: string, body: UpdateAddressInput): Promise<SavedAddress> {
      const row = Object.keys(body).length
        ? await savedRepository.updateAddress(userId, id, body)
        : await savedRepository.findAddress(userId, id);
      if (!row) throw notFound('Address');
      return row;
    },

    async deleteAddress(userId: string, id: string): Promise<void> {
      if (!(await savedRepository.deleteAddress(userId, id))) throw notFound('Address');
    },
  };
}
