import { createContext, useContext } from 'react';
import type { OperatorPermission, OperatorSelf } from '@khela/contract';
import { allows } from './routes.ts';
import type { NavPermission } from './area.ts';

/** The operator of this session (operatorMe), for every page under the shell. */
export const OperatorContext = createContext<OperatorSelf | null>(null);

export function useOperator(): OperatorSelf {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator outside the signed-in shell');
  return operator;
}

/** Whether this operator's role has a permission (to show or hide a button; the server checks anyway). */
export function useCan(): (permission: NavPermission | OperatorPermission) => boolean {
  const operator = useOperator();
  return (permission) => allows(operator.permissions, permission);
}
