import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { rolePermissions, type OperatorRole, type OperatorSelf } from '@khela/contract';
import { OperatorContext } from '../app/operator.ts';
import { createQueryClient } from '../shared/api/hooks.ts';
import { startSession } from '../shared/api/session.ts';

/** A signed-in operator of `role` with that role's permissions, nothing left to set up. */
export function operatorSelf(
  role: OperatorRole,
  identity: Pick<OperatorSelf, 'id' | 'account' | 'nickname'>,
) {
  const self: OperatorSelf = {
    ...identity,
    role,
    permissions: [...rolePermissions[role]],
    passwordChangeRequired: false,
    twoFactorSetupRequired: false,
    idleMinutes: 15,
  };
  return self;
}

/** Renders `page` for `operator` in a session, with a fresh query client, as the shell does. */
export function renderAsOperator(page: ReactNode, operator: OperatorSelf) {
  startSession('test-token');
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <OperatorContext.Provider value={operator}>{page}</OperatorContext.Provider>
    </QueryClientProvider>,
  );
}
