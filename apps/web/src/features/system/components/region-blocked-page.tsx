import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import ShieldBan from 'lucide-react/icons/shield-ban';
import type { ReactNode } from 'react';
import type { Whitelabel } from '@khela/contract';
import { CustomerServiceButton } from './customer-service-button.tsx';
import { SystemNoticePage } from './system-notice-page.tsx';

interface RegionBlockedPageProps {
  ip: string;
  whitelabel: Whitelabel | undefined;
  languageMenu?: ReactNode;
}

/** Status 2 (spec 4): texts blockip and info_ip_block, the visitor's IP, a customer-service button. */
export function RegionBlockedPage({ ip, whitelabel, languageMenu }: RegionBlockedPageProps) {
  const { t } = useTranslation();
  return (
    <SystemNoticePage
      icon={ShieldBan}
      tone="blocked"
      title={t('blockip')}
      text={t('info_ip_block')}
      logoUrl={whitelabel?.logoUrl}
      brandName={whitelabel?.brandName}
    >
      <p className="system-notice__detail">{t('label_your_ip', { ip })}</p>
      <div className="system-notice__actions">
        <CustomerServiceButton whitelabel={whitelabel} />
        {languageMenu}
      </div>
    </SystemNoticePage>
  );
}
