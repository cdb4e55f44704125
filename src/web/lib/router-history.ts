/**
 * Where the router (router.tsx) keeps its locations: the browser's History API, a list in
 * memory (component tests) or one fixed address (the server renderer). docs/decisions/0017.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that navigated here passed along (e.g. where the login page sends back to). */
  state: unknown;
  /** One per history entry; 'default' for the entry the app started on. */
  key: string;
}

/** A pop is the back and forward buttons (or `navigate(-1)`). */
export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface RouterHistory {
  readonly location: Location;
  readonly action: HistoryAction;
  push(path: Path, state: unknown): Location;
  replace(path: Path, state: unknown): Location;
  go(delta: number): void;
  /** Called when the location moved by itself (back, forward): not for push and replace. */
  listen(listener: (location: Location) => void): () => void;
}

const BASE = 'http://router.invalid';

/** A path (absolute, or relative to `from`: '?q=1', '#x', 'sub') as pathname, search and hash. */
export function resolvePath(to: string, from: Path): Path {
  const url = new URL(to, `${BASE}${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const pathString = ({ pathname, search, hash }: Path): string => `${pathname}${search}${hash}`;

/** Whether a link's target leaves the app: another scheme or host. */
export function isExternal(to: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/)/i.test(to);
}

const newKey = (): string => Math.random().toString(36).slice(2, 10);

/** The shape react-router kept in history.state, so entries it made still read right. */
interface EntryState { usr?: unknown; key?: string }

export function createBrowserHistory(): RouterHistory {
  let action: HistoryAction = 'POP';
  const read = (): Location => {
    const entry = (window.history.state ?? null) as EntryState | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let location = read();
  const listeners = new Set<(location: Location) => void>();
  // From the start, so a pop while the app was still hydrating is seen (Router compares).
  window.addEventListener('popstate', () => {
    location = read();
    action = 'POP';
    for (const listener of listeners) listener(location);
  });
  const write = (method: 'pushState' | 'replaceState', path: Path, state: unknown): Location => {
    const key = newKey();
    window.history[method]({ usr: state, key } satisfies EntryState, '', pathString(path));
    location = { ...path, state, key };
    action = method === 'pushState' ? 'PUSH' : 'REPLACE';
    return location;
  };
  return {
    get location() { return location; },
    get action() { return action; },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** A history in memory: `initialEntries` are paths, the last one current. */
export function createMemoryHistory(initialEntries: string[] = ['/']): RouterHistory {
  const root: Path = { pathname: '/', search: '', hash: '' };
  const entries: Location[] = initialEntries.map((entry, i) => ({ ...resolvePath(entry, root), state: null, key: i === 0 ? 'default' : newKey() }));
  let index = entries.length - 1;
  let action: HistoryAction = 'POP';
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() { return entries[index]!; },
    get action() { return action; },
    push(path, state) {
      entries.splice(index + 1, entries.length, { ...path, state, key: newKey() });
      index += 1;
      action = 'PUSH';
      return entries[index]!;
    },
    replace(path, state) {
      const location: Location = { ...path, state, key: newKey() };
      entries[index] = location;
      action = 'REPLACE';
      return location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      action = 'POP';
      for (const listener of listeners) listener(entries[index]!);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One fixed location (the server renderer): navigating is an error there. */
export function createStaticHistory(url: string): RouterHistory {
  const location: Location = { ...resolvePath(url, { pathname: '/', search: '', hash: '' }), state: null, key: 'default' };
  const refuse = (): never => {
    throw new Error('The server renderer cannot navigate');
  };
  return { location, action: 'POP', push: refuse, replace: refuse, go: refuse, listen: () => () => {} };
}
