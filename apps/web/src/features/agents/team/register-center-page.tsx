import { useMemo, useState } from 'react';
import { z } from 'zod';
import Link2 from 'lucide-react/icons/link-2';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  dialingCodeText,
  mobileText,
  newPasswordText,
  requiredText,
} from '../../../shared/forms/form-rules.ts';
import { PasswordField } from '../../../shared/forms/password-field.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { useAccountTypeLabel } from './team-labels.tsx';
import { MobileNumberField } from '../../account/index.ts';
import { useAffiliateLinks, useCreateLink, useRegisterDownline, type AffiliateLink } from './team-api.ts';
import '../../../shared/ui/card.css';
import './team.css';

const registerSchema = z
  .object({
    kind: z.enum(['member', 'agent']),
    username: requiredText.max(64, 'text_too_long'),
    password: newPasswordText,
    confirmPassword: z.string().min(1, 'text_field_required'),
    nickname: z.string().trim().max(32, 'text_too_long'),
    // Asked so the downline can reset its password by SMS; the server checks and normalises it.
    mobileNum: mobileText,
    countryDialingCode: dialingCodeText,
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'text_password_mismatch',
  });
type RegisterValues = z.infer<typeof registerSchema>;

const fields = [
  'kind',
  'username',
  'password',
  'confirmPassword',
  'nickname',
  'mobileNum',
  'countryDialingCode',
] as const;
const emptyForm: RegisterValues = {
  kind: 'member',
  username: '',
  password: '',
  confirmPassword: '',
  nickname: '',
  mobileNum: '',
  countryDialingCode: '+880',
};

/** registerCenter: open a direct downline (player or agent), and the affiliate links with QR codes. */
export function RegisterCenterPage() {
  return (
    <div className="agent-team">
      <RegisterDownlineForm />
      <AffiliateLinks />
    </div>
  );
}

function RegisterDownlineForm() {
  const { t } = useTranslation();
  const typeLabel = useAccountTypeLabel();
  const register = useRegisterDownline();
  const [created, setCreated] = useState<string | null>(null);
  const { form, alert, submit, fieldError } = useServerForm<RegisterValues>({
    schema: registerSchema,
    defaultValues: emptyForm,
    fields,
    codeFields: { USERNAME_TAKEN: 'username', MOBILE_TAKEN: 'mobileNum', PHONE_INVALID: 'mobileNum' },
    action: async (values) => {
      setCreated(null);
      const isAgent = values.kind === 'agent';
      const account = await register.mutateAsync({
        kind: values.kind,
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        // Every agent kind has the same rights here (docs/agents.md): an agent opened here is type 1;
        // the back office may set another kind, which names nothing the agent can do differently.
        ...(isAgent ? { agentType: 1 as const } : {}),
        ...(values.nickname.trim() ? { nickname: values.nickname.trim() } : {}),
        mobileNum: values.mobileNum.trim(),
        countryDialingCode: values.countryDialingCode,
      });
      form.reset({ ...emptyForm, kind: values.kind });
      setCreated(t('agt_register_done', { name: account.account, type: typeLabel(account.type) }));
    },
  });
  const isAgent = form.watch('kind') === 'agent';

  return (
    <section className="card card--compact" aria-labelledby="agent-register-title">
      <h3 className="agent-section__title" id="agent-register-title">
        {t('agt_register_title')}
      </h3>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="agent-kinds">
          <legend>{t('agt_account_kind')}</legend>
          <label className="form__check">
            <input type="radio" value="member" {...form.register('kind')} />
            {t('label_player')}
          </label>
          <label className="form__check">
            <input type="radio" value="agent" {...form.register('kind')} />
            {t('agt_kind_agent')}
          </label>
        </fieldset>
        <p className="form__notice" role="note">
          {t(isAgent ? 'agt_kind_agent_explained' : 'agt_kind_player_explained')}
        </p>
        <TextField
          label={t('label_username')}
          placeholder={t('label_username')}
          isRequired
          autoComplete="off"
          error={fieldError('username')}
          {...form.register('username')}
        />
        <PasswordField
          label={t('label_password')}
          placeholder={t('label_password')}
          isRequired
          autoComplete="new-password"
          error={fieldError('password', { value: 8 })}
          {...form.register('password')}
        />
        <PasswordField
          label={t('label_confirm_password')}
          placeholder={t('label_confirm_password')}
          isRequired
          autoComplete="new-password"
          error={fieldError('confirmPassword')}
          {...form.register('confirmPassword')}
        />
        <TextField
          label={t('label_nickname')}
          placeholder={t('label_nickname')}
          autoComplete="off"
          maxLength={32}
          error={fieldError('nickname')}
          {...form.register('nickname')}
        />
        <MobileNumberField
          label={t('label_mobile_number')}
          error={fieldError('mobileNum')}
          codeProps={form.register('countryDialingCode')}
          {...form.register('mobileNum')}
        />
        <p className="field__hint">{t('agt_register_first_login')}</p>
        <FormAlert textKey={alert} />
        <FormAlert tone="notice">{created}</FormAlert>
        <div className="form__actions">
          <SubmitButton isBusy={form.formState.isSubmitting} busyLabel={t('state_sending')}>
            {t('action_create_account')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

function AffiliateLinks() {
  const { t } = useTranslation();
  const links = useAffiliateLinks();
  const create = useCreateLink();

  return (
    <section className="card card--compact" aria-labelledby="agent-links-title">
      <h3 className="agent-section__title" id="agent-links-title">
        {t('agt_links_title')}
      </h3>
      <p className="agent-section__text">{t('agt_links_text')}</p>
      <div className="agent-actions">
        {(['member', 'agent'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--outline button--small"
            disabled={create.isPending}
            onClick={() => create.mutate(kind)}
          >
            {t(kind === 'member' ? 'agt_new_member_link' : 'agt_new_agent_link')}
          </button>
        ))}
      </div>
      {create.isError ? <FormAlert textKey={errorTextKey(create.error)} /> : null}
      {links.isPending ? (
        <Skeleton rows={2} height="7.5rem" />
      ) : links.isError ? (
        <FormAlert textKey="err_network" />
      ) : links.data.length === 0 ? (
        <EmptyState icon={Link2} title={t('agt_links_empty')} />
      ) : (
        <ul className="agent-links">
          {links.data.map((link) => (
            <LinkItem key={link.id} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkItem({ link }: { link: AffiliateLink }) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const kindLabel = t(link.kind === 'member' ? 'agt_member_link' : 'agt_agent_link');
  const registrations = useMemo(
    () => t('agt_registrations', { value: formatNumber(link.registrations, formatOptions) }),
    [t, link.registrations, formatOptions],
  );
  return (
    <li className="agent-link">
      <img
        className="agent-link__qr"
        src={link.qrCode}
        alt={t('agt_qr_alt', { value: link.code })}
        width={96}
        height={96}
      />
      <div className="agent-link__main">
        <strong>
          {kindLabel} · {link.code}
        </strong>
        <span className="agent-link__url">{link.url}</span>
        <span className="agent-link__meta">{registrations}</span>
        <CopyButton
          text={link.url}
          label={`${kindLabel} ${link.code}`}
          className="button button--ghost button--small agent-copy"
          iconSize={16}
        />
      </div>
    </li>
  );
}
