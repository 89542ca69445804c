import { SoonPage } from '../../../shared/ui/soon-page.tsx';

/** Pushed for the FB sports vendor (spec 2): a third party we cannot reach here (docs/design.md). */
export function FbSportsPage() {
  return <SoonPage titleKey="page_fb_sports" textKey="empty_vendor_unavailable" />;
}
