import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Bell from 'lucide-react/icons/bell';
import CircleHelp from 'lucide-react/icons/circle-help';
import Headset from 'lucide-react/icons/headset';
import MessageCircle from 'lucide-react/icons/message-circle';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { useOpenAccountCentre } from '../../features/account/index.ts';
import { useOpenChat } from '../../features/chat/index.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { paths } from '../../shared/config/paths.ts';
import './right-bar.css';

/**
 * Right bar (spec 2): customer service and messenger when configured, the chat room when enabled,
 * the help centre, and platform messages (after the login check).
 */
export function RightBar() {
  const { t } = useTranslation();
  const brand = useBrand();
  const openChat = useOpenChat();
  const openAccountCentre = useOpenAccountCentre();

  return (
    <aside className="right-bar" aria-label={t('label_quick_links')}>
      <ul className="right-bar__list">
        {brand.customerServiceUrl ? (
          <li>
            <a
              className="right-bar__item"
              href={brand.customerServiceUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Headset size={22} aria-hidden="true" />
              <span className="right-bar__label">{t('customer_service')}</span>
            </a>
          </li>
        ) : null}
        {brand.features.chat ? (
          <li>
            <button type="button" className="right-bar__item" onClick={openChat}>
              <MessagesSquare size={22} aria-hidden="true" />
              <span className="right-bar__label">{t('chat_room')}</span>
            </button>
          </li>
        ) : null}
        <li>
          <Link className="right-bar__item" to={paths.help()}>
            <CircleHelp size={22} aria-hidden="true" />
            <span className="right-bar__label">{t('page_help')}</span>
          </Link>
        </li>
        {brand.messengerUrl ? (
          <li>
            <a
              className="right-bar__item"
              href={brand.messengerUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessageCircle size={22} aria-hidden="true" />
              <span className="right-bar__label">{t('label_messenger')}</span>
            </a>
          </li>
        ) : null}
        <li>
          <button
            type="button"
            className="right-bar__item"
            onClick={() => openAccountCentre({ member: 'messageV2', agent: 'agentAnnouncement' })}
          >
            <Bell size={22} aria-hidden="true" />
            <span className="right-bar__label">{t('mc_messages')}</span>
          </button>
        </li>
      </ul>
    </aside>
  );
}
