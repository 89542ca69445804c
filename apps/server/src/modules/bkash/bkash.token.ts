/**
 * bKash's id_token as both bKash adapters keep it (Tokenized Checkout, and the checkout API's B2C
 * payouts): one token per set of credentials, granted once for callers that ask at the same time,
 * kept until a minute before bKash's expiry (an hour), granted again when the credentials change or
 * when a caller is told bKash no longer takes it (`forget`).
 */
export interface BkashToken {
  idToken: string;
  /** ms epoch, a minute before bKash's expiry. */
  expiresAt: number;
  /** The credentials it was granted for (credentialsKey). */
  key: string;
}

/** The expiry we keep for a token bKash grants for `expiresInSeconds`: a minute early. */
export function expiryOf(expiresInSeconds: number): number {
  return Date.now() + Math.max(0, expiresInSeconds - 60) * 1000;
}

export function createTokenKeeper<
  Config extends { baseUrl: string; appKey: string; username: string },
  Token extends BkashToken,
>(
  /** Grants (or refreshes, given the current token of the same credentials) a token. */
  grant: (config: Config, key: string, current: Token | null) => Promise<Token>,
): { idToken(config: Config): Promise<string>; forget(): void } {
  let token: Token | null = null;
  let granting: Promise<Token> | null = null;
  return {
    async idToken(config) {
      const key = `${config.baseUrl} ${config.appKey} ${config.username}`;
      if (token && token.key === key && token.expiresAt > Date.now()) return token.idToken;
      const current = token && token.key === key ? token : null;
      granting ??= grant(config, key, current).finally(() => {
        granting = null;
      });
      token = await granting;
      return token.idToken;
    },
    forget() {
      token = null;
    },
  };
}
