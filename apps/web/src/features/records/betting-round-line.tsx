import { useTranslation } from '../../shared/i18n/use-translation.ts';
import type { BettingRecordLine } from '@khela/contract';
import { formatDateTime } from '../../shared/lib/format.ts';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import { Badge } from '../../shared/ui/badge.tsx';
import { playTypeNameKeys, resultSourceKey } from '../lottery/index.ts';
import { ProfitAmount, StatusBadge, useAmount, useCategoryLabel } from './record-ui.tsx';
import './records.css';

/**
 * One round of a betting record: the member's own (personalHistoryCopy) and an agent's team betting,
 * which names the team `account` that played it.
 */
export function BettingRoundLine({ line, account }: { line: BettingRecordLine; account?: string }) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const amount = useAmount();
  const categoryLabel = useCategoryLabel();
  return (
    <li className="record-line">
      <div className="record-line__main records__round-main">
        {account === undefined ? null : <span className="records__account">{account}</span>}
        <span className="records__game">{line.gameName}</span>
        <span className="records__meta">
          {line.vendorName} · {categoryLabel(line.gameType)}
        </span>
        <span className="records__meta">
          <time dateTime={new Date(line.startedAt).toISOString()}>
            {formatDateTime(line.startedAt, formatOptions)}
          </time>
        </span>
        {line.draw ? <DrawLine draw={line.draw} /> : null}
        <span className="records__badges">
          <StatusBadge status={line.status} />
          {line.wallet === 'trial' ? <Badge isDashed>{t('wallet_trial')}</Badge> : null}
        </span>
      </div>
      <div className="record-line__money records__round-money">
        <span className="visually-hidden">{t('records_profit')}</span>
        <ProfitAmount value={line.profit} className="records__round-profit" />
        <span className="records__meta">{t('records_bet_value', { value: amount(line.bet) })}</span>
        <span className="records__meta">{t('records_win_value', { value: amount(line.win) })}</span>
      </div>
    </li>
  );
}

/**
 * A lottery bet's draw (docs/lottery.md): numero, play type, numbers, odds and the special prize;
 * under it where its numbers come from, as the lottery's screens say it (a regional house draw "not
 * the official result", or the official result and its source; nothing for the fast games).
 */
function DrawLine({ draw }: { draw: NonNullable<BettingRecordLine['draw']> }) {
  const { t } = useTranslation();
  const playType = (playTypeNameKeys as Readonly<Record<string, string>>)[draw.playType];
  const source = resultSourceKey(draw.region, draw.resultSource, draw.resultOrigin);
  return (
    <>
      <span className="records__meta records__draw">
        {t('lottery_numero')} {draw.numero} · {playType ? t(playType) : draw.playType}{' '}
        <strong>{draw.numbers.join(' ')}</strong> ×{draw.odds}
        {draw.special ? ` · ${t('lottery_tier_special')} ${draw.special}` : null}
      </span>
      {source ? (
        <span
          className={`records__source records__source--${draw.resultSource}`}
          data-source={draw.resultSource}
        >
          {t(source)}
        </span>
      ) : null}
    </>
  );
}
