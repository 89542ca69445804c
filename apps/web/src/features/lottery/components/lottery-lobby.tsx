import { useRef, useState } from 'react';
import type { LotteryGame, LotteryPrizeMode } from '@khela/contract';
import { lotteryWeekdays } from '@khela/contract/lottery-draw';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Search from 'lucide-react/icons/search';
import Ticket from 'lucide-react/icons/ticket';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { revealInStrip } from '../../../shared/lib/reveal-in-strip.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { searchDebounceMs } from '../../games/index.ts';
import { useLotteryMenu } from '../api/get-game-menu.ts';
import { useRecentLotteries } from '../api/get-recent-games.ts';
import { clockOffset, useDebouncedValue, useNow } from '../lib/clock.ts';
import { useLotteryFavourites } from '../lib/favourites.ts';
import {
  allGamesOf,
  filterLotteries,
  isHotLottery,
  lotteryListTabs,
  tabArrowsAfter,
  type LotteryListTab,
} from '../lib/lobby-filter.ts';
import { menuTagKeys, weekdayKeys } from '../lib/texts.ts';
import { GameCard } from './game-card.tsx';

interface LotteryLobbyProps {
  /** /vnlottery shows the regional draws only (prize mode Lott). */
  prizeMode: LotteryPrizeMode | undefined;
  gameHref: (game: LotteryGame) => string;
}

const listLabelKeys: Record<LotteryListTab, string> = {
  HOT: 'lottery_tab_hot',
  FAV: 'lottery_tab_fav',
  RECENT: 'lottery_tab_recent',
};

/** The text key of a menu tag's tab (an unknown tag shows as itself). */
function tagLabel(tag: string, t: (key: string) => string): string {
  const key = menuTagKeys[tag];
  return key ? t(key) : tag;
}

/**
 * The lottery lobby (spec 2): tabs by menu tag plus the hot, favourite and recent lists, a weekday
 * filter (spec 9 values) and a name search (spec 5: 500 ms), the games' live countdowns and latest
 * results; the menu refreshes on the spec 4 timer.
 */
export function LotteryLobby({ prizeMode, gameHref }: LotteryLobbyProps) {
  const { t } = useTranslation();
  const menu = useLotteryMenu(prizeMode);
  const username = useSessionStore((state) => state.username);
  const token = useSessionStore((state) => state.token);
  const openModal = useOverlayStore((state) => state.openModal);
  const favourites = useLotteryFavourites(token === null ? null : username);
  const [tab, setTab] = useState<string | null>(null);
  const [weekday, setWeekday] = useState<number | null>(null);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, searchDebounceMs);
  const recent = useRecentLotteries(prizeMode, tab === 'RECENT');
  const now = useNow();
  const stripRef = useRef<HTMLDivElement>(null);

  const menus = menu.data?.gameMenus ?? [];
  const tags = menus.map((entry) => entry.tag);
  const tabs = [...tags, ...lotteryListTabs];
  const activeTab = tab ?? tags[0] ?? 'HOT';
  const offset = clockOffset(menu.data?.serverTime, menu.dataUpdatedAt);
  const games = allGamesOf(menus);

  let listed: LotteryGame[];
  switch (activeTab) {
    case 'HOT':
      listed = games.filter(isHotLottery);
      break;
    case 'FAV':
      listed = games.filter((game) => favourites.codes.includes(game.gameCode));
      break;
    case 'RECENT':
      listed = recent.data?.list ?? [];
      break;
    default:
      listed = menus.find((entry) => entry.tag === activeTab)?.games ?? [];
  }
  const shown = filterLotteries(listed, { weekday, search });
  const needsLogin = token === null && (activeTab === 'FAV' || activeTab === 'RECENT');

  const toggleFavourite = (game: LotteryGame) => {
    if (token === null) {
      openModal('loginPopupModal');
      return;
    }
    favourites.toggle(game.gameCode);
  };

  const scrollTabs = (direction: 1 | -1) =>
    stripRef.current?.scrollBy({ left: direction * stripRef.current.clientWidth * 0.6, behavior: 'smooth' });

  return (
    <div className="lottery-lobby">
      <div className="lottery-tabs">
        {tabs.length > tabArrowsAfter ? (
          <button
            type="button"
            className="lottery-tabs__arrow"
            aria-label={t('lottery_tabs_previous')}
            onClick={() => scrollTabs(-1)}
          >
            <ChevronLeft size={18} aria-hidden="true" />
          </button>
        ) : null}
        <div className="lottery-tabs__strip" role="tablist" aria-label={t('lottery_tabs')} ref={stripRef}>
          {tabs.map((entry) => {
            const isList = (lotteryListTabs as readonly string[]).includes(entry);
            return (
              <button
                key={entry}
                type="button"
                role="tab"
                aria-selected={entry === activeTab}
                ref={entry === activeTab ? revealInStrip : undefined}
                className={`lottery-tab${entry === activeTab ? ' lottery-tab--active' : ''}`}
                onClick={() => setTab(entry)}
              >
                {isList ? t(listLabelKeys[entry as LotteryListTab]) : tagLabel(entry, t)}
              </button>
            );
          })}
        </div>
        {tabs.length > tabArrowsAfter ? (
          <button
            type="button"
            className="lottery-tabs__arrow"
            aria-label={t('lottery_tabs_next')}
            onClick={() => scrollTabs(1)}
          >
            <ChevronRight size={18} aria-hidden="true" />
          </button>
        ) : null}
      </div>

      <div className="lottery-filters">
        <div className="lottery-weekdays" role="group" aria-label={t('lottery_weekday_filter')}>
          <button
            type="button"
            className={`lottery-chip${weekday === null ? ' lottery-chip--active' : ''}`}
            aria-pressed={weekday === null}
            onClick={() => setWeekday(null)}
          >
            {t('lottery_weekday_all')}
          </button>
          {lotteryWeekdays.map((value) => (
            <button
              key={value}
              type="button"
              className={`lottery-chip${weekday === value ? ' lottery-chip--active' : ''}`}
              aria-pressed={weekday === value}
              onClick={() => setWeekday(value)}
            >
              {t(weekdayKeys[value] ?? String(value))}
            </button>
          ))}
        </div>
        <label className="lottery-search">
          <Search size={16} aria-hidden="true" />
          <span className="visually-hidden">{t('lottery_search')}</span>
          <input
            type="search"
            value={searchText}
            placeholder={t('lottery_search')}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </label>
      </div>

      {menu.isPending ? (
        <Skeleton rows={4} height="7.5rem" className="lottery-grid-skeleton" />
      ) : menu.isError ? (
        <EmptyState
          icon={Ticket}
          title={t('lottery_error_title')}
          text={t('err_network')}
          action={
            <button type="button" className="button button--secondary" onClick={() => void menu.refetch()}>
              {t('action_retry')}
            </button>
          }
        />
      ) : needsLogin ? (
        <EmptyState
          icon={Ticket}
          title={t('lottery_login_for_list')}
          action={
            <button
              type="button"
              className="button button--primary"
              onClick={() => openModal('loginPopupModal')}
            >
              {t('action_login')}
            </button>
          }
        />
      ) : activeTab === 'RECENT' && recent.isPending ? (
        <Skeleton rows={2} height="7.5rem" />
      ) : shown.length === 0 ? (
        <EmptyState icon={Ticket} title={t('lottery_empty_title')} text={t('lottery_empty_text')} />
      ) : (
        <ul className="lottery-grid" aria-label={t('lottery_games')}>
          {shown.map((game) => (
            <GameCard
              key={game.gameCode}
              game={game}
              href={gameHref(game)}
              now={now}
              offset={offset}
              isFavourite={favourites.codes.includes(game.gameCode)}
              onToggleFavourite={toggleFavourite}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
