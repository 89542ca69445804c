import { randomBytes } from 'node:crypto';
import { requestHash as canonicalRequestHash } from '@khela/contract/request-hash';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { checkSignature, nowSeconds, signatureHeader, signBody } from '../protocol/signature.ts';

/**
 * A test double of the platform's side of the vendor wallet protocol (protocol.md), in memory,
 * on a loopback port, with faults to inject. It is a stand-in for the platform in the house's own
 * tests; one integration test also runs the house against the real platform app.
 */
export type Fault =
  /** Apply the call, then answer only after the client gave up (the answer is lost). */
  | 'lose-answer'
  /** Do nothing and answer only after the client gave up (the request is lost). */
  | 'lose-request'
  /** Answer 500 INTERNAL without applying. */
  | 'internal'
  /** Apply and answer without a signature. */
  | 'unsigned';

interface Transaction {
  requestHash: string;
  status: number;
  answer: Record<string, unknown>;
}

interface Round {
  playerId: string;
  status: 'open' | 'settled' | 'rolled_back';
  debits: Map<string, { amount: number; rolledBack: boolean }>;
  credits: number;
  detail?: unknown;
}

export interface FakePlatform {
  url: string;
  secret: string;
  vendorCode: string;
  /** A new launch token for a player (created with `balance` on first sight). */
  launch(options: { playerId: string; balance?: number; currency?: string }): string;
  balanceOf(playerId: string): number;
  setBalance(playerId: string, balance: number): void;
  /** The largest stake a debit may take for this player (a bonus being wagered: BET_LIMIT above it). */
  setMaxBet(playerId: string, maxBet: number): void;
  /** Faults for the next calls of an action, used in order. */
  inject(action: string, ...faults: Fault[]): void;
  calls: { action: string; body: Record<string, unknown>; status: number }[];
  rounds: Map<string, Round>;
  expireSessions(): void;
  close(): Promise<void>;
}

export async function startFakePlatform(options: { hangMs?: number } = {}): Promise<FakePlatform> {
  const secret = randomBytes(32).toString('hex');
  const vendorCode = 'HOUSE';
  const hangMs = options.hangMs ?? 3_000;
  const balances = new Map<string, number>();
  const maxBets = new Map<string, number>();
  const currencies = new Map<string, string>();
  const launchTokens = new Map<string, string>();
  const sessions = new Map<string, { playerId: string; alive: boolean }>();
  const transactions = new Map<string, Transaction>();
  const tombstones = new Set<string>();
  const rounds = new Map<string, Round>();
  const faults = new Map<string, Fault[]>();
  const calls: FakePlatform['calls'] = [];
  let nextSession = 1000;
  let nextEntry = 5000;

  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  function handle(
    action: string,
    body: Record<string, unknown>,
  ): { status: number; answer: Record<string, unknown> } {
    const refuse = (status: number, code: string) => ({ status, answer: { ok: false, code, message: code } });
    const sessionOf = () => {
      const session = sessions.get(String(body.sessionId));
      return session?.alive ? session : null;
    };
    if (action === 'authenticate') {
      const playerId = launchTokens.get(String(body.launchToken));
      if (!playerId) return refuse(401, 'INVALID_TOKEN');
      launchTokens.delete(String(body.launchToken));
      nextSession += 1;
      const sessionId = String(nextSession);
      sessions.set(sessionId, { playerId, alive: true });
      return {
        status: 200,
        answer: {
          ok: true,
          sessionId,
          playerId,
          nickname: `nick-${playerId}`,
          currency: currencies.get(playerId) ?? 'BDT',
          balance: balances.get(playerId) ?? 0,
          language: 'bn',
        },
      };
    }
    if (action === 'balance') {
      const session = sessionOf();
      if (!session) return refuse(401, 'INVALID_TOKEN');
      return {
        status: 200,
        answer: { ok: true, balance: balances.get(session.playerId) ?? 0, currency: 'BDT' },
      };
    }
    // Money calls: idempotent by transactionId (same body: same answer; other body: refused).
    const transactionId = String(body.transactionId);
    const requestHash = canonicalRequestHash({ action, body });
    const previous = transactions.get(transactionId);
    if (previous) {
      return previous.requestHash === requestHash
        ? { status: previous.status, answer: previous.answer }
        : refuse(409, 'DUPLICATE_TRANSACTION');
    }
    const result = applyMoney(action, body);
    transactions.set(transactionId, { requestHash, ...result });
    return result;

    function applyMoney(kind: string, call: Record<string, unknown>) {
      const session = sessionOf();
      // Credits and rollbacks settle what was started: accepted after the session ended.
      if (!session && kind === 'debit') return refuse(401, 'INVALID_TOKEN');
      const roundId = String(call.roundId);
      const round = rounds.get(roundId);
      const amount = Number(call.amount ?? 0);
      const moneyAnswer = (playerId: string, moved = true) => ({
        status: 200,
        answer: {
          ok: true,
          balance: balances.get(playerId) ?? 0,
          transactionId: call.transactionId,
          platformTransactionId: moved ? String((nextEntry += 1)) : null,
        },
      });
      if (kind === 'debit') {
        const playerId = session!.playerId;
        if (tombstones.has(String(call.transactionId))) return refuse(409, 'TRANSACTION_ROLLED_BACK');
        if (round && round.status !== 'open') return refuse(409, 'ROUND_CLOSED');
        if (amount > (maxBets.get(playerId) ?? Infinity)) return refuse(409, 'BET_LIMIT');
        const balance = balances.get(playerId) ?? 0;
        if (balance < amount) return refuse(409, 'INSUFFICIENT_FUNDS');
        balances.set(playerId, balance - amount);
        const opened = round ?? { playerId, status: 'open' as const, debits: new Map(), credits: 0 };
        opened.debits.set(String(call.transactionId), { amount, rolledBack: false });
        rounds.set(roundId, opened);
        return moneyAnswer(playerId);
      }
      if (kind === 'credit') {
        if (!round) return refuse(404, 'UNKNOWN_ROUND');
        if (round.status !== 'open') return refuse(409, 'ROUND_CLOSED');
        balances.set(round.playerId, (balances.get(round.playerId) ?? 0) + amount);
        round.credits += amount;
        if (call.final === true) {
          round.status = 'settled';
          round.detail = call.detail;
        }
        return moneyAnswer(round.playerId, amount > 0);
      }
      if (kind === 'rollback') {
        const reference = String(call.referenceTransactionId);
        const debit = round?.debits.get(reference);
        if (!round || !debit) {
          tombstones.add(reference);
          return moneyAnswer(session?.playerId ?? '', false);
        }
        if (round.status === 'settled') return refuse(409, 'ROUND_CLOSED');
        if (!debit.rolledBack) {
          debit.rolledBack = true;
          balances.set(round.playerId, (balances.get(round.playerId) ?? 0) + debit.amount);
        }
        if ([...round.debits.values()].every((entry) => entry.rolledBack)) round.status = 'rolled_back';
        return moneyAnswer(round.playerId);
      }
      return refuse(400, 'BAD_REQUEST');
    }
  }

  const sendSigned = (reply: FastifyReply, status: number, answer: object, signed = true) => {
    const raw = JSON.stringify(answer);
    if (signed) reply.header(signatureHeader, signBody(secret, raw, nowSeconds()));
    return reply.code(status).header('content-type', 'application/json').send(raw);
  };

  app.post('/vendor-wallet/:vendorCode/:action', async (request, reply) => {
    const { vendorCode: code, action } = request.params as { vendorCode: string; action: string };
    const rawBody = String(request.body ?? '');
    if (code !== vendorCode) return sendSigned(reply, 404, { ok: false, code: 'UNKNOWN_VENDOR' });
    const check = checkSignature({
      secretHex: secret,
      rawBody,
      header: request.headers[signatureHeader] as string | undefined,
      nowSeconds: nowSeconds(),
    });
    if (check !== 'ok') return sendSigned(reply, 401, { ok: false, code: 'BAD_SIGNATURE', message: check });
    const body = JSON.parse(rawBody) as Record<string, unknown>;
    const fault = faults.get(action)?.shift();
    if (fault === 'lose-request') {
      calls.push({ action, body, status: 0 });
      await new Promise((resolve) => setTimeout(resolve, hangMs));
      return sendSigned(reply, 503, { ok: false, code: 'INTERNAL' });
    }
    if (fault === 'internal') {
      calls.push({ action, body, status: 500 });
      return sendSigned(reply, 500, { ok: false, code: 'INTERNAL', message: 'internal' });
    }
    const { status, answer } = handle(action, body);
    calls.push({ action, body, status });
    if (fault === 'lose-answer') await new Promise((resolve) => setTimeout(resolve, hangMs));
    return sendSigned(reply, status, answer, fault !== 'unsigned');
  });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    secret,
    vendorCode,
    launch({ playerId, balance, currency }) {
      if (!balances.has(playerId)) balances.set(playerId, balance ?? 0);
      if (currency) currencies.set(playerId, currency);
      const token = randomBytes(24).toString('base64url');
      launchTokens.set(token, playerId);
      return token;
    },
    balanceOf: (playerId) => balances.get(playerId) ?? 0,
    setBalance: (playerId, balance) => void balances.set(playerId, balance),
    setMaxBet: (playerId, maxBet) => void maxBets.set(playerId, maxBet),
    inject(action, ...list) {
      faults.set(action, [...(faults.get(action) ?? []), ...list]);
    },
    calls,
    rounds,
    expireSessions() {
      for (const session of sessions.values()) session.alive = false;
    },
    close: () => app.close(),
  };
}
