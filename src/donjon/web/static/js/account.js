// Accounts: log in, register (a guest keeps everything), reset a forgotten password, and the
// account page (password, e-mail address, data export, deletion).
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
