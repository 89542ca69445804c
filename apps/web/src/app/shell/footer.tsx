import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import ExternalLink from 'lucide-react/icons/external-link';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { useOpenChat } from '../../features/chat/index.ts';
import { useGameMenus, VendorLogoSlider } from '../../features/games/index.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { useHelpCenter } from '../../features/help/index.ts';
import { helpPages } from '../../shared/config/help-pages.ts';
import { paths } from '../../shared/config/paths.ts';
import './footer.css';

const socialLabels = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  telegram: 'Telegram',
} as const;

/**
 * Footer (spec 2): vendor logos, help menu, the about list, social links only where configured, the
 * customer-service and messenger links where configured, the chat opener (needs login) and the
 * brand's copyright line.
 */
export function Footer() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { data: menus = [] } = useGameMenus();
  const openChat = useOpenChat();
  // The about list comes from the help centre (the operator's titles); the built-in labels stand in
  // until it has loaded or if it cannot be.
  const { data: helpMenus } = useHelpCenter();
  const aboutArticles = helpMenus?.find((menu) => menu.slug === 'about')?.articles;
  const aboutLinks = aboutArticles
    ? aboutArticles.map((article) => ({ slug: article.slug, label: article.title }))
    : helpPages.map((page) => ({ slug: page.slug, label: t(page.labelKey) }));

  const helpMenu = [
    { to: paths.help(), labelKey: 'page_help' },
    { to: paths.download, labelKey: 'page_download' },
    { to: paths.promotions, labelKey: 'nav_promotions' },
    { to: paths.notices, labelKey: 'page_notices' },
    { to: paths.join, labelKey: 'page_join' },
  ];

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <VendorLogoSlider menus={menus} />
        <div className="site-footer__columns">
          <section className="site-footer__section" aria-labelledby="footer-help">
            <h2 id="footer-help" className="site-footer__heading">
              {t('footer_help')}
            </h2>
            <ul className="site-footer__links">
              {helpMenu.map((item) => (
                <li key={item.labelKey}>
                  <Link to={item.to}>{t(item.labelKey)}</Link>
                </li>
              ))}
            </ul>
          </section>
          <section className="site-footer__section" aria-labelledby="footer-about">
            <h2 id="footer-about" className="site-footer__heading">
              {t('footer_about')}
            </h2>
            <ul className="site-footer__links">
              {aboutLinks.map((link) => (
                <li key={link.slug}>
                  <Link to={`${paths.help()}?page=${encodeURIComponent(link.slug)}`}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
          {brand.social.length > 0 ? (
            <section className="site-footer__section" aria-labelledby="footer-social">
              <h2 id="footer-social" className="site-footer__heading">
                {t('footer_follow_us')}
              </h2>
              <ul className="site-footer__links">
                {brand.social.map((link) => (
                  <li key={link.network}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {socialLabels[link.network]}
                      <ExternalLink size={14} aria-hidden="true" />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {brand.customerServiceUrl || brand.messengerUrl ? (
            <section className="site-footer__section" aria-labelledby="footer-contact">
              <h2 id="footer-contact" className="site-footer__heading">
                {t('customer_service')}
              </h2>
              <ul className="site-footer__links">
                {brand.customerServiceUrl ? (
                  <li>
                    <a href={brand.customerServiceUrl} target="_blank" rel="noopener noreferrer">
                      {t('customer_service')}
                      <ExternalLink size={14} aria-hidden="true" />
                    </a>
                  </li>
                ) : null}
                {brand.messengerUrl ? (
                  <li>
                    <a href={brand.messengerUrl} target="_blank" rel="noopener noreferrer">
                      {t('label_messenger')}
                      <ExternalLink size={14} aria-hidden="true" />
                    </a>
                  </li>
                ) : null}
              </ul>
            </section>
          ) : null}
          {brand.features.chat ? (
            <section className="site-footer__section" aria-labelledby="footer-chat">
              <h2 id="footer-chat" className="site-footer__heading">
                {t('chat_room')}
              </h2>
              <button type="button" className="button button--gold" onClick={openChat}>
                <MessagesSquare size={18} aria-hidden="true" />
                {t('action_open_chat')}
              </button>
            </section>
          ) : null}
        </div>
        <div className="site-footer__bottom">
          <span className="site-footer__age" aria-label={t('label_adults_only')}>
            18+
          </span>
          <p className="site-footer__copyright">{brand.copyright}</p>
        </div>
      </div>
    </footer>
  );
}
