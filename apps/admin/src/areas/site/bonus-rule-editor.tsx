import {
  bonusKinds,
  bonusObtainWays,
  cashbackTiersMax,
  claimPeriods,
  wageringCategories,
  type BonusKind,
  type BonusObtain,
  type ClaimPeriod,
  type WageringCategory,
} from '@khela/contract';
import { operatorBonusClaims, operatorBonusRuleSave, operatorBonusRules } from '@khela/contract/call-routes';
import { useMutationCall } from '../../shared/api/hooks.ts';
import { SelectField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import {
  checkRuleDraft,
  draftSentence,
  editorField,
  firstTier,
  type RuleContext,
  type RuleDraft,
  type TierDraft,
} from './bonus-rule.ts';
import { EditorForm } from './content-editor.tsx';
import { serverErrors, useDraft } from './site-kit.tsx';
import bonusTexts from './bonus-texts.en.json';
import { addTexts } from '../../shared/i18n/i18n.ts';

// This page's texts come with its chunk, not with the back office's entry.
addTexts(bonusTexts);

/**
 * The editor of one promotion's bonus rule: every field of the contract's rule, the weights as one
 * percentage per wagering category, checked on the client as the server checks it (the contract's
 * schema, the brand's precision, the bound's smallest multiple), the server's refusal shown under
 * its field, and the rule as one sentence while it is typed. A referral reward's fields say what
 * they mean for it (the friend's deposit and days, the days the reward waits), its percentage is
 * optional, and "first deposit only" and the claim period, which do not apply to it, are hidden. A
 * fixed bonus chooses how members get it: claimed with the button, or by application (pictures an
 * operator reviews in Money → Bonus applications); the other kinds are always claimed. A cash-back
 * takes its period (a brand day or week), its cap and its tiers (rows of a smallest net loss and a
 * percent, added and removed here), and hides what does not apply to it.
 */

type TextKey = Exclude<
  {
    [K in keyof RuleDraft]: RuleDraft[K] extends string ? K : never;
  }[keyof RuleDraft],
  'kind' | 'claimPeriod' | 'obtain'
>;

export interface BonusRuleEditorProps {
  promotionId: number;
  name: string;
  initial: RuleDraft;
  context: RuleContext;
  onClose: () => void;
  onSaved: () => void;
}

export function BonusRuleEditor({
  promotionId,
  name,
  initial,
  context,
  onClose,
  onSaved,
}: BonusRuleEditorProps) {
  const save = useMutationCall(operatorBonusRuleSave, {
    invalidates: [operatorBonusRules, operatorBonusClaims],
  });
  const { draft, setDraft, errors, setErrors, alert, setAlert, isBusy, setBusy } =
    useDraft<RuleDraft>(initial);
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  const setWeight = (category: WageringCategory, value: string) =>
    setDraft((previous) => ({ ...previous, weights: { ...previous.weights, [category]: value } }));
  const isMatch = draft.kind === 'deposit_match';
  const isReferral = draft.kind === 'referral';
  const isFixed = draft.kind === 'fixed';
  const isCashback = draft.kind === 'cashback';
  const setTier = (index: number, field: keyof TierDraft, value: string) =>
    setDraft((previous) => ({
      ...previous,
      tiers: previous.tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)),
    }));
  /** What the amount is: a cap once a percentage is given, else the bonus or reward itself. */
  const amountLabel = isCashback
    ? 'site_bonus_cashback_cap'
    : isMatch
      ? 'site_bonus_amount_cap'
      : !isReferral
        ? 'site_bonus_amount_fixed'
        : draft.percent.trim() === ''
          ? 'site_bonus_referral_amount_fixed'
          : 'site_bonus_amount_cap';

  const submit = async () => {
    setAlert(null);
    const checked = checkRuleDraft(draft, context);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await save.mutateAsync({ body: { promotionId, rule: checked.rule, paused: draft.paused } });
      onSaved();
    } catch (failure) {
      const shown = serverErrors(failure);
      setErrors(
        Object.fromEntries(Object.entries(shown.errors).map(([field, text]) => [editorField(field), text])),
      );
      setAlert(shown.alert);
    } finally {
      setBusy(false);
    }
  };

  const text = (key: TextKey, label: string, options: { hint?: string; numeric?: boolean } = {}) => (
    <TextField
      label={label}
      name={key}
      value={draft[key]}
      inputMode={options.numeric ? 'numeric' : 'decimal'}
      autoComplete="off"
      hint={options.hint}
      error={errors[key]}
      onChange={(event) => set(key, event.target.value)}
    />
  );

  const sentence = draftSentence(draft, context);
  const smallest = context.smallestWageringMultiple;
  return (
    <EditorForm onSubmit={submit} alert={alert} isBusy={isBusy} onCancel={onClose}>
      <p className="muted">{t('site_bonus_editor_lead', { name })}</p>
      <div className="form__grid">
        <SelectField
          label={t('site_bonus_kind')}
          name="kind"
          value={draft.kind}
          onChange={(event) => {
            const kind = event.target.value as BonusKind;
            // A deposit match starts at 100 % rather than an empty field; a referral at a fixed
            // reward (its percentage is optional); a cash-back pays a week unless a day was chosen.
            setDraft((previous) => ({
              ...previous,
              kind,
              claimPeriod:
                kind === 'cashback' && previous.claimPeriod === 'member' ? 'week' : previous.claimPeriod,
              tiers: previous.tiers.length > 0 ? previous.tiers : [firstTier()],
              percent:
                kind === 'deposit_match' && previous.percent.trim() === ''
                  ? '100'
                  : kind === 'referral' && previous.kind !== 'referral'
                    ? ''
                    : previous.percent,
            }));
          }}
          options={bonusKinds.map((kind) => ({ value: kind, label: t(`site_bonus_kind_${kind}`) }))}
          hint={t(`site_bonus_kind_${draft.kind}_hint`)}
          error={errors.kind}
        />
        {isFixed ? (
          <SelectField
            label={t('site_bonus_obtain')}
            name="obtain"
            value={draft.obtain}
            onChange={(event) => set('obtain', event.target.value as BonusObtain)}
            options={bonusObtainWays.map((way) => ({ value: way, label: t(`site_bonus_obtain_${way}`) }))}
            hint={t(`site_bonus_obtain_${draft.obtain}_hint`)}
            error={errors.obtain}
          />
        ) : null}
        {isMatch ? text('percent', t('site_bonus_percent')) : null}
        {isReferral
          ? text('percent', t('site_bonus_referral_percent'), { hint: t('site_bonus_referral_percent_hint') })
          : null}
        {text('amount', t(amountLabel))}
        {isMatch ? text('minDeposit', t('site_bonus_min_deposit')) : null}
        {isReferral
          ? text('minDeposit', t('site_bonus_referral_min_deposit'), {
              hint: t('site_bonus_referral_min_deposit_hint'),
            })
          : null}
        {isMatch || isReferral || isCashback
          ? text(
              'depositWithinDays',
              t(
                isCashback
                  ? 'site_bonus_cashback_claim_within'
                  : isReferral
                    ? 'site_bonus_referral_deposit_within'
                    : 'site_bonus_deposit_within',
              ),
              { numeric: true },
            )
          : null}
        {isCashback ? (
          <SelectField
            label={t('site_bonus_cashback_period')}
            name="claimPeriod"
            value={draft.claimPeriod}
            onChange={(event) => set('claimPeriod', event.target.value as ClaimPeriod)}
            options={(['day', 'week'] as const).map((period) => ({
              value: period,
              label: t(`site_bonus_cashback_period_${period}`),
            }))}
            hint={t('site_bonus_cashback_period_hint')}
            error={errors.claimPeriod}
          />
        ) : null}
      </div>
      {isCashback ? (
        <fieldset className="site-bonus-weights" aria-describedby="bonus-tiers-hint">
          <legend className="field__label">{t('site_bonus_cashback_tiers')}</legend>
          <p className="field__hint" id="bonus-tiers-hint">
            {t('site_bonus_cashback_tiers_hint')}
          </p>
          {draft.tiers.map((tier, index) => (
            <div className="form__grid" key={index} data-testid="cashback-tier">
              <TextField
                label={t('site_bonus_cashback_tier_min_loss', { number: index + 1 })}
                name={`tiers.${index}.minLoss`}
                value={tier.minLoss}
                inputMode="decimal"
                autoComplete="off"
                error={errors[`tiers.${index}.minLoss`]}
                onChange={(event) => setTier(index, 'minLoss', event.target.value)}
              />
              <TextField
                label={t('site_bonus_cashback_tier_percent', { number: index + 1 })}
                name={`tiers.${index}.percent`}
                value={tier.percent}
                inputMode="decimal"
                autoComplete="off"
                error={errors[`tiers.${index}.percent`]}
                onChange={(event) => setTier(index, 'percent', event.target.value)}
              />
              {draft.tiers.length > 1 ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() =>
                    setDraft((previous) => ({
                      ...previous,
                      tiers: previous.tiers.filter((_, at) => at !== index),
                    }))
                  }
                >
                  {t('site_bonus_cashback_tier_remove', { number: index + 1 })}
                </button>
              ) : null}
            </div>
          ))}
          {draft.tiers.length < cashbackTiersMax ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() =>
                setDraft((previous) => ({
                  ...previous,
                  tiers: [...previous.tiers, { minLoss: '', percent: '' }],
                }))
              }
            >
              {t('site_bonus_cashback_tier_add')}
            </button>
          ) : null}
          {errors.tiers ? (
            <p className="field__error" role="alert">
              {errors.tiers}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="form__grid">
        {isReferral || isCashback ? null : (
          <SelectField
            label={t(
              isFixed && draft.obtain === 'apply' ? 'site_bonus_apply_period' : 'site_bonus_claim_period',
            )}
            name="claimPeriod"
            value={draft.claimPeriod}
            onChange={(event) => set('claimPeriod', event.target.value as ClaimPeriod)}
            options={claimPeriods.map((period) => ({
              value: period,
              label: t(`site_bonus_claim_period_${period}`),
            }))}
            error={errors.claimPeriod}
          />
        )}
        {isCashback
          ? null
          : text(
              'newMemberDays',
              t(isReferral ? 'site_bonus_referral_new_member_days' : 'site_bonus_new_member_days'),
              {
                numeric: true,
                hint: t(
                  isReferral ? 'site_bonus_referral_new_member_days_hint' : 'site_bonus_new_member_days_hint',
                ),
              },
            )}
        {isCashback
          ? null
          : text('maxClaims', t(isReferral ? 'site_bonus_referral_max_claims' : 'site_bonus_max_claims'), {
              numeric: true,
              hint: t(isReferral ? 'site_bonus_referral_max_claims_hint' : 'site_bonus_max_claims_hint'),
            })}
      </div>
      {isReferral || isCashback ? null : (
        <label className="site-check">
          <input
            type="checkbox"
            name="firstDepositOnly"
            checked={draft.firstDepositOnly}
            onChange={(event) => set('firstDepositOnly', event.target.checked)}
          />
          {t('site_bonus_first_deposit_only')}
        </label>
      )}
      <div className="form__grid">
        {text('wageringMultiple', t('site_bonus_wagering'), {
          numeric: true,
          hint:
            smallest === null
              ? t('site_bonus_bound_none')
              : t('site_bonus_wagering_hint', { multiple: smallest }),
        })}
        {text('maxBet', t('site_bonus_max_bet'))}
        {text('expiryDays', t('site_bonus_expiry'), { numeric: true })}
      </div>
      <fieldset className="site-bonus-weights" aria-describedby="bonus-weights-hint">
        <legend className="field__label">{t('site_bonus_weights')}</legend>
        <p className="field__hint" id="bonus-weights-hint">
          {t('site_bonus_weights_hint')}
        </p>
        <div className="form__grid">
          {wageringCategories.map((category) => (
            <TextField
              key={category}
              label={t(`site_bonus_category_${category}`)}
              name={`weights.${category}`}
              value={draft.weights[category]}
              inputMode="numeric"
              autoComplete="off"
              error={errors[`weights.${category}`]}
              onChange={(event) => setWeight(category, event.target.value)}
            />
          ))}
        </div>
        {errors.weights ? (
          <p className="field__error" role="alert">
            {errors.weights}
          </p>
        ) : null}
      </fieldset>
      <label className="site-check">
        <input
          type="checkbox"
          name="paused"
          checked={draft.paused}
          onChange={(event) => set('paused', event.target.checked)}
        />
        {t('site_bonus_paused_check')}
      </label>
      <div className="site-preview" aria-live="polite">
        <p className="site-preview__label">{t('site_bonus_preview')}</p>
        <p className="site-bonus-sentence" data-testid="bonus-preview">
          {sentence ?? <span className="muted">{t('site_bonus_preview_invalid')}</span>}
        </p>
      </div>
    </EditorForm>
  );
}
