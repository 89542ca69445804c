// The wallet feature's public entry. The wallet pages stay lazy chunks (app/centre/).
export { useDepositReturn } from './deposit/use-deposit-return.ts';
