import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import CircleUser from 'lucide-react/icons/circle-user';
import LogOut from 'lucide-react/icons/log-out';
import type { FeatureFlags } from '@khela/contract';
import {
  memberCentreLabelKeys,
  visibleAgentCentreMenu,
  visibleMemberCentrePages,
} from '../../../shared/config/centre-pages.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useLoginCheck } from '../../../shared/hooks/use-login-check.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { isAccountCentreType, useSessionStore } from '../../../shared/stores/session-store.ts';
import { Dropdown } from '../../../shared/ui/dropdown.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useMemberInfo } from '../api/get-member-info.ts';
import './account-menu.css';

interface AccountMenuProps {
  features: FeatureFlags;
}

/** The account menu: member centre pages for members, the agent centre menu for agents (spec 2, 6). */
export function AccountMenu({ features }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const username = useSessionStore((state) => state.username);
  const isAgent = useSessionStore((state) => state.isAgent);
  const clearSession = useSessionStore((state) => state.clearSession);
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  const openAgentCentre = useOverlayStore((state) => state.openAgentCentre);
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);
  const loginCheck = useLoginCheck();
  const isAgentAccount = isAccountCentreType(isAgent);
  // Spec 2 and 4: member info loads on start when a token exists; logged in once it has.
  const { data: member } = useMemberInfo();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  /** Spec 4: logout asks first, shows a loader, clears the session and goes to '/'. */
  async function logOut() {
    const confirmed = await requestConfirm({ messageKey: 'confirm_logout', confirmKey: 'action_logout' });
    if (!confirmed) return;
    setIsLoggingOut(true);
    try {
      // Ends every session of the account on the server; a failure still logs this tab out.
      await apiClient.call(apiRoutes.logout);
    } catch {
      // offline or already expired: the local session goes anyway
    }
    clearSession();
    queryClient.removeQueries({ queryKey: ['member'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
    setIsLoggingOut(false);
    void navigate(paths.root);
  }

  const name = member?.nickname || member?.account || username;
  return (
    <>
      {isLoggingOut
        ? createPortal(
            <div className="logout-overlay">
              <Spinner size="inline" label={t('state_logging_out')} />
              <span aria-hidden="true">{t('state_logging_out')}</span>
            </div>,
            document.body,
          )
        : null}
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
            <li className="dropdown__separator" role="separator" />
            <li>
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
    </>
  );
}
