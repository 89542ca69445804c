import { SoonPage } from '../../shared/ui/soon-page.tsx';

export function PointMallPage() {
  return <SoonPage titleKey="page_point_mall" />;
}
