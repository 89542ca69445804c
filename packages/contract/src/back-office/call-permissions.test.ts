import { describe, expect, it } from 'vitest';
import { calls } from '../calls.ts';
import { operatorCallPermissions } from './call-permissions.ts';
import { operatorPermissions, operatorRoles, rolePermissions } from './roles.ts';

describe('operator call permissions', () => {
  const operatorCallIds = Object.values(calls)
    .filter((call) => call.auth === 'operator')
    .map((call) => call.id);

  it('names a permission for every operator call', () => {
    const missing = operatorCallIds.filter((id) => !Object.hasOwn(operatorCallPermissions, id));
    expect(missing).toEqual([]);
  });

  it('names no call that is not an operator call (the operations pages aside)', () => {
    const known = new Set([...operatorCallIds, 'operationsPage']);
    expect(Object.keys(operatorCallPermissions).filter((id) => !known.has(id))).toEqual([]);
  });

  it('gives the owner every permission and read-only no acting one', () => {
    expect([...rolePermissions.owner].sort()).toEqual([...operatorPermissions].sort());
    expect(rolePermissions.readonly.every((permission) => /\.read$/.test(permission))).toBe(true);
    for (const role of operatorRoles) {
      expect(rolePermissions[role].every((permission) => operatorPermissions.includes(permission))).toBe(
        true,
      );
    }
  });
});
