import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { affiliateLinkSchema } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { violatedUniqueConstraint } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import {
  affiliateCodeOf,
  isAffiliateCodeInUse,
  type AffiliateLinkDirectory,
} from '../accounts/downline.service.ts';
import { agentLinks } from './agents.tables.ts';

/**
 * An agent's affiliate links (registerCenter): the agent's own invitation code (members.
 * affiliate_code) is their first `member` link, its row made the first time it is needed; more
 * links on request, up to `maxLinksPerAgent`. Registration with a link's code puts the account
 * directly under the agent (accounts/register.service.ts through `agentLinkDirectory`).
 */

type AffiliateLink = z.input<typeof affiliateLinkSchema>;

export const maxLinksPerAgent = 20;

/** No 0/O, 1/I/L: codes are read off paper and typed. */
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');

/** The row of the agent's own invitation code, made once (a code another row holds is left alone). */
async function ensureOwnLink(db: Database, agentId: number): Promise<string | null> {
  const code = await affiliateCodeOf(db, agentId);
  if (code) {
    await db.insert(agentLinks).values({ agentId, code, kind: 'member' }).onConflictDoNothing();
  }
  return code;
}

/** The registration address of a code on the member site, and its QR code. */
async function linkView(
  row: Pick<AffiliateLink, 'id' | 'code' | 'kind' | 'registrations' | 'createdAt'>,
  memberSite: string,
): Promise<AffiliateLink> {
  const url = `${memberSite}/register?affiliateCode=${encodeURIComponent(row.code)}`;
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    url,
    qrCode: await QRCode.toDataURL(url, { margin: 1, width: 200 }),
    registrations: row.registrations,
    createdAt: row.createdAt,
  };
}

/** agentLinks: the agent's links, their own invitation code first, then oldest first. */
export async function listLinks(
  db: Database,
  { agentId, memberSite }: { agentId: number; memberSite: string },
): Promise<AffiliateLink[]> {
  const own = await ensureOwnLink(db, agentId);
  const rows = await db
    .select()
    .from(agentLinks)
    .where(eq(agentLinks.agentId, agentId))
    .orderBy(sql`lower(${agentLinks.code}) = lower(${own ?? ''}) desc`, asc(agentLinks.id))
    .limit(maxLinksPerAgent);
  return Promise.all(rows.map((row) => linkView({ ...row, createdAt: row.createdAt.getTime() }, memberSite)));
}

/** agentCreateLink: a new code of the kind; VALIDATION_FAILED once the agent has the most links. */
export async function createLink(
  db: Database,
  { agentId, kind, memberSite }: { agentId: number; kind: 'member' | 'agent'; memberSite: string },
): Promise<AffiliateLink> {
  await ensureOwnLink(db, agentId);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newCode();
    if (await isAffiliateCodeInUse(db, code)) continue;
    try {
      // One statement: the count and the insert see the same rows.
      const [row] = rowsOf<{ id: number; code: string; kind: 'member' | 'agent'; created_at: string }>(
        await db.execute(sql`
          insert into agent_links (agent_id, code, kind)
          select ${agentId}, ${code}, ${kind}
           where (select count(*) from agent_links where agent_id = ${agentId}) < ${maxLinksPerAgent}
          returning id, code, kind, floor(extract(epoch from created_at) * 1000)::text as created_at`),
      );
      if (!row) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ field: 'kind', reason: `at most ${maxLinksPerAgent} links` }],
        });
      }
      return linkView(
        { id: row.id, code: row.code, kind: row.kind, registrations: 0, createdAt: Number(row.created_at) },
        memberSite,
      );
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'agent_links_code_key') continue;
      throw error;
    }
  }
  throw new Error('no free affiliate code after 5 attempts');
}

/** What registration asks of the links (handed to accounts by app.ts). */
export const agentLinkDirectory: AffiliateLinkDirectory = {
  async find(db, code) {
    const [row] = await db
      .select({ agentId: agentLinks.agentId, kind: agentLinks.kind })
      .from(agentLinks)
      .where(sql`lower(${agentLinks.code}) = lower(${code})`);
    return row ?? null;
  },
  async registered(db, { agentId, code }) {
    // The agent's own code may have no row yet: made here with its first registration.
    await ensureOwnLink(db, agentId);
    await db
      .update(agentLinks)
      .set({ registrations: sql`${agentLinks.registrations} + 1` })
      .where(and(eq(agentLinks.agentId, agentId), sql`lower(${agentLinks.code}) = lower(${code})`));
  },
};
