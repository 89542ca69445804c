import type { IncomingMessage, ServerResponse } from 'node:http';

export type NodeMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * The headers a header-setting middleware (helmet) sets, recorded once per version of its inputs
 * (`inputs()` answers the same array objects until they change) and returned as one object.
 */
export function recordedHeaders(
  middleware: NodeMiddleware,
  inputs: () => readonly unknown[],
): () => Readonly<Record<string, string>> {
  let seen: readonly unknown[] = [];
  let headers: Readonly<Record<string, string>> = {};
  return () => {
    const now = inputs();
    if (now.length === seen.length && now.every((input, index) => input === seen[index])) return headers;
    const recorded: Record<string, string> = {};
    const response = {
      setHeader: (name: string, value: string | number | readonly string[]) => {
        recorded[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      },
      removeHeader: (name: string) => {
        delete recorded[name.toLowerCase()];
      },
      getHeader: (name: string) => recorded[name.toLowerCase()],
    };
    let finished = false;
    middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      finished = true;
    });
    // Helmet's middlewares are synchronous: a set that did not finish would be a partial one.
    if (!finished) throw new Error('the security headers middleware did not finish synchronously');
    seen = now;
    headers = Object.freeze(recorded);
    return headers;
  };
}
