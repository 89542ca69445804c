import { useSyncExternalStore } from 'react';

/** Light and dark by CSS variables on `[data-theme]`; the choice is remembered (public/theme-init.js applies it first). */
export type Theme = 'light' | 'dark';
export const themeStorageKey = 'adminTheme';

function readTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

let theme: Theme = readTheme();
const listeners = new Set<() => void>();

export function setTheme(next: Theme): void {
  theme = next;
  document.documentElement.dataset.theme = next;
  try {
    window.localStorage.setItem(themeStorageKey, next);
  } catch {
    // Not remembered without storage.
  }
  for (const listener of listeners) listener();
}

export function toggleTheme(): void {
  setTheme(theme === 'dark' ? 'light' : 'dark');
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => theme,
    () => theme,
  );
}
