import { useState } from 'react';
import type { ValueOf } from '@khela/contract';
import {
  operatorBonusClaims,
  operatorBonusRulePause,
  operatorBonusRuleRemove,
  operatorBonusRules,
} from '@khela/contract/call-routes';
import { formatAmount, readAmount } from '@khela/contract/money';
import { useCan } from '../../app/operator.ts';
import { Link } from '../../app/router.tsx';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { FormAlert } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { draftOf, ruleGives, ruleMoney, ruleWagering, type RuleContext } from './bonus-rule.ts';
import { BonusRuleEditor } from './bonus-rule-editor.tsx';
import { EditDialog } from './content-list.tsx';
import { formatTime, serverErrors } from './site-kit.tsx';
import bonusTexts from './bonus-texts.en.json';
import { addTexts } from '../../shared/i18n/i18n.ts';

// This page's texts come with its chunk, not with the back office's entry.
addTexts(bonusTexts);

type Rules = ValueOf<typeof operatorBonusRules>;
type Row = Rules['promotions'][number];

/** What the state column says: the page's status, or paused while the page would take claims. */
type ShownState = Row['pageStatus'] | 'paused';

function stateOf(row: Row): ShownState {
  const open = row.pageStatus === 'running' || row.pageStatus === 'coming_soon';
  return row.rule && row.paused && open ? 'paused' : row.pageStatus;
}

const stateTone: Record<ShownState, string> = {
  running: 'badge badge--ok',
  coming_soon: 'badge',
  paused: 'badge site-badge--warn',
  ended: 'badge badge--muted',
  hidden: 'badge badge--muted',
  deleted: 'badge badge--danger',
};

type Pending = { row: Row; action: 'pause' | 'resume' | 'remove' };

/**
 * Bonus promotions (issue 39 item 4; docs/back-office-promotions.md): each promotion page with its
 * bonus rule, its state and what its claims cost and paid; the rule's editor, pause and resume, and
 * removing it. The page itself (texts, picture, dates) is Site → Promotions: a promotion ends at its
 * page's end date. Reading needs content.read, changing content.write; the claims are Money → Bonus
 * claims (money.read). A referral promotion's row adds its rewards (waiting, claimed, expired) and
 * a link to Money → Referral rewards; a bonus obtained by application links to Money → Bonus
 * applications.
 */
export default function BonusesPage() {
  const can = useCan();
  const mayWrite = can('content.write');
  const mayReadClaims = can('money.read');
  const list = useCall(operatorBonusRules);
  const [editing, setEditing] = useState<Row | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = list.data;
  const context: RuleContext | null = data
    ? {
        currencySymbol: data.currencySymbol,
        currencyPrecision: data.currencyPrecision,
        smallestWageringMultiple: data.smallestWageringMultiple,
      }
    : null;
  const symbol = data?.currencySymbol ?? '';
  const money = (amount: string) => ruleMoney(amount, symbol);
  const countAndMoney = (count: number, amount: string) =>
    count === 0 ? '0' : t('site_bonus_count_amount', { count, amount: money(amount) });
  /** A referral promotion (or one whose rule is gone and left rewards). */
  const hasRewards = (row: Row) => {
    const { waiting, claimed, expired } = row.figures.rewards;
    return row.rule?.kind === 'referral' || waiting.count + claimed.count + expired.count > 0;
  };
  const rewardsLine = (row: Row) => {
    const shown = ({ count, amount }: { count: number; amount: string }) =>
      count === 0 ? '0' : t('site_bonus_rewards_count_amount', { count, amount: money(amount) });
    const { waiting, claimed, expired } = row.figures.rewards;
    return t('site_bonus_rewards_line', {
      waiting: shown(waiting),
      claimed: shown(claimed),
      expired: shown(expired),
    });
  };

  /** Forfeited and expired together: both went back to the platform. */
  const returned = (row: Row) => {
    const precision = data?.currencyPrecision ?? 2;
    const minor = (text: string) => {
      const reading = readAmount(text, { precision, allowZero: true });
      return reading.ok ? reading.minor : 0n;
    };
    const { forfeited, expired } = row.figures;
    return countAndMoney(
      forfeited.count + expired.count,
      formatAmount(minor(forfeited.amount) + minor(expired.amount), precision),
    );
  };

  const actions = (row: Row) => (
    <div className="site-row-actions">
      {mayWrite && row.pageStatus !== 'deleted' ? (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t(row.rule ? 'site_bonus_edit_named' : 'site_bonus_add_named', { name: row.title })}
          onClick={() => {
            setNotice(null);
            setEditing(row);
          }}
        >
          {t(row.rule ? 'site_bonus_edit' : 'site_bonus_add')}
        </button>
      ) : null}
      {mayWrite && row.rule ? (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t(row.paused ? 'site_bonus_resume_named' : 'site_bonus_pause_named', {
            name: row.title,
          })}
          onClick={() => setPending({ row, action: row.paused ? 'resume' : 'pause' })}
        >
          {t(row.paused ? 'site_bonus_resume' : 'site_bonus_pause')}
        </button>
      ) : null}
      {mayWrite && row.rule ? (
        <button
          type="button"
          className="button button--danger button--small"
          aria-label={t('site_bonus_remove_named', { name: row.title })}
          onClick={() => setPending({ row, action: 'remove' })}
        >
          {t('site_bonus_remove')}
        </button>
      ) : null}
      {mayReadClaims && row.figures.claims > 0 ? (
        <Link
          className="button button--ghost button--small"
          to={`/money/bonus-claims?promotionId=${row.promotionId}`}
          aria-label={t('site_bonus_claims_named', { name: row.title })}
        >
          {t('site_bonus_claims_link')}
        </Link>
      ) : null}
      {mayReadClaims && row.rule?.obtain === 'apply' ? (
        <Link
          className="button button--ghost button--small"
          to={`/money/bonus-applications?promotionId=${row.promotionId}`}
          aria-label={t('site_bonus_applications_named', { name: row.title })}
        >
          {t('site_bonus_applications_link')}
        </Link>
      ) : null}
      {mayReadClaims && hasRewards(row) ? (
        <Link
          className="button button--ghost button--small"
          to="/money/referral-rewards"
          aria-label={t('site_bonus_rewards_named', { name: row.title })}
        >
          {t('site_bonus_rewards_link')}
        </Link>
      ) : null}
    </div>
  );

  const columns: Column<Row>[] = [
    {
      key: 'promotion',
      header: t('site_bonus_col_promotion'),
      cell: (row) => (
        <span className="site-bonus-title">
          {row.title}
          <span className="muted"> #{row.promotionId}</span>
        </span>
      ),
    },
    {
      key: 'state',
      header: t('site_bonus_col_state'),
      cell: (row) => {
        const state = stateOf(row);
        return <span className={stateTone[state]}>{t(`site_bonus_state_${state}`)}</span>;
      },
    },
    {
      key: 'bonus',
      header: t('site_bonus_col_bonus'),
      cell: (row) =>
        row.rule ? ruleGives(row.rule, symbol) : <span className="muted">{t('site_bonus_none')}</span>,
    },
    {
      key: 'wagering',
      header: t('site_bonus_col_wagering'),
      wide: true,
      cell: (row) => (row.rule ? ruleWagering(row.rule, symbol) : '—'),
    },
    {
      key: 'claims',
      header: t('site_bonus_col_claims'),
      align: 'end',
      cell: (row) => {
        const claims =
          row.figures.waiting > 0
            ? t('site_bonus_claims_waiting', { count: row.figures.claims, waiting: row.figures.waiting })
            : String(row.figures.claims);
        return hasRewards(row) ? (
          <>
            {claims}
            <div className="muted" data-testid={`bonus-rewards-${row.promotionId}`}>
              {rewardsLine(row)}
            </div>
          </>
        ) : (
          claims
        );
      },
    },
    {
      key: 'active',
      header: t('site_bonus_col_active'),
      align: 'end',
      cell: (row) => countAndMoney(row.figures.active.count, row.figures.active.amount),
    },
    {
      key: 'converted',
      header: t('site_bonus_col_converted'),
      align: 'end',
      wide: true,
      cell: (row) => countAndMoney(row.figures.converted.count, row.figures.converted.amount),
    },
    {
      key: 'returned',
      header: t('site_bonus_col_returned'),
      align: 'end',
      wide: true,
      cell: returned,
    },
    ...(mayWrite || mayReadClaims ? [{ key: 'actions', header: t('site_actions'), cell: actions }] : []),
  ];

  return (
    <Page title={t('site_bonus_title')}>
      <Section>
        <p className="muted">{t('site_bonus_lead')}</p>
        {data ? (
          <p className="site-bonus-bound" data-testid="bonus-bound">
            {data.smallestWageringMultiple === null
              ? t('site_bonus_bound_none')
              : t('site_bonus_bound', { multiple: data.smallestWageringMultiple })}
          </p>
        ) : null}
        <FormAlert tone="notice">{notice}</FormAlert>
        <Table
          label={t('site_bonus_title')}
          columns={columns}
          rows={data?.promotions}
          rowKey={(row) => row.promotionId}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('site_bonus_empty')}
          expand={(row) =>
            row.updatedBy ? (
              <p className="muted">
                {t('site_bonus_updated_by', { by: row.updatedBy, at: formatTime(row.updatedAt) })}
              </p>
            ) : (
              <p className="muted">{t('site_bonus_never_saved')}</p>
            )
          }
        />
      </Section>
      <EditDialog
        editing={editing}
        title={editing ? t('site_bonus_editor_title', { name: editing.title }) : ''}
        onClose={() => setEditing(null)}
        editor={(row) =>
          context ? (
            <BonusRuleEditor
              promotionId={row.promotionId}
              name={row.title}
              initial={draftOf(row.rule, row.paused, context)}
              context={context}
              onClose={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                setNotice(t('site_bonus_saved', { name: row.title }));
              }}
            />
          ) : null
        }
      />
      <ConfirmRuleAction
        key={pending ? `${pending.action}-${pending.row.promotionId}` : 'none'}
        pending={pending}
        onClose={() => setPending(null)}
        onDone={(text) => {
          setPending(null);
          setNotice(text);
        }}
      />
    </Page>
  );
}

/** "Pause / resume / remove this bonus?": the action runs on confirmation; a refusal stays in the dialog. */
function ConfirmRuleAction({
  pending,
  onClose,
  onDone,
}: {
  pending: Pending | null;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const invalidates = [operatorBonusRules, operatorBonusClaims];
  const pause = useMutationCall(operatorBonusRulePause, { invalidates });
  const remove = useMutationCall(operatorBonusRuleRemove, { invalidates });
  const [alert, setAlert] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const action = pending?.action ?? 'pause';
  const name = pending?.row.title ?? '';
  const run = async () => {
    if (!pending) return;
    setAlert(null);
    setBusy(true);
    try {
      const promotionId = pending.row.promotionId;
      if (action === 'remove') await remove.mutateAsync({ body: { promotionId } });
      else await pause.mutateAsync({ body: { promotionId, paused: action === 'pause' } });
      onDone(t(`site_bonus_${action}d`, { name }));
    } catch (failure) {
      // A removal refused while bonuses are open says why in the server's words.
      const shown = serverErrors(failure);
      setAlert(shown.errors.promotionId ?? shown.alert);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(`site_bonus_${action}_title`, { name })}
      description={t(`site_bonus_${action}_message`)}
    >
      <FormAlert>{alert}</FormAlert>
      <div className="form__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('site_cancel')}
        </button>
        <button
          type="button"
          className={`button ${action === 'remove' ? 'button--danger' : 'button--primary'}`}
          disabled={isBusy}
          aria-busy={isBusy || undefined}
          onClick={() => void run()}
        >
          {isBusy ? t('shell_working') : t(`site_bonus_${action}`)}
        </button>
      </div>
    </Dialog>
  );
}
