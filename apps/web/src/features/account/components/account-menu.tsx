import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import CircleUser from 'lucide-react/icons/circle-user';
import LogOut from 'lucide-react/icons/log-out';
import type { FeatureFlags } from '@khela/contract';
import {
  memberCentreLabelKeys,
  visibleAgentCentreMenu,
  visibleMemberCentrePages,
} from '../../../shared/config/centre-pages.ts';
import { useLoginCheck } from '../../../shared/hooks/use-login-check.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { isAccountCentreType, useSessionStore } from '../../../shared/stores/session-store.ts';
import { Dropdown } from '../../../shared/ui/dropdown.tsx';
import { useMemberInfo } from '../api/get-member-info.ts';
import { useLogOut } from '../use-log-out.ts';
import './account-menu.css';

interface AccountMenuProps {
  features: FeatureFlags;
}

/** The account menu: member centre pages for members, the agent centre menu for agents (spec 2, 6). */
export function AccountMenu({ features }: AccountMenuProps) {
  const { t } = useTranslation();
  const username = useSessionStore((state) => state.username);
  const isAgent = useSessionStore((state) => state.isAgent);
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  const openAgentCentre = useOverlayStore((state) => state.openAgentCentre);
  const loginCheck = useLoginCheck();
  const isAgentAccount = isAccountCentreType(isAgent);
  // Spec 2 and 4: member info loads on start when a token exists; logged in once it has.
  const { data: member } = useMemberInfo();
  const logOut = useLogOut();

  const name = member?.nickname || member?.account || username;
  return (
    <Dropdown
      align="end"
      buttonClassName="header-action account-menu__button"
      ariaLabel={t('label_account_menu')}
      label={
        <>
          <CircleUser size={20} aria-hidden="true" />
          <span className="header-action__text">{name ?? t('label_my_account')}</span>
        </>
      }
    >
      {(close) => (
        <ul className="account-menu" aria-label={t('label_account_menu')}>
          {isAgentAccount
            ? visibleAgentCentreMenu({ features }).map((entry) => (
                <li key={entry.page}>
                  <button
                    type="button"
                    className="dropdown__item"
                    onClick={() => {
                      close();
                      openAgentCentre(entry.page);
                    }}
                  >
                    {t(entry.labelKey)}
                  </button>
                </li>
              ))
            : visibleMemberCentrePages({ features, isAgent }).map((page) => (
                <li key={page}>
                  <button
                    type="button"
                    className="dropdown__item"
                    onClick={() => {
                      close();
                      loginCheck(() => openMemberCentre(page));
                    }}
                  >
                    {t(memberCentreLabelKeys[page])}
                  </button>
                </li>
              ))}
          {/* Pinned to the menu's bottom edge: a long menu scrolls under it, never hides it. */}
          <li className="account-menu__logout">
            <button
              type="button"
              className="dropdown__item"
              onClick={() => {
                close();
                void logOut();
              }}
            >
              <LogOut size={16} aria-hidden="true" />
              {t('action_logout')}
            </button>
          </li>
        </ul>
      )}
    </Dropdown>
  );
}
