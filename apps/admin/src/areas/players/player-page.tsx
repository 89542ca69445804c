import { useState } from 'react';
import type { PlayerDetail } from '@khela/contract';
import {
  operatorPlayer,
  operatorPlayerActivity,
  operatorPlayerEndSessions,
  operatorPlayerNotes,
  operatorPlayerSearch,
  operatorPlayerSetStatus,
} from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { Link, useSearchParams } from '../../app/router.tsx';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { FormAlert } from '../../shared/forms/fields.tsx';
import { ActivityTab, type ActivityKind } from './activity-tab.tsx';
import { formatCount, formatTime, orDash } from './format.ts';
import { NotesTab } from './notes-tab.tsx';
import { StatusBadge } from './status-badge.tsx';

const activityTabs: readonly ActivityKind[] = [
  'sessions',
  'logins',
  'deposits',
  'withdrawals',
  'rounds',
  'bonuses',
];
type Tab = 'profile' | ActivityKind | 'notes' | 'upline' | 'team';
type Action = 'locked' | 'disabled' | 'active' | 'end';

/** A member's page: header with status and balances, the actions, and the tabs. */
export default function PlayerPage({ id }: { id: number }) {
  const detail = useCall(operatorPlayer, { id });
  const [params, setParams] = useSearchParams();
  if (detail.isLoading) return <Loading rows={6} />;
  if (!detail.data) {
    return (
      <Page title={t('players_player_title')}>
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </Page>
    );
  }
  const tabs: Tab[] = [
    'profile',
    ...activityTabs,
    'notes',
    'upline',
    ...(detail.data.agent ? (['team'] as const) : []),
  ];
  const wanted = params.get('tab') as Tab | null;
  const tab: Tab = wanted && tabs.includes(wanted) ? wanted : 'profile';
  return (
    <PlayerView
      id={id}
      detail={detail.data}
      tabs={tabs}
      tab={tab}
      onTab={(next) => setParams({ tab: next === 'profile' ? undefined : next })}
    />
  );
}

function PlayerView({
  id,
  detail,
  tabs,
  tab,
  onTab,
}: {
  id: number;
  detail: PlayerDetail;
  tabs: readonly Tab[];
  tab: Tab;
  onTab: (tab: Tab) => void;
}) {
  const can = useCan();
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = [operatorPlayer, operatorPlayerActivity, operatorPlayerSearch, operatorPlayerNotes];
  const setStatus = useMutationCall(operatorPlayerSetStatus, { invalidates: refresh });
  const endSessions = useMutationCall(operatorPlayerEndSessions, { invalidates: refresh });
  const { profile, balance } = detail;

  const actions = (
    <>
      {can('players.status') && profile.status !== 'self_excluded' ? (
        <>
          {profile.status === 'active' ? (
            <>
              <button type="button" className="button button--ghost" onClick={() => setAction('locked')}>
                {t('players_action_lock')}
              </button>
              <button type="button" className="button button--danger" onClick={() => setAction('disabled')}>
                {t('players_action_disable')}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button button--primary" onClick={() => setAction('active')}>
                {t(profile.status === 'locked' ? 'players_action_unlock' : 'players_action_reactivate')}
              </button>
              {profile.status === 'locked' ? (
                <button type="button" className="button button--danger" onClick={() => setAction('disabled')}>
                  {t('players_action_disable')}
                </button>
              ) : null}
            </>
          )}
        </>
      ) : null}
      {can('players.sessions') ? (
        <button type="button" className="button button--ghost" onClick={() => setAction('end')}>
          {t('players_action_end_sessions')}
        </button>
      ) : null}
    </>
  );

  const dialogTexts: Record<
    Action,
    { title: string; message: string; confirm: string; tone: 'primary' | 'danger' }
  > = {
    locked: {
      title: t('players_dialog_lock_title', { account: profile.account }),
      message: t('players_dialog_lock_message'),
      confirm: t('players_action_lock'),
      tone: 'danger',
    },
    disabled: {
      title: t('players_dialog_disable_title', { account: profile.account }),
      message: t('players_dialog_disable_message'),
      confirm: t('players_action_disable'),
      tone: 'danger',
    },
    active: {
      title: t('players_dialog_unlock_title', { account: profile.account }),
      message: t('players_dialog_unlock_message'),
      confirm: t(profile.status === 'locked' ? 'players_action_unlock' : 'players_action_reactivate'),
      tone: 'primary',
    },
    end: {
      title: t('players_dialog_end_title', { account: profile.account }),
      message: t('players_dialog_end_message', { count: detail.counts.liveSessions }),
      confirm: t('players_action_end_sessions'),
      tone: 'danger',
    },
  };

  const confirm = async (reason: string) => {
    if (!action) return;
    if (action === 'end') {
      const ended = await endSessions.mutateAsync({ body: { id, reason } });
      setNotice(t('players_notice_ended', { count: ended.ended }));
    } else {
      const changed = await setStatus.mutateAsync({ body: { id, status: action, reason } });
      setNotice(t('players_notice_status', { status: t(`players_status_${changed.status}`) }));
    }
  };

  return (
    <Page title={`${profile.account}`} actions={actions}>
      <p className="players-crumbs">
        <Link to="/players">{t('players_back_to_search')}</Link>
      </p>
      <Section className="players-head">
        <div className="players-head__who">
          <StatusBadge status={profile.status} />
          <span className="players-head__kind">{t(`players_kind_${profile.kind}`)}</span>
          <span className="muted">{t('players_head_id', { id: profile.id })}</span>
        </div>
        <dl className="meta-list players-head__facts">
          <div>
            <dt>{t('players_col_nickname')}</dt>
            <dd>{profile.nickname}</dd>
          </div>
          <div>
            <dt>{t('players_balance_playable')}</dt>
            <dd className="nowrap">{`${balance.sumBalance} ${balance.currency}`}</dd>
          </div>
          <div>
            <dt>{t('players_balance_games')}</dt>
            <dd className="nowrap">{`${balance.gameWallets} ${balance.currency}`}</dd>
          </div>
          <div>
            <dt>{t('players_balance_held')}</dt>
            <dd className="nowrap">{`${balance.held} ${balance.currency}`}</dd>
          </div>
          {profile.status !== 'active' ? (
            <div>
              <dt>{t('players_status_reason')}</dt>
              <dd>
                {orDash(profile.statusReason)}{' '}
                <span className="muted">({formatTime(profile.statusChangedAt)})</span>
              </dd>
            </div>
          ) : null}
        </dl>
        <FormAlert tone="notice">{notice}</FormAlert>
      </Section>

      <div className="players-tabs" role="tablist" aria-label={t('players_tabs_label')}>
        {tabs.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            id={`players-tab-${each}`}
            aria-selected={each === tab}
            aria-controls="players-tabpanel"
            className={`players-tabs__tab${each === tab ? ' players-tabs__tab--on' : ''}`}
            onClick={() => onTab(each)}
          >
            {t(`players_tab_${each}`)}
          </button>
        ))}
      </div>
      <div id="players-tabpanel" role="tabpanel" aria-labelledby={`players-tab-${tab}`}>
        {tab === 'profile' ? <ProfileTab detail={detail} /> : null}
        {activityTabs.includes(tab as ActivityKind) ? (
          <ActivityTab id={id} kind={tab as ActivityKind} />
        ) : null}
        {tab === 'notes' ? <NotesTab id={id} /> : null}
        {tab === 'upline' ? <UplineTab detail={detail} /> : null}
        {tab === 'team' ? <TeamTab detail={detail} /> : null}
      </div>

      {action ? (
        <ConfirmWithReason
          open
          onOpenChange={(open) => {
            if (!open) setAction(null);
          }}
          title={dialogTexts[action].title}
          message={dialogTexts[action].message}
          confirmLabel={dialogTexts[action].confirm}
          tone={dialogTexts[action].tone}
          onConfirm={confirm}
        />
      ) : null}
    </Page>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ProfileTab({ detail }: { detail: PlayerDetail }) {
  const { profile, balance, limits, counts } = detail;
  return (
    <div className="players-grid">
      <Section title={t('players_section_profile')}>
        <dl className="meta-list">
          <Fact label={t('players_col_account')} value={profile.account} />
          <Fact label={t('players_col_nickname')} value={profile.nickname} />
          <Fact
            label={t('players_col_type')}
            value={`${t(`players_kind_${profile.kind}`)} (${profile.type})`}
          />
          <Fact label={t('players_col_mobile')} value={orDash(profile.mobile)} />
          <Fact label={t('players_col_email')} value={orDash(profile.email)} />
          <Fact label={t('players_col_payee')} value={orDash(profile.payeeName)} />
          <Fact label={t('players_col_registered')} value={formatTime(profile.registeredAt)} />
          <Fact label={t('players_col_register_ip')} value={orDash(profile.registerIp)} />
          <Fact label={t('players_col_register_method')} value={orDash(profile.registerMethod)} />
          <Fact label={t('players_col_register_domain')} value={orDash(profile.registerDomain)} />
          <Fact label={t('players_col_last_login')} value={formatTime(profile.lastLoginAt)} />
          <Fact label={t('players_col_rank')} value={String(profile.rankLevel)} />
          <Fact
            label={t('players_col_labels')}
            value={profile.labels.length ? profile.labels.join(', ') : '—'}
          />
          <Fact
            label={t('players_col_two_factor')}
            value={t(profile.twoFactorOn ? 'players_yes' : 'players_no')}
          />
        </dl>
      </Section>
      <Section title={t('players_section_wallets')}>
        <dl className="meta-list">
          {balance.wallets.length === 0 ? <Fact label={t('players_wallet_none')} value="—" /> : null}
          {balance.wallets.map((wallet) => (
            <Fact
              key={`${wallet.kind}:${wallet.vendor ?? ''}`}
              label={
                wallet.vendor
                  ? `${t(`players_wallet_${wallet.kind}`)} · ${wallet.vendor}`
                  : t(`players_wallet_${wallet.kind}`)
              }
              value={`${wallet.balance} ${balance.currency}`}
            />
          ))}
          <Fact label={t('players_balance_total')} value={`${balance.totalBalance} ${balance.currency}`} />
        </dl>
      </Section>
      <Section title={t('players_section_limits')}>
        <dl className="meta-list">
          {(['day', 'week', 'month'] as const).map((period) => {
            const limit = limits.deposit[period];
            const pending = limit.pending
              ? t('players_limit_pending', {
                  amount: orDash(limit.pending.amount),
                  from: formatTime(limit.pending.from),
                })
              : '';
            return (
              <Fact
                key={period}
                label={t(`players_limit_${period}`)}
                value={`${limit.current ?? t('players_limit_none')} · ${t('players_limit_used', { used: limit.used })}${pending ? ` · ${pending}` : ''}`}
              />
            );
          })}
        </dl>
      </Section>
      <Section title={t('players_section_counts')}>
        <dl className="meta-list">
          <Fact label={t('players_tab_deposits')} value={String(counts.deposits)} />
          <Fact label={t('players_tab_withdrawals')} value={String(counts.withdrawals)} />
          <Fact label={t('players_tab_rounds')} value={String(counts.rounds)} />
          <Fact label={t('players_count_live_sessions')} value={String(counts.liveSessions)} />
          <Fact label={t('players_tab_notes')} value={String(counts.notes)} />
        </dl>
      </Section>
    </div>
  );
}

function UplineTab({ detail }: { detail: PlayerDetail }) {
  return (
    <Section title={t('players_tab_upline')}>
      {detail.upline.length === 0 ? (
        <p className="empty">{t('players_upline_none')}</p>
      ) : (
        <ol className="players-chain">
          {detail.upline.map((upline) => (
            <li key={upline.id}>
              <Link to={`/players/${upline.id}`}>{upline.account}</Link>{' '}
              <span className="muted">({upline.type})</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function TeamTab({ detail }: { detail: PlayerDetail }) {
  const agent = detail.agent;
  if (!agent) return null;
  return (
    <>
      <Section title={t('players_section_team')}>
        <dl className="meta-list">
          <Fact label={t('players_team_direct')} value={String(agent.directCount)} />
          <Fact label={t('players_team_all')} value={String(agent.teamCount)} />
        </dl>
      </Section>
      <Section title={t('players_section_contracts')}>
        {agent.contracts.length === 0 ? (
          <p className="empty">{t('players_contracts_none')}</p>
        ) : (
          <div className="table-frame">
            <div className="table-scroll">
              <table className="table" aria-label={t('players_section_contracts')}>
                <thead>
                  <tr>
                    <th scope="col">{t('players_contract_kind')}</th>
                    <th scope="col">{t('players_col_status')}</th>
                    <th scope="col">{t('players_contract_payer')}</th>
                    <th scope="col" className="table__end">
                      {t('players_contract_rate')}
                    </th>
                    <th scope="col">{t('players_contract_started')}</th>
                    <th scope="col">{t('players_contract_ended')}</th>
                  </tr>
                </thead>
                <tbody>
                  {agent.contracts.map((contract) => (
                    <tr key={contract.id}>
                      <td>{contract.kind}</td>
                      <td>{contract.status}</td>
                      <td>{contract.payer ?? t('players_contract_platform')}</td>
                      <td className="table__end">{`${formatCount(contract.maxRateBp / 100, 2)} %`}</td>
                      <td>{formatTime(contract.startedAt)}</td>
                      <td>{formatTime(contract.endedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </Section>
    </>
  );
}
