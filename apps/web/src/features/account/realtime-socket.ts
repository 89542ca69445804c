import type { BalanceValue } from '@khela/contract';

/** The server's realtime socket (apps/server/src/modules/realtime). */
const socketPath = '/wps/ws';
const maxBackoffMs = 30_000;

type Message = { type: 'ready' } | { type: 'balance'; value: BalanceValue };

/**
 * Listens for balance pushes for this session: opens the socket, proves the session with the
 * token (in a message, never in the URL), and hands each pushed balance to `onBalance`. Reconnects
 * with backoff after a network drop; stops for good when the server closes with 4401 (the
 * session ended) or when the returned function is called.
 */
export function listenForBalance(token: string, onBalance: (value: BalanceValue) => void): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: number | undefined;

  const connect = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${window.location.host}${socketPath}`);
    socket.addEventListener('open', () => {
      attempt = 0;
      socket?.send(JSON.stringify({ type: 'auth', token }));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let message: Message;
      try {
        message = JSON.parse(event.data) as Message;
      } catch {
        return;
      }
      if (message.type === 'balance') onBalance(message.value);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      socket = null;
      if (stopped || event.code === 4401 || event.code === 4400) return;
      attempt += 1;
      const delay = Math.min(maxBackoffMs, 1000 * 2 ** Math.min(attempt, 5));
      retryTimer = window.setTimeout(connect, delay);
    });
  };

  connect();
  return () => {
    stopped = true;
    window.clearTimeout(retryTimer);
    socket?.close(1000, 'done');
  };
}
