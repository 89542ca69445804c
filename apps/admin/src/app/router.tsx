import {
  startTransition,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The back office's router: a few lines over the browser's history. Every page lives under
 * `/admin` (the app's base); paths inside the app are written without it (`/players/42`).
 * A page is found by the longest nav path that is the address or a folder of it (app/routes.ts),
 * so `/players` also answers `/players/42`: the page reads the rest with `useLocation()`.
 */
export const appBase = '/admin';

export interface AppLocation {
  /** The path inside the app, `/` for the home page (`/admin/players/42` → `/players/42`). */
  readonly pathname: string;
  /** `?a=1` or ''. */
  readonly search: string;
}

function read(): AppLocation {
  const { pathname, search } = window.location;
  const inside =
    pathname === appBase || pathname.startsWith(`${appBase}/`) ? pathname.slice(appBase.length) : pathname;
  return { pathname: inside === '' ? '/' : inside, search };
}

let current = read();
const listeners = new Set<() => void>();

function publish(): void {
  const next = read();
  if (next.pathname === current.pathname && next.search === current.search) return;
  current = next;
  startTransition(() => {
    for (const listener of listeners) listener();
  });
}

window.addEventListener('popstate', publish);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocation(): AppLocation {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

/** `/players?q=x` → `/admin/players?q=x`. */
export function hrefOf(to: string): string {
  return `${appBase}${to === '/' ? '/' : to}`;
}

/** Go to a path inside the app (`/operators`), pushing a history entry unless `replace`. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const href = hrefOf(to);
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  publish();
  window.scrollTo?.(0, 0);
}

/** The query of the address as a URLSearchParams, and a setter that replaces it (filters in the URL). */
export function useSearchParams(): [URLSearchParams, (next: Record<string, string | undefined>) => void] {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const set = (next: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) search.set(key, value);
    const text = search.toString();
    navigate(`${location.pathname}${text ? `?${text}` : ''}`, { replace: true });
  };
  return [params, set];
}

/** Does a nav path answer this pathname (itself or a page under it)? */
export function pathMatches(path: string, pathname: string): boolean {
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children: ReactNode;
}

/** An anchor inside the app: a real href (open in a new tab works), navigated in place on a plain click. */
export function Link({ to, onClick, children, ...anchor }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      anchor.target === '_blank'
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={hrefOf(to)} onClick={handleClick} {...anchor}>
      {children}
    </a>
  );
}

/** Tests move the location themselves. */
export function syncLocationForTests(): void {
  current = read();
  for (const listener of listeners) listener();
}
