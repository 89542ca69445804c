import { useState } from 'react';
import { VIP_LEVELS_MAX, VIP_SERVICE_FROM_LEVEL, type ValueOf, type VipTableInput } from '@khela/contract';
import { operatorVipSetLevel, operatorVipTable, operatorVipTableSave } from '@khela/contract/call-routes';
import { groupAmount } from '@khela/contract/money';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { FormAlert, SelectField, SubmitButton, TextField } from '../../shared/forms/fields.tsx';
import { addTexts, t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { formatTime, serverErrors, useDraft } from './site-kit.tsx';
import vipTexts from './vip-texts.en.json';

// The page's texts come with its chunk, not in the back office's entry script.
addTexts(vipTexts);

type Loaded = ValueOf<typeof operatorVipTable>;

interface LevelDraft {
  name: string;
  turnover: string;
  deposits: string;
  reward: string;
  wageringMultiple: string;
  /** Empty: no daily limit. */
  dailyWithdrawalLimit: string;
}

interface Draft {
  periodDays: string;
  levels: LevelDraft[];
}

function draftOf(loaded: Loaded): Draft {
  return {
    periodDays: String(loaded.periodDays),
    levels: loaded.levels.map((level) => ({
      name: level.name,
      turnover: level.turnover,
      deposits: level.deposits,
      reward: level.reward,
      wageringMultiple: String(level.wageringMultiple),
      dailyWithdrawalLimit: level.dailyWithdrawalLimit ?? '',
    })),
  };
}

/** The request the draft makes: levels numbered 0, 1, 2 … in their order; amounts as typed. */
export function requestOf(draft: Draft): VipTableInput {
  return {
    periodDays: Number(draft.periodDays),
    levels: draft.levels.map((level, index) => ({
      level: index,
      name: level.name.trim(),
      turnover: level.turnover.trim(),
      deposits: level.deposits.trim(),
      reward: level.reward.trim() || '0',
      wageringMultiple: Number(level.wageringMultiple),
      dailyWithdrawalLimit: level.dailyWithdrawalLimit.trim() || null,
    })),
  };
}

/**
 * Site → VIP ranks (issue 40 item 1; docs/vip.md): the rank table (the rolling period in brand
 * days; each level's name, turnover and deposit thresholds, level-up reward and its wagering), the
 * members at each level, the bound's smallest multiple. Levels are added at the end and removed from
 * the end; the server checks the table (thresholds increasing, rewards within 1 % of the turnover
 * threshold and wagered at least the bound) and shows its refusal under the field; every save is
 * audited. Reading needs content.read, saving settings.write.
 */
export default function VipPage() {
  const table = useCall(operatorVipTable);
  if (table.isLoading)
    return (
      <Page title={t('site_nav_vip')}>
        <Loading rows={6} />
      </Page>
    );
  if (table.error || !table.data)
    return (
      <Page title={t('site_nav_vip')}>
        <ErrorState error={table.error} onRetry={() => void table.refetch()} />
      </Page>
    );
  return (
    <>
      <VipEditor loaded={table.data} />
      <MemberLevel loaded={table.data} />
    </>
  );
}

/**
 * A player's level set by hand (players.status), with a reason: audited, no level-up reward, the
 * review one period on. The server refuses an agent, a trial account or an unknown player.
 */
function MemberLevel({ loaded }: { loaded: Loaded }) {
  const can = useCan();
  const set = useMutationCall(operatorVipSetLevel, { invalidates: [operatorVipTable] });
  const { draft, setDraft, errors, setErrors, alert, setAlert, isBusy, setBusy } = useDraft({
    username: '',
    level: '0',
    reason: '',
  });
  const [done, setDone] = useState<string | null>(null);
  if (!can('players.status')) return null;
  const submit = async () => {
    setAlert(null);
    setDone(null);
    setBusy(true);
    const outcome = await set
      .mutateAsync({
        body: { username: draft.username.trim(), level: Number(draft.level), reason: draft.reason.trim() },
      })
      .then(
        (value) => ({ value, failure: null }),
        (failure: unknown) => ({ value: null, failure }),
      );
    setBusy(false);
    if (outcome.value) {
      setErrors({});
      setDone(
        t('site_vip_member_done', {
          username: outcome.value.username,
          from: outcome.value.fromLevel,
          to: outcome.value.toLevel,
        }),
      );
      return;
    }
    const shown = serverErrors(outcome.failure);
    setErrors(shown.errors);
    setAlert(shown.alert);
  };
  return (
    <Section title={t('site_vip_member_title')}>
      <p className="muted">{t('site_vip_member_lead')}</p>
      <form
        className="site-vip"
        aria-label={t('site_vip_member_title')}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="form__grid">
          <TextField
            label={t('site_vip_member_username')}
            value={draft.username}
            error={errors.username}
            onChange={(event) => setDraft((previous) => ({ ...previous, username: event.target.value }))}
          />
          <SelectField
            label={t('site_vip_level')}
            value={draft.level}
            error={errors.level}
            options={loaded.levels.map((level) => ({
              value: String(level.level),
              label: `${level.level} · ${level.name}`,
            }))}
            onChange={(event) => setDraft((previous) => ({ ...previous, level: event.target.value }))}
          />
        </div>
        <TextField
          label={t('site_vip_member_reason')}
          value={draft.reason}
          maxLength={200}
          error={errors.reason}
          onChange={(event) => setDraft((previous) => ({ ...previous, reason: event.target.value }))}
        />
        <div className="form__actions">
          <SubmitButton isBusy={isBusy} busyLabel={t('site_vip_saving')}>
            {t('site_vip_member_set')}
          </SubmitButton>
        </div>
        {alert && <FormAlert>{alert}</FormAlert>}
        {done && <FormAlert tone="notice">{done}</FormAlert>}
      </form>
    </Section>
  );
}

function VipEditor({ loaded }: { loaded: Loaded }) {
  const can = useCan();
  const mayWrite = can('settings.write');
  const save = useMutationCall(operatorVipTableSave, { invalidates: [operatorVipTable] });
  const { draft, setDraft, errors, setErrors, alert, setAlert, isBusy, setBusy } = useDraft<Draft>(
    draftOf(loaded),
  );
  const [saved, setSaved] = useState(false);
  const money = (amount: string) => `${loaded.currencySymbol}${groupAmount(amount)}`;
  const membersAt = (level: number) => loaded.members.find((row) => row.level === level)?.count ?? 0;
  const setLevel = (index: number, key: keyof LevelDraft, value: string) =>
    setDraft((previous) => ({
      ...previous,
      levels: previous.levels.map((level, at) => (at === index ? { ...level, [key]: value } : level)),
    }));
  const addLevel = () =>
    setDraft((previous) => ({
      ...previous,
      levels: [
        ...previous.levels,
        {
          name: '',
          turnover: '',
          deposits: '',
          reward: '0',
          wageringMultiple: String(loaded.smallestWageringMultiple ?? 60),
          dailyWithdrawalLimit: '',
        },
      ],
    }));
  const removeLevel = () => setDraft((previous) => ({ ...previous, levels: previous.levels.slice(0, -1) }));

  const submit = async () => {
    setAlert(null);
    setSaved(false);
    setBusy(true);
    const outcome = await save.mutateAsync({ body: requestOf(draft) }).then(
      () => null,
      (failure: unknown) => failure,
    );
    setBusy(false);
    if (outcome === null) {
      setErrors({});
      setSaved(true);
      return;
    }
    const shown = serverErrors(outcome);
    setErrors(shown.errors);
    setAlert(shown.alert);
  };

  const readOnly = !mayWrite;
  return (
    <Page title={t('site_nav_vip')}>
      <Section title={t('site_vip_table_title')}>
        <p className="muted">
          {t('site_vip_lead', { zone: loaded.timeZone, service: VIP_SERVICE_FROM_LEVEL - 1 })}
        </p>
        <p className="muted" data-testid="vip-bound">
          {loaded.smallestWageringMultiple === null
            ? t('site_vip_bound_none')
            : t('site_vip_bound', { multiple: loaded.smallestWageringMultiple })}
        </p>
        <form
          className="site-vip"
          aria-label={t('site_vip_table_title')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={t('site_vip_period')}
            hint={t('site_vip_period_hint')}
            type="number"
            min={1}
            max={365}
            value={draft.periodDays}
            readOnly={readOnly}
            error={errors.periodDays}
            onChange={(event) => setDraft((previous) => ({ ...previous, periodDays: event.target.value }))}
          />
          <div className="table-frame">
            <div className="table-scroll">
              <table className="table site-vip__table" aria-label={t('site_vip_levels')}>
                <thead>
                  <tr>
                    <th scope="col">{t('site_vip_level')}</th>
                    <th scope="col">{t('site_vip_name')}</th>
                    <th scope="col">{t('site_vip_turnover', { currency: loaded.currency })}</th>
                    <th scope="col">{t('site_vip_deposits', { currency: loaded.currency })}</th>
                    <th scope="col">{t('site_vip_reward', { currency: loaded.currency })}</th>
                    <th scope="col">{t('site_vip_wagering')}</th>
                    <th scope="col">{t('site_vip_daily_withdrawal', { currency: loaded.currency })}</th>
                    <th scope="col">{t('site_vip_members')}</th>
                  </tr>
                </thead>
                <tbody>
                  {draft.levels.map((level, index) => {
                    const field = (name: string) => errors[`levels.${index}.${name}`];
                    const base = index === 0;
                    return (
                      <tr key={index}>
                        <th scope="row">{index}</th>
                        {(
                          [
                            'name',
                            'turnover',
                            'deposits',
                            'reward',
                            'wageringMultiple',
                            'dailyWithdrawalLimit',
                          ] as const
                        ).map((key) => (
                          <td key={key}>
                            <TextField
                              label={t(`site_vip_cell_${key}`, { level: index })}
                              className="site-vip__cell"
                              inputMode={key === 'name' ? 'text' : 'decimal'}
                              value={level[key]}
                              readOnly={
                                readOnly || (base && key !== 'name' && key !== 'dailyWithdrawalLimit')
                              }
                              error={field(key)}
                              onChange={(event) => setLevel(index, key, event.target.value)}
                            />
                          </td>
                        ))}
                        <td>{membersAt(index)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
          <p className="muted">
            {draft.levels.length > 1 && draft.levels[1]
              ? t('site_vip_example', {
                  name: draft.levels[1].name || '—',
                  turnover: money(draft.levels[1].turnover || '0'),
                  deposits: money(draft.levels[1].deposits || '0'),
                  days: draft.periodDays,
                  reward: money(draft.levels[1].reward || '0'),
                  multiple: draft.levels[1].wageringMultiple,
                })
              : t('site_vip_one_level')}
          </p>
          {mayWrite && (
            <div className="form__actions">
              <button
                type="button"
                className="button button--ghost"
                disabled={draft.levels.length >= VIP_LEVELS_MAX}
                onClick={addLevel}
              >
                {t('site_vip_add')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={draft.levels.length <= 1}
                onClick={removeLevel}
              >
                {t('site_vip_remove')}
              </button>
              <SubmitButton isBusy={isBusy} busyLabel={t('site_vip_saving')}>
                {t('site_vip_save')}
              </SubmitButton>
            </div>
          )}
          {alert && <FormAlert>{alert}</FormAlert>}
          {saved && <FormAlert tone="notice">{t('site_vip_saved')}</FormAlert>}
          <p className="muted">
            {loaded.updatedBy
              ? t('site_vip_updated', { by: loaded.updatedBy, at: formatTime(loaded.updatedAt) })
              : t('site_vip_never_saved')}
          </p>
        </form>
      </Section>
    </Page>
  );
}
