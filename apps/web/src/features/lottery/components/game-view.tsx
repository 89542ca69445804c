import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LotteryBet, LotteryGame, LotteryPrizeMode, NumeroResult } from '@khela/contract';
import { playTypes, type PlayType, type PrizeTier } from '@khela/contract/lottery-draw';
import Ticket from 'lucide-react/icons/ticket';
import { Link, useSearchParams } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { revealInStrip } from '../../../shared/lib/reveal-in-strip.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { balanceQueryKey } from '../../account/index.ts';
import { useLotteryMenu } from '../api/get-game-menu.ts';
import { useNumeros } from '../api/get-numeros.ts';
import { useLotteryOdds } from '../api/get-odds.ts';
import { useOpenNumero } from '../api/get-open-numero.ts';
import { useMyLotteryBets } from '../api/my-bets.ts';
import { clockOffset, remainingMs, useNow } from '../lib/clock.ts';
import { allGamesOf } from '../lib/lobby-filter.ts';
import { playTypeHelpKey, playTypeNameKey, pickerKindOf, xienSizeOf } from '../lib/play-types.ts';
import { lotteryVerifyPath } from '../lottery-paths.ts';
import { scheduleLineOf } from '../lib/texts.ts';
import { BetSlip } from './bet-slip.tsx';
import { shortHash } from '../lib/texts.ts';
import { Countdown } from './countdown.tsx';
import { DrawHistory } from './draw-history.tsx';
import { ResultTable } from './draw-numbers.tsx';
import { MyBets } from './my-bets.tsx';
import { NumberPicker } from './number-picker.tsx';
import { ResultSource } from './result-source.tsx';

/** While a result is awaited after the draw time: ask again every 3 s. */
const resultPollMs = 3_000;

interface Watched {
  numero: string;
  winningTime: number;
  /** Settles on the official result (waits for the state lottery's sheet). */
  official: boolean;
}

function isPlayType(value: string | null): value is PlayType {
  return value !== null && (playTypes as readonly string[]).includes(value);
}

/** Does a prize number count for one of the member's bets (the hit rule of lottery-draw.ts)? */
function hitByBets(bets: readonly LotteryBet[]) {
  return (number: string, tier: PrizeTier) =>
    bets.some((bet) => {
      const first = bet.numbers[0] ?? '';
      switch (bet.playType) {
        case 'lo2':
        case 'lo3':
        case 'lo4':
          return number.length >= first.length && number.endsWith(first);
        case 'xien2':
        case 'xien3':
        case 'xien4':
          return bet.status === 'won' && bet.numbers.includes(number.slice(-2));
        case 'dau_g8':
          return tier === 'eighth' && number === first;
        case 'xiu_chu':
          return (tier === 'seventh' || tier === 'special') && number.endsWith(first);
        default:
          return tier === 'special' && bet.status === 'won';
      }
    });
}

/**
 * A game's betting view (spec 2: /lottery?gameCode=X&playType=Y): the numero and its countdowns on
 * the server's clock, play types with their odds, the number picker and slip, the member's bets,
 * and the results (with `view=history`, the draw history). After the draw time it asks for the
 * result until it is there and marks the member's wins.
 */
export function GameView({
  gameCode,
  prizeMode,
}: {
  gameCode: string;
  prizeMode: LotteryPrizeMode | undefined;
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const menu = useLotteryMenu(prizeMode);
  const game: LotteryGame | undefined = allGamesOf(menu.data?.gameMenus ?? []).find(
    (entry) => entry.gameCode === gameCode,
  );
  // A game code the menu does not list (a stale or typed link) asks nothing more of the server.
  const open = useOpenNumero(gameCode, game !== undefined);
  const odds = useLotteryOdds(gameCode, game !== undefined);
  const now = useNow();
  const [watched, setWatched] = useState<Watched | null>(null);
  const [previousOpen, setPreviousOpen] = useState<Watched | null>(null);
  const [numbers, setNumbers] = useState<string[]>([]);
  const view = searchParams.get('view') === 'history' ? 'history' : 'bet';

  const gamePlayTypes = game?.playTypes ?? [];
  const requested = searchParams.get('playType');
  const playType: PlayType | undefined =
    isPlayType(requested) && gamePlayTypes.includes(requested) ? requested : gamePlayTypes[0];

  const offset = clockOffset(open.data?.serverTime, open.dataUpdatedAt);
  const awaiting = watched !== null && remainingMs(watched.winningTime, now, offset) <= 0;
  const hasResult = (list: readonly NumeroResult[] | undefined) =>
    list?.some((entry) => entry.numero === watched?.numero && entry.result !== null) ?? false;
  const isUnsettled = (list: readonly LotteryBet[] | undefined) =>
    list?.some((bet) => bet.numero === watched?.numero && bet.status === 'open') ?? false;
  // After the draw time: ask for the result, then for the settled bets, every 3 s until they are in.
  const numeros = useNumeros(
    gameCode,
    (list) => (awaiting && !hasResult(list) ? resultPollMs : false),
    game !== undefined,
  );
  const myBets = useMyLotteryBets(gameCode, (list) =>
    awaiting && (isUnsettled(list) || !hasResult(numeros.data?.list)) ? resultPollMs : false,
  );
  const watchedResult = watched
    ? numeros.data?.list.find((entry) => entry.numero === watched.numero && entry.result !== null)
    : undefined;
  const watchedBets = (myBets.data?.list ?? []).filter((bet) => bet.numero === watched?.numero);

  // The open numero moved on: the one before is drawn next, so its result is awaited (unless the
  // member still waits for the one watched now: its result or its bets are not in yet).
  const current = open.data
    ? {
        numero: open.data.numero,
        winningTime: open.data.winningTime,
        official: open.data.resultSource === 'official',
      }
    : null;
  if (current && current.numero !== previousOpen?.numero) {
    const isDone = watched === null || (watchedResult !== undefined && !isUnsettled(myBets.data?.list));
    if (previousOpen && isDone) setWatched(previousOpen);
    setPreviousOpen(current);
  }

  // A draw's source as published (results list, open numero); one not listed yet (betting closed,
  // waiting for its result) follows the game's current source.
  const isOfficialNumero = (numero: string) => {
    const listed = numeros.data?.list.find((entry) => entry.numero === numero)?.resultSource;
    if (listed) return listed === 'official';
    if (open.data?.numero === numero) return open.data.resultSource === 'official';
    return game?.resultSource === 'official';
  };

  // Settled: the winnings are in the wallet, the header balance is stale.
  const settledCount = watchedBets.filter((bet) => bet.status !== 'open').length;
  useEffect(() => {
    if (settledCount > 0) void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  }, [settledCount, queryClient]);

  // Spec 3 Resource: our own words for the kinds we know, the server's English label otherwise.
  const resourceLabel = (resource: LotteryGame['resources'][number]) =>
    resource.resourceType === 'DRAW_HISTORY'
      ? t('lottery_history')
      : resource.resourceType === 'VERIFY'
        ? t('lottery_verify_link')
        : resource.labelNameEn;

  const setQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next, { replace: true });
  };

  if (menu.isPending) return <Skeleton rows={5} height="3rem" />;
  if (!game || !playType)
    return (
      // Never the address's code echoed back: what happened, and the way to the list.
      <EmptyState
        icon={Ticket}
        title={t('lottery_game_not_found')}
        text={t('lottery_game_not_found_text')}
        action={
          <button
            type="button"
            className="button button--outline"
            onClick={() => setQuery({ gameCode: null, playType: null, view: null })}
          >
            {t('lottery_all_games')}
          </button>
        }
      />
    );

  const oddsLine = odds.data?.list.find((line) => line.playType === playType);
  const lockIn = open.data ? remainingMs(open.data.lockTime, now, offset) : null;
  const drawIn = open.data ? remainingMs(open.data.winningTime, now, offset) : null;
  const isOpen = open.data !== undefined && open.data.status === 'open' && (lockIn ?? 0) > 0;
  const xien = xienSizeOf(playType);

  const toggle = (number: string) =>
    setNumbers((chosen) => {
      if (chosen.includes(number)) return chosen.filter((entry) => entry !== number);
      // Big/small and odd/even: both sides may be bet; xiên stops at its size.
      if (xien !== null && chosen.length >= xien) return chosen;
      return [...chosen, number];
    });

  return (
    <div className="lottery-game">
      <header className="card lottery-game__head">
        <div className="lottery-game__title">
          <h2 className="lottery-game__name">{game.gameName}</h2>
          <p className="lottery-muted">{scheduleLineOf(game, t)}</p>
          <ResultSource region={game.region} source={open.data?.resultSource ?? game.resultSource} forGame />
          {game.resources.length > 0 ? (
            <p className="lottery-game__links">
              {game.resources.map((resource) =>
                resource.url.startsWith('/') ? (
                  <Link key={resource.url} to={resource.url}>
                    {resourceLabel(resource)}
                  </Link>
                ) : (
                  <a key={resource.url} href={resource.url} target="_blank" rel="noopener noreferrer">
                    {resourceLabel(resource)}
                  </a>
                ),
              )}
            </p>
          ) : null}
        </div>
        <div className="lottery-game__clock" aria-live="off">
          {open.data ? (
            <>
              <span className="lottery-game__numero">
                {t('lottery_numero')} <span className="tabular">{open.data.numero}</span>
              </span>
              {open.data.resultSource !== 'official' ? (
                <span className="lottery-game__commitment" title={open.data.seedHash}>
                  {t('lottery_commitment')}{' '}
                  <span className="lottery-hash tabular">{shortHash(open.data.seedHash)}</span>
                  {open.data.beaconRound !== null ? (
                    <> · {t('lottery_beacon_round', { round: open.data.beaconRound })}</>
                  ) : null}
                </span>
              ) : null}
              {lockIn !== null && lockIn > 0 ? (
                <Countdown ms={lockIn} label={t('lottery_closes_in')} />
              ) : (
                <span className="lottery-muted">{t('lottery_betting_closed')}</span>
              )}
              {drawIn !== null ? <Countdown ms={drawIn} label={t('lottery_draw_in')} /> : null}
            </>
          ) : open.isPending ? (
            <Skeleton rows={1} />
          ) : (
            <span className="lottery-muted">{t('lottery_no_open_numero')}</span>
          )}
        </div>
      </header>

      <div className="lottery-view-tabs" role="tablist" aria-label={t('lottery_view')}>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'bet'}
          className={`lottery-tab${view === 'bet' ? ' lottery-tab--active' : ''}`}
          onClick={() => setQuery({ view: null })}
        >
          {t('lottery_view_bet')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'history'}
          className={`lottery-tab${view === 'history' ? ' lottery-tab--active' : ''}`}
          onClick={() => setQuery({ view: 'history' })}
        >
          {t('lottery_history')}
        </button>
      </div>

      {watched ? (
        <section className="card lottery-awaited" aria-live="polite" aria-labelledby="lottery-awaited-title">
          <h2 id="lottery-awaited-title" className="lottery-section-title">
            {t('lottery_result_of', { numero: watched.numero })}
          </h2>
          {watchedResult?.result ? (
            <>
              <ResultSource
                region={game.region}
                source={watchedResult.resultSource}
                origin={watchedResult.resultOrigin}
              />
              <ResultTable result={watchedResult.result} isHit={hitByBets(watchedBets)} />
              {watchedResult.resultSource !== 'official' ? (
                <Link to={lotteryVerifyPath(gameCode, watched.numero)}>{t('lottery_verify_link')}</Link>
              ) : null}
            </>
          ) : awaiting ? (
            <p className="lottery-muted">
              {t(watched.official ? 'lottery_waiting_official' : 'lottery_waiting_result')}
            </p>
          ) : (
            <p className="lottery-muted">{t('lottery_result_at_draw')}</p>
          )}
        </section>
      ) : null}

      {view === 'history' ? (
        <section className="card" aria-labelledby="lottery-history-title">
          <h2 id="lottery-history-title" className="lottery-section-title">
            {t('lottery_history')}
          </h2>
          {numeros.isPending ? (
            <Skeleton rows={4} />
          ) : (
            <DrawHistory numeros={numeros.data?.list ?? []} region={game.region} />
          )}
        </section>
      ) : (
        <>
          <div className="lottery-play-tabs" role="tablist" aria-label={t('lottery_play_types')}>
            {gamePlayTypes.map((type) => {
              const line = odds.data?.list.find((entry) => entry.playType === type);
              return (
                <button
                  key={type}
                  type="button"
                  role="tab"
                  aria-selected={type === playType}
                  ref={type === playType ? revealInStrip : undefined}
                  className={`lottery-play-tab${type === playType ? ' lottery-play-tab--active' : ''}`}
                  onClick={() => {
                    setNumbers([]);
                    setQuery({ playType: type });
                  }}
                >
                  <span>{t(playTypeNameKey(type, game?.region))}</span>
                  {line ? <span className="lottery-play-tab__odds tabular">×{line.odds}</span> : null}
                </button>
              );
            })}
          </div>
          <p className="lottery-help">{t(playTypeHelpKey(playType))}</p>
          <div className="lottery-bet-layout">
            <section className="card lottery-picker-card" aria-label={t('lottery_pick_numbers')}>
              {pickerKindOf(playType) === 'grid100' && !xien ? (
                <p className="lottery-muted">{t('lottery_pick_many')}</p>
              ) : null}
              <NumberPicker playType={playType} chosen={numbers} onToggle={toggle} />
            </section>
            <BetSlip
              key={`${playType}-${oddsLine?.minStake ?? ''}`}
              gameCode={gameCode}
              numero={isOpen ? (open.data?.numero ?? null) : null}
              commitment={
                // An official result owes nothing to the seed: no commitment to show.
                isOpen && open.data && open.data.resultSource !== 'official'
                  ? { seedHash: open.data.seedHash, beaconRound: open.data.beaconRound }
                  : null
              }
              playType={playType}
              odds={oddsLine}
              numbers={numbers}
              onRemove={(number) => setNumbers((chosen) => chosen.filter((entry) => entry !== number))}
              onClear={() => setNumbers([])}
              onPlaced={(numero) => {
                if (open.data && open.data.numero === numero)
                  setWatched({
                    numero,
                    winningTime: open.data.winningTime,
                    official: open.data.resultSource === 'official',
                  });
              }}
            />
          </div>
        </>
      )}

      {token !== null ? (
        <section className="card" aria-labelledby="lottery-my-bets-title">
          <h2 id="lottery-my-bets-title" className="lottery-section-title">
            {t('lottery_my_bets')}
          </h2>
          {myBets.isPending ? (
            <Skeleton rows={3} />
          ) : (
            <MyBets bets={myBets.data?.list ?? []} isOfficial={isOfficialNumero} />
          )}
        </section>
      ) : null}
    </div>
  );
}
