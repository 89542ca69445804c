import { t } from '../../shared/i18n/i18n.ts';
import { Page } from '../../shared/ui/page.tsx';

export default function OperatorsPage() {
  return <Page title={t('shell_nav_operators')}>{null}</Page>;
}
