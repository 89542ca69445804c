import { describe, expect, it, vi } from 'vitest';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/*
 * React #520 (docs/stack.md, gotcha 12): the start-up texts arriving while the first render, a
 * transition, is suspended on them. React replays the suspended component; a hook that skipped
 * `use` once the texts were in made the next hook throw, and React re-rendered the whole root
 * synchronously and reported a recoverable error.
 */
const ready = vi.hoisted(() => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
});

vi.mock('./i18n.ts', () => {
  const texts = { language: 'bn', t: (key: string) => `text:${key}`, exists: () => true };
  return {
    i18nReady: ready.promise,
    currentTexts: () => texts,
    subscribeTexts: () => () => undefined,
  };
});

const { useTranslation } = await import('./use-translation.ts');

function Leaf({ index }: { index: number }) {
  // The texts arrive in the middle of the first render.
  if (index === 0) ready.resolve();
  const { t } = useTranslation();
  return <span>{t('state_loading')}</span>;
}

describe('useTranslation', () => {
  it('renders without a recoverable error when the texts arrive during the first render', async () => {
    const previousActEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean })
      .IS_REACT_ACT_ENVIRONMENT;
    // The real scheduler, as in a browser: act() would not replay the suspended component.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const recoverable: unknown[] = [];
    const container = document.createElement('div');
    const root = createRoot(container, { onRecoverableError: (error) => recoverable.push(error) });
    try {
      startTransition(() =>
        root.render(
          <>
            {Array.from({ length: 50 }, (_, index) => (
              <Leaf key={index} index={index} />
            ))}
          </>,
        ),
      );
      await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(50));
      expect(recoverable).toEqual([]);
      expect(container.textContent).toContain('text:state_loading');
    } finally {
      root.unmount();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT =
        previousActEnvironment;
    }
  });
});
