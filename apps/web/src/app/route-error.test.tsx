import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { ChunkLoadError, loadChunk } from '../shared/lib/chunk-load.ts';
import { AppProviders } from './providers.tsx';
import { RouteError } from './route-error.tsx';

function renderFailingRoute(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        hydrateFallbackElement: <p>…</p>,
        lazy: () => loadChunk(() => Promise.reject(error)),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('RouteError', () => {
  it("shows 'Loading chunk failed' with a retry when a page chunk is missing", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByText('পেজের অংশ লোড করা যায়নি')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('names a timeout as such', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          hydrateFallbackElement: <p>…</p>,
          lazy: () => Promise.reject(new ChunkLoadError('timeout')),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <AppProviders queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText(/প্রত্যাশার চেয়ে বেশি সময় লেগেছে/)).toBeTruthy();
  });
});
