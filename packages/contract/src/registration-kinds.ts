// No zod here: the web's start-up code (the header's Register button) imports this file alone
// ('@khela/contract/registration-kinds'), so the schemas stay out of the home route's script.
import type { FeatureFlags, SiteKind } from './system.ts';

/**
 * The registration kinds a visitor may use on this site: one rule for the server (which refuses the
 * rest) and the web (which shows Register only when the list is not empty). Spec 6: a visitor
 * registers if direct registration is on; only agents sign in on the agent site, and an agent
 * account is opened by its upline or the operator, never by itself, so the agent site offers none:
 * an account registered there could not log in there.
 */
export function registrationKindsOf(
  features: Pick<FeatureFlags, 'directRegistration' | 'mobileRegistration'>,
  site: SiteKind,
): ('username' | 'mobile')[] {
  if (site !== 'member') return [];
  const kinds: ('username' | 'mobile')[] = [];
  if (features.directRegistration) kinds.push('username');
  if (features.mobileRegistration) kinds.push('mobile');
  return kinds;
}
