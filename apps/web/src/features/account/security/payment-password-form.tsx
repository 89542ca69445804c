import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { FieldRule } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useRegisterSetting } from '../../../shared/api/get-register-setting.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { TextField } from '../components/text-field.tsx';
import { errorTextKey } from '../lib/api-errors.ts';
import { applyIssueKeys } from '../lib/form-rules.ts';
import { breaksRule, ruleMessage } from '../register/register-rules.ts';
import { PasswordAgainField } from './contact-forms.tsx';

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
  const [alert, setAlert] = useState<string | null>(null);
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
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PaymentPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { newPaymentPassword: '', confirmPaymentPassword: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await apiClient.call(apiRoutes.setPaymentPassword, { body: values });
      onSaved();
    } catch (error) {
      if (!applyIssueKeys(error, setError, fields, t)) setAlert(errorTextKey(error));
    }
  });

  const digitsOnly = rule?.patternId === 'digits';
  return (
    <form
      className="account-form security__form"
      noValidate
      aria-label={t('title_payment_password')}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label={t('label_new_payment_password')}
        placeholder={rule ? ruleMessage(rule, t) : t('label_new_payment_password')}
        isRequired
        type="password"
        autoComplete="new-password"
        inputMode={digitsOnly ? 'numeric' : undefined}
        autoFocus
        error={errors.newPaymentPassword?.message}
        {...register('newPaymentPassword')}
      />
      <TextField
        label={t('label_confirm_payment_password')}
        placeholder={t('label_confirm_payment_password')}
        isRequired
        type="password"
        autoComplete="new-password"
        inputMode={digitsOnly ? 'numeric' : undefined}
        error={errors.confirmPaymentPassword?.message}
        {...register('confirmPaymentPassword')}
      />
      <PasswordAgainField error={errors.password?.message} registration={register('password')} />
      <FormAlert textKey={alert} />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('state_saving') : t('action_save')}
        </button>
      </div>
    </form>
  );
}
