import { NavLink } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import CircleUser from 'lucide-react/icons/circle-user';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Gift from 'lucide-react/icons/gift';
import House from 'lucide-react/icons/house';
import Wallet from 'lucide-react/icons/wallet';
import { useOpenAccountCentre } from '../../features/account/index.ts';
import { paths } from '../../shared/config/paths.ts';
import './bottom-bar.css';

/** Phones only (docs/design.md): home, games, promotions, deposit and account in a fixed bottom bar. */
export function BottomBar() {
  const { t } = useTranslation();
  const openAccountCentre = useOpenAccountCentre();

  return (
    <nav className="bottom-bar" aria-label={t('label_bottom_navigation')}>
      <ul className="bottom-bar__list">
        <li>
          <NavLink className="bottom-bar__item" to={paths.home}>
            <House size={22} aria-hidden="true" />
            <span className="bottom-bar__label">{t('nav_home')}</span>
          </NavLink>
        </li>
        <li>
          <NavLink className="bottom-bar__item" to={paths.rng()}>
            <Gamepad2 size={22} aria-hidden="true" />
            <span className="bottom-bar__label">{t('nav_games')}</span>
          </NavLink>
        </li>
        <li>
          <NavLink className="bottom-bar__item" to={paths.promotions}>
            <Gift size={22} aria-hidden="true" />
            <span className="bottom-bar__label">{t('nav_promotions')}</span>
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            className="bottom-bar__item bottom-bar__item--deposit"
            onClick={() => openAccountCentre({ member: 'depositv2', agent: 'depositv2' })}
          >
            <span className="bottom-bar__deposit-icon" aria-hidden="true">
              <Wallet size={22} />
            </span>
            <span className="bottom-bar__label">{t('mc_deposit')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="bottom-bar__item" onClick={() => openAccountCentre()}>
            <CircleUser size={22} aria-hidden="true" />
            <span className="bottom-bar__label">{t('nav_account')}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
