import { z } from 'zod';
import { ApiError, type SessionGrant } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { deviceIdField } from '../../../shared/lib/device-id.ts';

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'text_field_required')
    .regex(/^[0-9]{6}$/, 'text_code_six_digits'),
});
const recoverySchema = z.object({
  code: z.string().trim().min(1, 'text_field_required').max(32, 'text_too_long'),
});

export interface TwoFactorCodeOptions {
  challengeId: string;
  /** A recovery code instead of the authenticator's six digits. */
  isRecovery: boolean;
  onGrant: (grant: SessionGrant) => void | Promise<void>;
  /** The challenge ran out or was used: the login starts again. */
  onChallengeOver: (error: unknown) => void;
}

/**
 * The second step of a login (spec 1): the form kit with the code's rule and the two-factor call
 * (the login dialog's step and the social sign-in's). A wrong code goes under the field.
 */
export function useTwoFactorCode({
  challengeId,
  isRecovery,
  onGrant,
  onChallengeOver,
}: TwoFactorCodeOptions) {
  return useServerForm<{ code: string }>({
    schema: isRecovery ? recoverySchema : codeSchema,
    defaultValues: { code: '' },
    // No field issue goes under the code: any failure but these two is the form's alert.
    fields: [],
    action: async ({ code }) => {
      const body = {
        challengeId,
        ...(isRecovery ? { recoveryCode: code } : { code }),
        ...deviceIdField(),
      };
      await onGrant(await apiClient.call(apiRoutes.loginTwoFactor, { body }));
    },
    codeFields: { TWO_FACTOR_INVALID: 'code' },
    onError: (error) => {
      // The challenge ran out or was used: log in again.
      if (!(error instanceof ApiError && error.issues.some((issue) => issue.field === 'challengeId')))
        return false;
      onChallengeOver(error);
      return true;
    },
  });
}
