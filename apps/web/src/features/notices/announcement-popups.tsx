import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AnnouncementType } from '@khela/contract';
import { useLanguageStore } from '../../shared/i18n/languages.ts';
import { readStorage, writeStorage } from '../../shared/lib/storage.ts';
import { selectIsLoggedIn, useSessionStore } from '../../shared/stores/session-store.ts';
import { announcementsQueryOptions } from './api/get-announcements.ts';
import { openNoticeModal } from './notice-modal-store.ts';

/**
 * The announcement modal list on start (spec 2): popup announcements (PU; PL too once logged in)
 * open noticeModal once per browser session. Renders nothing.
 */
export function AnnouncementPopups() {
  const queryClient = useQueryClient();
  const language = useLanguageStore((state) => state.language);
  const isLoggedIn = useSessionStore(selectIsLoggedIn);

  useEffect(() => {
    const key = isLoggedIn ? 'noticePopupMember' : 'noticePopupGuest';
    if (readStorage('session', key)) return;
    const types: AnnouncementType[] = isLoggedIn ? ['PU', 'PL'] : ['PU'];
    let cancelled = false;
    queryClient
      .fetchQuery(announcementsQueryOptions(types, language))
      .then((items) => {
        if (cancelled || readStorage('session', key)) return;
        writeStorage('session', key, '1');
        if (items.length > 0) openNoticeModal(0, types);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [isLoggedIn, language, queryClient]);

  return null;
}
