import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Wrench from 'lucide-react/icons/wrench';
import type { ReactNode } from 'react';
import type { SystemStatus, Whitelabel } from '@khela/contract';
import { formatMomentWithZone } from '@khela/contract/format';
import { defaultTimeZone } from '@khela/contract/business-day';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';
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
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const endsAt =
    maintenance.endsAt === null
      ? null
      : // The brand's clock and digits, with its zone named (this page has no zone line of its own).
        formatMomentWithZone(maintenance.endsAt, {
          language,
          bengaliDigits: whitelabel?.bengaliDigits ?? false,
          timeZone: whitelabel?.timeZone ?? defaultTimeZone,
        });

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
