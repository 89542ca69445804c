import type { OperatorPermission } from './roles.ts';

/** The back office's players calls (issue 15). */
export const playersAdminCalls = {};

/** The permission each of these calls needs (call-permissions.ts). */
export const playersAdminCallPermissions: Record<keyof typeof playersAdminCalls, OperatorPermission> = {};
