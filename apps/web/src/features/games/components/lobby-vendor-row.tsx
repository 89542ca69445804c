import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import type { VendorCard } from '@khela/contract';

interface LobbyVendorRowProps {
  vendors: readonly VendorCard[];
  active: string | null;
  onSelect: (vassalage: string | null) => void;
}

/** The vendor filter of a lobby: "all providers" and each vendor, one pressed at a time. */
export function LobbyVendorRow({ vendors, active, onSelect }: LobbyVendorRowProps) {
  const { t } = useTranslation();
  return (
    <ul className="lobby-vendors" aria-label={t('label_providers')}>
      <li>
        <button
          type="button"
          className="lobby-vendor"
          aria-pressed={active === null}
          onClick={() => onSelect(null)}
        >
          <LayoutGrid size={18} aria-hidden="true" />
          <span>{t('label_all_providers')}</span>
        </button>
      </li>
      {vendors.map((vendor) => (
        <li key={vendor.vassalage}>
          <button
            type="button"
            className="lobby-vendor"
            aria-pressed={active === vendor.vassalage}
            onClick={() => onSelect(vendor.vassalage)}
          >
            {vendor.smallIcon ? <img src={vendor.smallIcon} alt="" loading="lazy" decoding="async" /> : null}
            <span>{vendor.displayName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
