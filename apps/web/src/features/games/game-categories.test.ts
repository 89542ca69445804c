import { describe, expect, it } from 'vitest';
import { vendorDropdownLayout } from './game-categories.ts';

describe('vendorDropdownLayout (spec 2 header vendor dropdown)', () => {
  it('centres fewer than 6 vendors, without arrows or more', () => {
    expect(vendorDropdownLayout(5)).toEqual({ shown: 5, hasMore: false, isCentred: true, hasArrows: false });
  });

  it('stops centring at 6 and adds arrows above 7', () => {
    expect(vendorDropdownLayout(6)).toMatchObject({ isCentred: false, hasArrows: false });
    expect(vendorDropdownLayout(7)).toMatchObject({ hasArrows: false });
    expect(vendorDropdownLayout(8)).toMatchObject({ hasArrows: true });
  });

  it('shows 11 vendors, then a more button', () => {
    expect(vendorDropdownLayout(11)).toEqual({
      shown: 11,
      hasMore: false,
      isCentred: false,
      hasArrows: true,
    });
    expect(vendorDropdownLayout(12)).toEqual({ shown: 11, hasMore: true, isCentred: false, hasArrows: true });
  });
});
