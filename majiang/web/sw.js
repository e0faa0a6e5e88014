// The service worker that makes the table installable and lets the shell open without the network:
// network first (a deploy is seen at once), the cached copy only when the network fails. The API and
// the websocket are never cached: a stale room or token would mislead.
const CACHE = 'majiang-shell-v2';
const SHELL = ['/', '/index.html', '/styles.css', '/fonts.css', '/header.css', '/fonts/nunito-latin-wght.woff2', '/lobby.css', '/review.css', '/settings.css', '/ranking.css', '/waiting.css', '/app.js', '/icons.js', '/manifest.webmanifest', '/icon.svg'];

self.addEventListener('install', (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).catch(() => {}));
  self.skipWaiting();
});

self.addEventListener('activate', (ev) => {
  ev.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (ev) => {
  const url = new URL(ev.request.url);
  if (ev.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/')
      || url.pathname.startsWith('/ws/') || url.pathname === '/metrics') return;
  ev.respondWith(fetch(ev.request).then((res) => {
    if (res.ok) { const copy = res.clone(); caches.open(CACHE).then((c) => c.put(ev.request, copy)).catch(() => {}); }
    return res;
  }).catch(() => caches.match(ev.request).then((hit) => hit || Response.error())));
});
