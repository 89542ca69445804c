import { lazy, Suspense } from 'react';
import { useLocation } from '../../app/router.tsx';
import { Loading } from '../../shared/ui/states.tsx';
import './players.css';

const SearchPage = lazy(() => import('./search-page.tsx'));
const PlayerPage = lazy(() => import('./player-page.tsx'));

/** `/players` is the search, `/players/<id>` a member's page. */
export default function PlayersPage() {
  const { pathname } = useLocation();
  const match = /^\/players\/(\d{1,10})\/?$/.exec(pathname);
  return (
    <Suspense fallback={<Loading rows={4} />}>
      {match ? <PlayerPage id={Number(match[1])} /> : <SearchPage />}
    </Suspense>
  );
}
