import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import {
  amountInputSchema,
  contractTierSchema,
  dividendBases,
  dividendPeriods,
  maxContractTiers,
  ratePercentSchema,
  type AgentContract,
} from '@khela/contract';
import { operatorAgentContract } from '@khela/contract/call-routes';
import { useMutationCall } from '../../shared/api/hooks.ts';
import { FormAlert, SelectField, SubmitButton, TextField } from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { addTexts, t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import './operations.css';
import contractTexts from './contracts-texts.en.json';

// The page's texts come with its chunk, not in the back office's entry script.
addTexts(contractTexts);

const kinds = ['daily', 'hourly', 'realtime', 'dividend'] as const;

/**
 * One form for the four kinds: the fields of the chosen kind are checked with the contract's
 * schemas (tiers, rates, amounts); the server checks the whole body again (operatorAgentContract).
 */
const formSchema = z
  .object({
    username: z.string().trim().min(1, 'Required').max(64),
    kind: z.enum(kinds),
    tiers: z.array(contractTierSchema).max(maxContractTiers),
    winRate: z.string().max(6),
    lossRate: z.string().max(6),
    singleBet: z.string().max(20),
    basis: z.enum(dividendBases),
    period: z.enum(dividendPeriods),
  })
  .superRefine((values, context) => {
    if (values.kind === 'realtime') {
      for (const field of ['winRate', 'lossRate'] as const) {
        const checked = ratePercentSchema.safeParse(values[field]);
        if (!checked.success)
          context.addIssue({
            code: 'custom',
            path: [field],
            message: checked.error.issues[0]?.message ?? 'invalid',
          });
      }
      const stake = amountInputSchema.safeParse(values.singleBet);
      if (!stake.success)
        context.addIssue({
          code: 'custom',
          path: ['singleBet'],
          message: stake.error.issues[0]?.message ?? 'invalid',
        });
    } else if (values.tiers.length === 0) {
      context.addIssue({
        code: 'too_small',
        minimum: 1,
        origin: 'array',
        inclusive: true,
        path: ['tiers'],
        message: 'Required',
      });
    }
  });
type FormValues = z.infer<typeof formSchema>;

function bodyOf(values: FormValues) {
  const { username } = values;
  switch (values.kind) {
    case 'realtime':
      return {
        username,
        kind: 'realtime' as const,
        terms: { winRate: values.winRate, lossRate: values.lossRate, singleBet: values.singleBet },
      };
    case 'dividend':
      return {
        username,
        kind: 'dividend' as const,
        terms: { basis: values.basis, period: values.period, tiers: values.tiers },
      };
    default:
      return { username, kind: values.kind, terms: { tiers: values.tiers } };
  }
}

/** A top agent's contract with the platform (issue 14): set here, active at once. */
export default function ContractsPage() {
  const [done, setDone] = useState<AgentContract | null>(null);
  const setContract = useMutationCall(operatorAgentContract);
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<FormValues>({
    schema: formSchema,
    defaultValues: {
      username: '',
      kind: 'daily',
      tiers: [{ teamBet: '0', activeMembers: 0, rate: '0.5' }],
      winRate: '0',
      lossRate: '0',
      singleBet: '0',
      basis: 'loss',
      period: 'M',
    },
    fields: ['username', 'kind', 'tiers', 'winRate', 'lossRate', 'singleBet', 'basis', 'period'],
    action: async (values) => {
      setDone(await setContract.mutateAsync({ body: bodyOf(values) }));
    },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const kind = form.watch('kind');
  const tierError = (index: number, field: 'teamBet' | 'activeMembers' | 'rate') =>
    form.formState.errors.tiers?.[index]?.[field]?.message;
  return (
    <Page title={t('operations_contracts_title')}>
      <Section>
        <p className="muted">{t('operations_contracts_lead')}</p>
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            setDone(null);
            void submit(event);
          }}
        >
          <div className="form__grid">
            <TextField
              label={t('operations_contracts_agent')}
              autoComplete="off"
              autoCapitalize="none"
              maxLength={64}
              isRequired
              error={fieldError('username')}
              {...form.register('username')}
            />
            <SelectField
              label={t('operations_contracts_kind')}
              options={kinds.map((value) => ({ value, label: t(`operations_contracts_kind_${value}`) }))}
              isRequired
              error={fieldError('kind')}
              {...form.register('kind')}
            />
          </div>
          {kind === 'realtime' ? (
            <div className="form__grid">
              <TextField
                label={t('operations_contracts_win_rate')}
                inputMode="decimal"
                maxLength={6}
                error={fieldError('winRate')}
                {...form.register('winRate')}
              />
              <TextField
                label={t('operations_contracts_loss_rate')}
                inputMode="decimal"
                maxLength={6}
                error={fieldError('lossRate')}
                {...form.register('lossRate')}
              />
              <TextField
                label={t('operations_contracts_single_bet')}
                inputMode="decimal"
                maxLength={20}
                error={fieldError('singleBet')}
                {...form.register('singleBet')}
              />
            </div>
          ) : (
            <fieldset className="form operations-tiers">
              <legend>{t('operations_contracts_tiers')}</legend>
              {kind === 'dividend' ? (
                <div className="form__grid">
                  <SelectField
                    label={t('operations_contracts_basis')}
                    options={dividendBases.map((value) => ({
                      value,
                      label: t(`operations_contracts_basis_${value}`),
                    }))}
                    {...form.register('basis')}
                  />
                  <SelectField
                    label={t('operations_contracts_period')}
                    options={dividendPeriods.map((value) => ({
                      value,
                      label: t(`operations_contracts_period_${value}`),
                    }))}
                    {...form.register('period')}
                  />
                </div>
              ) : null}
              {tiers.fields.map((tier, index) => (
                <div className="form__grid" key={tier.id}>
                  <TextField
                    label={t('operations_contracts_team_bet')}
                    inputMode="decimal"
                    maxLength={20}
                    error={tierError(index, 'teamBet')}
                    {...form.register(`tiers.${index}.teamBet`)}
                  />
                  <TextField
                    label={t('operations_contracts_active')}
                    inputMode="numeric"
                    maxLength={7}
                    error={tierError(index, 'activeMembers')}
                    {...form.register(`tiers.${index}.activeMembers`, { valueAsNumber: true })}
                  />
                  <TextField
                    label={t('operations_contracts_rate')}
                    inputMode="decimal"
                    maxLength={6}
                    error={tierError(index, 'rate')}
                    {...form.register(`tiers.${index}.rate`)}
                  />
                  {tiers.fields.length > 1 ? (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => tiers.remove(index)}
                    >
                      {t('operations_contracts_remove_tier')}
                    </button>
                  ) : null}
                </div>
              ))}
              {tiers.fields.length < maxContractTiers ? (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => tiers.append({ teamBet: '0', activeMembers: 0, rate: '0.5' })}
                >
                  {t('operations_contracts_add_tier')}
                </button>
              ) : null}
              <FormAlert>{fieldError('tiers')}</FormAlert>
            </fieldset>
          )}
          <FormAlert>{alert}</FormAlert>
          {done ? (
            <FormAlert tone="notice">
              {t('operations_contracts_done', {
                id: done.id,
                kind: t(`operations_contracts_kind_${done.kind}`),
                member: done.member,
              })}
            </FormAlert>
          ) : null}
          <div className="form__actions">
            <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')}>
              {t('operations_contracts_submit')}
            </SubmitButton>
          </div>
        </form>
      </Section>
    </Page>
  );
}
