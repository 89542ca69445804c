import { describe, expect, it } from 'vitest';
import * as contract from '@khela/contract';
import * as local from './constants.ts';

describe('lobby constants', () => {
  it('equal the contract values (spec 5, 9)', () => {
    expect(local.slotPageSize).toBe(contract.slotPageSize);
    expect(local.slotClassifies).toEqual(contract.slotClassifies);
    expect(local.minBetOptions).toEqual(contract.minBetOptions);
    expect(local.rankLimit).toBe(contract.rankLimit);
    expect(local.slotPageSize).toBe(21);
    expect(local.rankLimit).toBe(20);
  });
});
