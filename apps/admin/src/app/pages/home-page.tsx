import { t } from '../../shared/i18n/i18n.ts';
import { Page } from '../../shared/ui/page.tsx';

export default function HomePage() {
  return <Page title={t('shell_nav_home')}>{null}</Page>;
}
