import { useId, type ReactNode } from 'react';
import { RAFFLE_MAX_PLACES, wageringCategories, type WageringCategory } from '@khela/contract';
import { operatorRaffleCreate, operatorRaffles } from '@khela/contract/call-routes';
import { useMutationCall } from '../../shared/api/hooks.ts';
import { SelectField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { EditorForm } from './content-editor.tsx';
import {
  MAX_PRIZE_LINES,
  checkRaffleDraft,
  draftWords,
  formField,
  periodFor,
  type PrizeDraft,
  type RaffleContext,
  type RaffleDraft,
} from './raffle-draft.ts';
import { serverErrors, useDraft, zoneHint } from './site-kit.tsx';

/**
 * The "New raffle" form (docs/back-office-promotions.md "Raffles"): the promotion page (those with
 * neither a raffle nor a bonus), its period, the tickets, the prize lines (add and remove, at most
 * 10 lines and 100 prizes), the categories' weights, the prizes' wagering and claim days; checked on
 * the client as the server checks it, the server's refusal shown under its field, and the raffle in
 * words as it is typed. Once saved, nothing of it can change.
 */

type TextKey = 'ticketTurnover' | 'maxTickets' | 'wageringMultiple' | 'maxBet' | 'expiryDays' | 'claimDays';

export interface FreePage {
  promotionId: number;
  title: string;
  startsAt: number | null;
  endsAt: number | null;
}

export interface RaffleFormProps {
  pages: readonly FreePage[];
  /** The draft it opens with (newRaffleDraft, made when the form is opened). */
  initial: RaffleDraft;
  context: RaffleContext;
  onClose: () => void;
  onCreated: (title: string) => void;
}

export function RaffleForm({ pages, initial, context, onClose, onCreated }: RaffleFormProps) {
  const create = useMutationCall(operatorRaffleCreate, { invalidates: [operatorRaffles] });
  const { draft, setDraft, errors, setErrors, alert, setAlert, isBusy, setBusy } =
    useDraft<RaffleDraft>(initial);
  const set = <K extends keyof RaffleDraft>(key: K, value: RaffleDraft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  const setWeight = (category: WageringCategory, value: string) =>
    setDraft((previous) => ({ ...previous, weights: { ...previous.weights, [category]: value } }));
  const setPrize = (index: number, key: keyof PrizeDraft, value: string) =>
    setDraft((previous) => ({
      ...previous,
      prizes: previous.prizes.map((prize, at) => (at === index ? { ...prize, [key]: value } : prize)),
    }));

  const submit = async () => {
    setAlert(null);
    const checked = checkRaffleDraft(draft, context, Date.now());
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    const outcome = await create.mutateAsync({ body: checked.request }).then(
      (made) => ({ made, failure: null }),
      (failure: unknown) => ({ made: null, failure }),
    );
    setBusy(false);
    if (outcome.made) {
      onCreated(outcome.made.title);
      return;
    }
    // The server's refusal under its field (`rule.maxBet` is the form's `maxBet`).
    const shown = serverErrors(outcome.failure);
    const byField: Record<string, string> = {};
    for (const [field, reason] of Object.entries(shown.errors)) byField[formField(field)] = reason;
    setErrors(byField);
    setAlert(shown.alert);
  };

  /** A text field of the draft; its error by its dotted name (`prizes.0.amount`, `weights.RNG`). */
  const cell = (
    name: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: { mode?: 'decimal' | 'numeric'; hint?: string; fallbackError?: string | undefined } = {},
  ) => (
    <TextField
      key={name}
      name={name}
      label={label}
      value={value}
      hint={options.hint}
      error={errors[name] ?? options.fallbackError}
      inputMode={options.mode ?? 'numeric'}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
  const text = (key: TextKey, label: string, options: { hint?: string; numeric?: boolean } = {}) =>
    cell(key, label, draft[key], (value) => set(key, value), {
      mode: options.numeric ? 'numeric' : 'decimal',
      ...(options.hint ? { hint: options.hint } : {}),
    });

  const smallest = context.smallestWageringMultiple;
  const words = draftWords(draft, context);
  return (
    <EditorForm onSubmit={submit} alert={alert} isBusy={isBusy} onCancel={onClose}>
      <p className="muted">{t('site_raffle_form_lead')}</p>
      {/* Date-time inputs are wider than the grid's usual column: a wider one, so they never overlap. */}
      <div className="form__grid site-raffle-period">
        <SelectField
          label={t('site_raffle_page')}
          name="promotionId"
          value={draft.promotionId}
          hint={t('site_raffle_page_hint')}
          error={errors.promotionId}
          onChange={(event) => {
            const chosen = pages.find((page) => String(page.promotionId) === event.target.value);
            setDraft((previous) => ({
              ...previous,
              promotionId: event.target.value,
              ...periodFor(chosen, Date.now()),
            }));
          }}
          options={pages.map((page) => ({ value: String(page.promotionId), label: page.title }))}
        />
        <TextField
          label={t('site_raffle_starts_at')}
          name="startsAt"
          type="datetime-local"
          hint={zoneHint()}
          value={draft.startsAt}
          error={errors.startsAt}
          onChange={(event) => set('startsAt', event.target.value)}
        />
        <TextField
          label={t('site_raffle_ends_at')}
          name="endsAt"
          type="datetime-local"
          hint={zoneHint()}
          value={draft.endsAt}
          error={errors.endsAt}
          onChange={(event) => set('endsAt', event.target.value)}
        />
      </div>
      <div className="form__grid">
        {text('ticketTurnover', t('site_raffle_ticket_turnover'), {
          hint: t('site_raffle_ticket_turnover_hint'),
        })}
        {text('maxTickets', t('site_raffle_max_tickets'), { numeric: true })}
      </div>
      <Group
        legend={t('site_raffle_prizes')}
        hint={t('site_raffle_prizes_hint', { lines: MAX_PRIZE_LINES, places: RAFFLE_MAX_PLACES })}
        error={errors.prizes}
      >
        {draft.prizes.map((prize, index) => (
          <div className="form__grid" key={index}>
            {cell(
              `prizes.${index}.amount`,
              t('site_raffle_prize_amount', { line: index + 1 }),
              prize.amount,
              (value) => setPrize(index, 'amount', value),
              { mode: 'decimal' },
            )}
            {cell(
              `prizes.${index}.count`,
              t('site_raffle_prize_count', { line: index + 1 }),
              prize.count,
              (value) => setPrize(index, 'count', value),
              { fallbackError: errors[`prizes.${index}`] },
            )}
            {draft.prizes.length > 1 ? (
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('site_raffle_prize_remove', { line: index + 1 })}
                onClick={() =>
                  setDraft((previous) => ({
                    ...previous,
                    prizes: previous.prizes.filter((_, at) => at !== index),
                  }))
                }
              >
                ×
              </button>
            ) : null}
          </div>
        ))}
        {draft.prizes.length < MAX_PRIZE_LINES ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() =>
              setDraft((previous) => ({
                ...previous,
                prizes: [...previous.prizes, { amount: '', count: '1' }],
              }))
            }
          >
            {t('site_raffle_prize_add')}
          </button>
        ) : null}
      </Group>
      <Group legend={t('site_raffle_weights')} hint={t('site_raffle_weights_hint')} error={errors.weights}>
        <div className="form__grid">
          {wageringCategories.map((category) =>
            cell(
              `weights.${category}`,
              t(`site_raffle_category_${category}`),
              draft.weights[category],
              (value) => setWeight(category, value),
            ),
          )}
        </div>
      </Group>
      <div className="form__grid">
        {text('wageringMultiple', t('site_raffle_wagering'), {
          numeric: true,
          hint:
            smallest === null
              ? t('site_raffle_bound_none')
              : t('site_raffle_wagering_hint', { multiple: smallest }),
        })}
        {text('maxBet', t('site_raffle_max_bet'))}
        {text('expiryDays', t('site_raffle_expiry'), { numeric: true })}
        {text('claimDays', t('site_raffle_claim_days'), { numeric: true })}
      </div>
      <div className="site-preview" aria-live="polite">
        <p className="site-preview__label">{t('site_raffle_preview')}</p>
        <p className="site-bonus-sentence" data-testid="raffle-preview">
          {words ?? <span className="muted">{t('site_raffle_preview_invalid')}</span>}
        </p>
      </div>
    </EditorForm>
  );
}

/** A group of fields with its legend, hint and the group's own error (a fieldset). */
function Group({
  legend,
  hint,
  error,
  children,
}: {
  legend: string;
  hint: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset className="site-bonus-weights" aria-describedby={hintId}>
      <legend className="field__label">{legend}</legend>
      <p className="field__hint" id={hintId}>
        {hint}
      </p>
      {children}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
