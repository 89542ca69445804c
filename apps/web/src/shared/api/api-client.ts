import { ApiError, createApiClient, createSealer, type CallRoute } from '@khela/contract';
import { currentToken } from '../stores/session-store.ts';
import { currentApiLanguage } from '../i18n/languages.ts';
import { apiRoutes } from './api-routes.ts';
import { bootFetch } from './boot-fetch.ts';
import { askPasswordChangeOn } from './password-change.ts';

/** A client without the sealer, used only to fetch the server's public key. */
const plainClient = createApiClient({ getLanguage: currentApiLanguage });

/**
 * Seals the body of encrypted calls (login, registration, passwords): AES-256-GCM with the key
 * wrapped by the server's RSA-OAEP-256 public key, fetched once per visit (docs/design.md).
 */
const sealer = createSealer(() => plainClient.call(apiRoutes.publicKey));

const client = createApiClient({
  getToken: currentToken,
  getLanguage: currentApiLanguage,
  seal: sealer,
  fetch: bootFetch,
});

/**
 * The one client of the API: sends `Authorization: Bearer <token>` from the session and the visitor's
 * language, seals encrypted calls, unwraps `{ success, value }` and throws `ApiError` (code, text key,
 * status) on failure; a PASSWORD_CHANGE_REQUIRED opens the change-password dialog. When the server's key changed since it was fetched (ENVELOPE_INVALID), the key
 * is fetched again and the call is sent once more.
 */
// The typed signature is the client's own; inside, a call is a route and an optional input.
const callOnce = client.call as (definition: CallRoute, input?: unknown) => Promise<unknown>;

export const apiClient: typeof client = {
  call: (async (definition: CallRoute, input?: unknown) => {
    try {
      return await callOnce(definition, input);
    } catch (error) {
      askPasswordChangeOn(error);
      if (!definition.encrypted || !(error instanceof ApiError) || error.code !== 'ENVELOPE_INVALID')
        throw error;
      sealer.forget();
      return callOnce(definition, input);
    }
  }) as typeof client.call,
};
