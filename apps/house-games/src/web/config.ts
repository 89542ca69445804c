/// <reference lib="dom" />
import type { GamePageConfig, VerifyPageConfig } from '../pages/page-html.ts';

export type { GamePageConfig, VerifyPageConfig };

/** The configuration the server put in the page (a JSON data block, not script). */
export function readConfig<T extends GamePageConfig | VerifyPageConfig>(): T {
  const block = document.getElementById('hg-config');
  return JSON.parse(block?.textContent ?? '{}') as T;
}
