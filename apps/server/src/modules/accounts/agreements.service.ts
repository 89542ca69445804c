import type { Database } from '../../db/database.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { memberAgreements } from './accounts.tables.ts';

export type AgreementSource = 'register' | 'register_mobile' | 'social';

/**
 * Records what a new account confirmed and accepted (issue 42 item 4): the brand's minimum age and
 * its current terms' version, checked before (register-rules.ts agreementIssues). Called inside the
 * transaction that creates the account, so there is no account without its record.
 */
export async function recordAgreement(
  db: Database,
  settings: SiteSettings,
  { memberId, source, ip }: { memberId: number; source: AgreementSource; ip: string | null },
): Promise<void> {
  await db.insert(memberAgreements).values({
    memberId,
    minimumAge: settings.registration.minimumAge,
    termsVersion: settings.registration.termsVersion,
    source,
    ip,
  });
}
