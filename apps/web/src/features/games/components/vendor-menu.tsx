import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { GameMenu } from '@khela/contract';
import { writeStorage } from '../../../shared/lib/storage.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { categoryInfo, vendorDropdownLayout } from '../game-categories.ts';
import { vendorAction } from '../launch/launch-rules.ts';
import { useGameLauncher, vassalageStorageKey } from '../launch/use-game-launcher.tsx';
import { scrollTrackByPage } from './page-scroll.ts';
import './vendor-menu.css';

type Vendors = GameMenu[number]['vendors'];

/**
 * A category's vendor row in the header dropdown (spec 2): up to 11 vendors then a "more" button,
 * centred only while there are fewer than 6, with arrows once there are more than 7. Each vendor
 * opens as the launch rules say.
 */
export function VendorRow({
  category,
  vendors,
  close,
}: {
  category: GameMenu[number]['category'];
  vendors: Vendors;
  close: () => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const launcher = useGameLauncher();
  const trackRef = useRef<HTMLUListElement>(null);
  const layout = vendorDropdownLayout(vendors.length);
  const info = categoryInfo[category];
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  useEffect(() => {
    const track = trackRef.current;
    if (!track || !layout.hasArrows) return;
    const measure = () =>
      setEdges({
        atStart: track.scrollLeft <= 1,
        atEnd: track.scrollLeft + track.clientWidth >= track.scrollWidth - 1,
      });
    measure();
    track.addEventListener('scroll', measure, { passive: true });
    return () => track.removeEventListener('scroll', measure);
  }, [layout.hasArrows]);

  function page(direction: 1 | -1) {
    scrollTrackByPage(trackRef.current, direction, 0.8);
  }

  return (
    <div className="vendor-menu">
      {layout.hasArrows ? (
        <button
          type="button"
          className="vendor-menu__arrow icon-button"
          aria-label={t('action_previous')}
          disabled={edges.atStart}
          onClick={() => page(-1)}
        >
          <ChevronLeft size={20} aria-hidden="true" />
        </button>
      ) : null}
      <ul
        ref={trackRef}
        className={`vendor-menu__track${layout.isCentred ? ' vendor-menu__track--centred' : ''}`}
        aria-label={t(info.labelKey)}
        data-vendor-count={vendors.length}
      >
        {vendors.slice(0, layout.shown).map((vendor) => {
          const action = vendorAction(vendor, { social: brand.social });
          const content = (
            <>
              <span className="vendor-menu__art" aria-hidden="true">
                {vendor.smallIcon ? (
                  <img src={vendor.smallIcon} alt="" loading="lazy" />
                ) : (
                  <info.icon size={24} />
                )}
              </span>
              <span className="vendor-menu__name">{vendor.displayName}</span>
              {vendor.isHot === 1 ? (
                <span className="badge badge--hot vendor-menu__badge">{t('label_hot')}</span>
              ) : null}
            </>
          );
          return (
            <li key={vendor.vassalage}>
              {action.kind === 'route' ? (
                <Link
                  className="vendor-menu__item"
                  to={action.to}
                  onClick={() => {
                    if (action.storeVassalage)
                      writeStorage('session', vassalageStorageKey, action.storeVassalage);
                    close();
                  }}
                >
                  {content}
                </Link>
              ) : (
                <button
                  type="button"
                  className="vendor-menu__item"
                  onClick={() => {
                    close();
                    void launcher.start(action);
                  }}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
        {layout.hasMore && info.path ? (
          <li>
            <Link className="vendor-menu__item vendor-menu__more" to={info.path} onClick={close}>
              {t('action_more')}
            </Link>
          </li>
        ) : null}
      </ul>
      {layout.hasArrows ? (
        <button
          type="button"
          className="vendor-menu__arrow icon-button"
          aria-label={t('action_next')}
          disabled={edges.atEnd}
          onClick={() => page(1)}
        >
          <ChevronRight size={20} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
