import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameMenu } from '@khela/contract';
import { Dropdown } from '../../../shared/ui/dropdown.tsx';
import { categoryInfo, vendorDropdownLimit, vendorPath } from '../game-categories.ts';
import './category-nav.css';

interface CategoryNavProps {
  menus: GameMenu;
}

/**
 * Header categories (spec 2): an item only for a category that has vendors, each a simple dropdown
 * of its vendors. The full vendor dropdown (icons, arrows past 7 vendors) comes with the games issue.
 */
export function CategoryNav({ menus }: CategoryNavProps) {
  const { t } = useTranslation();
  return (
    <>
      {menus
        .filter((menu) => menu.vendors.length > 0)
        .map((menu) => {
          const info = categoryInfo[menu.category];
          const Icon = info.icon;
          const shown = menu.vendors.slice(0, vendorDropdownLimit);
          const hasMore = menu.vendors.length > vendorDropdownLimit;
          return (
            <li key={menu.category} className="category-nav__item">
              <Dropdown
                openOnHover
                buttonClassName="main-nav__link"
                label={
                  <>
                    <Icon size={18} aria-hidden="true" />
                    <span>{t(info.labelKey)}</span>
                  </>
                }
              >
                {(close) => (
                  <ul className="category-nav__vendors" aria-label={t(info.labelKey)}>
                    {shown.map((vendor) => (
                      <li key={vendor.vassalage}>
                        <Link
                          className="dropdown__item"
                          to={vendorPath(menu.category, vendor.vassalage)}
                          onClick={close}
                        >
                          {vendor.smallIcon ? (
                            <img
                              className="category-nav__icon"
                              src={vendor.smallIcon}
                              alt=""
                              loading="lazy"
                            />
                          ) : null}
                          <span>{vendor.displayName}</span>
                          {vendor.isHot === 1 ? (
                            <span className="badge badge--hot">{t('label_hot')}</span>
                          ) : null}
                        </Link>
                      </li>
                    ))}
                    {hasMore && info.path ? (
                      <li>
                        <Link className="dropdown__item category-nav__more" to={info.path} onClick={close}>
                          {t('action_more')}
                        </Link>
                      </li>
                    ) : null}
                  </ul>
                )}
              </Dropdown>
            </li>
          );
        })}
    </>
  );
}
