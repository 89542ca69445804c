import type { AgentContract, ContractStatus, ContractTerms } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatAmountText, formatDateTime, formatNumber } from '../../../shared/lib/format.ts';
import { Badge, type BadgeTone } from '../../../shared/ui/badge.tsx';
import { useMoney } from '../../wallet/index.ts';
import '../reports/reports.css';

/** Spec 3 wage periods of a dividend. */
export const dividendPeriodLabelKeys = {
  D: 'agw_period_d',
  W: 'agw_period_w',
  H: 'agw_period_h',
  M: 'agw_period_m',
} as const;

export const dividendBasisLabelKeys = { loss: 'agw_basis_loss', betting: 'agw_basis_betting' } as const;

const statusTones: Record<ContractStatus, BadgeTone> = {
  pending: 'gold',
  active: 'blue',
  rejected: 'danger',
  cancelled: 'muted',
  ended: 'muted',
};
const statusLabelKeys: Record<ContractStatus, string> = {
  pending: 'agw_contract_pending',
  active: 'agw_contract_active',
  rejected: 'agw_contract_rejected',
  cancelled: 'agw_contract_cancelled',
  ended: 'agw_contract_ended',
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return <Badge tone={statusTones[status]}>{t(statusLabelKeys[status])}</Badge>;
}

/** A rate as the contract sends it ("0.50"), in the visitor's digits, with its percent sign. */
export function usePercent() {
  const { formatOptions } = useMoney();
  return (rate: string) =>
    `${formatAmountText(rate, formatOptions, Math.min(2, rate.split('.')[1]?.length ?? 0))}%`;
}

/** A contract's terms in words: the tier ladder as a table, or the real-time rates and single bet. */
export function ContractTermsView({ terms }: { terms: ContractTerms }) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const percent = usePercent();
  if (terms.kind === 'realtime') {
    return (
      <dl className="agent-terms">
        <div>
          <dt>{t('agw_win_rate')}</dt>
          <dd>{percent(terms.terms.winRate)}</dd>
        </div>
        <div>
          <dt>{t('agw_loss_rate')}</dt>
          <dd>{percent(terms.terms.lossRate)}</dd>
        </div>
        <div>
          <dt>{t('agw_single_bet')}</dt>
          <dd>{money(terms.terms.singleBet)}</dd>
        </div>
      </dl>
    );
  }
  return (
    <>
      {terms.kind === 'dividend' ? (
        <dl className="agent-terms">
          <div>
            <dt>{t('agw_basis')}</dt>
            <dd>{t(dividendBasisLabelKeys[terms.terms.basis])}</dd>
          </div>
          <div>
            <dt>{t('agw_dividend_period')}</dt>
            <dd>{t(dividendPeriodLabelKeys[terms.terms.period])}</dd>
          </div>
        </dl>
      ) : null}
      <table className="agent-tiers">
        <caption className="visually-hidden">{t('agw_tiers')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agw_tier')}</th>
            <th scope="col">{t('agw_team_bet')}</th>
            <th scope="col">{t('agw_active_members')}</th>
            <th scope="col">{t('agw_rate')}</th>
          </tr>
        </thead>
        <tbody>
          {terms.terms.tiers.map((tier, index) => (
            <tr key={index}>
              <th scope="row">{formatNumber(index + 1, formatOptions)}</th>
              <td>{money(String(tier.teamBet))}</td>
              <td>{formatNumber(tier.activeMembers, formatOptions)}</td>
              <td>{percent(tier.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Who pays, since when, and the terms of one contract. */
export function ContractSummary({ contract, side }: { contract: AgentContract; side: 'mine' | 'team' }) {
  const { t } = useTranslation();
  const { formatOptions } = useMoney();
  const since = contract.startedAt ?? contract.createdAt;
  return (
    <div className="agent-contract">
      <p className="agent-contract__head">
        {side === 'team' ? <span className="agent-strong">{contract.member}</span> : null}
        <ContractStatusBadge status={contract.status} />
        {contract.pendingRequest ? (
          <Badge tone="gold">
            {t(contract.pendingRequest.kind === 'new' ? 'agw_request_new' : 'agw_request_termination')}
          </Badge>
        ) : null}
      </p>
      <p className="agent-muted">
        {side === 'mine' ? t('agw_paid_by', { name: contract.upline ?? t('agw_platform') }) : null}
        {side === 'mine' ? ' · ' : null}
        {t(contract.startedAt === null ? 'agw_offered_on' : 'agw_since', {
          value: formatDateTime(since, formatOptions),
        })}
      </p>
      <ContractTermsView terms={contract.terms} />
    </div>
  );
}
