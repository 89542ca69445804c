/**
 * The calls the web makes, without their zod schemas: the contract's generated route list
 * (`packages/contract/src/call-routes.ts`, written from `calls`). `calls` itself builds every schema
 * when imported (about 26 KB gzipped of zod), which the home route's 117 KB budget cannot carry; the
 * client needs only id, method and path. One export per call, so each chunk carries only the routes
 * it uses (`apiRoutes.login` is resolved at build time).
 */
export * as apiRoutes from '@khela/contract/call-routes';
