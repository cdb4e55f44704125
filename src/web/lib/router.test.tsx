import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Link,
  Navigate,
  RouteErrorBoundary,
  Router,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
  useSearchParams,
} from './router.tsx';
import { createBrowserHistory, createMemoryHistory, type RouterHistory } from './router-history.ts';

function Where() {
  const location = useLocation();
  const navigation = useNavigation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash} ${JSON.stringify(location.state)} ${navigation.state}`}</p>;
}

const where = () => screen.getByTestId('where').textContent;

function renderIn(history: RouterHistory, children: ReactNode, prepare?: Parameters<typeof Router>[0]['prepare']) {
  return render(<Router history={history} prepare={prepare}><Where />{children}</Router>);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Link', () => {
  it('is a real link, and a plain click navigates in the app with its state', async () => {
    const history = createMemoryHistory(['/']);
    renderIn(history, <Link to="/product/1" state={{ from: 'feed' }}>product</Link>);
    const link = screen.getByRole('link', { name: 'product' });
    expect(link).toHaveAttribute('href', '/product/1');
    await act(async () => { fireEvent.click(link); });
    expect(where()).toBe('/product/1 {"from":"feed"} idle');
    expect(history.action).toBe('PUSH');
  });

  it('leaves modified and middle clicks, targets, downloads and other sites to the browser, and still calls onClick', async () => {
    const history = createMemoryHistory(['/']);
    const onClick = vi.fn();
    renderIn(history, (
      <>
        <Link to="/a" onClick={onClick}>a</Link>
        <Link to="/b" target="_blank">b</Link>
        <Link to="/c" download>c</Link>
        <Link to="https://example.org/x">d</Link>
      </>
    ));
    // What the app decided, seen after it (then jsdom is kept from trying to load the page).
    const leftToBrowser: boolean[] = [];
    const record = (event: MouseEvent) => { leftToBrowser.push(!event.defaultPrevented); event.preventDefault(); };
    window.addEventListener('click', record);
    const a = screen.getByRole('link', { name: 'a' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      await act(async () => { a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init })); });
    }
    expect(onClick).toHaveBeenCalledTimes(5);
    for (const name of ['b', 'c', 'd']) {
      await act(async () => { screen.getByRole('link', { name }).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })); });
    }
    window.removeEventListener('click', record);
    expect(leftToBrowser).toEqual(Array(8).fill(true));
    expect(screen.getByRole('link', { name: 'd' })).toHaveAttribute('href', 'https://example.org/x');
    expect(where()).toBe('/ null idle');
  });

  it('to the page already shown replaces it instead of adding an entry', async () => {
    const history = createMemoryHistory(['/search']);
    renderIn(history, <Link to="/search">search</Link>);
    await act(async () => { fireEvent.click(screen.getByRole('link', { name: 'search' })); });
    expect(history.action).toBe('REPLACE');
  });
});

describe('navigation', () => {
  function Buttons() {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => void navigate('/login', { state: { from: '/orders' } })}>login</button>
        <button type="button" onClick={() => void navigate('/basket', { replace: true })}>basket</button>
        <button type="button" onClick={() => void navigate(-1)}>back</button>
      </>
    );
  }

  it('pushes with state, replaces, and goes back', async () => {
    const history = createMemoryHistory(['/', '/feed']);
    renderIn(history, <Buttons />);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'login' })); });
    expect(where()).toBe('/login {"from":"/orders"} idle');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'basket' })); });
    expect(where()).toBe('/basket null idle');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'back' })); });
    expect(where()).toBe('/feed null idle');
    expect(history.action).toBe('POP');
  });

  it('keeps the current page while the next one is prepared, and moves the address only then; the newest navigation wins', async () => {
    const history = createMemoryHistory(['/']);
    let finish = () => {};
    const prepare = vi.fn((location: { pathname: string }) => (location.pathname === '/slow' ? new Promise<void>((resolve) => { finish = resolve; }) : undefined));
    function Go() {
      const navigate = useNavigate();
      return (
        <>
          <button type="button" onClick={() => void navigate('/slow')}>slow</button>
          <button type="button" onClick={() => void navigate('/fast')}>fast</button>
        </>
      );
    }
    renderIn(history, <Go />, prepare);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'slow' })); });
    expect(where()).toBe('/ null loading');
    expect(history.location.pathname).toBe('/');
    await act(async () => { finish(); });
    expect(where()).toBe('/slow null idle');
    expect(history.location.pathname).toBe('/slow');

    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'slow' })); });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'fast' })); });
    await act(async () => { finish(); });
    expect(where()).toBe('/fast null idle');
    expect(history.location.pathname).toBe('/fast');
  });

  it('Navigate redirects, replacing, with state', async () => {
    const history = createMemoryHistory(['/orders']);
    function Guard() {
      return useLocation().pathname === '/orders' ? <Navigate to="/login" replace state={{ from: '/orders' }} /> : null;
    }
    await act(async () => { renderIn(history, <Guard />); });
    expect(where()).toBe('/login {"from":"/orders"} idle');
    expect(history.action).toBe('REPLACE');
  });

  it('follows the browser\'s back and forward buttons, with each entry\'s state', async () => {
    window.history.replaceState(null, '', '/start');
    const history = createBrowserHistory();
    expect(history.location.key).toBe('default');
    renderIn(history, <Buttons />);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'login' })); });
    expect(window.location.pathname).toBe('/login');
    expect(where()).toBe('/login {"from":"/orders"} idle');
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(where()).toBe('/start null idle');
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.forward();
      await popped;
    });
    expect(where()).toBe('/login {"from":"/orders"} idle');
  });
});

describe('useSearchParams', () => {
  function Tabs() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="tab">{params.get('tab') ?? 'none'}</p>
        <button type="button" onClick={() => setParams((current) => { current.set('tab', 'orders'); return current; }, { replace: true })}>orders</button>
        <button type="button" onClick={() => setParams({ q: 'med' })}>search</button>
        <button type="button" onClick={() => setParams({})}>clear</button>
      </>
    );
  }

  it('reads the query and writes it on the same path (replace or push)', async () => {
    const history = createMemoryHistory(['/producer/dashboard?order=7#x']);
    renderIn(history, <Tabs />);
    expect(screen.getByTestId('tab')).toHaveTextContent('none');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'orders' })); });
    expect(where()).toBe('/producer/dashboard?order=7&tab=orders null idle');
    expect(history.action).toBe('REPLACE');
    expect(screen.getByTestId('tab')).toHaveTextContent('orders');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'search' })); });
    expect(where()).toBe('/producer/dashboard?q=med null idle');
    expect(history.action).toBe('PUSH');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'clear' })); });
    expect(where()).toBe('/producer/dashboard null idle');
  });
});

describe('RouteErrorBoundary', () => {
  function Broken() {
    if (useLocation().pathname === '/broken') throw new Error('page broke');
    return <p>fine</p>;
  }
  function Fallback() {
    return <p role="alert">{(useRouteError() as Error).message}</p>;
  }

  it('shows the fallback with the error, and the page again after the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const history = createMemoryHistory(['/broken']);
    function Home() {
      const navigate = useNavigate();
      return <button type="button" onClick={() => void navigate('/')}>home</button>;
    }
    renderIn(history, <><Home /><RouteErrorBoundary fallback={<Fallback />}><Broken /></RouteErrorBoundary></>);
    expect(screen.getByRole('alert')).toHaveTextContent('page broke');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'home' })); });
    expect(screen.getByText('fine')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ScrollRestoration', () => {
  it('starts a new page at the top and brings back the position on back', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const history = createMemoryHistory(['/']);
    function Go() {
      const navigate = useNavigate();
      return (
        <>
          <button type="button" onClick={() => void navigate('/product/1')}>product</button>
          <button type="button" onClick={() => void navigate(-1)}>back</button>
        </>
      );
    }
    renderIn(history, <><Go /><ScrollRestoration /></>);
    expect(scrollTo).not.toHaveBeenCalled(); // the first page keeps the visitor's scroll
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'product' })); });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'back' })); });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    expect(window.history.scrollRestoration).toBe('manual');
    vi.unstubAllGlobals();
  });
});
