import { useTranslation } from '../i18n/use-translation.ts';
import { ComingSoon } from './coming-soon.tsx';
import { Page } from './page.tsx';

interface SoonPageProps {
  titleKey: string;
  textKey?: string;
  subtitle?: string;
}

/** A page whose content lands with a later issue: its title and an honest empty state. */
export function SoonPage({ titleKey, textKey, subtitle }: SoonPageProps) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)} subtitle={subtitle}>
      <ComingSoon textKey={textKey} />
    </Page>
  );
}
