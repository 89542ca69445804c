import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../../shared/lib/storage.ts';

/** Spec 3: lottery favourites live in localStorage, per username. */
export function favouritesKeyOf(username: string): string {
  return `lotteryFav:${username}`;
}

export function readFavourites(username: string | null): string[] {
  if (username === null) return [];
  const raw = readStorage('local', favouritesKeyOf(username));
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

/** The member's favourite game codes, and a toggle that writes them back (nothing for a visitor). */
export function useLotteryFavourites(username: string | null) {
  const [state, setState] = useState(() => ({ username, codes: readFavourites(username) }));
  // Another member logged in on this tab: read their list.
  const codes = state.username === username ? state.codes : readFavourites(username);
  if (state.username !== username) setState({ username, codes });
  const toggle = useCallback(
    (gameCode: string) => {
      if (username === null) return;
      const current = readFavourites(username);
      const next = current.includes(gameCode)
        ? current.filter((code) => code !== gameCode)
        : [...current, gameCode];
      writeStorage('local', favouritesKeyOf(username), JSON.stringify(next));
      setState({ username, codes: next });
    },
    [username],
  );
  return { codes, toggle };
}
