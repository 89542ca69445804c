import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '../../shared/router/router.tsx';

/**
 * A new page starts at the top; Back and Forward (and a reload) leave the position to the browser,
 * which restores it. What the data router's ScrollRestoration did for this site, in a few lines.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
