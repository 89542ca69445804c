/**
 * Where the platform reaches a vendor's own API. A base that is a path (`/house`) is a vendor
 * mounted in this server: reached on the loopback address, as any other vendor over HTTP.
 */
export function vendorApiUrl(apiBaseUrl: string, port: number | undefined, path: string): string {
  const base = apiBaseUrl.startsWith('/') ? `http://127.0.0.1:${port ?? 8080}${apiBaseUrl}` : apiBaseUrl;
  return `${base.replace(/\/+$/, '')}${path}`;
}
