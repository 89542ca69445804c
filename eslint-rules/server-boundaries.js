// The server's module boundaries (ARCHITECTURE.md, "Server layout"), as a local ESLint rule.
//
// A module is a folder `apps/server/src/modules/<name>/`. Code in one module reaches another only
// through its public surface: its `*.service.ts` files (or an `index.ts`), plus the few files
// listed in `publicFiles` below (types, pure helpers and event hooks that callers need). Never its
// tables (`*.tables.ts`), its repositories (`*.repository.ts`) or any other internal file, and
// never its test helpers.
//
// Exception: tests (`*.test.ts`) and test helpers (`*.test-support.ts`) may import anything of any
// module: they set up and inspect state straight in other modules' tables on purpose.
//
// Import cycles between modules are found by apps/server/src/test/module-boundaries.test.ts, which
// walks the whole import graph (a per-file lint rule cannot see a cycle).
import path from 'node:path';

const modulesFolder = '/apps/server/src/modules/';

/**
 * Files besides `*.service.ts` that other modules may import, per module. Keep it short: a new
 * entry is a decision about a module's public surface.
 */
export const publicFiles = {
  // sessionOf and the authorize hook every module's routes use.
  accounts: ['authorize.ts'],
  // Read-only checks of its round records against the ledger and the game wallets, which the
  // back office's verifier and `npm run ledger:verify` run (back-office/money.figures.ts).
  games: ['games.ledger-check.ts', 'games.transfer-check.ts'],
  // Account addresses, the ledger's errors and money arithmetic: pure, used with ledger.service.
  ledger: ['ledger.addresses.ts', 'ledger.errors.ts', 'money.ts'],
  // Read-only check of its bets against the ledger (as games' above); the randomness beacon its
  // draws mix in, which the raffle's draw (promotions) mixes in too.
  lottery: ['lottery.ledger-check.ts', 'lottery.beacon.ts'],
  // Read-only check of its bonuses against the ledger (as games' above).
  promotions: ['promotions.ledger-check.ts'],
  // The gateway interface adapters implement and deposits call.
  payments: ['payment-gateway.ts'],
  // The settings document's types and schema.
  settings: ['settings.schema.ts'],
  // The SMS provider interface and its factory.
  sms: ['sms.provider.ts'],
  // "A member's wallet changed", raised by money modules and heard by realtime.
  wallet: ['wallet.events.ts'],
};

/** `{ module, file }` of a path inside apps/server/src/modules, else null. */
export function moduleFileOf(filename) {
  const normalised = filename.split(path.sep).join('/');
  const at = normalised.lastIndexOf(modulesFolder);
  if (at < 0) return null;
  const [module, ...rest] = normalised.slice(at + modulesFolder.length).split('/');
  if (!module || rest.length === 0) return null;
  return { module, file: rest.join('/') };
}

export function isTestFile(filename) {
  return /\.test(-support)?\.ts$/.test(filename);
}

/**
 * Why importing `target` from `importer` (both absolute paths) breaks the boundaries, or null when
 * it does not. Answers `{ messageId, data }` for the rule's messages.
 */
export function boundaryViolation(importer, target) {
  const from = moduleFileOf(importer);
  const to = moduleFileOf(target);
  if (!from || !to || from.module === to.module) return null;
  if (isTestFile(importer)) return null;
  const data = { from: from.module, module: to.module, file: to.file };
  if (isTestFile(to.file)) return { messageId: 'testFile', data };
  if (/\.tables\.ts$/.test(to.file)) return { messageId: 'tables', data };
  const base = path.posix.basename(to.file);
  const isPublic =
    to.file === base &&
    (base.endsWith('.service.ts') || base === 'index.ts' || (publicFiles[to.module] ?? []).includes(base));
  return isPublic ? null : { messageId: 'internal', data };
}

/** @type {import('eslint').Rule.RuleModule} */
export const serverBoundariesRule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A server module reaches another only through its service functions, never its tables or internals.',
    },
    schema: [],
    messages: {
      tables:
        "Module '{{from}}' imports {{module}}/{{file}}: another module's tables are its own. Call a function of {{module}}'s *.service.ts instead (or add one).",
      internal:
        "Module '{{from}}' imports {{module}}/{{file}}, which is internal to '{{module}}'. Use its *.service.ts (or a file listed in eslint-rules/server-boundaries.js publicFiles).",
      testFile: "Module '{{from}}' imports {{module}}/{{file}}: test helpers are for tests only.",
    },
  },
  create(context) {
    const importer = context.physicalFilename ?? context.filename;
    if (!moduleFileOf(importer) || isTestFile(importer)) return {};
    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(importer), source.value);
      const violation = boundaryViolation(importer, target);
      if (violation) context.report({ node: source, ...violation });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/** The local plugin registered in eslint.config.js. */
export default { rules: { 'server-boundaries': serverBoundariesRule } };
