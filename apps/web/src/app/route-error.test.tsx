import { describe, expect, it, vi } from 'vitest';
import { lazy } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../shared/router/router.tsx';
import { QueryClient } from '@tanstack/react-query';
import { ChunkLoadError, loadChunk } from '../shared/lib/chunk-load.ts';
import { AppProviders } from './providers.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

function renderFailingPage(load: () => Promise<{ default: () => null }>) {
  const FailingPage = lazy(load);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <AppProviders queryClient={new QueryClient()}>
      <MemoryRouter>
        <RouteErrorBoundary>
          <FailingPage />
        </RouteErrorBoundary>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('RouteErrorBoundary', () => {
  it("shows 'Loading chunk failed' with a retry when a page chunk is missing", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailingPage(() =>
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    );
    expect(await screen.findByText('পেজের অংশ লোড করা যায়নি')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('names a timeout as such', async () => {
    renderFailingPage(() => Promise.reject(new ChunkLoadError('timeout')));
    expect(await screen.findByText(/প্রত্যাশার চেয়ে বেশি সময় লেগেছে/)).toBeTruthy();
  });
});
