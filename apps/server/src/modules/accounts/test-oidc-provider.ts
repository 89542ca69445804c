/**
 * A local OpenID Connect provider for tests and end-to-end journeys (oidc-provider with its
 * development login and consent screens): any login name is accepted and becomes the subject,
 * with the verified email `<name>@mail.test`. Never part of the server bundle.
 *
 * Standalone, for e2e: `npx tsx apps/server/src/modules/accounts/test-oidc-provider.ts` with
 * OIDC_PORT (default 9400) and OIDC_REDIRECT_URIS (comma-separated, default
 * http://localhost:8080/socialCallback); point the server at it with SOCIAL_GOOGLE_ISSUER,
 * SOCIAL_GOOGLE_CLIENT_ID=khela-test, SOCIAL_GOOGLE_CLIENT_SECRET=khela-test-secret and
 * SOCIAL_ALLOW_HTTP_ISSUER=true.
 */
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

export const testOidcClient = { clientId: 'khela-test', clientSecret: 'khela-test-secret' };

export async function startTestOidcProvider({
  port,
  redirectUris,
}: {
  port: number;
  redirectUris: string[];
}): Promise<{ issuer: string; close: () => Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: testOidcClient.clientId,
        client_secret: testOidcClient.clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_context, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@mail.test`, email_verified: true }),
    }),
    cookies: { keys: ['khela-test-cookie-key'] },
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * What a person does at the provider, without a browser: log in as `subject` and consent (or
 * cancel). Answers the query the provider sends back to the redirect URI.
 */
export async function signInAtTestProvider(
  authorizationUrl: string,
  { subject, redirectUri, cancel = false }: { subject: string; redirectUri: string; cancel?: boolean },
): Promise<string> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = authorizationUrl;
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(redirectUri)) return new URL(url).search;
    let response: Response;
    if (/\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
      const html = await (await fetch(url, { headers: { cookie: cookieHeader() } })).text();
      const prompt = html.includes('name="login"') ? 'login' : 'consent';
      response = cancel
        ? await fetch(`${url}/abort`, { redirect: 'manual', headers: { cookie: cookieHeader() } })
        : await fetch(url, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader() },
            body: new URLSearchParams(
              prompt === 'login' ? { prompt, login: subject, password: 'any' } : { prompt },
            ).toString(),
          });
    } else {
      response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    }
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${response.status}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Standalone mode (e2e): the test tooling reads its settings from the environment.
  // eslint-disable-next-line no-restricted-properties
  const { OIDC_PORT, OIDC_REDIRECT_URIS } = process.env;
  const { issuer } = await startTestOidcProvider({
    port: Number(OIDC_PORT ?? 9400),
    redirectUris: (OIDC_REDIRECT_URIS ?? 'http://localhost:8080/socialCallback').split(','),
  });
  console.info(`test OpenID Connect provider at ${issuer}`);
}
