import { describe, expect, it } from 'vitest';
import { vendorNameOf } from './player-admin.service.ts';

describe('vendor names for people', () => {
  it("names the lottery's own products, which have no vendor row, and keeps a catalogue name first", () => {
    // Before: the records and the back office showed the codes ("TCG_SEA · ELOTT").
    expect(vendorNameOf(null, 'TCG_SEA')).toBe('Fast Lottery');
    expect(vendorNameOf(null, 'TCG_LOTTO_VN')).toBe('Vietnam Lottery');
    expect(vendorNameOf('Khela Tables', 'KHELA')).toBe('Khela Tables');
    expect(vendorNameOf(null, 'SOMEONE')).toBe('SOMEONE');
  });
});
