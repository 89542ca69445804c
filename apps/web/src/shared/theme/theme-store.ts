import { create } from 'zustand';
import { readStorage, writeStorage } from '../lib/storage.ts';

export type Theme = 'light' | 'dark';

export const themeStorageKey = 'theme';

/** The browser chrome colour of each theme (the header's surface). */
const themeColors: Record<Theme, string> = { light: '#ffffff', dark: '#121a27' };

/** public/theme-init.js has already applied the stored theme before first paint; read it back. */
export function readTheme(): Theme {
  const applied = document.documentElement.dataset.theme;
  if (applied === 'light' || applied === 'dark') return applied;
  return readStorage('local', themeStorageKey) === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColors[theme]);
}

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

/** Light by default (spec 4); the choice lives in localStorage `theme`. */
export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: readTheme(),
  setTheme: (theme) => {
    writeStorage('local', themeStorageKey, theme);
    applyTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));
