import { z } from 'zod';
import {
  transferAnswerSchemas,
  vendorSignatureHeader,
  type TransferAction,
  type TransferRequest,
} from '@khela/contract';
import { vendorApiUrl } from './vendor-endpoint.ts';
import { checkVendorSignature, signVendorPayload } from './vendor-signature.ts';

/**
 * The platform's side of the transfer wallet API (docs/vendor-protocol.md, "Transfer mode"):
 * signed `POST <apiBaseUrl>/api/transfer/<action>`, the answer's signature checked too.
 *
 * - `ok`: the vendor answered and signed it;
 * - `refused`: a definite, signed refusal (4xx): nothing moved at the vendor;
 * - `unknown`: no trustworthy answer (time-out, network error, 5xx, unsigned or unreadable): the
 *   transfer may or may not have happened; the caller sends the same call again later.
 */
export type TransferResult<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unknown'; reason: string };

export interface TransferConnection {
  vendorCode: string;
  apiBaseUrl: string;
  walletSecret: string;
}

type Answer<A extends TransferAction> = z.infer<(typeof transferAnswerSchemas)[A]>;

/** A refusal; a code this version does not know is still a refusal. */
const refusalSchema = z.object({
  ok: z.literal(false),
  code: z.string().max(64),
  message: z.string().optional(),
});

export async function callTransferApi<A extends TransferAction>(
  connection: TransferConnection,
  action: A,
  body: TransferRequest<A>,
  options: { port?: number; timeoutMs: number },
): Promise<TransferResult<Answer<A>>> {
  const url = vendorApiUrl(connection.apiBaseUrl, options.port, `/api/transfer/${action}`);
  const rawBody = JSON.stringify(body);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [vendorSignatureHeader]: signVendorPayload(connection.walletSecret, rawBody),
      },
      body: rawBody,
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof Error ? `${error.name}: ${error.message}` : 'failed' };
  }
  const check = checkVendorSignature({
    walletSecret: connection.walletSecret,
    rawBody: text,
    header: response.headers.get(vendorSignatureHeader) ?? undefined,
  });
  // An answer the vendor did not sign could come from anything in between: not trusted.
  if (check !== 'ok')
    return { kind: 'unknown', reason: `answer signature ${check} (HTTP ${response.status})` };
  if (response.status >= 500) return { kind: 'unknown', reason: `HTTP ${response.status}` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'unknown', reason: `unreadable answer (HTTP ${response.status})` };
  }
  if (response.ok) {
    // TypeScript cannot tie the indexed schema to A; the map is `satisfies`-checked in the contract.
    const schema = transferAnswerSchemas[action] as unknown as z.ZodType<Answer<A>>;
    const parsed = schema.safeParse(json);
    return parsed.success
      ? { kind: 'ok', value: parsed.data }
      : { kind: 'unknown', reason: `unexpected answer: ${parsed.error.issues[0]?.message ?? ''}` };
  }
  const refusal = refusalSchema.safeParse(json);
  if (!refusal.success) return { kind: 'unknown', reason: `unexpected refusal (HTTP ${response.status})` };
  return { kind: 'refused', code: refusal.data.code, message: refusal.data.message ?? refusal.data.code };
}
