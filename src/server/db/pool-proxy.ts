/**
 * The same pool with its `query` and `connect` replaced, everything else (events, `end`, counts)
 * still the pool's own: how the primary probe and the replica router stand in front of the pool
 * that the rest of the app holds (docs/architecture.md).
 */
export function withQueryAndConnect<P extends object>(pool: P, query: (...args: unknown[]) => unknown, connect: (...args: unknown[]) => unknown): P {
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'connect') return connect;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
