// Every table of every module, for drizzle-kit and the typed query builder.
export * from '../modules/settings/settings.tables.ts';
export * from '../modules/system/system.tables.ts';
export * from '../modules/ledger/ledger.tables.ts';
export * from '../modules/secrets/secrets.tables.ts';
export * from '../modules/counters/counters.tables.ts';
export * from '../modules/human-check/human-check.tables.ts';
export * from '../modules/captcha/captcha.tables.ts';
export * from '../modules/sms/sms.tables.ts';
export * from '../modules/mail/mail.tables.ts';
export * from '../modules/accounts/accounts.tables.ts';
export * from '../modules/content/content.tables.ts';
export * from '../modules/wallet/wallet.tables.ts';
export * from '../modules/sandbox-gateway/sandbox-gateway.tables.ts';
export * from '../modules/deposits/deposits.tables.ts';
export * from '../modules/withdrawals/withdrawals.tables.ts';
export * from '../modules/games/games.tables.ts';
export * from '../modules/lottery/lottery.tables.ts';
