import type { WageKind } from '@khela/contract';

export interface OfferContractDialogProps {
  /** The downline offered the contract. */
  username: string;
  kind: WageKind;
  open: boolean;
  onClose(): void;
}

// Placeholder while issue 14's contract dialog is written.
export function OfferContractDialog(props: OfferContractDialogProps) {
  void props;
  return null;
}
