import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ApiError, bannerInputSchema } from '@khela/contract';
import { DiffView, checkWith, formatTime, fromLocalInput, serverErrors, toLocalInput } from './site-kit.tsx';
import { setBrandZone } from '../../shared/lib/format.ts';
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
    if (!result.ok) {
      expect(Object.keys(result.errors)).toEqual(expect.arrayContaining(['title', 'url', 'sortOrder']));
      // Before: zod's own "Too small: expected number to be >=1".
      expect(result.errors.sortOrder).toBe('Enter 1 or more.');
    }
  });

  it("shows the server's reason for a field instead of hiding it behind 'check this field'", () => {
    const failure = new ApiError({
      code: 'VALIDATION_FAILED',
      message: 'err_validation_failed',
      status: 400,
      issues: [
        { field: 'sortOrder', reason: 'banners 2 and 6 would hold position 1 of home at the same time' },
      ],
    });
    const shown = serverErrors(failure);
    expect(shown.errors.sortOrder).toBe('Banners 2 and 6 would hold position 1 of home at the same time.');
    // A reorder has no position field: the alert carries the reason.
    expect(shown.alert).toContain('would hold position 1');
  });

  it("reads and writes date-time inputs on the brand's clock, not the browser's", () => {
    setBrandZone('Asia/Dhaka');
    try {
      // Before: the browser's zone (UTC on this machine) made 10:30 mean 10:30Z, 16:30 in Dhaka.
      const iso = fromLocalInput('2026-05-01T10:30');
      expect(iso).toBe('2026-05-01T04:30:00.000Z');
      expect(toLocalInput(new Date(iso!).getTime())).toBe('2026-05-01T10:30');
      expect(formatTime(Date.parse(iso!))).toBe('2026-05-01 10:30:00 GMT+6');
      expect(fromLocalInput('')).toBeNull();
      expect(fromLocalInput('yesterday')).toBeNull();
    } finally {
      setBrandZone('UTC');
    }
  });

  it('leaves out a language with no text', () => {
    expect(filledTexts({ EN: { title: 'A', content: '' }, BN: { title: ' ', content: '' } }, false)).toEqual({
      EN: { title: 'A', content: '' },
    });
  });
});
