import { createHmac } from 'node:crypto';
import {
  layoutOf,
  prizeTiers,
  type DrawResult,
  type LotteryRegion,
  type PrizeTier,
} from '@khela/contract/lottery-draw';

/**
 * Official results (issue 36, item 5): a regional game the operator runs on *official results*
 * settles on the state lottery's sheet for its station and day (XSMB, XSMT, XSMN), not on a house
 * draw. The sheet comes through a `ResultsFeed` (an HTTP JSON or CSV feed the operator configures;
 * a demo feed in demo mode) or is typed in the back office by two operators independently; either
 * way it is checked against the region's prize layout here before anything settles on it.
 */

/** What is wrong with a sheet, where: a tier and the number's place in it (0-based), or the sheet. */
export interface SheetProblem {
  tier: PrizeTier | null;
  index: number | null;
  reason: string;
}

export type SheetCheck = { ok: true; result: DrawResult } | { ok: false; problems: SheetProblem[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a sheet given as `{ special: [...], first: [...], … }` against the region's layout: every
 * tier of the layout with exactly its count of numbers, each exactly its digits (ASCII 0–9 only;
 * 27 numbers in the north, 18 in the centre and south), no tier the layout does not have. Returns
 * the result in layout order (special first), or every problem found.
 */
export function checkSheet(region: LotteryRegion, tiers: unknown): SheetCheck {
  if (region === 'fast') {
    return {
      ok: false,
      problems: [{ tier: null, index: null, reason: 'fast draws have no official sheet' }],
    };
  }
  if (!isRecord(tiers)) {
    return { ok: false, problems: [{ tier: null, index: null, reason: 'the sheet is not a list of tiers' }] };
  }
  const layout = layoutOf(region);
  const problems: SheetProblem[] = [];
  for (const name of Object.keys(tiers)) {
    if (!layout.some((tier) => tier.tier === name)) {
      problems.push({
        tier: null,
        index: null,
        reason: `"${name.slice(0, 20)}" is not a prize tier of this region`,
      });
    }
  }
  const result: DrawResult = [];
  for (const { tier, count, digits } of layout) {
    const numbers = tiers[tier];
    if (!Array.isArray(numbers)) {
      problems.push({
        tier,
        index: null,
        reason: `missing: ${count} number${count === 1 ? '' : 's'} expected`,
      });
      continue;
    }
    if (numbers.length !== count) {
      problems.push({ tier, index: null, reason: `${numbers.length} numbers where ${count} are expected` });
    }
    const pattern = new RegExp(`^[0-9]{${digits}}$`);
    numbers.slice(0, count).forEach((number: unknown, index) => {
      if (typeof number !== 'string' || !pattern.test(number)) {
        problems.push({ tier, index, reason: `not a number of ${digits} digits` });
      }
    });
    result.push({ tier, numbers: numbers.slice(0, count).map(String) });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, result };
}

/** Where two sheets of the same draw differ (two operators' entries): each tier and place. */
export function sheetDifferences(a: DrawResult, b: DrawResult): { tier: PrizeTier; index: number }[] {
  const differences: { tier: PrizeTier; index: number }[] = [];
  for (const tier of prizeTiers) {
    const left = a.find((entry) => entry.tier === tier)?.numbers ?? [];
    const right = b.find((entry) => entry.tier === tier)?.numbers ?? [];
    for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
      if (left[index] !== right[index]) differences.push({ tier, index });
    }
  }
  return differences;
}

/** A draw a feed is asked for: the station's code (as the feed names it), its region and day. */
export interface SheetRequest {
  station: string;
  region: LotteryRegion;
  /** The draw's day in the station's zone, YYYY-MM-DD. */
  drawDay: string;
}

/** A feed's answer that cannot be used: not reachable, refused, or a sheet that fails its check. */
export class ResultsFeedError extends Error {
  constructor(
    message: string,
    readonly problems: SheetProblem[] = [],
  ) {
    super(message);
    this.name = 'ResultsFeedError';
  }
}

export interface ResultsFeed {
  /** The checked sheet of a draw, or null while the feed has not published it (yet). */
  sheet(request: SheetRequest): Promise<DrawResult | null>;
}

export interface HttpResultsFeedOptions {
  /** The sheet's address with `{station}` and `{date}` in it, e.g. https://feed.example/xs/{station}/{date}.json. */
  urlTemplate: string;
  format: 'json' | 'csv';
  /** An Authorization header's value, when the feed wants one (from the secret store, never logged). */
  authorization?: string;
  timeoutMs?: number;
  /** The most bytes read of an answer (a sheet is well under a kilobyte). */
  maxBytes?: number;
  fetch?: typeof fetch;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STATION = /^[A-Za-z0-9_-]{1,32}$/;

/** Reads at most `maxBytes` of a body (a feed that sends more is refused, not buffered). */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new ResultsFeedError(`the answer is ${declared} bytes, over ${maxBytes}`);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ResultsFeedError(`the answer is over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The tiers of a JSON sheet: `{ "station": "MB", "date": "2026-12-06", "tiers": { "special":
 * ["12345"], … } }`. The station and date must be the ones asked for: a feed answering with
 * another day's sheet (a cache, a mistake) must not settle today's bets.
 */
function jsonTiers(text: string, request: SheetRequest): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ResultsFeedError('the answer is not JSON');
  }
  if (!isRecord(body)) throw new ResultsFeedError('the answer is not a sheet');
  if (body.station !== request.station || body.date !== request.drawDay) {
    throw new ResultsFeedError(
      `the answer is the sheet of ${String(body.station).slice(0, 32)} on ${String(body.date).slice(0, 10)}, ` +
        `not of ${request.station} on ${request.drawDay}`,
    );
  }
  return body.tiers;
}

/**
 * The tiers of a CSV sheet: a header `station,date,tier,number`, then one line per number in its
 * tier's order; only the lines of the station and day asked for are read (a feed may list several).
 */
function csvTiers(text: string, request: SheetRequest): unknown {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines.shift()?.trim().toLowerCase();
  if (header !== 'station,date,tier,number')
    throw new ResultsFeedError('the CSV header is not station,date,tier,number');
  const tiers: Record<string, string[]> = {};
  for (const line of lines) {
    const cells = line.split(',').map((cell) => cell.trim());
    if (cells.length !== 4) throw new ResultsFeedError('a CSV line has not 4 cells');
    const [station, date, tier, number] = cells as [string, string, string, string];
    if (station !== request.station || date !== request.drawDay) continue;
    (tiers[tier] ??= []).push(number);
  }
  return Object.keys(tiers).length > 0 ? tiers : null;
}

/** A feed over HTTP(S) that answers one draw's sheet per address, as JSON or CSV. */
export function httpResultsFeed(options: HttpResultsFeedOptions): ResultsFeed {
  const fetcher = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 64 * 1024;
  return {
    async sheet(request) {
      if (!STATION.test(request.station) || !DAY.test(request.drawDay)) {
        throw new ResultsFeedError('not a station code and a YYYY-MM-DD day');
      }
      const url = options.urlTemplate
        .replaceAll('{station}', encodeURIComponent(request.station))
        .replaceAll('{date}', request.drawDay);
      let response: Response;
      try {
        response = await fetcher(url, {
          headers: {
            accept: options.format === 'json' ? 'application/json' : 'text/csv',
            ...(options.authorization ? { authorization: options.authorization } : {}),
          },
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason =
          (error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'not reachable';
        throw new ResultsFeedError(`the results feed is ${reason}`);
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ResultsFeedError(`the results feed answered ${response.status}`);
      }
      const text = await boundedText(response, maxBytes);
      const tiers = options.format === 'json' ? jsonTiers(text, request) : csvTiers(text, request);
      if (tiers === null || tiers === undefined) return null;
      const checked = checkSheet(request.region, tiers);
      if (!checked.ok)
        throw new ResultsFeedError('the sheet does not fit the prize layout', checked.problems);
      return checked.result;
    },
  };
}

/**
 * Demo mode's feed (never a production start's: config/test-providers.ts): a sheet of the right
 * shape for any station and day, the same every time it is asked (HMAC-SHA-256 of station and day
 * under a fixed demo key, read as decimal digits). It stands in for the state lottery so that a
 * demo can show an official-result game settling; it is not anyone's result.
 */
export function demoResultsFeed(): ResultsFeed {
  return {
    async sheet({ station, region, drawDay }) {
      if (region === 'fast') return null;
      let block = 0;
      let digits = '';
      const nextDigit = () => {
        while (digits.length === 0) {
          const bytes = createHmac('sha256', 'khela-demo-results-feed')
            .update(`${station}|${drawDay}|${block}`)
            .digest();
          block += 1;
          // Bytes below 250 read as a uniform digit (byte mod 10); the rest are skipped.
          for (const byte of bytes) if (byte < 250) digits += String(byte % 10);
        }
        const digit = digits[0]!;
        digits = digits.slice(1);
        return digit;
      };
      return layoutOf(region).map(({ tier, count, digits: size }) => ({
        tier,
        numbers: Array.from({ length: count }, () => Array.from({ length: size }, nextDigit).join('')),
      }));
    },
  };
}
