import { useSearchParams } from 'react-router';
import { CategoryLobby } from './category-page.tsx';

/** Slots lobby; `?page={vassalage}` selects the vendor tab (spec 2). */
export function RngPage() {
  const [searchParams] = useSearchParams();
  const vassalage = searchParams.get('page') ?? undefined;
  return <CategoryLobby category="RNG" activeVassalage={vassalage} subtitle={vassalage} />;
}
