// Log in or register.
import { api } from './common.js';

const form = document.getElementById('account-form');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const mode = form.dataset.mode;
  const body = { name: form.elements.name.value, password: form.elements.password.value };
  try {
    await api('POST', `/api/${mode}`, body);
    location.href = '/';
  } catch (error) {
    document.getElementById('account-error').textContent = error.message;
  }
});
