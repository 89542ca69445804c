import { useTranslation } from '../shared/i18n/use-translation.ts';
import { Spinner } from '../shared/ui/spinner.tsx';

export function StartSpinner() {
  const { t } = useTranslation();
  return <Spinner size="page" label={t('state_loading')} />;
}
