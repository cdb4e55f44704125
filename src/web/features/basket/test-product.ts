import type { BasketProduct } from './lib/types.ts';

/** A product as the API returns it, for tests. */
export function testProduct(overrides: Partial<BasketProduct> = {}): BasketProduct {
  return {
    id: 'p-1',
    householdId: 'h-1',
    householdName: 'Домаћинство Петровић',
    name: 'Багремов мед',
    description: 'Мед са Фрушке горе',
    price: 1200,
    unit: 'jar',
    pricing: 'unit',
    pieceWeight: null,
    image: null,
    thumbnail: null,
    category: 'honey',
    availability: true,
    featured: false,
    promoted: false,
    stock: null,
    quantityStep: 1,
    availableFrom: null,
    ingredients: null,
    allergens: [],
    storage: null,
    depositPercent: 0,
    preorderLimit: null,
    rating: 4.5,
    reviewCount: 3,
    createdAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}
