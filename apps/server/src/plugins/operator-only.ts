import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineCall } from '@khela/contract';

/**
 * The operations pages (`/metrics`, `/docs`) tell an outsider how the site is built and how busy it
 * is: only an operator's session may read them (`Authorization: Bearer <operator token>`), checked
 * by the same `app.authorize` as every operator call (docs/operations.md).
 */
const operationsPage = defineCall({
  id: 'operationsPage',
  method: 'GET',
  path: '/metrics',
  auth: 'operator',
  encrypted: false,
  summary: 'Prometheus metrics and the OpenAPI document',
  tag: 'operations',
  value: z.unknown(),
});

export function operatorOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    await app.authorize(request, operationsPage);
  };
}
