import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Check from 'lucide-react/icons/check';
import Download from 'lucide-react/icons/download';
import Smartphone from 'lucide-react/icons/smartphone';
import { Page } from '../../shared/ui/page.tsx';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { AppQrCode } from '../../shared/ui/app-qr-code.tsx';
import { InstallIllustration, type InstallStep } from './install-illustration.tsx';
import { promptInstall, useInstallStore } from './pwa.ts';
import './download-page.css';

const guides: {
  platform: 'ios' | 'android';
  titleKey: string;
  steps: { step: InstallStep; textKey: string }[];
}[] = [
  {
    platform: 'android',
    titleKey: 'download_guide_android',
    steps: [
      { step: 'android-chrome', textKey: 'download_android_step_open' },
      { step: 'android-menu', textKey: 'download_android_step_menu' },
      { step: 'android-add', textKey: 'download_android_step_add' },
      { step: 'home-screen', textKey: 'download_step_done' },
    ],
  },
  {
    platform: 'ios',
    titleKey: 'download_guide_ios',
    steps: [
      { step: 'ios-safari', textKey: 'download_ios_step_open' },
      { step: 'ios-share', textKey: 'download_ios_step_share' },
      { step: 'ios-add', textKey: 'download_ios_step_add' },
      { step: 'home-screen', textKey: 'download_step_done' },
    ],
  },
];

/**
 * /down and /download: install Khela as an app. The install button appears where the browser offers
 * installation (beforeinstallprompt); the guides show the steps on Android and iPhone; QR codes open
 * the configured app links, or this page, on a phone.
 */
export function DownloadPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const canPrompt = useInstallStore((state) => state.prompt !== null);
  const installed = useInstallStore((state) => state.installed);
  const pageUrl = `${window.location.origin}/down`;
  const codes = [
    { key: 'android', label: t('download_android'), url: brand.appLinks.android },
    { key: 'ios', label: t('download_ios'), url: brand.appLinks.ios },
  ].filter((code): code is { key: string; label: string; url: string } => code.url !== null);
  const qrCodes = codes.length > 0 ? codes : [{ key: 'site', label: t('download_scan_site'), url: pageUrl }];

  return (
    <Page title={t('page_download')}>
      <section className="download-hero">
        <img className="download-hero__icon" src="/brand/icon-192.png" alt="" width="72" height="72" />
        <div className="download-hero__text">
          <h2 className="download-hero__title">{t('download_title', { brand: brand.brandName })}</h2>
          <p className="download-hero__lead">{t('download_lead')}</p>
          <div className="download-hero__actions">
            {installed ? (
              <p className="download-hero__installed">
                <Check size={18} aria-hidden="true" />
                {t('download_installed')}
              </p>
            ) : canPrompt ? (
              <button
                type="button"
                className="button button--gold button--large"
                onClick={() => void promptInstall()}
              >
                <Download size={20} aria-hidden="true" />
                {t('download_install')}
              </button>
            ) : (
              <p className="download-hero__hint">
                <Smartphone size={18} aria-hidden="true" />
                {t('download_follow_guide')}
              </p>
            )}
            {codes.map((code) => (
              <a key={code.key} className="button button--outline" href={code.url} rel="noopener">
                {code.label}
              </a>
            ))}
          </div>
        </div>
        <ul className="download-qr">
          {qrCodes.map((code) => (
            <li key={code.key} className="download-qr__item">
              <AppQrCode url={code.url} label={t('download_qr_label', { value: code.label })} />
              <span>{code.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="download-guides">
        {guides.map((guide) => (
          <section
            key={guide.platform}
            className="download-guide"
            aria-labelledby={`guide-${guide.platform}`}
          >
            <h2 id={`guide-${guide.platform}`} className="section-title">
              {t(guide.titleKey)}
            </h2>
            <ol className="download-steps">
              {guide.steps.map((entry, index) => (
                <li key={entry.step} className="download-step">
                  <InstallIllustration step={entry.step} addLabel={t('download_add_label')} />
                  <p>
                    <span className="download-step__number">{index + 1}</span>
                    {t(entry.textKey, { brand: brand.brandName })}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </Page>
  );
}
