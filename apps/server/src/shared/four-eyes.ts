/** A four-eyes request row's decision columns (db/columns.ts fourEyesDecision). */
export interface FourEyesRow<Status extends string> {
  status: Status;
  requestedBy: string;
  requestedAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
}

/** The decision part of a four-eyes request as the contract shows it: who asked and decided, when (ms). */
export function fourEyesView<Status extends string>(row: FourEyesRow<Status>) {
  return {
    status: row.status,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.getTime(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.getTime() ?? null,
    decisionReason: row.decisionReason,
  };
}
