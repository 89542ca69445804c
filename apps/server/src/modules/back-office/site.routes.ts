import type { FastifyInstance } from 'fastify';
import { calls, settingsDocumentMaxChars } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { registerCall } from '../../http/register-call.ts';
import { getSettingsDocument, replaceSettings, type SettingsChange } from '../settings/settings.service.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { insiderControlsLoosened } from './money.limits.ts';

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
    const refuseLoosening = (diff: SettingsChange[]) => {
      const loosened = insiderControlsLoosened(diff);
      if (loosened.length > 0) {
        throw new AppError('FORBIDDEN', {
          issues: loosened.map((path) => ({
            field: `document.${path}`,
            reason: 'loosening the insider controls is done on the server (npm run settings), not here',
          })),
        });
      }
    };
    const result = await replaceSettings(db, body, async (tx, diff) => {
      refuseLoosening(diff);
      await recordOperatorChange(tx, request, {
        action: 'settings.save',
        targetKind: 'settings',
        targetId: 'KHELA',
        before: Object.fromEntries(diff.map((change) => [change.path, change.before])),
        after: Object.fromEntries(diff.map((change) => [change.path, change.after])),
      });
    });
    // A check tells it too (a save has refused it inside its transaction: nothing was written).
    refuseLoosening(result.diff);
    return result;
  });
}
