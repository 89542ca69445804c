// The wallet feature's public entry. The wallet pages stay lazy chunks (app/centre/).
export { useDepositReturn } from './deposit/use-deposit-return.ts';
// Money forms on the client, also used by the lottery's slip and the agent centre; the amounts
// themselves are read and written by @khela/contract/money.
export {
  amountProblemText,
  amountRangeText,
  setAmountRangeError,
  checkAmount,
  errorCode,
  useMoney,
  useRequestId,
} from './deposit/money.ts';
// The balance of every wallet (the agent centre's transfer to a downline checks the amount against it).
export { useWallets } from './transfer/use-wallets.ts';
// The names of ledger entry kinds, also used by the agent centre's team account details.
export { recordKindLabelKeys } from './record-labels.ts';
// Pictures for the server (png or jpg, 5 MB each, checked by their bytes), also used by the
// promotion page's bonus application.
export { ImagePicker, type PickedImage } from './components/image-picker.tsx';
