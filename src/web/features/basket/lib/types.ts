import type { Product } from '#shared/contracts/products.ts';

/** A product as the API returns it (docs/architecture.md, API), one definition for server and web. */
export type BasketProduct = Product;

export interface BasketItem {
  product: BasketProduct;
  quantity: number;
  /** RSD: the price when it was added, kept while the basket shows that it changed. */
  previousPrice?: number;
}
