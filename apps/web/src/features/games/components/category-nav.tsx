import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { GameMenu } from '@khela/contract';
import { loadChunk } from '../../../shared/lib/chunk-load.ts';
import { Dropdown } from '../../../shared/ui/dropdown.tsx';
import { categoryInfo } from '../game-categories.ts';
import './category-nav.css';

/** The vendor row loads with the first opened dropdown: it is not part of the home route's budget. */
const VendorRow = lazy(() =>
  loadChunk(() => import('./vendor-menu.tsx')).then((module) => ({ default: module.VendorRow })),
);

interface CategoryNavProps {
  menus: GameMenu;
}

/** Header categories (spec 2): an item only for a category that has vendors, each with its vendor row. */
export function CategoryNav({ menus }: CategoryNavProps) {
  const { t } = useTranslation();
  return (
    <>
      {menus
        .filter((menu) => menu.vendors.length > 0)
        .map((menu) => {
          const info = categoryInfo[menu.category];
          const Icon = info.icon;
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
                  <Suspense
                    fallback={<div className="vendor-menu vendor-menu--loading" aria-hidden="true" />}
                  >
                    <VendorRow category={menu.category} vendors={menu.vendors} close={close} />
                  </Suspense>
                )}
              </Dropdown>
            </li>
          );
        })}
    </>
  );
}
