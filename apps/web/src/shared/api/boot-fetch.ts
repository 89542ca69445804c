/**
 * The answers of the start-up calls that the server put into the page (`<script id="khela-boot">`,
 * apps/server/src/plugins/web-app.ts): each is used once, for the same GET in the same language,
 * instead of a round trip; anything else (and every later call) goes to the network.
 */

interface BootData {
  language: string;
  calls: Record<string, unknown>;
}

function readBootData(): BootData | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById('khela-boot');
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as Partial<BootData>;
    return typeof data.language === 'string' && data.calls && typeof data.calls === 'object'
      ? { language: data.language, calls: { ...data.calls } }
      : null;
  } catch {
    return null;
  }
}

let boot: BootData | null | undefined;

/** Forgets what is left (tests; a page that no longer matches what the server saw). */
export function resetBootData(): void {
  boot = undefined;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  const headers = init?.headers;
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  if (Array.isArray(headers)) return headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? null;
  return (headers as Record<string, string>)[name] ?? null;
}

export function bootFetch(input: string, init?: RequestInit): Promise<Response> {
  boot ??= readBootData();
  const method = (init?.method ?? 'GET').toUpperCase();
  if (
    boot &&
    method === 'GET' &&
    Object.hasOwn(boot.calls, input) &&
    headerOf(init, 'language') === boot.language
  ) {
    const envelope = boot.calls[input];
    delete boot.calls[input];
    return Promise.resolve(
      new Response(JSON.stringify(envelope), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
  return fetch(input, init);
}
