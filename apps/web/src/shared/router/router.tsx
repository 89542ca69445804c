/**
 * The site's own router: what it used of react-router (declarative mode), in a few KB of start script
 * (react-router was 13.4 KB gzipped of it). A location over the browser's history (or an in-memory one
 * for tests), a route table matched like react-router does (static over dynamic over splat segments,
 * index routes, pathless layouts, nested children rendered by <Outlet />), links and hooks.
 * Navigations are transitions, so a page stays on screen until the next one's lazy chunk has arrived.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly state: unknown;
  readonly key: string;
}

export interface Path {
  pathname?: string;
  search?: string;
  hash?: string;
}

export type To = string | Path;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

/** Where the router reads and writes its location: the browser's history, or a list in memory. */
export interface RouterHistory {
  readonly location: Location;
  readonly action: NavigationType;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  go(delta: number): void;
  listen(listener: () => void): () => void;
}

// Entry keys need only differ within a visit (a counter, with the start time across reloads).
let keyCount = 0;
const createKey = (): string => `${Date.now().toString(36)}.${(keyCount += 1).toString(36)}`;

/** `/a?b=1#c` → its parts. */
export function parsePath(path: string): Required<Path> {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
  };
}

const normalisePart = (part: string | undefined, prefix: string): string =>
  !part || part === prefix ? '' : part.startsWith(prefix) ? part : `${prefix}${part}`;

/** The address `to` names, seen from `from` (relative paths resolve against its pathname). */
export function resolveTo(to: To, from: string): string {
  const path = typeof to === 'string' ? parsePath(to) : to;
  let pathname = path.pathname ?? '';
  if (!pathname) pathname = from;
  else if (!pathname.startsWith('/'))
    pathname = new URL(pathname, `http://x${from.endsWith('/') ? from : `${from}/`}`).pathname;
  return `${pathname}${normalisePart(path.search, '?')}${normalisePart(path.hash, '#')}`;
}

interface BrowserEntryState {
  usr: unknown;
  key: string;
}

const isEntryState = (value: unknown): value is BrowserEntryState =>
  typeof value === 'object' && value !== null && 'key' in value && typeof value.key === 'string';

/** The browser's history (pushState, replaceState, popstate). */
export function createBrowserHistory(win: Window = window): RouterHistory {
  const listeners = new Set<() => void>();
  let action: NavigationType = 'POP';
  const read = (): Location => {
    const { pathname, search, hash } = win.location;
    const entry: unknown = win.history.state;
    return isEntryState(entry)
      ? { pathname, search, hash, state: entry.usr ?? null, key: entry.key }
      : { pathname, search, hash, state: null, key: 'default' };
  };
  let location = read();
  const notify = () => {
    location = read();
    for (const listener of listeners) listener();
  };
  win.addEventListener('popstate', () => {
    action = 'POP';
    notify();
  });
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push(path, state) {
      action = 'PUSH';
      win.history.pushState({ usr: state, key: createKey() } satisfies BrowserEntryState, '', path);
      notify();
    },
    replace(path, state) {
      action = 'REPLACE';
      win.history.replaceState({ usr: state, key: createKey() } satisfies BrowserEntryState, '', path);
      notify();
    },
    go(delta) {
      win.history.go(delta);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A history in memory (tests). */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): RouterHistory {
  const listeners = new Set<() => void>();
  const toLocation = (path: string, state: unknown, key: string): Location => ({
    ...parsePath(path),
    state,
    key,
  });
  const entries = (initialEntries.length ? initialEntries : ['/']).map((path, index) =>
    toLocation(path, null, index === 0 ? 'default' : createKey()),
  );
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get location() {
      return entries[index] as Location;
    },
    get action() {
      return action;
    },
    push(path, state) {
      action = 'PUSH';
      index += 1;
      entries.splice(index, entries.length - index, toLocation(path, state, createKey()));
      notify();
    },
    replace(path, state) {
      action = 'REPLACE';
      entries[index] = toLocation(path, state, createKey());
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      action = 'POP';
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface RouterState {
  location: Location;
  action: NavigationType;
}

interface RouterContextValue extends RouterState {
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks need a <Router> (BrowserRouter or MemoryRouter) above them');
  return router;
}

/** Provides the location of `history` to the hooks below; its changes render in a transition. */
export function Router({ history, children }: { history: RouterHistory; children?: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({
    location: history.location,
    action: history.action,
  }));
  useEffect(() => {
    const update = () => {
      const next = { location: history.location, action: history.action };
      startTransition(() => setState(next));
    };
    const stop = history.listen(update);
    // A change between the first render and this effect (e.g. a child's <Navigate /> effect).
    if (history.location !== state.location) update();
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribe once per history
  }, [history]);
  // Stable for the history's life, like react-router's: effects that depend on it do not re-run.
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = resolveTo(to, history.location.pathname);
      if (options.replace) history.replace(path, options.state ?? null);
      else history.push(path, options.state ?? null);
    },
    [history],
  );
  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: readonly string[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().action;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

export type SearchParamsInit = string | URLSearchParams | Record<string, string> | [string, string][];
export type SetSearchParams = (
  next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The query of the address, and a way to change it (a new history entry unless `replace`). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate } = useRouter();
  const { search } = location;
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
      const text = new URLSearchParams(init).toString();
      navigate({ search: text ? `?${text}` : '' }, options);
    },
    [navigate, search],
  );
  return [searchParams, setSearchParams];
}

// ---- Route table ---------------------------------------------------------------------------------

export interface RouteObject {
  path?: string;
  index?: boolean;
  Component?: ComponentType;
  element?: ReactNode;
  children?: RouteObject[];
}

export type Params = Readonly<Record<string, string>>;

export interface RouteMatch {
  readonly route: RouteObject;
  readonly params: Params;
}

interface Branch {
  segments: string[];
  routes: RouteObject[];
  score: number;
  order: number;
}

const splitPath = (path: string): string[] => path.split('/').filter(Boolean);

function flatten(
  routes: readonly RouteObject[],
  parents: RouteObject[],
  parentSegments: string[],
  out: Branch[],
) {
  for (const route of routes) {
    const segments = [...parentSegments, ...splitPath(route.path ?? '')];
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, segments, out);
    // A layout with children matches only through them (like react-router); a leaf or index on its own.
    if (!route.children?.length || route.index) {
      const score =
        segments.reduce(
          (sum, segment) => sum + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
          0,
        ) +
        segments.length +
        (route.index ? 2 : 0);
      out.push({ segments, routes: chain, score, order: out.length });
    }
  }
}

function matchBranch(branch: Branch, parts: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let index = 0; index < branch.segments.length; index += 1) {
    const segment = branch.segments[index] as string;
    if (segment === '*') {
      params['*'] = parts.slice(index).join('/');
      return params;
    }
    const part = parts[index];
    if (part === undefined) return null;
    if (segment.startsWith(':')) {
      let value = part;
      try {
        value = decodeURIComponent(part);
      } catch {
        // A malformed escape stays as written.
      }
      params[segment.slice(1)] = value;
    } else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

/** The chain of routes (outermost first) that `pathname` selects, or null. */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  const branches: Branch[] = [];
  flatten(routes, [], [], branches);
  branches.sort((a, b) => b.score - a.score || a.order - b.order);
  const parts = splitPath(pathname);
  for (const branch of branches) {
    const params = matchBranch(branch, parts);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}

interface OutletContextValue {
  outlet: ReactNode;
  params: Params;
}

const OutletContext = createContext<OutletContextValue>({ outlet: null, params: {} });

function renderMatches(matches: readonly RouteMatch[], params: Params): ReactNode {
  return matches.reduceRight<ReactNode>((outlet, { route }) => {
    const { Component } = route;
    const element = Component ? <Component /> : route.element !== undefined ? route.element : <Outlet />;
    return <OutletContext.Provider value={{ outlet, params }}>{element}</OutletContext.Provider>;
  }, null);
}

/** The element of the routes that match the current address (nothing when none does). */
export function useRoutes(routes: readonly RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  return useMemo(() => {
    const matches = matchRoutes(routes, pathname);
    return matches ? renderMatches(matches, matches[0]?.params ?? {}) : null;
  }, [routes, pathname]);
}

/** Where a layout route shows its matched child. */
export function Outlet(): ReactNode {
  return useContext(OutletContext).outlet;
}

export function useParams(): Params {
  return useContext(OutletContext).params;
}

// ---- Links ---------------------------------------------------------------------------------------

/** Goes to `to` once rendered (in an effect, as react-router's declarative <Navigate /> does). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : resolveTo(to, '/');
  useEffect(() => {
    navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

const isModifiedClick = (event: MouseEvent<HTMLAnchorElement>): boolean =>
  event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/** A plain <a href>; a plain left click on a same-window link navigates without a reload. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = resolveTo(to, location.pathname);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || isModifiedClick(event) || (target && target !== '_self')) return;
    if (rest.download !== undefined) return;
    event.preventDefault();
    navigate(href, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  /** Active only on this exact path, not below it. */
  end?: boolean;
}

/** A Link that knows when it points at the current page: `active` class and aria-current="page". */
export function NavLink({ className, end = false, to, ...rest }: NavLinkProps) {
  const { pathname: current } = useLocation();
  const target = parsePath(resolveTo(to, current)).pathname;
  const here = current.toLowerCase();
  const there =
    target.length > 1 && target.endsWith('/') ? target.slice(0, -1).toLowerCase() : target.toLowerCase();
  const isActive = here === there || (!end && here.startsWith(there) && here.charAt(there.length) === '/');
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} to={to} className={classes} aria-current={isActive ? 'page' : undefined} />;
}
