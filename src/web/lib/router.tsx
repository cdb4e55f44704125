import {
  Component,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  createMemoryHistory,
  isExternal,
  pathString,
  resolvePath,
  type HistoryAction,
  type Location,
  type RouterHistory,
} from './router-history.ts';

/**
 * The web app's router: the names the app used from react-router (Link, useNavigate,
 * useLocation, useSearchParams, useParams, Navigate, Outlet, ScrollRestoration, useNavigation,
 * useRouteError, MemoryRouter), each doing what it did there, over a history of
 * router-history.ts. It matches nothing itself: the app's page table (src/shared/pages.ts) says
 * which page a path shows (src/web/app/page-routes.tsx). Why not a library: docs/decisions/0017.
 */

export type { Location } from './router-history.ts';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = {
  (to: string, options?: NavigateOptions): Promise<void>;
  (delta: number): Promise<void>;
};

interface RouterContextValue {
  location: Location;
  action: HistoryAction;
  /** A navigation waits for its page's code (Router's `prepare`). */
  loading: boolean;
  navigate: NavigateFunction;
  /** Called as each navigation starts, before the page changes (ScrollRestoration saves the position). */
  onNavigationStart(listener: () => void): () => void;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouter(hook: string): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook} is used outside a <Router>`);
  return router;
}

interface RouterProps {
  history: RouterHistory;
  /**
   * What a location needs before it is shown (its page's code): a promise to wait for, or
   * nothing when it is ready. Meanwhile the current page stays, `useNavigation()` says
   * 'loading', and the address changes only once it is ready. A failure is not the router's:
   * the page shows it when it renders.
   */
  prepare?: (location: Location) => Promise<unknown> | undefined;
  children: ReactNode;
}

/** Provides the current location and navigation to everything inside. */
export function Router({ history, prepare, children }: RouterProps) {
  const [shown, setShown] = useState(() => ({ location: history.location, action: history.action }));
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const startListeners = useRef(new Set<() => void>());
  const current = useRef(shown.location);
  const prepareRef = useRef(prepare);
  useLayoutEffect(() => {
    current.current = shown.location;
    prepareRef.current = prepare;
  });

  /** Waits for what `target` needs (the newest navigation wins), then `apply`s it and shows the result. */
  const run = useCallback(async (target: Location, apply: () => { location: Location; action: HistoryAction } | null) => {
    const id = ++latest.current;
    for (const listener of startListeners.current) listener();
    const ready = prepareRef.current?.(target);
    if (ready) {
      setLoading(true);
      await ready.catch(() => undefined);
      if (id !== latest.current) return;
    }
    const next = apply();
    // As react-router did: React renders the next page in the background and swaps it in whole.
    startTransition(() => {
      setLoading(false);
      if (next) setShown(next);
    });
  }, []);

  useEffect(() => {
    const unlisten = history.listen((location) => void run(location, () => ({ location, action: 'POP' })));
    // A pop before this effect ran (the app was hydrating) is not lost.
    if (history.location !== current.current) void run(history.location, () => ({ location: history.location, action: history.action }));
    return unlisten;
  }, [history, run]);

  const go = useCallback((to: string | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') {
      history.go(to);
      return Promise.resolve();
    }
    const path = resolvePath(to, current.current);
    const state = options.state ?? null;
    const target: Location = { ...path, state, key: '' };
    return run(target, () => {
      const location = options.replace ? history.replace(path, state) : history.push(path, state);
      return { location, action: options.replace ? 'REPLACE' as const : 'PUSH' as const };
    });
  }, [history, run]);
  const navigate = go as NavigateFunction;

  const onNavigationStart = useCallback((listener: () => void) => {
    startListeners.current.add(listener);
    return () => void startListeners.current.delete(listener);
  }, []);

  const value = useMemo<RouterContextValue>(
    () => ({ location: shown.location, action: shown.action, loading, navigate, onNavigationStart }),
    [shown, loading, navigate, onNavigationStart],
  );
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** A router of its own in memory (component tests): starts at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter('useLocation').location;
}

export function useNavigate(): NavigateFunction {
  return useRouter('useNavigate').navigate;
}

/** 'loading' while a navigation waits for its page's code. */
export function useNavigation(): { state: 'idle' | 'loading' } {
  return { state: useRouter('useNavigation').loading ? 'loading' : 'idle' };
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;

/** The query string, and a setter that navigates to the same path with a new one (dropping the hash). */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter('useSearchParams');
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const latest = useRef(location.search);
  useLayoutEffect(() => {
    latest.current = location.search;
  });
  const setParams = useCallback((next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
    const init = typeof next === 'function' ? next(new URLSearchParams(latest.current)) : next;
    const search = new URLSearchParams(init).toString();
    void navigate(`?${search}`, options);
  }, [navigate]);
  return [params, setParams];
}

interface RouteValue {
  params: Readonly<Record<string, string>>;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteValue>({ params: {}, outlet: null });

/** What a route gives the elements inside it: its path's params and the element `<Outlet />` shows. */
export function RouteProvider({ params, outlet = null, children }: { params: Readonly<Record<string, string>>; outlet?: ReactNode; children: ReactNode }) {
  const value = useMemo(() => ({ params, outlet }), [params, outlet]);
  return <RouteContext value={value}>{children}</RouteContext>;
}

/** The params of the path (`/product/:id` → `{ id }`), decoded. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(RouteContext).params;
}

/** Where a layout (or a guard) shows the page inside it. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

/** Navigates once rendered (a redirect); renders nothing. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  const options = useRef<NavigateOptions>({ replace, state });
  useLayoutEffect(() => {
    options.current = { replace, state };
  });
  useEffect(() => {
    void navigate(to, options.current);
  }, [navigate, to]);
  return null;
}

type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
};

/**
 * A real link (`<a href>`: it works before the app starts, and for a new tab). A plain left click
 * navigates inside the app; a modified or middle click, a `target`, a download or another site
 * are the browser's. A link to the page already shown replaces it rather than adding an entry.
 */
export function Link({ to, replace, state, onClick, target, ...props }: LinkProps) {
  const { location, navigate } = useRouter('Link');
  const external = isExternal(to);
  const href = external || to.startsWith('/') ? to : pathString(resolvePath(to, location));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || external || props.download !== undefined) return;
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    const same = pathString(resolvePath(to, location)) === pathString(location);
    void navigate(to, { replace: replace ?? same, state });
  };
  return <a {...props} href={href} target={target} onClick={handleClick} />;
}

const SCROLL_STORAGE_KEY = 'domace-scroll-positions';
/** Scroll positions by location key, kept in sessionStorage when the page is left. */
let scrollPositions: Record<string, number> | null = null;

function savedScrollPositions(): Record<string, number> {
  if (scrollPositions) return scrollPositions;
  try {
    scrollPositions = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    scrollPositions = {};
  }
  return scrollPositions;
}

/**
 * Back and forward return to where the page was scrolled; any other navigation starts at the top
 * (or at the element the address's #hash names). Also after a reload, through sessionStorage.
 */
export function ScrollRestoration() {
  const { location, onNavigationStart } = useRouter('ScrollRestoration');
  const shown = useRef(location);
  const handled = useRef<Location | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => { savedScrollPositions()[shown.current.key] = window.scrollY; };
    const onPageHide = () => {
      save();
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(savedScrollPositions()));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
      window.history.scrollRestoration = 'auto';
    };
    const stop = onNavigationStart(save);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stop();
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, [onNavigationStart]);

  useLayoutEffect(() => {
    shown.current = location;
    if (handled.current === location) return;
    const first = handled.current === null;
    handled.current = location;
    // The first entry of every tab is 'default': its saved position may be another page's.
    const saved = first && location.key === 'default' ? undefined : savedScrollPositions()[location.key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    // The page the app started on keeps the scroll the visitor already has (the browser
    // restores it on a reload of a server-rendered page itself).
    if (first) return;
    if (location.hash) {
      let element: HTMLElement | null = null;
      try {
        element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      } catch {
        // Not a decodable id: no element to scroll to.
      }
      if (element) {
        element.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

const RouteErrorContext = createContext<unknown>(undefined);

/** The error a RouteErrorBoundary caught, for its fallback. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  /** A new value clears the error (the next navigation shows its page again). */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: undefined, failed: false, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <RouteErrorContext value={this.state.error}>{this.props.fallback}</RouteErrorContext>;
  }
}

/** Shows `fallback` (which reads the error with useRouteError) when rendering `children` throws, until the next navigation. */
export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { location } = useRouter('RouteErrorBoundary');
  return <ErrorBoundary fallback={fallback} resetKey={location.key}>{children}</ErrorBoundary>;
}
