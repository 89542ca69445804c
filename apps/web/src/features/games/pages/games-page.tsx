import { Navigate, useParams } from '../../../shared/router/router.tsx';
import type { GameCategory } from '@khela/contract';
import { paths } from '../../../shared/config/paths.ts';
import { NotFoundContent } from '../../../shared/ui/not-found-content.tsx';
import { categoryInfo } from '../game-categories.ts';
import { CategoryLobby } from './category-page.tsx';

function isGameCategory(value: string): value is GameCategory {
  return Object.hasOwn(categoryInfo, value);
}

/**
 * /games/:games/:type/:vassalage (spec 2): games is the category, upper-cased; type `vassalage`
 * shows that vendor's games, type `hot` the category's hot games (of that vendor unless it is ALL).
 */
export function GamesPage() {
  const { games = '', type = '', vassalage = '' } = useParams();
  const upper = games.toUpperCase();
  if (type !== 'hot' && type !== 'vassalage') return <NotFoundContent />;
  if (games !== upper) return <Navigate replace to={paths.games(upper, type, vassalage)} />;
  if (!isGameCategory(upper)) return <NotFoundContent />;
  const vendor = vassalage.toUpperCase() === 'ALL' ? undefined : vassalage;
  return (
    <CategoryLobby
      key={`${upper}/${type}/${vassalage}`}
      category={upper}
      vassalage={vendor}
      list={type === 'hot' ? 'hot' : 'games'}
    />
  );
}
