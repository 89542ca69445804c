import { useState } from 'react';
import { z } from 'zod';
import { operatorCalls, operatorReasonSchema, operatorRoles, type OperatorSummary } from '@khela/contract';
import {
  operatorCreate,
  operatorList,
  operatorResetAccess,
  operatorUpdate,
} from '@khela/contract/call-routes';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { bodySchema } from '../../shared/api/schemas.ts';
import {
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { formatTime } from '../../shared/lib/format.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { useOperator } from '../operator.ts';

const roleOptions = operatorRoles.map((role) => ({ value: role, label: t(`shell_role_${role}`) }));

type Action =
  | { kind: 'role'; operator: OperatorSummary }
  | { kind: 'status'; operator: OperatorSummary }
  | { kind: 'reset'; operator: OperatorSummary };

/** The owner's page of operator accounts: the list, a new operator, role, disable/enable, reset access. */
export default function OperatorsPage() {
  const me = useOperator();
  const list = useCall(operatorList);
  const [creating, setCreating] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const update = useMutationCall(operatorUpdate, { invalidates: [operatorList] });

  const columns: Column<OperatorSummary>[] = [
    {
      key: 'account',
      header: t('shell_operators_account'),
      cell: (row) => (
        <>
          <strong>{row.account}</strong>
          <div className="muted">{row.nickname}</div>
        </>
      ),
    },
    { key: 'role', header: t('shell_operators_role'), cell: (row) => t(`shell_role_${row.role}`) },
    {
      key: 'status',
      header: t('shell_operators_status'),
      cell: (row) => (
        <span className={`badge ${row.status === 'active' ? 'badge--ok' : 'badge--danger'}`}>
          {t(`shell_operators_status_${row.status}`)}
        </span>
      ),
    },
    {
      key: 'twoFactor',
      header: t('shell_operators_two_factor'),
      wide: true,
      cell: (row) => (
        <span className={`badge ${row.twoFactorOn ? 'badge--ok' : 'badge--muted'}`}>
          {t(row.twoFactorOn ? 'shell_operators_two_factor_on' : 'shell_operators_two_factor_off')}
        </span>
      ),
    },
    {
      key: 'lastLogin',
      header: t('shell_operators_last_login'),
      wide: true,
      cell: (row) => <span className="nowrap">{formatTime(row.lastLoginAt)}</span>,
    },
    {
      key: 'actions',
      header: t('shell_operators_actions'),
      cell: (row) =>
        row.id === me.id ? (
          <span className="muted">{t('shell_operators_you')}</span>
        ) : (
          <div className="section__actions">
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setAction({ kind: 'role', operator: row })}
            >
              {t('shell_operators_change_role')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setAction({ kind: 'status', operator: row })}
            >
              {t(row.status === 'active' ? 'shell_operators_disable' : 'shell_operators_enable')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setAction({ kind: 'reset', operator: row })}
            >
              {t('shell_operators_reset')}
            </button>
          </div>
        ),
    },
  ];

  const close = (open: boolean) => {
    if (!open) setAction(null);
  };

  return (
    <Page
      title={t('shell_nav_operators')}
      actions={
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          {t('shell_operators_create')}
        </button>
      }
    >
      <Section>
        <Table
          label={t('shell_nav_operators')}
          columns={columns}
          rows={list.data}
          rowKey={(row) => row.id}
          isLoading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      </Section>
      <CreateOperatorDialog open={creating} onOpenChange={setCreating} />
      {action?.kind === 'role' ? (
        <RoleDialog key={action.operator.id} operator={action.operator} onOpenChange={close} />
      ) : null}
      {action?.kind === 'reset' ? (
        <ResetDialog key={action.operator.id} operator={action.operator} onOpenChange={close} />
      ) : null}
      {action?.kind === 'status' ? (
        <ConfirmWithReason
          open
          onOpenChange={close}
          title={t(
            action.operator.status === 'active'
              ? 'shell_operators_disable_title'
              : 'shell_operators_enable_title',
            { account: action.operator.account },
          )}
          message={t(
            action.operator.status === 'active'
              ? 'shell_operators_disable_lead'
              : 'shell_operators_enable_lead',
          )}
          confirmLabel={t(
            action.operator.status === 'active' ? 'shell_operators_disable' : 'shell_operators_enable',
          )}
          tone={action.operator.status === 'active' ? 'danger' : 'primary'}
          onConfirm={async (reason) => {
            await update.mutateAsync({
              body: {
                account: action.operator.account,
                status: action.operator.status === 'active' ? 'disabled' : 'active',
                reason,
              },
            });
          }}
        />
      ) : null}
    </Page>
  );
}

const createSchema = bodySchema(operatorCalls.operatorCreate);
type CreateValues = z.infer<typeof createSchema>;

function CreateOperatorDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useMutationCall(operatorCreate, { invalidates: [operatorList] });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<CreateValues>({
    schema: createSchema,
    defaultValues: { account: '', nickname: '', role: 'readonly', password: '' },
    fields: ['account', 'nickname', 'role', 'password'],
    action: async (body) => {
      await create.mutateAsync({ body });
      form.reset();
      onOpenChange(false);
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('shell_operators_create')}
      description={t('shell_operators_create_lead')}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('shell_operators_account')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          isRequired
          error={fieldError('account')}
          {...form.register('account')}
        />
        <TextField
          label={t('shell_operators_nickname')}
          autoComplete="off"
          maxLength={32}
          isRequired
          error={fieldError('nickname')}
          {...form.register('nickname')}
        />
        <SelectField
          label={t('shell_operators_role')}
          options={roleOptions}
          isRequired
          error={fieldError('role')}
          {...form.register('role')}
        />
        <TextField
          label={t('shell_operators_first_password')}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          isRequired
          hint={t('shell_operators_first_password_hint')}
          error={fieldError('password')}
          {...form.register('password')}
        />
        <FormAlert>{alert}</FormAlert>
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={() => onOpenChange(false)}>
            {t('shell_cancel')}
          </button>
          <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')}>
            {t('shell_operators_create_submit')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

const roleSchema = z.object({ role: z.enum(operatorRoles), reason: operatorReasonSchema });
type RoleValues = z.infer<typeof roleSchema>;

function RoleDialog({
  operator,
  onOpenChange,
}: {
  operator: OperatorSummary;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useMutationCall(operatorUpdate, { invalidates: [operatorList] });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<RoleValues>({
    schema: roleSchema,
    defaultValues: { role: operator.role, reason: '' },
    fields: ['role', 'reason'],
    action: async ({ role, reason }) => {
      await update.mutateAsync({ body: { account: operator.account, role, reason } });
      onOpenChange(false);
    },
  });
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('shell_operators_role_title', { account: operator.account })}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <SelectField
          label={t('shell_operators_role')}
          options={roleOptions}
          error={fieldError('role')}
          {...form.register('role')}
        />
        <TextAreaField
          label={t('shell_reason')}
          isRequired
          maxLength={500}
          error={fieldError('reason')}
          {...form.register('reason')}
        />
        <FormAlert>{alert}</FormAlert>
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={() => onOpenChange(false)}>
            {t('shell_cancel')}
          </button>
          <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')}>
            {t('shell_operators_change_role')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

const resetSchema = bodySchema(operatorCalls.operatorResetAccess).omit({ account: true });
type ResetValues = z.infer<typeof resetSchema>;

function ResetDialog({
  operator,
  onOpenChange,
}: {
  operator: OperatorSummary;
  onOpenChange: (open: boolean) => void;
}) {
  const reset = useMutationCall(operatorResetAccess, { invalidates: [operatorList] });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<ResetValues>({
    schema: resetSchema,
    defaultValues: { password: '', reason: '' },
    fields: ['password', 'reason'],
    action: async (values) => {
      await reset.mutateAsync({ body: { account: operator.account, ...values } });
      onOpenChange(false);
    },
  });
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('shell_operators_reset_title', { account: operator.account })}
      description={t('shell_operators_reset_lead')}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('shell_operators_first_password')}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          isRequired
          error={fieldError('password')}
          {...form.register('password')}
        />
        <TextAreaField
          label={t('shell_reason')}
          isRequired
          maxLength={500}
          error={fieldError('reason')}
          {...form.register('reason')}
        />
        <FormAlert>{alert}</FormAlert>
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={() => onOpenChange(false)}>
            {t('shell_cancel')}
          </button>
          <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')} tone="danger">
            {t('shell_operators_reset')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
