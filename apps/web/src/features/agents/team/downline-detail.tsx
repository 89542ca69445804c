import { useState, type ReactNode } from 'react';
import type { AgentContract, WageKind } from '@khela/contract';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatDateTime, formatNumber } from '../../../shared/lib/format.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { Badge, type BadgeTone } from '../../../shared/ui/badge.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useMoney } from '../../wallet/index.ts';
import { OfferContractDialog } from '../contracts/offer-contract-dialog.tsx';
import { AccountStatusBadge, Breadcrumbs, useAccountTypeLabel } from './team-labels.tsx';
import { TransferDownlineForm } from './transfer-downline-form.tsx';
import { useDownlineDetail, useDownlineStatus, type DownlineDetail } from './team-api.ts';
import '../../../shared/ui/card.css';

/** Each wage kind with the whitelabel feature that turns it on and its menu name. */
const wageKindInfo: Record<
  WageKind,
  { feature: 'salary' | 'hourSalary' | 'realTimeSalary' | 'dividend'; labelKey: string }
> = {
  daily: { feature: 'salary', labelKey: 'ac_daily_wages' },
  hourly: { feature: 'hourSalary', labelKey: 'ac_hourly_salary' },
  realtime: { feature: 'realTimeSalary', labelKey: 'ac_realtime_salary' },
  dividend: { feature: 'dividend', labelKey: 'ac_dividend' },
};
const wageKindOrder: WageKind[] = ['daily', 'hourly', 'realtime', 'dividend'];

const contractStatusInfo: Record<AgentContract['status'], { labelKey: string; tone: BadgeTone }> = {
  pending: { labelKey: 'agt_contract_pending', tone: 'gold' },
  active: { labelKey: 'agt_contract_active', tone: 'blue' },
  rejected: { labelKey: 'agt_contract_rejected', tone: 'danger' },
  cancelled: { labelKey: 'agt_contract_cancelled', tone: 'muted' },
  ended: { labelKey: 'agt_contract_ended', tone: 'muted' },
};

/** agentDownlineDetail: one account of the team, this month's figures, its contracts, and the actions. */
export function DownlineDetailView({
  username,
  onBack,
  onTeam,
}: {
  username: string;
  onBack: () => void;
  /** Show this account's own downlines in the list (undefined: the agent's own). */
  onTeam: (username: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const detail = useDownlineDetail(username);

  return (
    <div className="agent-detail">
      <div>
        <button type="button" className="button button--ghost button--small" onClick={onBack}>
          <ArrowLeft size={16} aria-hidden="true" /> {t('action_back')}
        </button>
      </div>
      {detail.isPending ? (
        <Skeleton rows={3} height="6rem" />
      ) : detail.isError ? (
        <FormAlert textKey={errorTextKey(detail.error)} />
      ) : (
        <DetailBody value={detail.data} onTeam={onTeam} />
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DetailBody({
  value,
  onTeam,
}: {
  value: DownlineDetail;
  onTeam: (username: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const formatOptions = useFormatOptions();
  const { money } = useMoney();
  const typeLabel = useAccountTypeLabel();
  const { downline, month } = value;
  const count = (n: number) => formatNumber(n, formatOptions);
  const [transferOpen, setTransferOpen] = useState(false);
  const [offerKind, setOfferKind] = useState<WageKind | null>(null);
  const offerKinds =
    downline.type === 0 ? [] : wageKindOrder.filter((kind) => brand.features[wageKindInfo[kind].feature]);

  return (
    <>
      <Breadcrumbs path={value.path} onGo={(name, isRoot) => onTeam(isRoot ? undefined : name)} />
      <section className="card card--compact" aria-labelledby="agent-detail-title">
        <h3 className="agent-section__title" id="agent-detail-title">
          {downline.account}
          {downline.nickname ? ` (${downline.nickname})` : ''}
        </h3>
        <dl className="agent-detail__facts">
          <Fact label={t('agt_account_kind')}>{typeLabel(downline.type)}</Fact>
          <Fact label={t('agt_status')}>
            <AccountStatusBadge status={downline.status} />
          </Fact>
          <Fact label={t('agt_level')}>{count(downline.level)}</Fact>
          <Fact label={t('label_upline')}>{downline.upline}</Fact>
          <Fact label={t('agt_balance')}>{money(downline.balance)}</Fact>
          <Fact label={t('agt_team_size')}>{count(downline.teamSize)}</Fact>
          <Fact label={t('agt_direct_members')}>{count(downline.directCount)}</Fact>
          <Fact label={t('agt_registered_at')}>{formatDateTime(downline.createdAt, formatOptions)}</Fact>
          <Fact label={t('label_last_login')}>
            {downline.lastLoginAt === null ? '—' : formatDateTime(downline.lastLoginAt, formatOptions)}
          </Fact>
        </dl>
        <DetailActions
          username={downline.account}
          status={downline.status}
          hasTeam={downline.directCount > 0}
          onTransfer={() => setTransferOpen(true)}
          onTeam={() => onTeam(downline.account)}
        />
        {offerKinds.length > 0 ? (
          <div className="agent-actions" role="group" aria-label={t('agt_offer_contract')}>
            {offerKinds.map((kind) => (
              <button
                key={kind}
                type="button"
                className="button button--outline button--small"
                onClick={() => setOfferKind(kind)}
              >
                {t('agt_offer_kind', { kind: t(wageKindInfo[kind].labelKey) })}
              </button>
            ))}
          </div>
        ) : null}
      </section>

      <section className="card card--compact" aria-labelledby="agent-month-title">
        <h3 className="agent-section__title" id="agent-month-title">
          {t('agt_this_month')}
        </h3>
        <dl className="agent-detail__facts">
          <Fact label={t('agt_new_members')}>{count(month.newMembers)}</Fact>
          <Fact label={t('agt_active_members')}>{count(month.activeMembers)}</Fact>
          <Fact label={t('agt_deposits')}>{money(month.deposits)}</Fact>
          <Fact label={t('agt_withdrawals')}>{money(month.withdrawals)}</Fact>
          <Fact label={t('agt_bets')}>{money(month.bet)}</Fact>
          <Fact label={t('agt_wins')}>{money(month.win)}</Fact>
          <Fact label={t('agt_profit')}>{money(month.profit)}</Fact>
        </dl>
      </section>

      <section className="card card--compact" aria-labelledby="agent-contracts-title">
        <h3 className="agent-section__title" id="agent-contracts-title">
          {t('agt_contracts')}
        </h3>
        {value.contracts.length === 0 ? (
          <p className="agent-section__text">{t('agt_contracts_empty')}</p>
        ) : (
          <ul className="agent-contracts">
            {value.contracts.map((contract) => (
              <li key={contract.id}>
                <span>
                  {t(wageKindInfo[contract.kind].labelKey)} ·{' '}
                  {t('agt_rate_value', { value: contract.maxRate })}
                </span>
                <Badge tone={contractStatusInfo[contract.status].tone}>
                  {t(contractStatusInfo[contract.status].labelKey)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Modal
        open={transferOpen}
        onClose={() => setTransferOpen(false)}
        variant="dialog"
        title={t('title_transfer_to', { name: downline.account })}
        closeLabel={t('action_close')}
      >
        <TransferDownlineForm username={downline.account} />
      </Modal>
      {wageKindOrder.map((kind) => (
        <OfferContractDialog
          key={kind}
          username={downline.account}
          kind={kind}
          open={offerKind === kind}
          onClose={() => setOfferKind(null)}
        />
      ))}
    </>
  );
}

/** Transfer, the account's own team, and disable or enable it (after a confirmation). */
function DetailActions({
  username,
  status,
  hasTeam,
  onTransfer,
  onTeam,
}: {
  username: string;
  status: 'active' | 'disabled';
  hasTeam: boolean;
  onTransfer: () => void;
  onTeam: () => void;
}) {
  const { t } = useTranslation();
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);
  const change = useDownlineStatus();
  const next = status === 'active' ? 'disabled' : 'active';
  const toggle = async () => {
    const question = t(next === 'disabled' ? 'agt_confirm_disable' : 'agt_confirm_enable', {
      name: username,
    });
    if (!(await requestConfirm({ messageKey: question }))) return;
    change.mutate({ username, status: next });
  };
  return (
    <>
      <div className="agent-actions">
        <button type="button" className="button button--gold button--small" onClick={onTransfer}>
          {t('action_transfer')}
        </button>
        {hasTeam ? (
          <button type="button" className="button button--ghost button--small" onClick={onTeam}>
            {t('agt_view_team')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--outline button--small"
          disabled={change.isPending}
          onClick={() => void toggle()}
        >
          {t(next === 'disabled' ? 'agt_disable' : 'agt_enable')}
        </button>
      </div>
      {change.isError ? <FormAlert textKey={errorTextKey(change.error)} /> : null}
    </>
  );
}
