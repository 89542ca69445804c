import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineCall } from '@khela/contract';
import { AppError } from '../http/app-error.ts';
import { recordRefusedOperationsPage } from '../modules/audit/audit.service.ts';

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

/** Refused looks are in the operators' audit trail, whoever made them (a guest, a member). */
export function operatorOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    try {
      await app.authorize(request, operationsPage);
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL';
      await recordRefusedOperationsPage(app.db, request, code).catch((auditError: unknown) => {
        request.log.error({ err: auditError }, 'operator audit entry not written');
      });
      throw error;
    }
  };
}
