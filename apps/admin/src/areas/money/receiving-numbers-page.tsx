import './money.css';
import { useState } from 'react';
import { z } from 'zod';
import {
  depositWalletProviders,
  walletNumberSchema,
  walletProviderNames,
  type ValueOf,
} from '@khela/contract';
import {
  operatorApproveDepositNumber,
  operatorDepositNumbers,
  operatorSaveDepositNumber,
} from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { NumberField, SelectField, SubmitButton, TextField } from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';
import { amountField } from './amount-field.ts';
import { FormOutcome, listState, useNotice } from './money-kit.tsx';

type Row = ValueOf<typeof operatorDepositNumbers>[number];

const numberForm = z.object({
  provider: z.enum(depositWalletProviders),
  number: walletNumberSchema,
  label: z.string().trim().max(40),
  dailyCap: amountField({ precision: null }),
});
type NumberValues = z.input<typeof numberForm>;

/**
 * The brand's receiving bKash / Nagad / Rocket numbers for manual deposits (issue 37, item 3): a
 * member is shown the enabled number of the provider, with the day's cap left, that was shown
 * longest ago. Numbers are switched off, never deleted (old deposits name them). A new number is
 * shown to members only once another operator approved it (four eyes); its digits are fixed.
 */
export default function ReceivingNumbersPage() {
  const list = useCall(operatorDepositNumbers);
  const mayEdit = useCan()('money.deposits');
  const save = useMutationCall(operatorSaveDepositNumber, { invalidates: [operatorDepositNumbers] });
  const approve = useMutationCall(operatorApproveDepositNumber, { invalidates: [operatorDepositNumbers] });
  const notice = useNotice();
  const [editing, setEditing] = useState<Row | null>(null);

  const approveNumber = (row: Row) =>
    notice.run(async () => {
      await approve.mutateAsync({ body: { numberId: row.numberId } });
      return t('money_numbers_approved', { number: row.number });
    });

  const toggle = (row: Row) =>
    notice.run(async () => {
      await save.mutateAsync({
        body: {
          numberId: row.numberId,
          provider: row.provider,
          number: row.number,
          ...(row.label ? { label: row.label } : {}),
          dailyCap: row.dailyCap,
          enabled: !row.enabled,
        },
      });
      return t(row.enabled ? 'money_numbers_switched_off' : 'money_numbers_switched_on', {
        number: row.number,
      });
    });

  const columns: Column<Row>[] = [
    {
      key: 'provider',
      header: t('money_numbers_provider'),
      cell: (row) => walletProviderNames[row.provider],
    },
    { key: 'number', header: t('money_numbers_number'), cell: (row) => row.number },
    { key: 'label', header: t('money_numbers_label'), wide: true, cell: (row) => row.label ?? '—' },
    {
      key: 'cap',
      header: t('money_numbers_used_cap'),
      cell: (row) => `${formatMoney(row.usedToday)} / ${formatMoney(row.dailyCap)}`,
    },
    {
      key: 'state',
      header: t('money_status'),
      cell: (row) =>
        row.approved ? (
          row.enabled ? (
            t('money_numbers_on')
          ) : (
            t('money_numbers_off')
          )
        ) : (
          <span className="money-pending">
            {t('money_numbers_awaiting', { operator: row.addedBy ?? '—' })}
          </span>
        ),
    },
    {
      key: 'shown',
      header: t('money_numbers_last_shown'),
      wide: true,
      cell: (row) => (row.lastShownAt ? formatTime(row.lastShownAt) : '—'),
    },
    {
      key: 'actions',
      header: t('money_actions'),
      cell: (row) =>
        mayEdit ? (
          <div className="money-actions">
            {row.approved ? null : (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void approveNumber(row)}
              >
                {t('money_numbers_approve')}
              </button>
            )}
            <button type="button" className="button button--ghost" onClick={() => setEditing(row)}>
              {t('money_numbers_edit')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => void toggle(row)}>
              {row.enabled ? t('money_numbers_switch_off') : t('money_numbers_switch_on')}
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <Page title={t('money_numbers_title')}>
      <Section title={t('money_numbers_title')}>
        <p className="money-note">{t('money_numbers_lead')}</p>
        {notice.alert}
        <Table
          label={t('money_numbers_title')}
          columns={columns}
          rows={list.data}
          rowKey={(row) => row.numberId}
          {...listState(list)}
          emptyText={t('money_numbers_empty')}
        />
      </Section>
      {mayEdit ? (
        <Section
          title={editing ? t('money_numbers_edit_title', { number: editing.number }) : t('money_numbers_add')}
        >
          <NumberForm key={editing?.numberId ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        </Section>
      ) : null}
    </Page>
  );
}

function NumberForm({ editing, onDone }: { editing: Row | null; onDone: () => void }) {
  const save = useMutationCall(operatorSaveDepositNumber, { invalidates: [operatorDepositNumbers] });
  const [result, setResult] = useState<string | null>(null);
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<NumberValues>({
    schema: numberForm,
    defaultValues: {
      provider: editing?.provider ?? 'bkash',
      number: editing?.number ?? '',
      label: editing?.label ?? '',
      dailyCap: editing?.dailyCap ?? '',
    },
    fields: ['provider', 'number', 'label', 'dailyCap'],
    action: async (values) => {
      const saved = await save.mutateAsync({
        body: {
          ...(editing ? { numberId: editing.numberId } : {}),
          // Fixed once listed: another number is added instead.
          provider: editing?.provider ?? values.provider,
          number: editing?.number ?? values.number,
          ...(values.label.trim() ? { label: values.label.trim() } : {}),
          dailyCap: values.dailyCap,
          enabled: editing?.enabled ?? true,
        },
      });
      setResult(
        t(saved.approved ? 'money_numbers_saved' : 'money_numbers_saved_awaiting', { number: saved.number }),
      );
      form.reset();
      onDone();
    },
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {editing ? (
        <>
          <TextField
            label={t('money_numbers_provider')}
            value={walletProviderNames[editing.provider]}
            readOnly
          />
          <TextField
            label={t('money_numbers_number')}
            hint={t('money_numbers_fixed_hint')}
            value={editing.number}
            readOnly
          />
        </>
      ) : (
        <>
          <SelectField
            label={t('money_numbers_provider')}
            isRequired
            options={depositWalletProviders.map((value) => ({ value, label: walletProviderNames[value] }))}
            error={fieldError('provider')}
            {...form.register('provider')}
          />
          <TextField
            label={t('money_numbers_number')}
            hint={t('money_numbers_number_hint')}
            isRequired
            inputMode="tel"
            autoComplete="off"
            maxLength={20}
            error={fieldError('number')}
            {...form.register('number')}
          />
        </>
      )}
      <TextField
        label={t('money_numbers_label')}
        maxLength={40}
        autoComplete="off"
        error={fieldError('label')}
        {...form.register('label')}
      />
      <NumberField
        label={t('money_numbers_daily_cap')}
        hint={t('money_numbers_daily_cap_hint')}
        isRequired
        error={fieldError('dailyCap')}
        {...form.register('dailyCap')}
      />
      <FormOutcome alert={alert} result={result} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('money_working')}>
          {t('money_numbers_save')}
        </SubmitButton>
        {editing ? (
          <button type="button" className="button button--ghost" onClick={onDone}>
            {t('money_cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
