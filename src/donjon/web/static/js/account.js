// Accounts: log in, register (a guest keeps everything), reset a forgotten password, and the
// account page (password, e-mail address, notices on this device, data export, deletion).
import { api, t } from './common.js';

// Send a form's fields as JSON to `url`; show the server's refusal, or `done(data)`.
function handle(id, url, body, done) {
  const form = document.getElementById(id);
  if (!form) return;
  const error = form.querySelector('.error-message');
  const status = form.querySelector('.done-message');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    if (status) status.textContent = '';
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const data = await api('POST', url, body(form.elements, form));
      done(data, form, status);
    } catch (e) {
      error.textContent = e.message;
    } finally {
      button.disabled = false;
    }
  });
}

handle('account-form', `/api/${document.getElementById('account-form')?.dataset.mode}`, (f) => {
  const body = { name: f.name.value, password: f.password.value };
  if (f.email && f.email.value.trim()) body.email = f.email.value.trim();
  return body;
}, () => { location.href = '/'; });

handle('reset-request-form', '/api/password-reset', (f) => ({ name: f.name.value }),
  (data, form, status) => { status.textContent = t('reset_sent'); form.reset(); });

handle('reset-form', '/api/password-reset/confirm',
  (f, form) => ({ token: form.dataset.token, password: f.password.value }),
  (data, form, status) => { location.href = '/account'; });

handle('password-form', '/api/account/password',
  (f) => ({ current: f.current.value, new: f.new.value }),
  (data, form, status) => { status.textContent = t('password_changed'); form.reset(); });

handle('email-form', '/api/account/email',
  (f) => ({ email: f.email.value.trim() || null, password: f.password.value }),
  (data, form, status) => { status.textContent = t('email_saved'); form.elements.password.value = ''; });

handle('delete-form', '/api/account/delete',
  (f) => (f.password ? { password: f.password.value } : {}),
  () => { location.href = '/'; });

// -- "Notify me on this device when it is my turn" (web push; server/webpush.py) ---------------
// Shown only where the browser can (a service worker and PushManager) and the server offers it.
// On: the browser's permission, the service worker /sw.js, a subscription made with the
// server's key, posted to the server. Off: the server forgets this device, then the browser.

function keyBytes(base64url) {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(buffer, bytes) {
  if (!buffer) return false;
  const have = new Uint8Array(buffer);
  return have.length === bytes.length && have.every((b, i) => b === bytes[i]);
}

async function pushControl() {
  const panel = document.getElementById('push-panel');
  if (!panel || !('serviceWorker' in navigator) || !('PushManager' in window)
      || !('Notification' in window)) return;
  let key;
  try {
    key = keyBytes((await api('GET', '/api/push/key')).key);
  } catch (e) {
    return; // the server offers no web push
  }
  const form = document.getElementById('push-form');
  const toggle = document.getElementById('push-toggle');
  const error = form.querySelector('.error-message');
  const status = form.querySelector('.done-message');
  form.addEventListener('submit', (event) => event.preventDefault());

  async function current() {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return registration ? registration.pushManager.getSubscription() : null;
  }

  // on only when this browser has a subscription and the server has it for this account
  try {
    const subscription = await current();
    if (subscription && Notification.permission === 'granted') {
      const mine = await api('GET', '/api/push/subscriptions');
      toggle.checked = mine.subscriptions.some((s) => s.endpoint === subscription.endpoint);
    }
  } catch (e) { /* shown unticked */ }
  panel.hidden = false;

  async function turnOn() {
    if (await Notification.requestPermission() !== 'granted') {
      throw new Error(t('push_denied'));
    }
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe(); // made with a key the server no longer has
      subscription = null;
    }
    if (!subscription) {
      try {
        subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true, applicationServerKey: key });
      } catch (e) {
        throw new Error(t('push_failed', { detail: e.message || e.name }));
      }
    }
    await api('POST', '/api/push/subscriptions', subscription.toJSON());
    return t('push_on');
  }

  async function turnOff() {
    const subscription = await current();
    if (subscription) {
      await api('POST', '/api/push/subscriptions/unsubscribe', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    return t('push_off_done');
  }

  toggle.addEventListener('change', async () => {
    error.textContent = '';
    status.textContent = '';
    toggle.disabled = true;
    const wanted = toggle.checked;
    try {
      status.textContent = await (wanted ? turnOn() : turnOff());
    } catch (e) {
      toggle.checked = !wanted;
      error.textContent = e.message;
    } finally {
      toggle.disabled = false;
    }
  });
}

pushControl();
