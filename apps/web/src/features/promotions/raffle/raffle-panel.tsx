import { useState } from 'react';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Ticket from 'lucide-react/icons/ticket';
import Trophy from 'lucide-react/icons/trophy';
import type { RaffleValue } from '@khela/contract';
import { memberCentreHref } from '../../../shared/config/centre-pages.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useLoginCheck } from '../../../shared/hooks/use-login-check.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, formatNumber, formatZone } from '../../../shared/lib/format.ts';
import { Link } from '../../../shared/router/router.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useMoney } from '../../wallet/index.ts';
import { reasonTextKey, refusalReason } from '../bonus/bonus-labels.ts';
import { useWeightsText } from '../bonus/bonus-rule.tsx';
import { fetchRaffleEntries, useJoinRaffle } from './raffle-api.ts';
import '../bonus/bonus.css';
import './raffle.css';

/** The rule in words: tickets, prizes (places grouped by line), the draw's time, the prize's wagering. */
function RaffleRuleFacts({ raffle }: { raffle: RaffleValue }) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const weightsText = useWeightsText();
  const { rule } = raffle;
  const prizes = rule.prizes.map((prize, index) => {
    const from = 1 + rule.prizes.slice(0, index).reduce((sum, earlier) => sum + earlier.count, 0);
    const to = from + prize.count - 1;
    return prize.count === 1
      ? t('raffle_prize_one', { place: from, amount: money(prize.amount) })
      : t('raffle_prize_many', { from, to, amount: money(prize.amount) });
  });
  return (
    <ul className="bonus-rule" data-testid="raffle-rule">
      <li className="bonus-rule__headline">
        {t('raffle_rule_ticket', { amount: money(rule.ticketTurnover), count: rule.maxTickets })}
      </li>
      {prizes.map((line) => (
        <li key={line}>{line}</li>
      ))}
      <li>
        {t('raffle_rule_draw', {
          time: formatDateTime(raffle.endsAt, formatOptions, false),
          zone: formatZone(formatOptions),
        })}
      </li>
      <li>{t('bonus_rule_counts', { list: weightsText(rule.weights) })}</li>
      <li>
        {t('raffle_rule_prize', {
          multiple: rule.wageringMultiple,
          days: rule.expiryDays,
          maxBet: money(rule.maxBet),
          claimDays: rule.claimDays,
        })}
      </li>
    </ul>
  );
}

/** `open` and not joined: the Join button (a visitor logs in first); a refusal says why. */
function JoinAction({ raffle }: { raffle: RaffleValue }) {
  const { t } = useTranslation();
  const join = useJoinRaffle(raffle.promotionId);
  const loginCheck = useLoginCheck();
  const showToast = useOverlayStore((state) => state.showToast);
  const [failure, setFailure] = useState<string | null>(null);
  const joinNow = async () => {
    setFailure(null);
    try {
      await join.mutateAsync();
      showToast('raffle_joined_toast');
    } catch (error) {
      const reason = refusalReason(error);
      setFailure(
        reason === null
          ? errorTextKey(error)
          : reason === 'claimed'
            ? 'raffle_joined_already'
            : reasonTextKey(reason),
      );
    }
  };
  return (
    <>
      <p className="bonus-offer__status">{t('raffle_join_text')}</p>
      <button
        type="button"
        className="button button--gold button--large"
        disabled={join.isPending}
        onClick={() => loginCheck(() => void joinNow())}
      >
        <Ticket size={20} aria-hidden="true" />
        {join.isPending ? t('raffle_joining') : t('promo_state_join')}
      </button>
      <FormAlert textKey={failure} />
    </>
  );
}

/** The member's tickets, large, with what the next one needs while the raffle is open. */
function MyTickets({ raffle }: { raffle: RaffleValue }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const tickets = raffle.myTickets ?? 0;
  return (
    <div className="raffle-tickets" data-testid="raffle-my-tickets">
      <Ticket size={28} aria-hidden="true" />
      <div>
        <p className="raffle-tickets__count">{t('raffle_my_tickets', { count: tickets })}</p>
        {raffle.state === 'open' && raffle.counted !== null ? (
          <p className="bonus-offer__note">
            {raffle.nextTicketIn === null
              ? t('raffle_most_tickets', { counted: money(raffle.counted) })
              : t('raffle_next_ticket', { counted: money(raffle.counted), left: money(raffle.nextTicketIn) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function RaffleAction({ raffle }: { raffle: RaffleValue }) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const time = (ms: number) => formatDateTime(ms, formatOptions, false);
  switch (raffle.state) {
    case 'coming':
      return (
        <>
          <p className="bonus-offer__status">{t('raffle_coming_text', { time: time(raffle.startsAt) })}</p>
          <button type="button" className="button button--gold button--large" disabled>
            {t('promo_state_coming_soon')}
          </button>
        </>
      );
    case 'open':
      return raffle.joined ? (
        <>
          <p className="bonus-offer__status">{t('raffle_joined_text')}</p>
          <MyTickets raffle={raffle} />
        </>
      ) : (
        <JoinAction raffle={raffle} />
      );
    case 'counting':
    case 'locked':
      return (
        <>
          <p className="bonus-offer__status">
            {raffle.state === 'counting'
              ? t('raffle_counting_text')
              : t('raffle_locked_text', {
                  tickets: formatNumber(raffle.ticketTotal ?? 0, formatOptions),
                  players: formatNumber(raffle.entries, formatOptions),
                })}
          </p>
          {raffle.joined ? <MyTickets raffle={raffle} /> : null}
        </>
      );
    case 'drawn': {
      const mine = raffle.winners.find((winner) => winner.place === raffle.myPlace);
      return (
        <>
          {mine ? (
            <>
              <p className="bonus-offer__status raffle-won" data-testid="raffle-my-prize">
                <Trophy size={20} aria-hidden="true" />
                {t('raffle_you_won', { place: mine.place, amount: money(mine.amount) })}
              </p>
              <Link className="button button--gold button--large" to={memberCentreHref('rewardCenter')}>
                {t('bonus_open_rewards')}
              </Link>
            </>
          ) : (
            <p className="bonus-offer__status">
              {raffle.joined ? t('raffle_not_won') : t('raffle_drawn_text')}
            </p>
          )}
        </>
      );
    }
  }
}

/** The winners of a drawn raffle: place, player (masked), prize, winning ticket. */
function Winners({ raffle }: { raffle: RaffleValue }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  if (raffle.state !== 'drawn') return null;
  if (raffle.winners.length === 0) return <p className="bonus-offer__note">{t('raffle_no_winners')}</p>;
  return (
    <div className="raffle-winners">
      <h4 className="raffle-section-title">{t('raffle_winners')}</h4>
      <ol className="raffle-winners__list" data-testid="raffle-winners">
        {raffle.winners.map((winner) => (
          <li key={winner.place} className="raffle-winner" data-mine={winner.place === raffle.myPlace}>
            <span className="raffle-winner__place">{t('raffle_place', { place: winner.place })}</span>
            <span className="raffle-winner__name">{winner.username}</span>
            <span className="raffle-winner__amount">{money(winner.amount)}</span>
            <span className="raffle-winner__ticket">{t('raffle_ticket_no', { ticket: winner.ticket })}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

type Check = { seedMatches: boolean; digestMatches: boolean; winnersMatch: boolean };

/**
 * How to check the draw: the seed's fingerprint from the start; the digest and beacon round from the
 * lock; after the draw the seed and the round's value, and a button that recomputes everything in
 * this browser with the same code the server ran (the entries fetched page by page).
 */
function Fairness({ raffle }: { raffle: RaffleValue }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const runCheck = async () => {
    if (raffle.seed === null || raffle.beacon === null || raffle.digest === null) return;
    setChecking(true);
    setFailure(null);
    try {
      const [{ verifyRaffle }, entries] = await Promise.all([
        import('@khela/contract/raffle'),
        fetchRaffleEntries(raffle.promotionId),
      ]);
      setCheck(
        await verifyRaffle({
          raffleId: raffle.raffleId,
          seed: raffle.seed,
          seedHash: raffle.seedHash,
          digest: raffle.digest,
          beaconRandomness: raffle.beacon.randomness,
          entries,
          places: raffle.rule.prizes.reduce((sum, prize) => sum + prize.count, 0),
          winners: raffle.winners,
        }),
      );
    } catch (error) {
      setFailure(errorTextKey(error));
    } finally {
      setChecking(false);
    }
  };
  const line = (ok: boolean, key: string) => (
    <li data-ok={ok}>
      {ok ? '✓' : '✗'} {t(key)}
    </li>
  );
  return (
    <details className="raffle-fairness">
      <summary>
        <ShieldCheck size={18} aria-hidden="true" />
        {t('raffle_fair_title')}
      </summary>
      <p className="bonus-offer__note">{t('raffle_fair_text')}</p>
      <dl className="raffle-proof">
        <dt>{t('raffle_fair_seed_hash')}</dt>
        <dd>{raffle.seedHash}</dd>
        {raffle.digest ? (
          <>
            <dt>{t('raffle_fair_digest', { count: raffle.entries })}</dt>
            <dd>{raffle.digest}</dd>
          </>
        ) : null}
        {raffle.beaconRound !== null ? (
          <>
            <dt>{t('raffle_fair_round')}</dt>
            <dd>{raffle.beaconRound}</dd>
          </>
        ) : null}
        {raffle.beacon ? (
          <>
            <dt>{t('raffle_fair_randomness')}</dt>
            <dd>{raffle.beacon.randomness}</dd>
          </>
        ) : null}
        {raffle.seed ? (
          <>
            <dt>{t('raffle_fair_seed')}</dt>
            <dd>{raffle.seed}</dd>
          </>
        ) : null}
      </dl>
      {raffle.state === 'drawn' && raffle.seed ? (
        <>
          <button
            type="button"
            className="button button--outline"
            disabled={checking}
            onClick={() => void runCheck()}
          >
            {checking ? t('raffle_checking') : t('raffle_check')}
          </button>
          {check ? (
            <ul className="raffle-check" data-testid="raffle-check">
              {line(check.seedMatches, 'raffle_check_seed')}
              {line(check.digestMatches, 'raffle_check_digest')}
              {line(check.winnersMatch, 'raffle_check_winners')}
            </ul>
          ) : null}
          <FormAlert textKey={failure} />
        </>
      ) : null}
    </details>
  );
}

/** A raffle promotion's panel on /promoDetail: the rule, the member's entry, the winners, the proof. */
export function RafflePanel({ raffle }: { raffle: RaffleValue }) {
  const { t } = useTranslation();
  return (
    <section
      className="bonus-offer raffle"
      aria-labelledby="raffle-title"
      data-testid="raffle-panel"
      data-state={raffle.state}
    >
      <h3 id="raffle-title" className="bonus-offer__title">
        <Ticket size={20} aria-hidden="true" />
        {t('raffle_title')}
      </h3>
      <RaffleRuleFacts raffle={raffle} />
      <div className="bonus-offer__action">
        <RaffleAction raffle={raffle} />
      </div>
      <Winners raffle={raffle} />
      <Fairness raffle={raffle} />
    </section>
  );
}
