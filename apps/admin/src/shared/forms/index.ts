export * from './api-errors.ts';
export * from './fields.tsx';
export * from './use-server-form.ts';
