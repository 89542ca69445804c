import Headset from 'lucide-react/icons/headset';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';

/**
 * Where an account that cannot log in (on hold, closed) gets help: the brand's customer service page
 * or messenger from its settings, or a plain statement that none is offered. The chat room is not
 * offered: it needs a login.
 */
export function AccountHelp() {
  const { t } = useTranslation();
  const brand = useBrand();
  const url = brand.customerServiceUrl ?? brand.messengerUrl;
  if (!url) return <p className="login-form__alert-text">{t('text_account_help_none')}</p>;
  return (
    <p className="login-form__alert-text">
      {t('text_account_help')}{' '}
      <a className="form__link" href={url} target="_blank" rel="noopener noreferrer">
        <Headset size={16} aria-hidden="true" />
        {t('customer_service')}
      </a>
    </p>
  );
}
