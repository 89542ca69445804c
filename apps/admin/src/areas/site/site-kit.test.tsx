import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { bannerInputSchema } from '@khela/contract';
import { DiffView, checkWith, fromLocalInput, toLocalInput } from './site-kit.tsx';
import { filledTexts } from './texts-editor.tsx';

describe('the site area kit', () => {
  it('shows the diff as text, markup in a value escaped', () => {
    const { container, getByText } = render(
      <DiffView diff={[{ path: 'brandName', before: 'Khela', after: '<b>New</b>' }]} />,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(getByText('"<b>New</b>"')).toBeTruthy();
  });

  it("checks a form with the contract's schema and names the fields", () => {
    const result = checkWith(bannerInputSchema, {
      groupName: 'home',
      title: '',
      url: 'javascript:x',
      sortOrder: 0,
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors)).toEqual(expect.arrayContaining(['title', 'url', 'sortOrder']));
  });

  it('turns local date-times into ISO times and back', () => {
    const iso = fromLocalInput('2026-05-01T10:30');
    expect(iso).toMatch(/^2026-0[45]-\d\dT\d\d:30:00.000Z$/);
    expect(toLocalInput(new Date(iso!).getTime())).toBe('2026-05-01T10:30');
    expect(fromLocalInput('')).toBeNull();
  });

  it('leaves out a language with no text', () => {
    expect(filledTexts({ EN: { title: 'A', content: '' }, BN: { title: ' ', content: '' } }, false)).toEqual({
      EN: { title: 'A', content: '' },
    });
  });
});
