import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { recordedHeaders } from './recorded-headers.ts';

describe('recordedHeaders', () => {
  it('records what helmet sets, once per version of the inputs', () => {
    let frames = ['https://a.example'];
    let runs = 0;
    const headers = recordedHeaders(
      helmet({
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            frameSrc: [
              "'self'",
              () => {
                runs += 1;
                return frames.join(' ');
              },
            ],
          },
        },
      }),
      () => [frames],
    );
    const first = headers();
    expect(first['content-security-policy']).toContain("frame-src 'self' https://a.example");
    expect(first['x-content-type-options']).toBe('nosniff');
    expect(first['strict-transport-security']).toMatch(/^max-age=/);
    expect(headers()).toBe(first);
    expect(runs).toBe(1);
    // A new list (csp-hosts.ts replaces its arrays on refresh) gives a new policy.
    frames = ['https://b.example'];
    expect(headers()['content-security-policy']).toContain("frame-src 'self' https://b.example");
    expect(runs).toBe(2);
  });

  it('refuses a middleware that does not finish at once, and one that fails', () => {
    expect(() =>
      recordedHeaders(
        () => undefined,
        () => [1],
      )(),
    ).toThrow(/synchronously/);
    expect(() =>
      recordedHeaders(
        (_request, _response, next) => next(new Error('bad')),
        () => [1],
      )(),
    ).toThrow('bad');
  });
});
