/**
 * The back office's roles and what each may do (issue 15, docs/back-office.md). A permission is one
 * kind of action; every operator call needs exactly one (call-permissions.ts), checked on the
 * server for every call (authorize) and read by the back office to show only what a role may use.
 */
export const operatorRoles = ['owner', 'finance', 'risk', 'support', 'content', 'readonly'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export const operatorPermissions = [
  // Reading
  'players.read',
  'money.read',
  'ledger.read',
  'content.read',
  'reports.read',
  'audit.read',
  'system.read',
  // Acting
  'operators.manage',
  'players.status',
  'players.notes',
  'players.sessions',
  'players.secrets',
  'outbox.read',
  'money.deposits',
  'money.withdrawals',
  'money.adjust.request',
  'money.adjust.approve',
  'money.vendorTransfers',
  'content.write',
  'games.manage',
  'settings.write',
  'lottery.manage',
  'agents.contracts',
  'jobs.run',
] as const;
export type OperatorPermission = (typeof operatorPermissions)[number];

const reading: readonly OperatorPermission[] = [
  'players.read',
  'money.read',
  'ledger.read',
  'content.read',
  'reports.read',
  'audit.read',
  'system.read',
];

/** The permission table: what each role may do. The owner may do everything. */
export const rolePermissions: Record<OperatorRole, readonly OperatorPermission[]> = {
  owner: operatorPermissions,
  finance: [
    'players.read',
    'money.read',
    'ledger.read',
    'reports.read',
    'system.read',
    'money.deposits',
    'money.withdrawals',
    'money.adjust.request',
    'money.adjust.approve',
    'money.vendorTransfers',
  ],
  risk: [
    'players.read',
    'money.read',
    'ledger.read',
    'reports.read',
    'audit.read',
    'players.status',
    'players.notes',
    'players.sessions',
    'lottery.manage',
    'agents.contracts',
  ],
  support: [
    'players.read',
    'money.read',
    'players.status',
    'players.notes',
    'players.sessions',
    'players.secrets',
    'outbox.read',
  ],
  content: ['content.read', 'content.write', 'games.manage'],
  readonly: reading,
};

export function roleAllows(role: OperatorRole, permission: OperatorPermission): boolean {
  return rolePermissions[role].includes(permission);
}

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (operatorRoles as readonly string[]).includes(value);
}
