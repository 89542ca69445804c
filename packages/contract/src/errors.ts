import type { IssueRule } from './envelope.ts';

/**
 * The closed catalogue of machine error codes. Every failure the API reports carries one of these
 * as `code`; `message` is the i18n key the web shows. HTTP status is derived from the code here,
 * in one place, so the server and the client agree on it.
 */
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, message: 'err_bad_request' },
  VALIDATION_FAILED: { status: 400, message: 'err_validation_failed' },
  ENCRYPTION_REQUIRED: { status: 400, message: 'err_encryption_required' },
  /** The envelope did not open (stale public key, tampered data): fetch the key again and retry. */
  ENVELOPE_INVALID: { status: 400, message: 'err_encryption_failed' },
  /** Username or password wrong (one code for both, so a guesser learns nothing). */
  LOGIN_FAILED: { status: 400, message: 'err_login_failed' },
  /** The image captcha is needed now; `value.captcha` is true. */
  CAPTCHA_REQUIRED: { status: 400, message: 'err_captcha_required' },
  CAPTCHA_INVALID: { status: 400, message: 'err_captcha_failed' },
  HUMAN_VERIFICATION_FAILED: { status: 400, message: 'err_human_verification_failed' },
  PHONE_INVALID: { status: 400, message: 'err_invalid_phone' },
  VERIFICATION_CODE_INVALID: { status: 400, message: 'err_verification_code_invalid' },
  /** Expired, used, never sent, or out of tries: a new code must be requested. */
  VERIFICATION_CODE_EXPIRED: { status: 400, message: 'err_verification_code_expired' },
  WRONG_PASSWORD: { status: 400, message: 'err_wrong_password' },
  /** A money call needs the payment password, and this account has none yet. */
  PAYMENT_PASSWORD_NOT_SET: { status: 400, message: 'err_payment_password_not_set' },
  /** The player's own deposit limit for a period would be passed (`value.period`, `limit`, `used`). */
  DEPOSIT_LIMIT_EXCEEDED: { status: 400, message: 'err_deposit_limit_exceeded' },
  /** A manual wallet deposit's TrxID another deposit (any member's) already claims (issue 37). */
  TRX_ID_USED: { status: 409, message: 'err_trx_id_used' },
  /** No receiving wallet number of that provider is on with the day's cap left for this amount. */
  NO_RECEIVING_NUMBER: { status: 409, message: 'err_no_receiving_number' },
  /** A server-to-server message (gateway callback, vendor call) whose signature does not check. */
  BAD_SIGNATURE: { status: 401, message: 'err_bad_signature' },
  /** The amount is outside the brand's limits for this movement (`value.min`, `value.max`). */
  AMOUNT_OUT_OF_RANGE: { status: 400, message: 'err_amount_out_of_range' },
  INVALID_AFFILIATE_CODE: { status: 400, message: 'invitation_code_error' },
  RESET_LINK_INVALID: { status: 400, message: 'err_reset_link_invalid' },
  TWO_FACTOR_INVALID: { status: 400, message: 'err_two_factor_invalid' },
  /** The provider refused or the person cancelled (spec 8: popup closed by user), or the sign-in expired. */
  SOCIAL_LOGIN_FAILED: { status: 400, message: 'err_social_login_failed' },
  UNAUTHENTICATED: { status: 401, message: 'err_not_logged_in' },
  TOKEN_EXPIRED: { status: 401, message: 'err_token_expired' },
  FORBIDDEN: { status: 403, message: 'err_forbidden' },
  TRIAL_ACCOUNT: { status: 403, message: 'in_need_true_account' },
  /** The member site refuses accounts that are not players, agents or trials (spec 6). */
  NON_MEMBER_ACCOUNT: { status: 403, message: 'err_non_member_login' },
  /** The agent site refuses accounts that are not agents (spec 6). */
  NON_AGENT_ACCOUNT: { status: 403, message: 'err_non_agent_login' },
  ACCOUNT_DISABLED: { status: 403, message: 'err_account_disabled' },
  /**
   * The account is on an operator's hold (members.status 'locked'): no login until support lifts it.
   * Told apart from a closed account (ACCOUNT_DISABLED); the web names the brand's contact channel.
   */
  ACCOUNT_ON_HOLD: { status: 403, message: 'err_account_on_hold' },
  /**
   * The session's password must change first ('123456', expired, or set by an operator): only the
   * password change, member info and logout are served until then; the web opens the dialog.
   */
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: 'err_password_change_required' },
  /**
   * An account opened by its upline has changed its password but not yet set its own payment
   * password: only that, member info, first login and logout are served; the web opens the form.
   */
  PAYMENT_PASSWORD_SETUP_REQUIRED: { status: 403, message: 'err_payment_password_setup_required' },
  /**
   * An operator whose second step is not enrolled yet: the session may only enrol it (back office;
   * the second step is required for every operator).
   */
  TWO_FACTOR_SETUP_REQUIRED: { status: 403, message: 'err_two_factor_setup_required' },
  /** Four eyes: an action another operator must approve (the requester cannot approve their own). */
  SECOND_APPROVER_REQUIRED: { status: 409, message: 'err_second_approver_required' },
  /**
   * A withdrawal is paid out only once an operator approved it (issue 35): approve, then disburse.
   * Nothing moved; the refusal is in the audit trail.
   */
  WITHDRAWAL_NOT_APPROVED: { status: 409, message: 'err_withdrawal_not_approved' },
  /** The manual rebate's total since the last claim is below the brand's minimum (`value.total`, `minimum`). */
  REBATE_BELOW_MINIMUM: { status: 409, message: 'err_rebate_below_minimum' },
  /** A points conversion below the brand's minimum or not a multiple of its step (`value.minimum`, `step`). */
  POINTS_BELOW_MINIMUM: { status: 400, message: 'err_points_below_minimum' },
  /** The member has fewer points than the conversion takes (`value.balance`); nothing moved. */
  INSUFFICIENT_POINTS: { status: 409, message: 'err_insufficient_points' },
  /** Another claim of the same member's rebate is being made right now: nothing was paid by this one. */
  REBATE_CLAIM_IN_PROGRESS: { status: 409, message: 'err_rebate_claim_in_progress' },
  /**
   * A bonus promotion the member may not claim now (`value.reason`, one of the contract's
   * bonusRefusalReasons), nothing written.
   */
  PROMOTION_NOT_ELIGIBLE: { status: 409, message: 'err_promotion_not_eligible' },
  /**
   * A withdrawal while a bonus is still being wagered: asked again with `forfeitBonus: true` it
   * forfeits the bonus (`value.bonus`: what the bonus wallet holds, `value.wageringLeft`, decimal
   * strings); nothing moved by this one.
   */
  BONUS_FORFEIT_REQUIRED: { status: 409, message: 'err_bonus_forfeit_required' },
  /** A switched-off feature (free play, SMS login, registration kind). */
  FEATURE_DISABLED: { status: 403, message: 'err_operation_not_allowed' },
  REGION_BLOCKED: { status: 403, message: 'info_ip_block' },
  NOT_FOUND: { status: 404, message: 'err_not_found' },
  /** The game does not exist, is switched off, or its vendor is (launch). */
  GAME_UNAVAILABLE: { status: 404, message: 'err_game_unavailable' },
  /** Forgot password: no account has this username with this email. */
  USERNAME_EMAIL_NOT_FOUND: { status: 404, message: 'err_username_email_not_exist' },
  MOBILE_NOT_REGISTERED: { status: 404, message: 'err_mobile_not_registered' },
  /** A change of mobile number to the number the account already has: nothing to change. */
  MOBILE_UNCHANGED: { status: 409, message: 'err_mobile_unchanged' },
  CONFLICT: { status: 409, message: 'err_conflict' },
  IDEMPOTENCY_MISMATCH: { status: 409, message: 'err_idempotency_mismatch' },
  /** The wallet holds less than the movement takes; nothing moved. */
  INSUFFICIENT_FUNDS: { status: 409, message: 'err_insufficient_funds' },
  /** The lottery numero no longer takes bets (locked, drawn or voided), or the bet can no longer be cancelled. */
  BETTING_CLOSED: { status: 409, message: 'err_betting_closed' },
  /**
   * A lottery bet would push the house's possible payout on one number of the draw past the brand's
   * cap for the play type (`value.number`, `cap`, `exposure`); nothing moved.
   */
  LIABILITY_LIMIT: { status: 409, message: 'err_liability_limit' },
  /**
   * A lottery bet can no longer be cancelled: its numero's lock is within the brand's cancel freeze
   * (`value.freezeMinutes`), or betting has closed. Nothing moved; the attempt is recorded.
   */
  CANCEL_CLOSED: { status: 409, message: 'err_cancel_closed' },
  /**
   * A contract offer above the offerer's own contract of that kind (a tier's rate, or a real-time
   * rate), or the offerer has none to share (agents pay their team's wages out of their own).
   */
  CONTRACT_ABOVE_OWN: { status: 409, message: 'err_contract_above_own' },
  /**
   * The contract's rates, with the agent's other active contracts, could pay more than the brand's
   * share of the house's expected win (settings agentWages.edgeShare; docs/agents.md "Bounded by the
   * house edge"). The issue names the rate and the share it would take.
   */
  CONTRACT_ABOVE_EDGE: { status: 409, message: 'err_contract_above_edge' },
  /** The downline already has an active contract of that kind whose rate is not lower, or the request was answered. */
  CONTRACT_OVERLAP: { status: 409, message: 'err_contract_overlap' },
  /** A game wallet transfer is still waiting for the vendor's answer: one at a time per vendor. */
  TRANSFER_IN_PROGRESS: { status: 409, message: 'err_transfer_in_progress' },
  /** The entry was reversed before: an entry is reversed at most once. */
  ALREADY_REVERSED: { status: 409, message: 'err_already_reversed' },
  USERNAME_TAKEN: { status: 409, message: 'err_username_taken' },
  MOBILE_TAKEN: { status: 409, message: 'err_mobile_taken' },
  /** The account already has another identity of this provider: links are never changed. */
  SOCIAL_ALREADY_LINKED: { status: 409, message: 'err_social_already_linked' },
  /**
   * Too many failed logins for this account from this address (or device): its attempts wait until
   * `value.lockedUntil` (ms). The owner elsewhere, on a known device or by SMS is not held back.
   */
  ACCOUNT_LOCKED: { status: 423, message: 'err_account_locked' },
  /**
   * Too many wrong payment passwords in a row: money actions refuse until `value.lockedUntil` (ms).
   * Setting a new payment password (the login password proves the owner) or support unlocks.
   */
  PAYMENT_PASSWORD_LOCKED: { status: 423, message: 'err_payment_password_locked' },
  /**
   * Too many wrong login passwords typed again in a session (change password, payment password,
   * contact, two-step): the session ended (`value.sessionEnded`) and these calls refuse until
   * `value.lockedUntil` (ms). A password reset or support unlocks.
   */
  PASSWORD_CHECK_LOCKED: { status: 423, message: 'err_password_check_locked' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'err_payload_too_large' },
  RATE_LIMITED: { status: 429, message: 'err_too_many_requests' },
  /** The daily SMS quota of a number is used up: contact customer service. */
  QUOTA_EXCEEDED: { status: 429, message: 'err_quota_exceeded' },
  MAINTENANCE: { status: 503, message: 'info_maintenance' },
  INTERNAL: { status: 500, message: 'err_unknown' },
  /** The SMS or mail provider refused or could not be reached. */
  DELIVERY_FAILED: { status: 502, message: 'err_delivery_failed' },
  /** A game vendor that cannot be reached from here (e.g. a third party not connected). */
  VENDOR_UNAVAILABLE: { status: 503, message: 'err_vendor_unavailable' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/**
 * A field-level problem in a 400 answer: which field and why. `reason` is English for logs and API
 * users; `rule` (and `limit` where a bound was crossed) is what the web turns into a sentence.
 */
export interface FieldIssue {
  field: string;
  reason: string;
  rule?: IssueRule;
  limit?: number;
}
