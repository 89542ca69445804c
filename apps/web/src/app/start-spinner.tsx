import { useTranslation } from 'react-i18next';
import { Spinner } from '../shared/ui/spinner.tsx';

export function StartSpinner() {
  const { t } = useTranslation();
  return <Spinner size="page" label={t('state_loading')} />;
}
