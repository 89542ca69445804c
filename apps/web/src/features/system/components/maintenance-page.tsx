import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Wrench from 'lucide-react/icons/wrench';
import type { ReactNode } from 'react';
import type { SystemStatus, Whitelabel } from '@khela/contract';
import { CustomerServiceButton } from './customer-service-button.tsx';
import { SystemNoticePage } from './system-notice-page.tsx';

interface MaintenancePageProps {
  maintenance: SystemStatus['maintenance'];
  whitelabel: Whitelabel | undefined;
  /** The language menu, supplied by the app (preferences feature). */
  languageMenu?: ReactNode;
}

/** Status 1 (spec 4): texts game_maintenance and info_maintenance, with a customer-service button. */
export function MaintenancePage({ maintenance, whitelabel, languageMenu }: MaintenancePageProps) {
  const { t, i18n } = useTranslation();
  const endsAt =
    maintenance.endsAt === null
      ? null
      : // The brand's clock, with its zone named (this page has no zone line of its own).
        new Intl.DateTimeFormat(i18n.language, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          ...(whitelabel ? { timeZone: whitelabel.timeZone } : {}),
          timeZoneName: 'short',
        }).format(maintenance.endsAt);

  return (
    <SystemNoticePage
      icon={Wrench}
      tone="maintenance"
      title={t('game_maintenance')}
      text={t('info_maintenance')}
      logoUrl={whitelabel?.logoUrl}
      brandName={whitelabel?.brandName}
    >
      {maintenance.message ? <p className="system-notice__detail">{maintenance.message}</p> : null}
      {endsAt ? <p className="system-notice__detail">{t('maintenance_until', { time: endsAt })}</p> : null}
      <div className="system-notice__actions">
        <CustomerServiceButton whitelabel={whitelabel} />
        {languageMenu}
      </div>
    </SystemNoticePage>
  );
}
