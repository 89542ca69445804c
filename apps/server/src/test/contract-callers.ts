import type { CallDefinition } from '@khela/contract';
import { demoAccounts } from '../modules/accounts/accounts.seed.ts';
import { loginAs, operatorLogin } from '../modules/accounts/accounts.test-support.ts';
import type { TestApp } from './helper.ts';

/**
 * Who calls in the tests that send something to every call of the contract (http/input-rules.test.ts,
 * http/prototype-keys.test.ts): a guest, or a demo player, agent or operator logged in.
 */
export type Caller = 'guest' | 'player' | 'agent' | 'operator';

export type CallerTokens = Record<Exclude<Caller, 'guest'>, string>;

/** Logs in the demo player, the demo agent (on the agent site) and an operator. */
export async function loginDemoCallers(sut: TestApp): Promise<CallerTokens> {
  return {
    player: (await loginAs(sut, demoAccounts.player.account, demoAccounts.player.password)).body.value.token,
    agent: (
      await loginAs(sut, demoAccounts.agent.account, demoAccounts.agent.password, { host: 'agent.localhost' })
    ).body.value.token,
    operator: await operatorLogin(sut),
  };
}

/** The caller each auth level of the contract lets through. */
export function allowedCaller(definition: CallDefinition): Caller {
  switch (definition.auth) {
    case 'public':
    case 'optional':
      return 'guest';
    case 'member':
    case 'realMember':
      return 'player';
    case 'agent':
      return 'agent';
    case 'operator':
      return 'operator';
  }
}

/** `value` placed at `path` in `root` (arrays for numeric segments, the record key `*` as EN). */
export function placeAt(root: Record<string, unknown>, path: (string | number)[], value: unknown) {
  let current: Record<string | number, unknown> = root;
  path.forEach((segment, index) => {
    const key = segment === '*' ? 'EN' : segment;
    if (index === path.length - 1) {
      current[key] = value;
      return;
    }
    current[key] ??= typeof path[index + 1] === 'number' ? [] : {};
    current = current[key] as Record<string | number, unknown>;
  });
}
