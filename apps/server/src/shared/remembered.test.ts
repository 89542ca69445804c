import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.ts';

describe('remembered', () => {
  it('computes a key once while remembered, and again once the oldest is forgotten', () => {
    const asked: string[] = [];
    const lengthOf = remembered(2, (key) => {
      asked.push(key);
      return key === 'none' ? null : key.length;
    });
    expect(lengthOf('a')).toBe(1);
    expect(lengthOf('a')).toBe(1);
    expect(lengthOf('none')).toBeNull();
    expect(lengthOf('none')).toBeNull(); // a null answer is remembered too
    expect(asked).toEqual(['a', 'none']);
    expect(lengthOf('bbb')).toBe(3); // the third key: 'a', the oldest, is forgotten
    expect(lengthOf('a')).toBe(1);
    expect(asked).toEqual(['a', 'none', 'bbb', 'a']);
  });
});
