import { create } from 'zustand';

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The browser offers installation: the event kept for the install button. */
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

export const useInstallStore = create<InstallState>()(() => ({
  prompt: null,
  installed:
    typeof window !== 'undefined' && (window.matchMedia?.('(display-mode: standalone)').matches ?? false),
}));

/**
 * Registers the service worker (public/sw.js) after the page has loaded, and keeps the browser's
 * install offer for the download page. The event can fire before any page asks for it, so it is
 * caught here at start.
 */
export function setUpInstallableApp() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallStore.setState({ prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallStore.setState({ prompt: null, installed: true }));
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

export async function promptInstall(): Promise<boolean> {
  const { prompt } = useInstallStore.getState();
  if (!prompt) return false;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  useInstallStore.setState({ prompt: null, installed: outcome === 'accepted' });
  return outcome === 'accepted';
}
