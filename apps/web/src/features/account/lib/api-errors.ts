import { ApiError } from '@khela/contract';

/** The text key of a failed call (the server's `message`), or the network/unknown text. */
export function errorTextKey(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'err_unknown';
}
