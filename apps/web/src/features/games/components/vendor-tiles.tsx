import { Link } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { GameMenu } from '@khela/contract';
import { writeStorage } from '../../../shared/lib/storage.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { categoryInfo } from '../game-categories.ts';
import { vendorAction, type LaunchAction } from '../launch/launch-rules.ts';
import { vassalageStorageKey } from '../launch/use-game-launcher.tsx';
import './vendor-tiles.css';

interface VendorTilesProps {
  vendors: GameMenu[number]['vendors'];
  /** The vendor currently shown, highlighted. */
  activeVassalage?: string;
  /** Carries out a vendor entry that is not a plain route (cockfight, external links). */
  onStart: (action: LaunchAction) => void;
}

/** A dense grid of a category's vendors (real menu data); each opens as the launch rules say. */
export function VendorTiles({ vendors, activeVassalage, onStart }: VendorTilesProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <ul className="tile-grid vendor-tiles">
      {vendors.map((vendor) => {
        const Icon = categoryInfo[vendor.gameType].icon;
        const action = vendorAction(vendor, { social: brand.social });
        const content = (
          <>
            <span className="tile__art" aria-hidden="true">
              {vendor.smallIcon ? (
                <img src={vendor.smallIcon} alt="" loading="lazy" decoding="async" />
              ) : (
                <Icon size={28} />
              )}
            </span>
            <span className="tile__label">{vendor.displayName}</span>
            {vendor.isHot === 1 ? (
              <span className="badge badge--hot tile__badge">{t('label_hot')}</span>
            ) : null}
          </>
        );
        return (
          <li key={vendor.vassalage}>
            {action.kind === 'route' ? (
              <Link
                className="tile"
                to={action.to}
                aria-current={vendor.vassalage === activeVassalage ? 'true' : undefined}
                onClick={() => {
                  if (action.storeVassalage)
                    writeStorage('session', vassalageStorageKey, action.storeVassalage);
                }}
              >
                {content}
              </Link>
            ) : (
              <button type="button" className="tile vendor-tiles__button" onClick={() => onStart(action)}>
                {content}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
