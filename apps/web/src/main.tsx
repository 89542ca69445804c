import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/bengali-700.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/boot-shell.css';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { gameMenusQueryOptions } from './features/games/index.ts';
import { statusQueryOptions } from './shared/api/get-status.ts';
import { whitelabelQueryOptions } from './shared/api/get-whitelabel.ts';
import { createQueryClient } from './shared/api/query-client.ts';
import { setUpInstallableApp } from './features/download/index.ts';
import { prefetchBanners } from './features/banner/index.ts';
import { applyTheme, readTheme } from './shared/theme/theme-store.ts';
import './shared/i18n/i18n.ts';

const queryClient = createQueryClient();

// Start the start-up calls now, in parallel with the catalogue and the first page chunk.
void queryClient.prefetchQuery(statusQueryOptions());
void queryClient.prefetchQuery(whitelabelQueryOptions());
void queryClient.prefetchQuery(gameMenusQueryOptions());
// The banner is the largest picture of most first views: ask for it now, not after the shell renders.
prefetchBanners(queryClient, window.location.pathname);
applyTheme(readTheme());
setUpInstallableApp();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const root = createRoot(container);
// A transition: the first render yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree (a cheap phone stays responsive to a tap meanwhile), and while
// it waits for its first chunks and texts the server's boot shell stays on screen.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
