import { useEffect } from 'react';
import { operatorLogout, operatorMe } from '@khela/contract/call-routes';
import { callApi, lastCallTime } from '../shared/api/client.ts';
import { endSession } from '../shared/api/session.ts';

const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** How often the clock is read. */
const tick = 15_000;

/**
 * The session's idle rule in the browser (issue 15: 15 minutes on the server): after `idleMinutes`
 * without a key press or a click the app logs out by itself and says why. While the person is
 * active but the page makes no call (reading, filling a long form), a light call keeps the
 * server's clock in step, so the session ends only when the person is really away.
 */
export function useIdleLogout(idleMinutes: number): void {
  useEffect(() => {
    let lastActivity = Date.now();
    const touch = () => {
      lastActivity = Date.now();
    };
    for (const name of activityEvents) window.addEventListener(name, touch, { passive: true });
    const idleLimit = idleMinutes * 60_000;
    // Half the server's idle time: a call well before it would end the session.
    const keepAliveAfter = Math.max(idleLimit / 2, tick);
    const timer = window.setInterval(() => {
      const now = Date.now();
      if (now - lastActivity >= idleLimit) {
        window.clearInterval(timer);
        void callApi(operatorLogout).catch(() => undefined);
        endSession('shell_session_idle');
        return;
      }
      if (now - lastCallTime() >= keepAliveAfter && lastActivity > lastCallTime()) {
        void callApi(operatorMe).catch(() => undefined);
      }
    }, tick);
    return () => {
      window.clearInterval(timer);
      for (const name of activityEvents) window.removeEventListener(name, touch);
    };
  }, [idleMinutes]);
}
