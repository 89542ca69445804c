/**
 * Accounts and sessions (spec 2 Dialogs, 3, 4, 5, 6, 7 Login group), one file per flow under
 * `accounts/`. Calls marked `encrypted` travel sealed (see `seal.ts`); their body schemas describe
 * the plaintext inside. Only the names below are the package's: the flow files' shared helpers
 * (`text`, `okSchema`, `usernameLogin` …) stay inside the contract.
 */
import { operatorAccountCalls } from './accounts/operator.ts';
import { passwordCalls } from './accounts/password.ts';
import { profileCalls } from './accounts/profile.ts';
import { registerCalls } from './accounts/register.ts';
import { securityCalls } from './accounts/security.ts';
import { sessionCalls } from './accounts/session.ts';
import { socialCalls } from './accounts/social.ts';

export {
  accountTypes,
  agentTypes,
  altchaPayloadSchema,
  captchaFields,
  countryDialingCodeSchema,
  isAgentType,
  mobileNumSchema,
  newPasswordSchema,
  smsSentSchema,
  verificationCodeSchema,
} from './accounts/fields.ts';
export {
  captchaValueSchema,
  deviceIdSchema,
  humanChallengeSchema,
  loginBodySchema,
  loginValueSchema,
  publicKeySchema,
  sessionGrantSchema,
  twoFactorPendingSchema,
  type LoginBody,
  type LoginValue,
  type SessionGrant,
} from './accounts/session.ts';
export { registerBodySchema, registerValueSchema, type RegisterBody } from './accounts/register.ts';
export {
  avatarSchema,
  loginHistoryEntrySchema,
  memberInfoSchema,
  type LoginHistoryEntry,
  type MemberInfo,
} from './accounts/profile.ts';
export { passwordChangeBodySchema } from './accounts/password.ts';
export {
  socialCompleteValueSchema,
  socialLinkRequiredSchema,
  socialProviderSchema,
  socialProviders,
} from './accounts/social.ts';

export const accountCalls = {
  ...sessionCalls,
  ...registerCalls,
  ...profileCalls,
  ...passwordCalls,
  ...securityCalls,
  ...socialCalls,
  ...operatorAccountCalls,
};
