// Shared by every page: messages in the page's language, the JSON API with its CSRF header,
// a tiny element builder, seat names, and the account buttons of the top bar.

const messages = JSON.parse(document.getElementById('messages').textContent);
export const session = JSON.parse(document.getElementById('session').textContent);
export const lang = session.lang;

export function t(key, args = {}) {
  const text = messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
}

export function cookie(name) {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return '';
}

export class ApiError extends Error {
  constructor(message, code, status) { super(message); this.code = code; this.status = status; }
}

export async function api(method, url, body) {
  const headers = { Accept: 'application/json' };
  const init = { method, headers, credentials: 'same-origin' };
  if (method !== 'GET') {
    headers['X-CSRF-Token'] = cookie('donjon_csrf');
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }
  const response = await fetch(url, init);
  let data = {};
  try { data = await response.json(); } catch (e) { /* not JSON */ }
  if (!response.ok) throw new ApiError(data.message || response.statusText, data.error, response.status);
  return data;
}

// h('div', {class: 'x', onclick: fn}, child, 'text', ...)
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function seatName(seat, index = null) {
  if (!seat) return '?';
  if (seat.kind === 'bot') {
    return index === null ? t('bot_named', { level: seat.bot }) : t('bot_at_seat', { level: seat.bot, n: index + 1 });
  }
  if (!seat.name) return `(${t('free')})`;
  return seat.user_id !== null && session.user && seat.user_id === session.user.id
    ? `${seat.name} (${t('you')})` : seat.name;
}

export function playerNames(info) {
  return info.seats.map((s, i) => seatName(s, i));
}

function wire() {
  const logout = document.getElementById('logout');
  if (logout) logout.addEventListener('click', async () => {
    await api('POST', '/api/logout');
    location.href = '/';
  });
  const guest = document.getElementById('guest');
  if (guest) guest.addEventListener('click', async () => {
    await api('POST', '/api/guest');
    location.href = '/';
  });
}
wire();
