import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '#shared/contracts/waitlist.ts';
import { heldFor, stockFor } from './held.ts';

const NOW = new Date('2030-06-12T10:00:00Z');
const entry = (over: Partial<WaitlistEntry>): WaitlistEntry => ({
  productId: 'p-1', productName: 'Купине', householdName: 'Радовић', quantity: 2, heldQuantity: 0, heldUntil: null, joinedAt: '2030-06-10T10:00:00Z', ...over,
});

describe('a waitlist hold', () => {
  it('is the buyer\'s to order beside the public stock while it lasts', () => {
    const held = [entry({ heldQuantity: 1.5, heldUntil: '2030-06-12T22:00:00Z' })];
    expect(heldFor(held, 'p-1', NOW)).toBe(1.5);
    expect(stockFor({ id: 'p-1', stock: 0 }, held, NOW)).toBe(1.5);
    expect(stockFor({ id: 'p-1', stock: 0.5 }, held, NOW)).toBe(2);
  });

  it('counts for nothing once passed, while only waiting, for another product, or signed out', () => {
    expect(heldFor([entry({ heldQuantity: 2, heldUntil: '2030-06-12T10:00:00Z' })], 'p-1', NOW)).toBe(0);
    expect(heldFor([entry({})], 'p-1', NOW)).toBe(0);
    expect(heldFor([entry({ productId: 'p-2', heldQuantity: 2, heldUntil: '2030-06-13T10:00:00Z' })], 'p-1', NOW)).toBe(0);
    expect(heldFor(undefined, 'p-1', NOW)).toBe(0);
    expect(stockFor({ id: 'p-1', stock: null }, [entry({ heldQuantity: 2, heldUntil: '2030-06-13T10:00:00Z' })], NOW)).toBeNull();
  });
});
