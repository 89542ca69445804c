import { use, useMemo, useSyncExternalStore } from 'react';
import { i18n, i18nReady, startTextsLoaded, subscribeTexts, textsVersion, translate } from './i18n.ts';

/**
 * The texts in a component: `t(key, values)` and the active catalogue language. Suspends until the
 * first view's texts are in (AppProviders' Suspense shows the spinner meanwhile); re-renders when
 * texts arrive or the language changes, with a new `t` so that memoised values depending on it
 * follow.
 */
export function useTranslation() {
  // `use` may sit in a condition: once the start texts are in, it is never called again.
  if (!startTextsLoaded()) use(i18nReady);
  const version = useSyncExternalStore(subscribeTexts, textsVersion);
  return useMemo(
    () => ({
      // A new function per version: what is memoised on `t` is worked out again in the new texts.
      t: (key: string, values?: Record<string, unknown>) => translate(key, values),
      i18n: { language: i18n.language },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version stands for the texts, kept outside React
    [version],
  );
}
