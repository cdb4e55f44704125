import type { Category, Unit } from '#shared/constants.ts';

/**
 * A product as the API returns it (DESIGN.md section 5).
 * TODO: use the type inferred from `#shared/contracts` once the products contract lands,
 * so the shape is written once.
 */
export interface BasketProduct {
  id: string;
  householdId: string;
  householdName: string;
  name: string;
  description: string;
  /** RSD, at most 2 decimals. */
  price: number;
  unit: Unit;
  image: string | null;
  thumbnail: string | null;
  category: Category;
  availability: boolean;
  featured: boolean;
  promoted: boolean;
  /** Whole number, or null for unlimited. */
  stock: number | null;
  rating: number;
  reviewCount: number;
  createdAt: string;
}

export interface BasketItem {
  product: BasketProduct;
  quantity: number;
  /** RSD: the price when it was added, kept while the basket shows that it changed. */
  previousPrice?: number;
}
