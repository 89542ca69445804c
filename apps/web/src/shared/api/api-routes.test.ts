import { describe, expect, it } from 'vitest';
import { calls } from '@khela/contract';
import { apiRoutes } from './api-routes.ts';

describe('apiRoutes', () => {
  it('matches the contract call for call', () => {
    for (const [name, route] of Object.entries(apiRoutes)) {
      const definition = calls[name as keyof typeof calls];
      expect(definition, name).toBeDefined();
      expect(
        {
          id: route.id,
          method: route.method,
          path: route.path,
          encrypted: route.encrypted,
          bodyKind: route.bodyKind ?? 'json',
        },
        name,
      ).toEqual({
        id: definition.id,
        method: definition.method,
        path: definition.path,
        encrypted: definition.encrypted,
        bodyKind: definition.bodyKind ?? 'json',
      });
    }
  });
});
