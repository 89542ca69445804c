import { useTranslation } from '../../shared/i18n/use-translation.ts';
import ExternalLink from 'lucide-react/icons/external-link';
import Headset from 'lucide-react/icons/headset';
import MessageCircle from 'lucide-react/icons/message-circle';
import Share2 from 'lucide-react/icons/share-2';
import type { Whitelabel } from '@khela/contract';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import './contact-channels.css';

const socialLabels: Record<Whitelabel['social'][number]['network'], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  telegram: 'Telegram',
};

interface Channel {
  key: string;
  label: string;
  url: string;
  icon: typeof Headset;
}

/**
 * The brand's configured ways to reach it (settings: customerServiceUrl, messengerUrl, social), shown
 * under the Contact us article until live chat lands. With none configured it says so, politely,
 * instead of pointing to a button that is not there.
 */
export function ContactChannels() {
  const { t } = useTranslation();
  const brand = useBrand();
  const channels: Channel[] = [
    ...(brand.customerServiceUrl
      ? [{ key: 'service', label: t('customer_service'), url: brand.customerServiceUrl, icon: Headset }]
      : []),
    ...(brand.messengerUrl
      ? [{ key: 'messenger', label: t('label_messenger'), url: brand.messengerUrl, icon: MessageCircle }]
      : []),
    ...brand.social.map((link) => ({
      key: `social-${link.network}`,
      label: socialLabels[link.network],
      url: link.url,
      icon: Share2,
    })),
  ];

  return (
    <section className="contact-channels" aria-labelledby="contact-channels-title">
      <h3 id="contact-channels-title" className="contact-channels__title">
        {t('title_contact_channels')}
      </h3>
      {channels.length === 0 ? (
        <p className="contact-channels__none">{t('text_contact_channels_none')}</p>
      ) : (
        <ul className="contact-channels__list">
          {channels.map((channel) => {
            const Icon = channel.icon;
            return (
              <li key={channel.key}>
                <a
                  className="contact-channels__link"
                  href={channel.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <Icon size={20} aria-hidden="true" />
                  <span>{channel.label}</span>
                  <ExternalLink size={14} aria-hidden="true" className="contact-channels__external" />
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
