import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Headset from 'lucide-react/icons/headset';
import type { Whitelabel } from '@khela/contract';

/**
 * The customer-service button of the maintenance and region-blocked pages (spec 2): the brand's
 * service link, else its messenger link. With neither configured it shows, disabled, and says why.
 */
export function CustomerServiceButton({ whitelabel }: { whitelabel: Whitelabel | undefined }) {
  const { t } = useTranslation();
  const url = whitelabel?.customerServiceUrl ?? whitelabel?.messengerUrl ?? null;
  if (!url) {
    return (
      <span className="customer-service customer-service--unset">
        <button
          type="button"
          className="button button--primary button--large"
          disabled
          aria-describedby="cs-unset"
        >
          <Headset size={20} aria-hidden="true" />
          {t('customer_service')}
        </button>
        <small id="cs-unset" className="customer-service__hint">
          {t('customer_service_unset')}
        </small>
      </span>
    );
  }
  return (
    <a className="button button--primary button--large" href={url} target="_blank" rel="noopener noreferrer">
      <Headset size={20} aria-hidden="true" />
      {t('customer_service')}
    </a>
  );
}
