import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { getSettings } from '../settings/settings.service.ts';
import { geoDataAgeWarning, refreshGeoData } from './geo.ts';
import {
  getDomainRoute,
  getPermission,
  getPermissionInfo,
  getSystemStatus,
  listCountries,
  toRegisterSetting,
  toWhitelabel,
} from './system.service.ts';

export async function systemRoutes(app: FastifyInstance) {
  const { db } = app;

  // The brand's answers are the same for everyone: shared by the instances, dropped on a settings
  // change (registerCall's `shared`). Status and permission depend on the caller's address: never.
  const brand = { shared: { tags: ['settings'] as const } };

  registerCall(app, calls.whitelabel, async () => toWhitelabel(await getSettings(db)), brand);

  // Every visitor's page asks both as it starts: their 2xx is not logged at info (quietSuccess).
  registerCall(
    app,
    calls.status,
    async ({ query, request }) => getSystemStatus(await getSettings(db), { ip: request.ip, host: query.url }),
    { quietSuccess: true },
  );

  registerCall(
    app,
    calls.permission,
    async ({ query, request }) =>
      getPermission(await getSettings(db), { ip: request.ip, host: query.url ?? request.host }),
    { quietSuccess: true },
  );

  registerCall(app, calls.permissionInfo, async () => getPermissionInfo(await getSettings(db)), brand);

  registerCall(app, calls.domainRoute, async ({ query, request }) =>
    getDomainRoute(await getSettings(db), query.domain ?? request.host),
  );

  registerCall(app, calls.registerSetting, async () => toRegisterSetting(await getSettings(db)), brand);

  registerCall(app, calls.countries, async () => listCountries(db));

  geoDataRefresh(app);
}

/**
 * The GeoIP data behind region blocking (geo.ts): the operator's file (GEOIP_DATABASE_FILE) is read
 * at start, where a file that is not a country database stops the start with its reason, and again
 * by an hourly job whenever it changes, where a bad file fails the run and the data already loaded
 * stays. Data over 60 days old is warned about at start and by every run.
 */
function geoDataRefresh(app: FastifyInstance): void {
  const file = app.env.GEOIP_DATABASE_FILE;
  if (file) refreshGeoData(file);
  const warning = geoDataAgeWarning();
  if (warning) app.log.warn(warning);
  app.jobs.define({
    name: 'geoip-refresh',
    summary:
      "Reloads the region blocking's GeoIP data when its file changed; warns when it is over 60 days old",
    schedule: { cron: '23 * * * *' },
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    timeoutSeconds: 120,
    run: async () => {
      const refreshed = file ? refreshGeoData(file) : null;
      const stale = geoDataAgeWarning();
      if (stale) app.log.warn(stale);
      if (refreshed?.changed) app.log.info(refreshed, 'GeoIP data reloaded');
      return refreshed ?? { changed: false, source: 'bundled', warning: stale };
    },
  });
}
