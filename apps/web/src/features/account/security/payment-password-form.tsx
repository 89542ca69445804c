import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { z } from 'zod';
import type { FieldRule } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useRegisterSetting } from '../../../shared/api/get-register-setting.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { breaksRule, ruleMessage } from '../register/register-rules.ts';
import { AccountChangeForm } from './contact-forms.tsx';

interface PaymentPasswordValues {
  newPaymentPassword: string;
  confirmPaymentPassword: string;
  password: string;
}

const fields = ['newPaymentPassword', 'confirmPaymentPassword', 'password'] as const;

/**
 * Set or change the payment password that confirms withdrawals and transfers: the brand's rule for
 * payment passwords (the registration setting), typed twice, and the login password again.
 */
export function PaymentPasswordForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const { data: setting, isPending } = useRegisterSetting();
  // The rule shapes the form's schema, which react-hook-form takes once: wait for it.
  if (isPending) return <Spinner label={t('state_loading')} />;
  return <PaymentPasswordFields rule={setting?.paymentPassword} onSaved={onSaved} />;
}

function PaymentPasswordFields({ rule, onSaved }: { rule: FieldRule | undefined; onSaved: () => void }) {
  const { t } = useTranslation();
  const [schema] = useState(() => {
    const required = t('text_field_required');
    return z
      .object({
        newPaymentPassword: z
          .string()
          .min(1, required)
          .refine((value) => !rule || !breaksRule(rule, value), rule ? ruleMessage(rule, t) : required),
        confirmPaymentPassword: z.string().min(1, required),
        password: z.string().min(1, required).max(128, t('text_too_long')),
      })
      .refine((values) => values.newPaymentPassword === values.confirmPaymentPassword, {
        path: ['confirmPaymentPassword'],
        message: t('text_password_mismatch'),
      });
  });
  const {
    form: {
      register,
      formState: { isSubmitting },
    },
    alert,
    submit,
    fieldError,
  } = useServerForm<PaymentPasswordValues>({
    schema,
    defaultValues: { newPaymentPassword: '', confirmPaymentPassword: '', password: '' },
    fields,
    action: async (values) => {
      await apiClient.call(apiRoutes.setPaymentPassword, { body: values });
      onSaved();
    },
  });

  const digitsOnly = rule?.patternId === 'digits';
  return (
    <AccountChangeForm
      label={t('title_payment_password')}
      onSubmit={(event) => void submit(event)}
      passwordError={fieldError('password')}
      passwordRegistration={register('password')}
      alert={alert}
      isSubmitting={isSubmitting}
    >
      <TextField
        label={t('label_new_payment_password')}
        placeholder={rule ? ruleMessage(rule, t) : t('label_new_payment_password')}
        isRequired
        type="password"
        autoComplete="new-password"
        inputMode={digitsOnly ? 'numeric' : undefined}
        autoFocus
        error={fieldError('newPaymentPassword')}
        {...register('newPaymentPassword')}
      />
      <TextField
        label={t('label_confirm_payment_password')}
        placeholder={t('label_confirm_payment_password')}
        isRequired
        type="password"
        autoComplete="new-password"
        inputMode={digitsOnly ? 'numeric' : undefined}
        error={fieldError('confirmPaymentPassword')}
        {...register('confirmPaymentPassword')}
      />
    </AccountChangeForm>
  );
}
