import type { OperatorPermission } from './roles.ts';

/** The back office's money calls (issue 15). */
export const moneyAdminCalls = {};

/** The permission each of these calls needs (call-permissions.ts). */
export const moneyAdminCallPermissions: Record<keyof typeof moneyAdminCalls, OperatorPermission> = {};
