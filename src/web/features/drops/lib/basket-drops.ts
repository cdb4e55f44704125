/**
 * The drops the basket was filled from (docs/drops.md): the drop page remembers its id when a
 * product goes into the basket, and checkout offers "Drop" for the households of those drops.
 * Kept in localStorage beside the basket, a few ids at most, newest first.
 */
const KEY = 'domace.basketDrops';
const MAX = 5;

export function basketDropIds(storage: Storage | undefined = globalThis.localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberBasketDrop(dropId: string, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify([dropId, ...basketDropIds(storage).filter((id) => id !== dropId)].slice(0, MAX)));
  } catch {
    // Storage full or refused: checkout then simply does not offer the drop.
  }
}

/** After an order was placed the basket is empty: nothing to remember. */
export function forgetBasketDrops(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
