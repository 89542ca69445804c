import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetSessionForTests } from '../shared/api/session.ts';

configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
  resetSessionForTests();
});
