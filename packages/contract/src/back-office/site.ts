import type { OperatorPermission } from './roles.ts';

/** The back office's site calls (issue 15). */
export const siteAdminCalls = {};

/** The permission each of these calls needs (call-permissions.ts). */
export const siteAdminCallPermissions: Record<keyof typeof siteAdminCalls, OperatorPermission> = {};
