/** The lottery's addresses (spec 2 routes /lottery and /vnlottery; the verify page is ours). */
export const lotteryVerifyBase = '/lottery/verify';

export function lotteryVerifyPath(gameCode?: string, numero?: string, betId?: number): string {
  const params = new URLSearchParams();
  if (gameCode) params.set('gameCode', gameCode);
  if (numero) params.set('numero', numero);
  if (betId !== undefined) params.set('betId', String(betId));
  const query = params.toString();
  return query ? `${lotteryVerifyBase}?${query}` : lotteryVerifyBase;
}
