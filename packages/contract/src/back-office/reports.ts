import type { OperatorPermission } from './roles.ts';

/** The back office's reports calls (issue 15). */
export const reportsAdminCalls = {};

/** The permission each of these calls needs (call-permissions.ts). */
export const reportsAdminCallPermissions: Record<keyof typeof reportsAdminCalls, OperatorPermission> = {};
