import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { sixDigits } from '../../../shared/forms/form-rules.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';

interface Setup {
  secret: string;
  qrCode: string;
}

const codeSchema = z.object({ code: sixDigits });

/** The secret in groups of four, easier to type by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * TOTP enrolment: a new secret (QR code, or typed by hand), confirmed with a code of the app; the ten
 * recovery codes are shown once and the person says they saved them.
 */
export function TwoFactorEnrolment({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [hasSaved, setHasSaved] = useState(false);
  const [isStarting, setIsStarting] = useState(false);
  const {
    form: {
      register,
      formState: { isSubmitting },
    },
    alert,
    setAlert,
    submit: confirm,
    fieldError,
  } = useServerForm<{ code: string }>({
    schema: codeSchema,
    defaultValues: { code: '' },
    fields: ['code'],
    action: async ({ code }) => {
      const value = await apiClient.call(apiRoutes.twoFactorConfirm, { body: { code } });
      setRecoveryCodes(value.recoveryCodes);
    },
  });

  async function start() {
    setAlert(null);
    setIsStarting(true);
    try {
      const value = await apiClient.call(apiRoutes.twoFactorSetup);
      setSetup({ secret: value.secret, qrCode: value.qrCode });
    } catch (error) {
      setAlert(errorTextKey(error));
    } finally {
      setIsStarting(false);
    }
  }

  const alertLine = <FormAlert textKey={alert} />;

  if (recoveryCodes) {
    return (
      <div className="form" aria-labelledby="recovery-codes-title">
        <h4 id="recovery-codes-title" className="security__card-title">
          {t('title_recovery_codes')}
        </h4>
        <p className="account-page__lead">{t('text_recovery_codes')}</p>
        <ol className="security__codes" aria-label={t('title_recovery_codes')}>
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <label className="form__check">
          <input type="checkbox" checked={hasSaved} onChange={(event) => setHasSaved(event.target.checked)} />
          {t('label_saved_recovery_codes')}
        </label>
        <div className="form__actions">
          <button type="button" className="button button--primary" disabled={!hasSaved} onClick={onDone}>
            {t('action_done')}
          </button>
        </div>
      </div>
    );
  }

  if (!setup) {
    return (
      <div className="form">
        <p className="account-page__lead">{t('text_two_factor_intro')}</p>
        {alertLine}
        <div className="security__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={isStarting}
            onClick={() => void start()}
          >
            {isStarting ? t('state_loading') : t('action_start_setup')}
          </button>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('action_cancel')}
          </button>
        </div>
        {isStarting ? <Spinner label={t('state_loading')} size="inline" /> : null}
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void confirm(event)}>
      <p className="account-page__lead">{t('text_scan_qr')}</p>
      <div className="security__qr">
        <img src={setup.qrCode} alt={t('label_qr_code')} width={176} height={176} />
        <span className="security__row-label" id="two-factor-secret-label">
          {t('label_secret_key')}
        </span>
        <code
          className="security__secret"
          aria-labelledby="two-factor-secret-label"
          data-secret={setup.secret}
        >
          {groupSecret(setup.secret)}
        </code>
      </div>
      <TextField
        label={t('label_two_factor_code')}
        placeholder="123456"
        hint={t('text_enter_app_code')}
        isRequired
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={fieldError('code')}
        {...register('code')}
      />
      {alertLine}
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_saving')}>
          {t('action_verify')}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('action_cancel')}
        </button>
      </div>
    </form>
  );
}

const disableSchema = z.object({
  password: z.string().min(1, 'text_field_required').max(128),
  code: sixDigits,
});
type DisableValues = z.infer<typeof disableSchema>;

/** Turning the second step off takes the password and a current code. */
export function TwoFactorDisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const {
    form: {
      register,
      formState: { isSubmitting },
    },
    alert,
    submit,
    fieldError,
  } = useServerForm<DisableValues>({
    schema: disableSchema,
    defaultValues: { password: '', code: '' },
    fields: ['password', 'code'],
    action: async (values) => {
      await apiClient.call(apiRoutes.twoFactorDisable, { body: values });
      onDone();
    },
  });

  return (
    <form
      className="form"
      noValidate
      aria-label={t('action_disable_two_factor')}
      onSubmit={(event) => void submit(event)}
    >
      <p className="account-page__lead">{t('text_two_factor_disable')}</p>
      <TextField
        label={t('label_current_password')}
        placeholder={t('label_current_password')}
        isRequired
        type="password"
        autoComplete="current-password"
        error={fieldError('password')}
        {...register('password')}
      />
      <TextField
        label={t('label_two_factor_code')}
        placeholder="123456"
        isRequired
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={fieldError('code')}
        {...register('code')}
      />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_saving')}>
          {t('action_disable_two_factor')}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('action_cancel')}
        </button>
      </div>
    </form>
  );
}
