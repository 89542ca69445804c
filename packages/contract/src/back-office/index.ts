export * from './roles.ts';
export * from './operators.ts';
export * from './players.ts';
export * from './money.ts';
export * from './site.ts';
export * from './reports.ts';
export * from './promotions.ts';
export * from './call-permissions.ts';
