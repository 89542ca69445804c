import { errorCatalogue, type ErrorCode, type FieldIssue } from '@khela/contract';

/** The one application error: a catalogue code, optional field issues and extra value. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  readonly value: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: { issues?: FieldIssue[]; value?: Record<string, unknown>; detail?: string } = {},
  ) {
    super(options.detail ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.issues = options.issues;
    this.value = options.value;
  }
}
