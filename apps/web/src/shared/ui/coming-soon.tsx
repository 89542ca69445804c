import { useTranslation } from '../i18n/use-translation.ts';
import Hourglass from 'lucide-react/icons/hourglass';
import { EmptyState } from './empty-state.tsx';

/** The honest state of a section whose content lands with a later issue: no invented data. */
export function ComingSoon({ textKey = 'empty_soon_text' }: { textKey?: string }) {
  const { t } = useTranslation();
  return <EmptyState icon={Hourglass} title={t('empty_soon_title')} text={t(textKey)} />;
}
