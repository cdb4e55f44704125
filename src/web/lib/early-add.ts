import type { Product } from '#shared/contracts/products.ts';
import { showEarlyToast } from './early-toast.ts';
import { readServerState } from './server-state.ts';

/**
 * "Add to basket" answered before the app has started (docs/decisions/0042-answer-before-start.md).
 * A server-rendered page holds its products twice: as HTML, and in the state the app will hydrate
 * from (`<script id="ssr-state">`). An add button the server rendered names its product and the
 * words of its answer (`earlyAddAttributes`); a tap on it before the app is ready is answered at
 * once by boot.ts: the product, found in that state, goes into the stored basket through the
 * basket's own reducer, and the app's "Added to basket" shows as a toast. The app, once it runs,
 * reads the stored basket (its badge appears then) and is not handed the tap again.
 */

const PRODUCT_ATTRIBUTE = 'data-add-to-basket';
const ADDED_ATTRIBUTE = 'data-added';

/** The attributes of an add button the server renders: the product's id and the toast's words. */
export function earlyAddAttributes(productId: string, added: string): { 'data-add-to-basket': string; 'data-added': string } {
  return { [PRODUCT_ATTRIBUTE]: productId, [ADDED_ATTRIBUTE]: added };
}

/** Depth enough for TanStack Query's dehydrated cache: queries → state → data → pages → items → product. */
const MAX_DEPTH = 8;

function isProduct(value: Record<string, unknown>, id: string): boolean {
  return value.id === id && typeof value.price === 'number' && typeof value.householdId === 'string' && typeof value.name === 'string';
}

/** The product `id` as an answer of the API held it, anywhere in the dehydrated queries. */
function findProduct(value: unknown, id: string, depth = 0): Product | null {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  const children = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  if (!Array.isArray(value) && isProduct(value as Record<string, unknown>, id)) return value as Product;
  for (const child of children) {
    const found = findProduct(child, id, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Answers a tap on `control` if it is a server-rendered add button whose product the page's state
 * holds: `add` stores it (false: it could not) and the toast says so. False when the tap is not
 * answered here: it is then held and replayed once the app is ready, as any other.
 */
export function answerEarlyAdd(control: Element, add: (product: Product) => boolean): boolean {
  const button = control.closest(`[${PRODUCT_ATTRIBUTE}]`); // a sold-out product's button has none
  if (!button) return false;
  const id = button.getAttribute(PRODUCT_ATTRIBUTE);
  const added = button.getAttribute(ADDED_ATTRIBUTE);
  const product = id ? findProduct(readServerState()?.queries, id) : null;
  if (!product || !added || !add(product)) return false;
  showEarlyToast(added);
  return true;
}
