import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameMenu } from '@khela/contract';
import { categoryInfo, vendorPath } from '../game-categories.ts';
import './vendor-tiles.css';

interface VendorTilesProps {
  vendors: GameMenu[number]['vendors'];
  /** The vendor currently shown, highlighted. */
  activeVassalage?: string;
}

/** A dense grid of a category's vendors (real menu data), each leading to its games. */
export function VendorTiles({ vendors, activeVassalage }: VendorTilesProps) {
  const { t } = useTranslation();
  return (
    <ul className="tile-grid vendor-tiles">
      {vendors.map((vendor) => {
        const Icon = categoryInfo[vendor.gameType].icon;
        return (
          <li key={vendor.vassalage}>
            <Link
              className="tile"
              to={vendorPath(vendor.gameType, vendor.vassalage)}
              aria-current={vendor.vassalage === activeVassalage ? 'true' : undefined}
            >
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
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
