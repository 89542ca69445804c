import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@khela/contract';
import { formKitTextKeys } from '@khela/contract/form-kit';
import { playTypeNameKeyList } from '@khela/contract/lottery-names';
import { agentCentreMenu, memberCentreLabelKeys } from '../shared/config/centre-pages.ts';
import { helpPageLabelKeys } from '../shared/config/help-pages.ts';
import { categoryInfo } from '../features/games/game-categories.ts';
import { activityStateLabelKeys, promotionTypeLabelKeys } from '../features/promotions/promotion-labels.ts';
import bn from './bn.json';
import en from './en.json';
import ja from './ja.json';
import th from './th.json';
import vi from './vi.json';
import zh from './zh.json';

type Catalogue = Record<string, string>;

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Text keys written in the code: t('key'), i18nKey="key", and the *Key props and fields (labelKey: 'key'). */
const keyPatterns = [
  /\bt\(\s*['"]([^'"]+)['"]/g,
  /\bi18nKey=["']([^"']+)["']/g,
  /\b(?:label|title|message|text|confirm|cancel|empty)Key\s*(?:\?\?|:|=)\s*\{?\s*['"]([a-z0-9_]+)['"]/g,
];

function keysInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, code] of Object.entries(sources)) {
    for (const pattern of keyPatterns)
      for (const match of code.matchAll(pattern)) found.set(match[1] ?? '', file);
  }
  return found;
}

/** Keys that reach t() as data: menu tables, the server's error texts (ApiError.message), the form kit's. */
const keysInTables = [
  ...Object.values(memberCentreLabelKeys),
  ...agentCentreMenu.map((entry) => entry.labelKey),
  ...Object.values(helpPageLabelKeys),
  ...Object.values(categoryInfo).map((info) => info.labelKey),
  ...Object.values(activityStateLabelKeys),
  ...Object.values(promotionTypeLabelKeys),
  ...Object.values(errorCatalogue).map((entry) => entry.message),
  // The form texts of the contract's form kit (server issues and zod checks as sentences).
  ...formKitTextKeys,
  // The play types' market names (the contract's table, shared with the back office).
  ...playTypeNameKeyList,
  'err_network',
  'err_unknown',
];

/**
 * Texts the server names in `message` (the spec's own keys: err_*, info_*, in_*, invitation_code_error).
 * They may arrive in the catalogues ahead of the contract code that sends them.
 */
const serverTextKey = /^(err_|info_|in_|invitation_code_error$)/;

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

/** Intl.PluralRules' categories as key suffixes (i18n.ts picks `key_<category>` for a count). */
const pluralSuffix = /_(zero|one|two|few|many)$/;
const isPluralForm = (key: string) =>
  pluralSuffix.test(key) && Object.hasOwn(en, key.replace(pluralSuffix, ''));

describe('locale catalogues', () => {
  const used = keysInSource();

  it('finds the keys the code uses', () => {
    expect(used.size).toBeGreaterThan(50);
  });

  it.each([
    ['bn', bn as Catalogue],
    ['en', en as Catalogue],
  ])('%s has every key the code uses', (_code, catalogue) => {
    const missing = [...used.keys(), ...keysInTables].filter((key) => !Object.hasOwn(catalogue, key));
    expect(missing).toEqual([]);
  });

  it('bn and en have the same keys', () => {
    expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
  });

  it('bn and en use the same placeholders', () => {
    const english = en as Catalogue;
    for (const [key, text] of Object.entries(bn as Catalogue)) {
      expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
    }
  });

  it('has no empty texts, and no English left in the Bengali catalogue', () => {
    for (const [key, text] of Object.entries(bn as Catalogue)) {
      expect(text.trim(), key).not.toBe('');
      expect(
        /[\u0980-\u09ff]/.test(text) || /^[\d\s.:+-]*$/.test(text),
        `bn.${key} is not Bengali: ${text}`,
      ).toBe(true);
    }
  });

  it.each([
    ['zh', zh as Catalogue],
    ['vi', vi as Catalogue],
    ['ja', ja as Catalogue],
    ['th', th as Catalogue],
  ])('%s is complete: every key of en and every key the code uses, same placeholders', (_code, catalogue) => {
    const english = en as Catalogue;
    // Plural forms (key_one…) are a language's own: one without them uses the key itself (i18n.ts).
    const general = (keys: string[]) => keys.filter((key) => !isPluralForm(key)).sort();
    expect(general(Object.keys(catalogue))).toEqual(general(Object.keys(english)));
    const missing = [...used.keys(), ...keysInTables].filter((key) => !Object.hasOwn(catalogue, key));
    expect(missing).toEqual([]);
    for (const [key, text] of Object.entries(catalogue)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
    }
  });

  it('has no key that nothing uses', () => {
    const allCode = Object.values(sources).join('\n');
    const tableKeys = new Set(keysInTables);
    // A plural form (lottery_hits_one) is used where its key is (t picks it by the count).
    const baseOf = (key: string) => (isPluralForm(key) ? key.replace(pluralSuffix, '') : key);
    const unused = Object.keys(en).filter((entry) => {
      const key = baseOf(entry);
      return (
        !used.has(key) && !tableKeys.has(key) && !allCode.includes(`'${key}'`) && !serverTextKey.test(key)
      );
    });
    expect(unused).toEqual([]);
  });
});
