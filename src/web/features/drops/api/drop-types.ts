import type { Product } from '#shared/contracts/products.ts';

/*
 * A drop as the API answers it (DESIGN 14.1 / docs/drops.md). Placeholder shapes until the
 * shared contract lands; then these become re-exports of src/shared/contracts/drops.ts.
 */
export type DropStatus = 'open' | 'closed' | 'cancelled' | 'done';

export interface DropPlace { name: string; address: string; town: string; lat: number | null; lng: number | null }

export interface Drop {
  id: string;
  title: string;
  hostHouseholdId: string;
  place: DropPlace;
  date: string;
  opens: string;
  closes: string;
  orderBy: string;
  note: string | null;
  status: DropStatus;
  households: { id: string; name: string; avatar: string | null; orderCount?: number }[];
  orderCount?: number;
}

export interface DropDetail extends Drop { products: Product[] }

export interface PicklistOrder {
  id: string;
  number: number;
  buyerName: string;
  contactPhone: string;
  items: { productId: string; name: string; quantity: number; unit?: string; price?: number }[];
  total: number;
  payment: { method: string; status: string };
  status?: string;
}

export interface Picklist {
  drop: Drop;
  orders: PicklistOrder[];
  totals: { productId: string; name: string; unit: string; quantity: number }[];
}

export interface DropBody {
  title: string;
  place: { name: string; address: string; town: string; lat?: number | null; lng?: number | null };
  date: string;
  opens: string;
  closes: string;
  orderBy: string;
  note?: string | null;
  repeatWeeks?: number;
}
