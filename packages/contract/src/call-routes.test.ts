import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callRoutesFile, renderCallRoutes } from '../scripts/call-routes.ts';
import * as callRoutes from './call-routes.ts';
import { calls } from './calls.ts';

describe('call-routes.ts', () => {
  it('is the file the generator writes from `calls` (run `npm run routes -w @khela/contract`)', async () => {
    expect(readFileSync(callRoutesFile, 'utf8')).toBe(await renderCallRoutes());
  });

  it('holds every call with its id, method, path, encryption and body kind', () => {
    expect(Object.keys(callRoutes).sort()).toEqual(Object.keys(calls).sort());
    for (const [name, route] of Object.entries(callRoutes)) {
      const call = calls[name as keyof typeof calls];
      expect(route, name).toEqual({
        id: call.id,
        method: call.method,
        path: call.path,
        encrypted: call.encrypted,
        ...('bodyKind' in call ? { bodyKind: call.bodyKind } : {}),
      });
    }
  });

  it('imports no zod, so a client importing it alone stays free of the schemas', () => {
    const text = readFileSync(callRoutesFile, 'utf8');
    expect(text).not.toMatch(/^import (?!type )/m);
  });
});
