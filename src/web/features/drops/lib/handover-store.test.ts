import { describe, expect, it } from 'vitest';
import { createHandoverStore, latestMarks, type HandoverItem } from './handover-store.ts';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() { return data.size; },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => { data.delete(key); },
    setItem: (key, value) => { data.set(key, String(value)); },
  };
}

const ids = () => { let n = 0; return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`; };
const networkDown = Object.assign(new TypeError('Failed to fetch'), {});
const retryable = (error: unknown) => error instanceof TypeError;

describe('the hand-over store', () => {
  it('keeps marks in storage at once and a new store on the same storage sees them (a reload)', () => {
    const storage = memoryStorage();
    const store = createHandoverStore('u1', { storage, newId: ids() });
    store.mark('d1', 'o1', 'handed_over');
    store.mark('d1', 'o2', 'no_show');
    const reloaded = createHandoverStore('u1', { storage });
    expect(reloaded.waiting()).toBe(2);
    expect(reloaded.marks().map((m) => [m.orderId, m.state])).toEqual([['o1', 'handed_over'], ['o2', 'no_show']]);
    // Another user on the same device has none.
    expect(createHandoverStore('u2', { storage }).waiting()).toBe(0);
  });

  it('sends the waiting marks in order, once, and keeps them while the network is down', async () => {
    const storage = memoryStorage();
    const store = createHandoverStore('u1', { storage, newId: ids() });
    store.mark('d1', 'o1', 'handed_over');
    store.mark('d1', 'o2', 'no_show');
    store.mark('d1', 'o1', 'no_show');
    expect(await store.flush(() => Promise.reject(networkDown), retryable)).toBe('failed');
    expect(store.waiting()).toBe(3);

    const sent: HandoverItem[][] = [];
    const send = (items: HandoverItem[]) => { sent.push(items); return Promise.resolve({ applied: items.length, ignored: 0 }); };
    // Two flushes at once share one run: nothing goes twice.
    const [a, b] = await Promise.all([store.flush(send, retryable), store.flush(send, retryable)]);
    expect([a, b]).toEqual(['sent', 'sent']);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((i) => `${i.orderId}:${i.state}`)).toEqual(['o1:handed_over', 'o2:no_show', 'o1:no_show']);
    expect(new Set(sent[0]!.map((i) => i.clientId)).size).toBe(3);
    expect(store.waiting()).toBe(0);
    expect(await store.flush(send, retryable)).toBe('nothing');
    expect(sent).toHaveLength(1);
    expect(latestMarks(store.marks(), 'd1').get('o1')?.state).toBe('no_show');
  });

  it('sends in batches and a refused batch does not block the next marks', async () => {
    const storage = memoryStorage();
    const store = createHandoverStore('u1', { storage, newId: ids() });
    for (let i = 0; i < 60; i += 1) store.mark('d1', `o${i}`, 'handed_over');
    const sizes: number[] = [];
    let first = true;
    const result = await store.flush((items) => {
      sizes.push(items.length);
      if (first) { first = false; return Promise.reject(new Error('400')); }
      return Promise.resolve({});
    }, retryable);
    expect(sizes).toEqual([50, 10]);
    expect(result).toBe('sent');
    expect(store.waiting()).toBe(0);
    expect(store.marks().filter((m) => m.rejected)).toHaveLength(50);
  });

  it('keeps a pick list per drop and survives broken storage', () => {
    const storage = memoryStorage();
    const store = createHandoverStore<{ orders: string[] }>('u1', { storage, now: () => new Date('2026-06-01T10:00:00Z') });
    store.keepPicklist('d1', { orders: ['a'] });
    expect(store.picklist('d1')).toEqual({ savedAt: '2026-06-01T10:00:00.000Z', picklist: { orders: ['a'] } });
    expect(store.picklist('d2')).toBeNull();
    storage.setItem('domace.handover.u1.marks', '{not json');
    expect(createHandoverStore('u1', { storage }).marks()).toEqual([]);
  });
});
