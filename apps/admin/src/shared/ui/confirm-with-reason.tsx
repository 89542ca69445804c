import { z } from 'zod';
import { operatorReasonSchema } from '@khela/contract';
import { t } from '../i18n/i18n.ts';
import { FormAlert, SubmitButton, TextAreaField } from '../forms/fields.tsx';
import { useServerForm } from '../forms/use-server-form.ts';
import { Dialog } from './dialog.tsx';

const reasonForm = z.object({ reason: operatorReasonSchema });

export interface ConfirmWithReasonProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen (a sentence already translated). */
  message?: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** The action with the reason typed; its failure shows in the dialog (field issues under the reason). */
  onConfirm: (reason: string) => Promise<void>;
}

/**
 * "Are you sure? Why?": an action on someone that needs a reason (kept in the audit trail). The
 * dialog closes when the action succeeded; a failure stays in it.
 */
export function ConfirmWithReason({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  tone = 'primary',
  onConfirm,
}: ConfirmWithReasonProps) {
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm({
    schema: reasonForm,
    defaultValues: { reason: '' },
    fields: ['reason'],
    action: async ({ reason }) => {
      await onConfirm(reason);
      form.reset();
      onOpenChange(false);
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      {...(message ? { description: message } : {})}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
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
          <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')} tone={tone}>
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
