import { useTranslation } from '../i18n/use-translation.ts';
import './pager.css';

/** Previous / next with "page of pages" under a paged list; nothing when everything fits on one page. */
export function Pager({
  pageNo,
  totalPages,
  onPage,
}: {
  pageNo: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('label_pages')}>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {t('action_previous')}
      </button>
      <span>{t('label_slide_of', { value: pageNo, total: totalPages })}</span>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('action_next')}
      </button>
    </nav>
  );
}
