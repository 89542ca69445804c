import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

/*
 * The one setup of the journeys: a file says `const { server, browser } = useSite()` (or
 * `useBrowser()`, `useSuite()` for several servers) at its top and gets the built server with a
 * fresh database and Debian's Chromium, started together before its journeys and stopped after
 * them. A journey's own preparation (a member session, funds, a provider) is its own `beforeAll`
 * after that line: hooks run in the order they are declared.
 */

/**
 * The handle of something started in `beforeAll`: reads go to it once started (the server's
 * `baseUrl`, the browser's `newContext`), and fail with a clear message before.
 */
function lateBound<T extends object>(name: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const started = current();
      if (!started) throw new Error(`${name} is started in beforeAll: use it inside journeys and hooks`);
      const value: unknown = Reflect.get(started, property, started);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
  });
}

/** A server's options, or a function making them just before it starts (a port found then). */
export type ServerSetup = ServerOptions | (() => ServerOptions | Promise<ServerOptions>);

export interface SuiteOptions<Servers extends readonly ServerSetup[] = ServerSetup[]> {
  /** One server per entry, each with its own database and settings; none for a browser only. */
  servers?: Servers;
  /** Start Chromium too (default true). */
  browser?: boolean;
  /** The start-up hook's timeout, for a slow start (default: the config's hookTimeout). */
  timeout?: number;
}

/** Servers and a browser started in parallel before the file's journeys, stopped after them. */
export function useSuite<const Servers extends readonly ServerSetup[] = []>(
  options: SuiteOptions<Servers> = {},
): { servers: { [Index in keyof Servers]: RunningServer }; browser: Browser } {
  const serverOptions: readonly ServerSetup[] = options.servers ?? [];
  const started: (RunningServer | undefined)[] = serverOptions.map(() => undefined);
  let browser: Browser | undefined;
  beforeAll(async () => {
    await Promise.all([
      ...serverOptions.map(async (each, index) => {
        started[index] = await startServer(typeof each === 'function' ? await each() : each);
      }),
      (options.browser ?? true)
        ? launchBrowser().then((launched) => {
            browser = launched;
          })
        : undefined,
    ]);
  }, options.timeout);
  afterAll(async () => {
    await browser?.close();
    await Promise.all(started.map((server) => server?.stop()));
  });
  const servers = serverOptions.map((_, index) => lateBound(`server ${index + 1}`, () => started[index]));
  return {
    // One handle per entry of `options.servers`, in its order.
    servers: servers as { [Index in keyof Servers]: RunningServer },
    browser: lateBound('the browser', () => browser),
  };
}

/** One server (with these settings and environment) and Chromium for the file's journeys. */
export function useSite(
  server: ServerSetup = {},
  options: Omit<SuiteOptions, 'servers'> = {},
): { server: RunningServer; browser: Browser } {
  const {
    servers: [only],
    browser,
  } = useSuite({ ...options, servers: [server] });
  return { server: only, browser };
}

/** Chromium alone, for journeys that start their own servers or use one started elsewhere. */
export function useBrowser(): Browser {
  return useSuite({ browser: true }).browser;
}

/** Settings that switch the registration captcha off: members register through the API. */
export const registerCaptchaOff = {
  register: {
    captcha: {
      enabled: false,
      required: false,
      acceptedPattern: '^[a-zA-Z0-9]+$',
      patternId: 'letters_and_digits',
      minLength: 4,
      maxLength: 4,
    },
  },
};
