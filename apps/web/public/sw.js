// Khela's service worker: makes the site installable and opens it without a network.
//
// What it caches: the app shell (index.html and a few brand files) and the hashed build files under
// /assets/ (their names change with their content, so a cached copy is never stale).
// What it NEVER caches: API answers (/wps/, /lgw/, /api/, /vendor/) and the server's own endpoints.
// They carry balances, tokens and personal data: they always go to the network, untouched.
const SHELL_CACHE = 'khela-shell-v1';
const ASSET_CACHE = 'khela-assets-v1';
const SHELL = [
  '/index.html',
  '/theme-init.js',
  '/manifest.webmanifest',
  '/brand/icon.svg',
  '/brand/logo.svg',
];
const NEVER = [
  '/wps/',
  '/lgw/',
  '/api/',
  '/vendor/',
  '/docs',
  '/healthz',
  '/readyz',
  '/metrics',
  '/uploads/',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key !== SHELL_CACHE && key !== ASSET_CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put('/index.html', response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match('/index.html');
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.headers.has('authorization')) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  }
  // Everything else (pictures under /content/ and /brand/) goes to the network with the browser's
  // ordinary HTTP cache.
});
