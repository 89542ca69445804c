/**
 * One posting path, in the source: every SQL text of the server (the modules' SQL files, the
 * migrations from the one that made the path on, SQL inside TypeScript) and the benches is scanned
 * for a write of journal entries, postings or ledger account balances, and for the posting path's
 * flag. Only the ledger's own files may hold them; the database refuses the rest anyway
 * (ledger_write_guard, ledger.post-entries.test.ts). Test files may tamper on purpose and are left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** Migrations before this one hold the history of the four old writers; they never run again. */
const FIRST_MIGRATION_SCANNED = 32;

function filesUnder(folder: string, keep: (file: string) => boolean): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory())
      return name === 'node_modules' || name === 'dist' ? [] : filesUnder(file, keep);
    return keep(file) ? [file] : [];
  });
}

const isSource = (file: string) =>
  (file.endsWith('.ts') || file.endsWith('.sql')) && !/\.test(-support)?\.ts$|\.race\.ts$/.test(file);

const scanned = [
  ...filesUnder(path.join(root, 'apps/server/src'), isSource),
  ...filesUnder(path.join(root, 'apps/house-games/src'), isSource),
  ...filesUnder(path.join(root, 'bench'), isSource),
  ...filesUnder(path.join(root, 'apps/server/drizzle'), (file) => {
    const number = /(\d{4})_[^/]*\.sql$/.exec(file)?.[1];
    return number !== undefined && Number(number) >= FIRST_MIGRATION_SCANNED;
  }),
];

const writes: { name: string; pattern: RegExp; allowed: string[] }[] = [
  {
    name: 'inserts postings',
    pattern: /insert\s+into\s+(public\.)?"?postings"?[\s(]|\.insert\(\s*postings\s*\)/i,
    allowed: ['apps/server/src/modules/ledger/sql/ledger_post_entries.sql'],
  },
  {
    name: 'inserts journal entries',
    pattern: /insert\s+into\s+(public\.)?"?journal_entries"?[\s(]|\.insert\(\s*journalEntries\s*\)/i,
    allowed: ['apps/server/src/modules/ledger/sql/ledger_post_entries.sql'],
  },
  {
    name: 'changes ledger accounts',
    pattern:
      /update\s+(public\.)?"?ledger_accounts"?\s|delete\s+from\s+(public\.)?"?ledger_accounts|\.(update|delete)\(\s*ledgerAccounts\s*\)/i,
    allowed: ['apps/server/src/modules/ledger/sql/ledger_post_entries.sql'],
  },
  {
    name: 'opens ledger accounts',
    pattern: /insert\s+into\s+(public\.)?"?ledger_accounts"?[\s(]|\.insert\(\s*ledgerAccounts\s*\)/i,
    allowed: [
      'apps/server/src/modules/ledger/sql/ledger_open_member_wallets.sql',
      'apps/server/src/modules/ledger/ledger.service.ts',
    ],
  },
  {
    name: "sets the posting path's flag",
    pattern: /khela\.ledger_posting/i,
    allowed: [
      'apps/server/src/modules/ledger/sql/ledger_post_entries.sql',
      'apps/server/src/modules/ledger/sql/ledger_write_guard.sql',
    ],
  },
];

/** SQL line comments out (they name the tables in prose); what is left is code. */
const withoutSqlComments = (text: string) => text.replace(/--[^\n]*/g, '');

describe('the one posting path, in the source', () => {
  it('scans the SQL sources, the migrations from the path on, the server, house games and benches', () => {
    expect(scanned.length).toBeGreaterThan(300);
    expect(scanned.some((file) => file.endsWith('ledger/sql/ledger_post_entries.sql'))).toBe(true);
  });

  for (const write of writes) {
    it(`finds only the ledger's own files where SQL ${write.name}`, () => {
      const found = scanned
        .filter((file) => write.pattern.test(withoutSqlComments(readFileSync(file, 'utf8'))))
        .map((file) => path.relative(root, file));
      expect(found.sort()).toEqual([...write.allowed].sort());
    });
  }
});
