import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { getSettings } from '../settings/settings.service.ts';
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
}
