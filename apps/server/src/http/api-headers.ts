/**
 * The security headers of a JSON API answer (OWASP's REST Security Cheat Sheet, "Security
 * headers"): what still matters when the browser never renders the answer as a document.
 *
 * - `content-security-policy: default-src 'none'; frame-ancestors 'none'`: nothing may load from
 *   it, nobody may frame it (stricter than a page's policy);
 * - `x-frame-options: DENY` for browsers without `frame-ancestors`;
 * - `x-content-type-options: nosniff`, so JSON is never sniffed into script or HTML;
 * - `cross-origin-resource-policy: same-origin`, so another site cannot pull it into its process
 *   with a no-cors request (Spectre);
 * - `referrer-policy` and `strict-transport-security` as the page sends them.
 *
 * Left out, because they only act on documents: Cross-Origin-Opener-Policy, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection.
 */
export function apiCallHeaders(
  pageHeaders: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
  for (const name of ['referrer-policy', 'strict-transport-security']) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return Object.freeze(headers);
}
