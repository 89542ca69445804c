import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  matchRoutes,
  resolveTo,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
  type SetSearchParams,
} from './router.tsx';

const Page = ({ name }: { name: string }) => <p>page:{name}</p>;

function Params() {
  return <p>params:{JSON.stringify(useParams())}</p>;
}

const table: RouteObject[] = [
  {
    element: (
      <main>
        layout
        <Outlet />
      </main>
    ),
    children: [
      { index: true, element: <Page name="root" /> },
      { path: 'index', element: <Page name="home" /> },
      { path: 'games/:games/:type/:vassalage', Component: Params },
      { path: 'games/all/:type/:vassalage', element: <Page name="all-games" /> },
      { path: '*', Component: Params },
    ],
  },
];

interface Probe {
  location: Location | null;
  action: NavigationType | null;
  navigate: NavigateFunction | null;
  setSearch: SetSearchParams | null;
  search: URLSearchParams | null;
}

function ProbeView({ probe }: { probe: Probe }) {
  const location = useLocation();
  const action = useNavigationType();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  useLayoutEffect(() => {
    Object.assign(probe, { location, action, navigate, search, setSearch });
  });
  return null;
}

function Routes() {
  return useRoutes(table);
}

function renderAt(path: string, extra?: React.ReactNode) {
  const probe: Probe = { location: null, action: null, navigate: null, setSearch: null, search: null };
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <ProbeView probe={probe} />
      <Routes />
      {extra}
    </MemoryRouter>,
  );
  return { ...view, probe };
}

describe('matchRoutes', () => {
  it('prefers static segments over params over the splat, and fills params', () => {
    const leaf = (path: string) => matchRoutes(table, path)?.at(-1);
    expect(leaf('/')?.route.index).toBe(true);
    expect(leaf('/index')?.route.path).toBe('index');
    expect(leaf('/INDEX')?.route.path).toBe('index');
    expect(leaf('/games/all/slot/1')?.route.path).toBe('games/all/:type/:vassalage');
    expect(leaf('/games/pg/slot/a%20b')?.params).toEqual({ games: 'pg', type: 'slot', vassalage: 'a b' });
    expect(leaf('/games/pg/slot')?.params).toEqual({ '*': 'games/pg/slot' });
    expect(leaf('/nowhere/deep')?.params).toEqual({ '*': 'nowhere/deep' });
    expect(matchRoutes(table, '/index')?.length).toBe(2);
  });

  it('resolves targets like react-router', () => {
    expect(resolveTo('/a?b=1#c', '/x')).toBe('/a?b=1#c');
    expect(resolveTo('?page=2', '/help')).toBe('/help?page=2');
    expect(resolveTo({ pathname: '/a', search: 'x=1' }, '/')).toBe('/a?x=1');
    expect(resolveTo({ search: '' }, '/here')).toBe('/here');
    expect(resolveTo('b', '/a')).toBe('/a/b');
  });
});

describe('the router', () => {
  it('renders nested routes through the layout outlet, with params', () => {
    renderAt('/games/pg/slot/7');
    expect(screen.getByRole('main').textContent).toBe(
      'layoutparams:{"games":"pg","type":"slot","vassalage":"7"}',
    );
  });

  it('navigates with push and replace, goes back with a delta, and keeps state', async () => {
    const { probe } = renderAt('/index');
    expect(probe.action).toBe('POP');
    expect(probe.location?.key).toBe('default');
    await act(async () => probe.navigate?.('/games/pg/slot/1', { state: { from: 'test' } }));
    expect(screen.getByText(/params:/)).toBeTruthy();
    expect(probe.action).toBe('PUSH');
    expect(probe.location?.state).toEqual({ from: 'test' });
    await act(async () => probe.navigate?.('/other', { replace: true }));
    expect(probe.action).toBe('REPLACE');
    expect(probe.location?.pathname).toBe('/other');
    await act(async () => probe.navigate?.(-1));
    expect(probe.action).toBe('POP');
    expect(probe.location?.pathname).toBe('/index');
    expect(screen.getByText('page:home')).toBeTruthy();
  });

  it('sets the query, pushing or replacing', async () => {
    const { probe } = renderAt('/index?a=1');
    expect(probe.search?.get('a')).toBe('1');
    await act(async () => probe.setSearch?.({ type: 'x' }, { replace: true }));
    expect(probe.location).toMatchObject({ pathname: '/index', search: '?type=x' });
    expect(probe.action).toBe('REPLACE');
    await act(async () => probe.setSearch?.((previous) => (previous.append('b', '2'), previous)));
    expect(probe.location?.search).toBe('?type=x&b=2');
    expect(probe.action).toBe('PUSH');
    await act(async () => probe.setSearch?.({}));
    expect(probe.location?.search).toBe('');
  });

  it('<Navigate /> redirects on render', () => {
    const { probe } = renderAt('/from', <Navigate replace to="/index?ref=1" />);
    expect(probe.location).toMatchObject({ pathname: '/index', search: '?ref=1' });
    expect(probe.action).toBe('REPLACE');
  });
});

describe('links', () => {
  it('a plain click navigates; a modified click, a new window or a prevented click does not', async () => {
    // What the router leaves to the browser, happy-dom would fetch: stop it after React has seen the click.
    const stopBrowser = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stopBrowser);
    onTestFinished(() => document.removeEventListener('click', stopBrowser));
    const { probe } = renderAt(
      '/index',
      <>
        <Link to="/promotions">plain</Link>
        <Link to="/promotions" target="_blank">
          blank
        </Link>
        <Link to="/promotions" onClick={(event) => event.preventDefault()}>
          prevented
        </Link>
      </>,
    );
    const plain = screen.getByText('plain');
    expect(plain.getAttribute('href')).toBe('/promotions');
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      await act(async () => fireEvent.click(plain, init));
      expect(probe.location?.pathname).toBe('/index');
    }
    await act(async () => fireEvent.click(screen.getByText('blank')));
    await act(async () => fireEvent.click(screen.getByText('prevented')));
    expect(probe.location?.pathname).toBe('/index');
    await act(async () => fireEvent.click(plain));
    expect(probe.location?.pathname).toBe('/promotions');
    expect(probe.action).toBe('PUSH');
  });

  it('NavLink marks the current page (and below it unless `end`)', () => {
    renderAt(
      '/help/topic',
      <>
        <NavLink className="nav" to="/help">
          help
        </NavLink>
        <NavLink to="/help" end>
          help-end
        </NavLink>
        <NavLink to="/index">home</NavLink>
        <NavLink to="/help/topic?x=1" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          topic
        </NavLink>
      </>,
    );
    const help = screen.getByText('help');
    expect(help.className).toBe('nav active');
    expect(help.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('help-end').getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('home').className).toBe('');
    expect(screen.getByText('topic').className).toBe('on');
  });
});

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('follows pushState and popstate', async () => {
    window.history.replaceState(null, '', '/index');
    const probe: Probe = { location: null, action: null, navigate: null, setSearch: null, search: null };
    render(
      <BrowserRouter>
        <ProbeView probe={probe} />
        <Routes />
      </BrowserRouter>,
    );
    expect(screen.getByText('page:home')).toBeTruthy();
    await act(async () => probe.navigate?.('/games/pg/slot/1?x=1', { state: 7 }));
    expect(window.location.pathname + window.location.search).toBe('/games/pg/slot/1?x=1');
    expect(probe.location?.state).toBe(7);
    // The browser's Back: the address changes first, then popstate.
    await act(async () => {
      window.history.replaceState(null, '', '/index');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(probe.action).toBe('POP');
    expect(screen.getByText('page:home')).toBeTruthy();
  });
});
