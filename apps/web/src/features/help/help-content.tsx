import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import BookOpen from 'lucide-react/icons/book-open';
import { formatDate } from '../../shared/lib/format.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { SafeHtml } from '../../shared/ui/safe-html.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import { useHelpCenter } from './api/get-help-center.ts';
import { ContactChannels } from './contact-channels.tsx';
import { revealInStrip } from '../../shared/lib/reveal-in-strip.ts';
import './help-content.css';

/**
 * Help centre: the menus and their articles from GET /wps/system/helpCenter, the chosen article
 * (`?page=<slug>`, else the first) beside the menu. /help shows it in the shell, /helpmc bare.
 */
export function HelpContent({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const [searchParams] = useSearchParams();
  const { data: menus, isPending, isError, refetch } = useHelpCenter();
  const menuRef = useRef<HTMLElement>(null);
  const requested = searchParams.get('page');
  const articles = (menus ?? []).flatMap((menu) => menu.articles);
  const article = articles.find((entry) => entry.slug === requested) ?? articles[0];

  // On phones the menu is a horizontal strip: bring the chosen article's chip into view.
  useEffect(() => {
    revealInStrip(menuRef.current?.querySelector<HTMLElement>('[aria-current="page"]') ?? null);
  }, [article?.slug]);

  return (
    <Page title={t('page_help')}>
      {isPending ? (
        <div className="help-centre">
          <Skeleton rows={7} height="2.25rem" />
          <Skeleton rows={8} />
        </div>
      ) : isError || !article ? (
        <EmptyState
          icon={BookOpen}
          title={isError ? t('err_network') : t('empty_help_title')}
          action={
            isError ? (
              <button type="button" className="button button--outline" onClick={() => void refetch()}>
                {t('action_retry')}
              </button>
            ) : undefined
          }
        />
      ) : (
        <div className="help-centre">
          <nav className="help-centre__menu" aria-label={t('page_help')} ref={menuRef}>
            {menus?.map((menu) => (
              <div key={menu.id} className="help-centre__group">
                <h2 className="help-centre__group-title">{menu.title}</h2>
                <ul>
                  {menu.articles.map((entry) => (
                    <li key={entry.id}>
                      <Link
                        className="help-centre__link"
                        to={`${basePath}?page=${entry.slug}`}
                        aria-current={entry.slug === article.slug ? 'page' : undefined}
                      >
                        {entry.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <article className="help-centre__body" aria-labelledby="help-article-title">
            <h2 id="help-article-title" className="help-centre__title">
              {article.title}
            </h2>
            <SafeHtml html={article.content} />
            {article.slug === 'contact-us' ? <ContactChannels /> : null}
            <p className="help-centre__updated">
              {t('label_updated', { value: formatDate(article.updatedAt, formatOptions) })}
            </p>
          </article>
        </div>
      )}
    </Page>
  );
}
