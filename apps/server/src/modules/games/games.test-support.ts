import type { TestApp } from '../../test/helper.ts';
import { members } from '../accounts/accounts.tables.ts';
import { createSession } from '../accounts/session.service.ts';

/** A member (or operator) made straight in the database, with a session token: no login call. */
export async function newMember(
  sut: TestApp,
  account: string,
  type = 0,
  role: 'player' | 'operator' = 'player',
): Promise<{ id: number; token: string }> {
  const [member] = await sut.db
    .insert(members)
    .values({ account, nickname: account, type, role })
    .returning({ id: members.id });
  if (!member) throw new Error('member not created');
  const token = await createSession({
    db: sut.db,
    env: sut.app.env,
    memberId: member.id,
    site: role === 'operator' ? 'operator' : 'member',
    ip: null,
    userAgent: null,
  });
  return { id: member.id, token };
}
