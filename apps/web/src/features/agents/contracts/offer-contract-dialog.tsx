import { useMemo, useState } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { z } from 'zod';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { ApiError, type DividendBasis, type DividendPeriod, type WageKind } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { errorTextKey, fieldIssueText } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { Modal } from '../../../shared/ui/modal.tsx';
import { formatNumber } from '../../../shared/lib/format.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { amountOrNull, maxInputMinorUnits, readAmount } from '@khela/contract/money';
import { useMoney } from '../../wallet/index.ts';
import { useConsolidated, useContractAction, type AnyContractBody } from './agent-api.ts';
import { dividendBasisLabelKeys, dividendPeriodLabelKeys, usePercent } from './contract-view.tsx';
import '../reports/reports.css';

export interface OfferContractDialogProps {
  /** The downline offered the contract. */
  username: string;
  kind: WageKind;
  open: boolean;
  onClose(): void;
}

const kindTitleKeys: Record<WageKind, string> = {
  daily: 'agw_offer_daily',
  hourly: 'agw_offer_hourly',
  realtime: 'agw_offer_realtime',
  dividend: 'agw_offer_dividend',
};

/** The most tiers a contract has (contract `maxContractTiers`, kept here without its schemas). */
const maxTiers = 10;
const dividendBases = ['loss', 'betting'] as const satisfies readonly DividendBasis[];
const dividendPeriods = ['D', 'W', 'H', 'M'] as const satisfies readonly DividendPeriod[];

interface TierRow {
  teamBet: string;
  activeMembers: string;
  rate: string;
}

interface OfferValues {
  tiers: TierRow[];
  basis: DividendBasis;
  period: DividendPeriod;
  winRate: string;
  lossRate: string;
  singleBet: string;
}

const emptyTier: TierRow = { teamBet: '', activeMembers: '0', rate: '' };
/** The contract's rate rule: a percent from 0 to 100 with at most two decimals. */
const ratePattern = /^(100(\.0{1,2})?|[0-9]{1,2}(\.[0-9]{1,2})?)$/;

/** The rules of the offer form, as the server's (contract agents.ts), with texts of this app. */
function offerSchema(kind: WageKind, precision: number) {
  // The server's rule for a request's amount; zero is a tier's own floor, so it is allowed.
  const amount = z
    .string()
    .refine(
      (text) => readAmount(text, { precision, allowZero: true, max: maxInputMinorUnits(precision) }).ok,
      'text_amount_format',
    );
  // A decimal as an exact integer at a scale (amounts at the precision, rates in hundredths).
  const scaled = (text: string, scale: number) =>
    amountOrNull(text, { precision: scale, allowZero: true }) ?? 0n;
  const rate = z.string().trim().regex(ratePattern, 'agw_rate_format');
  const members = z
    .string()
    .trim()
    .regex(/^[0-9]{1,7}$/, 'agw_members_format');
  const free = z.string();
  const hasTiers = kind !== 'realtime';
  const tiers = hasTiers
    ? z
        .array(z.object({ teamBet: amount, activeMembers: members, rate }))
        .min(1)
        .max(maxTiers)
        .superRefine((rows, context) => {
          // A ladder grows: more betting or more members than the tier before, and no lower rate.
          rows.forEach((row, index) => {
            const before = rows[index - 1];
            if (!before) return;
            const moreBet = scaled(row.teamBet, precision) > scaled(before.teamBet, precision);
            if (!moreBet && Number(row.activeMembers) <= Number(before.activeMembers)) {
              context.addIssue({ code: 'custom', path: [index, 'teamBet'], message: 'agw_tier_must_grow' });
            }
            if (scaled(row.rate, 2) < scaled(before.rate, 2)) {
              context.addIssue({ code: 'custom', path: [index, 'rate'], message: 'agw_rate_not_lower' });
            }
          });
        })
    : z.array(z.object({ teamBet: free, activeMembers: free, rate: free }));
  const isRealtime = kind === 'realtime';
  return z.object({
    tiers,
    basis: z.enum(dividendBases),
    period: z.enum(dividendPeriods),
    winRate: isRealtime ? rate : free,
    lossRate: isRealtime ? rate : free,
    singleBet: isRealtime ? amount : free,
  }) satisfies z.ZodType<OfferValues, OfferValues>;
}

/** The call's body for the form's values: only the terms of the kind. */
function offerBody(
  kind: WageKind,
  username: string,
  values: OfferValues,
  requestId: string,
): AnyContractBody {
  const tiers = values.tiers.map((row) => ({
    teamBet: row.teamBet,
    activeMembers: Number(row.activeMembers),
    rate: row.rate.trim(),
  }));
  const offer = { action: 'offer', username, requestId } as const;
  switch (kind) {
    case 'realtime':
      return {
        kind,
        body: {
          ...offer,
          terms: {
            winRate: values.winRate.trim(),
            lossRate: values.lossRate.trim(),
            singleBet: values.singleBet,
          },
        },
      };
    case 'dividend':
      return { kind, body: { ...offer, terms: { basis: values.basis, period: values.period, tiers } } };
    case 'daily':
    case 'hourly':
      return { kind, body: { ...offer, terms: { tiers } } };
  }
}

/**
 * Offer a downline a contract of one kind (spec 4): the tier ladder (daily, hourly, dividend with its
 * basis and period) or the real-time rates and single bet. Opened from the team management page.
 */
export function OfferContractDialog({ username, kind, open, onClose }: OfferContractDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="modal"
      title={t(kindTitleKeys[kind])}
      description={t('agw_offer_to', { name: username })}
      closeLabel={t('action_close')}
    >
      {/* Mounted while open: each opening is a new offer with its own request id. */}
      {open ? <OfferForm username={username} kind={kind} onDone={onClose} /> : null}
    </Modal>
  );
}

function OfferForm({ username, kind, onDone }: { username: string; kind: WageKind; onDone: () => void }) {
  const { t } = useTranslation();
  const { precision, formatOptions } = useMoney();
  const ordinal = (index: number) => formatNumber(index + 1, formatOptions);
  const percent = usePercent();
  // One id per opened dialog: a retry after a lost answer makes one offer, not two.
  const [requestId] = useState(() => crypto.randomUUID());
  const own = useConsolidated().data?.contracts[kind] ?? null;
  const action = useContractAction();
  const showToast = useOverlayStore((state) => state.showToast);
  const schema = useMemo(() => offerSchema(kind, precision), [kind, precision]);
  const hasTiers = kind !== 'realtime';

  const { form, alert, submit, fieldError } = useServerForm<OfferValues>({
    schema,
    defaultValues: {
      tiers: hasTiers ? [emptyTier] : [],
      basis: 'loss',
      period: 'D',
      winRate: '',
      lossRate: '',
      singleBet: '',
    },
    fields: ['basis', 'period', 'winRate', 'lossRate', 'singleBet'],
    action: async (values) => {
      await action.mutateAsync(offerBody(kind, username, values, requestId));
      showToast('agw_offer_sent');
      onDone();
    },
    onError: (error, current, translate) => {
      if (!(error instanceof ApiError)) return false;
      const values = current.getValues();
      const names = new Set<string>(['basis', 'period', 'winRate', 'lossRate', 'singleBet']);
      values.tiers.forEach((_, index) =>
        ['teamBet', 'activeMembers', 'rate'].forEach((name) => names.add(`tiers.${index}.${name}`)),
      );
      // The server names fields of the body (`terms.tiers.1.rate`); the form's are the terms' own.
      const landing = error.issues
        .map((issue) => ({ issue, name: issue.field.replace(/^terms\./, '') }))
        .filter(({ name }) => names.has(name));
      if (landing.length === 0 && error.code === 'CONTRACT_ABOVE_OWN') {
        // No field named: the rates above my own contract's are the ones to lower.
        aboveOwn(values).forEach((name) =>
          current.setError(name, { type: 'server', message: translate('err_contract_above_own') }),
        );
        return aboveOwn(values).length > 0;
      }
      landing.forEach(({ issue, name }, index) => {
        const message =
          error.code === 'VALIDATION_FAILED'
            ? fieldIssueText(issue, translate)
            : translate(errorTextKey(error));
        current.setError(
          name as Path<OfferValues>,
          { type: 'server', message },
          { shouldFocus: index === 0 },
        );
      });
      return landing.length > 0;
    },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });

  /** The rate fields above the offerer's own contract (none when I have no contract to compare). */
  function aboveOwn(values: OfferValues): Path<OfferValues>[] {
    if (!own) return [];
    // Rates are percents with two decimals: read exactly as amounts at precision 2.
    const hundredthsOf = (text: string) => amountOrNull(text, { precision: 2, allowZero: true }) ?? 0n;
    const above = (rate: string, limit: string) => hundredthsOf(rate.trim()) > hundredthsOf(limit);
    if (own.terms.kind === 'realtime') {
      const limits = own.terms.terms;
      return (['winRate', 'lossRate'] as const).filter((name) => above(values[name], limits[name]));
    }
    return values.tiers.flatMap((row, index) =>
      above(row.rate, own.maxRate) ? [`tiers.${index}.rate` as const] : [],
    );
  }

  const ownText = !own
    ? t('agw_no_own_contract')
    : own.terms.kind === 'realtime'
      ? t('agw_own_rates', { win: percent(own.terms.terms.winRate), loss: percent(own.terms.terms.lossRate) })
      : t('agw_own_max_rate', { value: percent(own.maxRate) });

  return (
    <form className="form agent-offer" noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert tone="notice">{ownText}</FormAlert>
      {kind === 'dividend' ? (
        <div className="agent-offer__row">
          <label className="field">
            <span className="field__label">{t('agw_basis')}</span>
            <select className="field__input" {...form.register('basis')}>
              {dividendBases.map((basis) => (
                <option key={basis} value={basis}>
                  {t(dividendBasisLabelKeys[basis])}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('agw_dividend_period')}</span>
            <select className="field__input" {...form.register('period')}>
              {dividendPeriods.map((period) => (
                <option key={period} value={period}>
                  {t(dividendPeriodLabelKeys[period])}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      {hasTiers ? (
        <>
          {tiers.fields.map((field, index) => (
            <fieldset key={field.id} className="agent-tier">
              <legend className="agent-tier__legend">
                {t('agw_tier_number', { value: ordinal(index) })}
              </legend>
              <div className="agent-offer__row">
                <TextField
                  label={t('agw_team_bet')}
                  inputMode="decimal"
                  autoComplete="off"
                  error={fieldError(`tiers.${index}.teamBet`)}
                  {...form.register(`tiers.${index}.teamBet`)}
                />
                <TextField
                  label={t('agw_active_members')}
                  inputMode="numeric"
                  autoComplete="off"
                  error={fieldError(`tiers.${index}.activeMembers`)}
                  {...form.register(`tiers.${index}.activeMembers`)}
                />
                <TextField
                  label={t('agw_rate_percent')}
                  inputMode="decimal"
                  autoComplete="off"
                  error={fieldError(`tiers.${index}.rate`)}
                  {...form.register(`tiers.${index}.rate`)}
                />
              </div>
              {tiers.fields.length > 1 ? (
                <button
                  type="button"
                  className="button button--ghost button--small agent-tier__remove"
                  onClick={() => tiers.remove(index)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  {t('agw_remove_tier', { value: ordinal(index) })}
                </button>
              ) : null}
            </fieldset>
          ))}
          <button
            type="button"
            className="button button--outline button--small"
            disabled={tiers.fields.length >= maxTiers}
            onClick={() => tiers.append({ ...emptyTier })}
          >
            <Plus size={16} aria-hidden="true" />
            {t('agw_add_tier')}
          </button>
        </>
      ) : (
        <div className="agent-offer__row">
          <TextField
            label={t('agw_win_rate_percent')}
            inputMode="decimal"
            autoComplete="off"
            error={fieldError('winRate')}
            {...form.register('winRate')}
          />
          <TextField
            label={t('agw_loss_rate_percent')}
            inputMode="decimal"
            autoComplete="off"
            error={fieldError('lossRate')}
            {...form.register('lossRate')}
          />
          <TextField
            label={t('agw_single_bet')}
            inputMode="decimal"
            autoComplete="off"
            error={fieldError('singleBet')}
            {...form.register('singleBet')}
          />
        </div>
      )}
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton tone="gold" isBusy={form.formState.isSubmitting} busyLabel={t('state_sending')}>
          {t('agw_send_offer')}
        </SubmitButton>
      </div>
    </form>
  );
}
