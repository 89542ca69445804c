import { describe, expect, it } from 'vitest';
import { bannerGroupForPath } from './banner-group.ts';

describe('bannerGroupForPath', () => {
  it.each([
    ['/', 'home'],
    ['/index', 'home'],
    ['/rng', 'rng'],
    ['/live', 'live'],
    ['/fish', 'fish'],
    ['/pvp', 'pvp'],
    ['/sports', 'sports'],
    ['/esports', 'esports'],
    ['/elott', 'elott'],
    ['/down', 'down'],
    ['/download', 'down'],
    ['/promotions', 'promotions'],
    ['/pointMall', 'pointMall'],
    ['/help', 'help'],
    ['/deposit-rank', 'w_deposit20'],
    ['/bet-rank', 'w_bet20'],
  ])('%s → %s', (path, group) => {
    expect(bannerGroupForPath(path)).toBe(group);
  });

  it('ignores the query, the hash and a trailing slash', () => {
    expect(bannerGroupForPath('/rng?page=JL')).toBe('rng');
    expect(bannerGroupForPath('/help#top')).toBe('help');
    expect(bannerGroupForPath('/live/')).toBe('live');
  });

  it('gives no group to pages without a banner', () => {
    for (const path of ['/login', '/register', '/noticePage', '/lottery', '/games/RNG/hot/JL', '/helpmc']) {
      expect(bannerGroupForPath(path), path).toBeNull();
    }
  });

  it('is case-sensitive like the routes', () => {
    expect(bannerGroupForPath('/pointmall')).toBeNull();
  });
});
