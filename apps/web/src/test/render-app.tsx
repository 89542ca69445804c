import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { GameMenu, SystemStatus, Whitelabel } from '@khela/contract';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
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

/** Renders the whole app (router, shell, pages) at `path` against a mocked API. */
export function renderApp(path: string, options: MockApiOptions = {}) {
  const fetchMock = mockApi(options);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, fetchMock };
}

export { gameMenusFixture, statusFixture, whitelabelFixture };
