import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { operatorOnly } from './operator-only.ts';

/**
 * OpenAPI generated from the contract's zod schemas; the UI at `/docs`, the JSON at `/docs/json`.
 * Operators only, like /metrics.
 */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Khela API',
        description:
          'Every call answers `{ success, code?, message?, value? }`. Money crosses as decimal strings.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiHooks: { onRequest: operatorOnly(app) },
  });
});
