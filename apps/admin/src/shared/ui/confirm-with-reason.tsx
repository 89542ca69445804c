import { z } from 'zod';
import { operatorReasonSchema } from '@khela/contract';
import { FormFooter, ReasonField } from '../forms/fields.tsx';
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
        <ReasonField error={fieldError('reason')} {...form.register('reason')} />
        <FormFooter
          alert={alert}
          isBusy={isSubmitting}
          submitLabel={confirmLabel}
          tone={tone}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
