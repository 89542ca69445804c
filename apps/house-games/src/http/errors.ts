/**
 * The house's own closed set of error codes for its pages' API (not the wallet protocol's), each
 * with its HTTP status. The page shows a text per code from its dictionary.
 */
export const houseErrors = {
  BAD_REQUEST: 400,
  /** No house session, or it expired: the page must be launched again from the lobby. */
  SESSION_EXPIRED: 401,
  /** The launch token was refused by the platform (used, expired or unknown). */
  INVALID_TOKEN: 401,
  BAD_SIGNATURE: 401,
  UNKNOWN_GAME: 404,
  UNKNOWN_ROUND: 404,
  NOT_FOUND: 404,
  INSUFFICIENT_FUNDS: 409,
  /** The stake is above the member's maximum bet while a bonus is being wagered (the platform's BET_LIMIT). */
  BET_LIMIT: 409,
  /** The round is not waiting for this step (already over, or another step got there first). */
  ROUND_NOT_OPEN: 409,
  /** A round of this player is still open: finish it first (e.g. before rotating the seed). */
  ROUND_OPEN: 409,
  /** The platform refused the bet for another reason (round closed, limits…). */
  BET_REFUSED: 409,
  /** The platform could not be reached; any bet that may have been taken is being rolled back. */
  WALLET_UNAVAILABLE: 503,
  /** The pages' files were never built (a server entry refuses to start without them). */
  PAGES_NOT_BUILT: 503,
  INTERNAL: 500,
} as const;

export type HouseErrorCode = keyof typeof houseErrors;

export class HouseError extends Error {
  readonly code: HouseErrorCode;
  readonly status: number;
  constructor(code: HouseErrorCode, message?: string) {
    super(message ?? code);
    this.name = 'HouseError';
    this.code = code;
    this.status = houseErrors[code];
  }
}
