import type { FastifyInstance } from 'fastify';
import { calls, settingsDocumentMaxChars } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { registerCall } from '../../http/register-call.ts';
import { getSettingsDocument, replaceSettings, settingsDiffForAudit } from '../settings/settings.service.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';

/**
 * The back office's site calls that live here (issue 15): the brand settings document, read and
 * replaced whole with its diff. The content lists are served by the content module
 * (content-operator.routes.ts) and the games and vendors by the games module
 * (games-operator.routes.ts), which already depend on this module's audit trail.
 */
export async function siteAdminRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.operatorSettings, async () => getSettingsDocument(db));

  registerCall(app, calls.operatorSettingsSave, async ({ body, request }) => {
    if (JSON.stringify(body.document).length > settingsDocumentMaxChars) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ field: 'document', reason: `is longer than ${settingsDocumentMaxChars} characters` }],
      });
    }
    // A change that loosens a protected setting is refused by replaceSettings (settings.protected.ts).
    return replaceSettings(db, body, async (tx, diff) => {
      await recordOperatorChange(tx, request, {
        action: 'settings.save',
        targetKind: 'settings',
        targetId: 'KHELA',
        ...settingsDiffForAudit(diff),
      });
    });
  });
}
