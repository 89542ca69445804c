import type { Database } from '../db/database.ts';
import { listVendorOrigins, originsOf } from '../modules/games/launch.service.ts';
import { getSettings } from '../modules/settings/settings.service.ts';

/**
 * The other hosts the Content-Security-Policy lets a page reach: game frames from the enabled
 * vendors' origins and the brand's launch CDNs (`launchGameCDNs`), pictures from those and the
 * brand's image CDNs (`imageCDNs`). Never a bare `https:` (any host). Helmet asks for the lists
 * synchronously on every answer, so they are kept here and read again every `refreshMs`; a vendor
 * enabled or a CDN listed shows in the policy within that time.
 */
export interface CspHosts {
  frames(): string[];
  images(): string[];
  refresh(): Promise<void>;
  stop(): void;
}

export function createCspHosts({
  db,
  refreshMs = 60_000,
  onError,
}: {
  db: Database;
  refreshMs?: number;
  onError: (error: unknown) => void;
}): CspHosts {
  let frames: string[] = [];
  let images: string[] = [];
  const refresh = async () => {
    try {
      const [vendors, settings] = await Promise.all([listVendorOrigins(db), getSettings(db)]);
      const launch = originsOf(settings.launchGameCDNs);
      frames = [...new Set([...vendors, ...launch])];
      images = [...new Set([...vendors, ...launch, ...originsOf(settings.imageCDNs)])];
    } catch (error) {
      // The lists stay as they were: a failed read must not open the policy nor take the site down.
      onError(error);
    }
  };
  const timer = setInterval(() => void refresh(), refreshMs);
  timer.unref();
  return {
    frames: () => frames,
    images: () => images,
    refresh,
    stop: () => clearInterval(timer),
  };
}
