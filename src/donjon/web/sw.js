// The service worker, served at /sw.js (scope: the whole site). It only shows the "your turn"
// notices the server pushes (server/webpush.py, with the site closed), and opens the table on a
// click; it caches nothing and answers no request. A push is `{title, body, url, tag}`; only
// an address of this site is ever opened.
'use strict';

self.addEventListener('install', () => { self.skipWaiting(); });
self.addEventListener('activate', (event) => { event.waitUntil(self.clients.claim()); });

// `url` as an address of this site (the lobby for anything else).
function ownAddress(url) {
  try {
    const address = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    if (address.origin === self.location.origin) return address.href;
  } catch (e) { /* not an address */ }
  return new URL('/', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {}; }
  if (!data || typeof data !== 'object') data = {};
  const title = typeof data.title === 'string' && data.title ? data.title : 'donjon';
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: '/static/icon.svg',
    data: { url: ownAddress(data.url) },
  };
  if (typeof data.tag === 'string' && data.tag) {
    options.tag = data.tag; // a newer notice of the same table replaces the older one
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = ownAddress(event.notification.data && event.notification.data.url);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => client.url.split('#')[0] === url);
    if (open && 'focus' in open) return open.focus();
    return self.clients.openWindow(url);
  })());
});

// The push service replaced the subscription (keys renewed, expired): hand the new one to the
// server for whoever is logged in in this browser. The old one answers 410 and is forgotten.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil((async () => {
    let subscription = event.newSubscription;
    if (!subscription) {
      const key = await (await fetch('/api/push/key')).json();
      const raw = atob(key.key.replace(/-/g, '+').replace(/_/g, '/'));
      subscription = await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: Uint8Array.from(raw, (c) => c.charCodeAt(0)),
      });
    }
    const session = await (await fetch('/api/session', { credentials: 'same-origin' })).json();
    if (!session.user) return;
    await fetch('/api/push/subscriptions', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf },
      body: JSON.stringify(subscription.toJSON()),
    });
  })());
});
