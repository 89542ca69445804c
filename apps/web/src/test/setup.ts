import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { changeLanguage, i18nReady } from '../shared/i18n/i18n.ts';
import { useOverlayStore } from '../shared/stores/overlay-store.ts';
import { useSessionStore } from '../shared/stores/session-store.ts';
import { useThemeStore } from '../shared/theme/theme-store.ts';

// Lazy pages and dialogs appear within a few hundred milliseconds alone, but the web tests share
// two cores with the server tests in one run (CI): findBy/waitFor wait up to 5 s before failing,
// not testing-library's 1 s default, so a busy machine is not taken for a missing element. A lazy
// dialog once took over 5 s while two README walks ran beside the tests: 10 s (only a failing
// wait ever uses it all).
configure({ asyncUtilTimeout: 10_000 });

const initialOverlayState = useOverlayStore.getState();

beforeEach(async () => {
  await i18nReady;
  await changeLanguage('BN', { remember: false });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
  useSessionStore.setState({ token: null, isAgent: null, username: null });
  useOverlayStore.setState(initialOverlayState, true);
  useThemeStore.setState({ theme: 'light' });
  document.documentElement.dataset.theme = 'light';
  document.title = '';
});
