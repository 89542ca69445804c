import { use, useSyncExternalStore } from 'react';
import { currentTexts, i18nReady, subscribeTexts, type Texts } from './i18n.ts';

/**
 * The texts in a component: `t(key, values)` and the active catalogue language (`i18n.language`).
 * Suspends until the first view's texts are in (AppProviders' Suspense shows the spinner meanwhile);
 * re-renders when texts arrive or the language changes. The snapshot is one immutable object per
 * state of the texts, so `t` is a new function exactly when the texts changed and what is memoised
 * on it follows.
 *
 * `use(i18nReady)` runs in every render, never behind `if (!loaded)`: when the texts arrive while
 * the first render is suspended on them, React replays the component and expects the same `use`
 * call; skipping it leaves React's hook dispatcher in "re-render" mode and the next hook throws
 * "Update hook called on initial render", which React reports as recoverable error #520 after
 * rendering the whole root again synchronously (docs/stack.md, gotcha 12).
 */
export function useTranslation(): { t: Texts['t']; i18n: Texts } {
  use(i18nReady);
  const texts = useSyncExternalStore(subscribeTexts, currentTexts);
  return { t: texts.t, i18n: texts };
}
