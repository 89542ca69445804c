import { Link } from '../router/router.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import SearchX from 'lucide-react/icons/search-x';
import { paths } from '../config/paths.ts';
import { EmptyState } from './empty-state.tsx';
import { Page } from './page.tsx';

export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <Page title={t('page_not_found')}>
      <EmptyState
        icon={SearchX}
        title={t('not_found_title')}
        text={t('not_found_text')}
        action={
          <Link className="button button--primary" to={paths.home}>
            {t('action_go_home')}
          </Link>
        }
      />
    </Page>
  );
}
