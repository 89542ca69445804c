import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type To,
} from '../shared/router/router.tsx';
import { vi } from 'vitest';
import type { GameMenu, SystemStatus, Whitelabel } from '@khela/contract';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { gameMenusFixture, statusFixture, whitelabelFixture } from './fixtures.ts';

export interface MockApiOptions {
  whitelabel?: Whitelabel;
  status?: SystemStatus;
  gameMenus?: GameMenu;
  /** More answers by path (e.g. content calls), each the `value` of a success envelope. */
  answers?: Record<string, unknown>;
}

function envelope(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(status < 400 ? { success: true, value } : value), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Stubs `fetch` with the server's envelope for the start-up calls (component tests only). */
export function mockApi(options: MockApiOptions = {}) {
  const answers: Record<string, unknown> = {
    '/wps/system/whitelabel': options.whitelabel ?? whitelabelFixture(),
    '/wps/system/status': options.status ?? statusFixture(),
    '/lgw/games/game_menus': options.gameMenus ?? [],
    '/wps/system/country': [{ countryCode: 'BD', countryDialingCode: '+880', name: 'Bangladesh' }],
    ...options.answers,
  };
  const fetchMock = vi.fn(async (input: string) => {
    const { pathname } = new URL(input, 'http://localhost');
    if (Object.hasOwn(answers, pathname)) return envelope(answers[pathname]);
    return envelope({ success: false, code: 'NOT_FOUND', message: 'err_not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The test's view of the router: where it is, and a way to go elsewhere (as a person would). */
export interface TestRouter {
  readonly state: { readonly location: Location; readonly historyAction: NavigationType };
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
}

type NavigationType = ReturnType<typeof useNavigationType>;

interface RouterHandle {
  location: Location | null;
  historyAction: NavigationType | null;
  navigate: NavigateFunction | null;
}

/** Reports the router's location and navigate function to the test after each commit. */
function RouterProbe({ handle }: { handle: RouterHandle }) {
  const location = useLocation();
  const navigate = useNavigate();
  const historyAction = useNavigationType();
  useLayoutEffect(() => {
    Object.assign(handle, { location, navigate, historyAction });
  }, [handle, location, navigate, historyAction]);
  return null;
}

function testRouter(handle: RouterHandle): TestRouter {
  return {
    get state() {
      if (!handle.location || !handle.historyAction) throw new Error('the app has not rendered yet');
      return { location: handle.location, historyAction: handle.historyAction };
    },
    async navigate(to, options) {
      if (!handle.navigate) throw new Error('the app has not rendered yet');
      if (typeof to === 'number') await handle.navigate(to);
      else await handle.navigate(to, options);
    },
  };
}

/** Renders the whole app (router, shell, pages) at `path` against a mocked API. */
export function renderApp(path: string, options: MockApiOptions = {}) {
  const fetchMock = mockApi(options);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const handle: RouterHandle = { location: null, navigate: null, historyAction: null };
  const router = testRouter(handle);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe handle={handle} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient, fetchMock };
}

export { gameMenusFixture, statusFixture, whitelabelFixture };
