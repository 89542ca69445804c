import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameCategory } from '@khela/contract';
import Layers from 'lucide-react/icons/layers';
import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useGameMenus } from '../api/get-game-menus.ts';
import { VendorTiles } from '../components/vendor-tiles.tsx';
import { categoryInfo, categoryOfSegment } from '../game-categories.ts';

interface CategoryLobbyProps {
  category: GameCategory;
  activeVassalage?: string;
  subtitle?: string;
}

/** A category's lobby: its vendors from the game menu, then its games (with the games issue). */
export function CategoryLobby({ category, activeVassalage, subtitle }: CategoryLobbyProps) {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const vendors = menus.data?.find((menu) => menu.category === category)?.vendors ?? [];

  return (
    <Page title={t(categoryInfo[category].labelKey)} subtitle={subtitle}>
      <section aria-labelledby="lobby-vendors">
        <h2 id="lobby-vendors" className="section-title">
          {t('section_vendors')}
        </h2>
        {menus.isPending ? (
          <Spinner label={t('state_loading')} />
        ) : vendors.length > 0 ? (
          <VendorTiles vendors={vendors} activeVassalage={activeVassalage} />
        ) : (
          <EmptyState icon={Layers} title={t('empty_no_vendors')} />
        )}
      </section>
      <section aria-labelledby="lobby-games">
        <h2 id="lobby-games" className="section-title">
          {t('section_games')}
        </h2>
        <ComingSoon textKey="empty_games_soon" />
      </section>
    </Page>
  );
}

/** One page for /fish, /pvp, /live, /sports, /esports and /elott: the category comes from the path. */
export function CategoryPage() {
  const { pathname } = useLocation();
  const segment = pathname.split('/')[1] ?? '';
  const category = categoryOfSegment(segment) ?? 'LIVE';
  return <CategoryLobby category={category} />;
}
