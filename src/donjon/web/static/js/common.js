// Shared by every page and every renderer (renderer contract v2, `ctx.ui`): messages in the
// page's language, the JSON API with its CSRF header, the DOM and SVG builders, inline SVG icons,
// players' names, action identities, and cards that explain themselves (one delegated tooltip on
// every `[data-card]` element, on hover, focus and tap, from the game's catalogue).

const messages = JSON.parse(document.getElementById('messages').textContent);
export const session = JSON.parse(document.getElementById('session').textContent);
export const lang = session.lang;

export function t(key, args = {}) {
  const text = messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
}

const plurals = new Intl.PluralRules(lang);

// "1 point" / "2 points": the message `${key}_one` or `${key}_other` with {n} filled in.
export function tn(key, n, args = {}) {
  const form = plurals.select(n) === 'one' ? 'one' : 'other';
  return t(`${key}_${form}`, { n, ...args });
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

// -- building elements ------------------------------------------------------------------------

// The elements given a listener by h() or svg(): a board drawn again keeps its unchanged
// elements (board.js), but never one whose listener would be the last drawing's. Those given one
// since the last ``takeListened()`` are listed too, for the drawing to find them.
export const listened = new WeakSet();
let listenedNow = [];

export function takeListened() {
  const taken = listenedNow;
  listenedNow = [];
  return taken;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
      listened.add(el);
      listenedNow.push(el);
    }
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// h('div', {class: 'x', onclick: fn, dataset: {...}, style: {...} or 'css'}, child, 'text', ...)
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

// svg('rect', {x: 0, width: 10, class: 'x'}, ...children): the same, in the SVG namespace.
// A string child of <svg>/<g> becomes text; give <text> elements their words as children.
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

// -- icons: inline SVG (glyphs like ⏮ ⏭ ⛓ are missing from some fonts) -------------------

const ICONS = {
  first: 'M6 5v14M18 5l-9 7 9 7z',
  prev: 'M16 5l-9 7 9 7z',
  next: 'M8 5l9 7-9 7z',
  last: 'M18 5v14M6 5l9 7-9 7z',
  undo: 'M9 7H4V2M4.5 7A8 8 0 1 1 4 13',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  'bell-off': 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0M3 3l18 18',
  turn: 'M5 4l14 8-14 8 3-8z',
  star: 'M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z',
  crown: 'M3 18h18M4 16l-1-9 5 4 4-7 4 7 5-4-1 9z',
  trophy: 'M8 3h8v6a4 4 0 0 1-8 0zM8 5H4a3 3 0 0 0 4 4M16 5h4a3 3 0 0 1-4 4M12 13v4M8 21h8l-1-4H9z',
  chain: 'M9 8H7a4 4 0 0 0 0 8h2M15 8h2a4 4 0 0 1 0 8h-2M8 12h8',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  link: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7v1',
  dot: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z',
  check: 'M4 12l5 5L20 6',
  close: 'M5 5l14 14M19 5L5 19',
  person: 'M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21a8 8 0 0 1 16 0',
  bot: 'M6 8h12v11H6zM9 12h.01M15 12h.01M9 16h6M12 4v4M10 4h4',
};
const FILLED = new Set(['first', 'prev', 'next', 'last', 'turn', 'star', 'crown', 'dot']);

// icon('undo', {title: 'Take back', size: 18}): an inline SVG icon drawn with currentColor.
export function icon(name, { title = null, size = 18, class: cls = '' } = {}) {
  const d = ICONS[name] ?? ICONS.dot;
  const filled = FILLED.has(name);
  const el = svg('svg', {
    viewBox: '0 0 24 24', width: size, height: size, class: `icon icon-${name} ${cls}`.trim(),
    'aria-hidden': title ? null : 'true', role: title ? 'img' : null, focusable: 'false',
  }, title ? svg('title', {}, title) : null,
  svg('path', {
    d, fill: filled ? 'currentColor' : 'none', stroke: 'currentColor',
    'stroke-width': filled ? 1 : 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round',
  }));
  return el;
}
export const ICON_NAMES = Object.keys(ICONS);

// -- players ----------------------------------------------------------------------------------

const OLD_BOTS = { random: 'level_random', heuristic: 'level_normal', ismcts: 'level_hard' };

export function botLevel(bot) {
  const name = String(bot ?? '').split(':')[0].trim();
  if (['easy', 'normal', 'hard'].includes(name)) return t(`level_${name}`);
  return t(OLD_BOTS[name] ?? 'level_other');
}

// A seat as players read it (the server names seats the same way, in display.py): a person's
// name (yours marked), "Bot 2 (easy)", or a free seat. Never "seat N".
export function seatName(seat, index = null) {
  if (!seat) return '?';
  if (seat.kind === 'bot') {
    return index === null ? t('bot_named', { level: botLevel(seat.bot) })
      : t('bot_at_seat', { level: botLevel(seat.bot), n: index + 1 });
  }
  if (!seat.name) return t('free_seat');
  return seat.user_id !== null && session.user && seat.user_id === session.user.id
    ? `${seat.name} (${t('you')})` : seat.name;
}

export function playerNames(info) {
  return info.seats.map((s, i) => seatName(s, i));
}

// -- actions ----------------------------------------------------------------------------------

// An action's identity as canonical JSON text: what `data-action` holds.
export function actionKey(action) {
  return JSON.stringify({ kind: action.kind, args: action.args ?? [] });
}

// The attributes of a board element that sends `action` (spread them into h() or svg()): the
// page sends it on a click, or on Enter or Space, and lists it nowhere else.
export function actionAttrs(action) {
  return { 'data-action': actionKey(action), role: 'button', tabindex: '0',
    'aria-label': action.label ?? action.text ?? null };
}

// -- the catalogue and cards ------------------------------------------------------------------

function readCatalogue() {
  const element = document.getElementById('catalogue');
  const data = element ? JSON.parse(element.textContent || '{}') : {};
  return {
    items: new Map((data.items ?? []).map((item) => [item.id, item])),
    categories: data.categories ?? {},
    tiebreaks: data.tiebreaks ?? {},
    ui: data.ui ?? {},
  };
}
export const catalogue = readCatalogue();

function fill(text, args) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
}

// A renderer's words (ctx.t, ui.t): the game's own UI table (its presentation's UI, served with
// the catalogue) first, then the page's messages.
export function gameT(key, args = {}) {
  return key in catalogue.ui ? fill(catalogue.ui[key], args) : t(key, args);
}

export function gameTn(key, n, args = {}) {
  const form = plurals.select(n) === 'one' ? 'one' : 'other';
  return gameT(`${key}_${form}`, { n, ...args });
}

// card('thief') gives a small named chip; card('thief', element) marks an element (HTML or
// SVG) as that item: it carries data-card and explains itself on hover, focus and tap.
export function card(id, element = null, attrs = {}) {
  let el = element;
  if (el === null || typeof el === 'string') {
    const item = catalogue.items.get(id);
    el = h('span', { class: 'dj-card' }, el ?? item?.name ?? id);
  }
  el.setAttribute('data-card', id);
  setAttrs(el, attrs);
  return el;
}

let tip = null;
let tipAnchor = null;
let tipTimer = 0;

function tipElement() {
  if (!tip) {
    tip = h('div', { id: 'card-tip', class: 'card-tip', role: 'tooltip', hidden: true });
    document.body.append(tip);
  }
  return tip;
}

export function showCard(anchor) {
  const id = anchor.getAttribute('data-card');
  const item = catalogue.items.get(id);
  if (!item) return;
  const box = tipElement();
  const hasCost = item.cost !== undefined && item.cost !== null && item.cost !== '';
  const facts = [item.type, hasCost ? t('cost_is', { cost: item.cost }) : null].filter(Boolean);
  box.replaceChildren(
    h('strong', { class: 'tip-name' }, item.name),
    facts.length ? h('span', { class: 'tip-facts' }, facts.join(' · ')) : null,
    item.text ? h('p', { class: 'tip-text' }, item.text) : null,
  );
  box.dataset.card = id;
  box.hidden = false;
  tipAnchor = anchor;
  const rect = anchor.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  box.style.maxWidth = `${width}px`;
  const height = box.offsetHeight;
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - box.offsetWidth - 8));
  const below = rect.bottom + 6;
  const top = below + height < window.innerHeight ? below : Math.max(8, rect.top - height - 6);
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
  clearTimeout(tipTimer);
}

// After a drawing: the tip goes when its card left the page, or when the element it points at
// (kept by the drawing) now shows another card.
export function forgetStaleCard() {
  if (tipAnchor && (!tipAnchor.isConnected || tipAnchor.getAttribute('data-card') !== tip.dataset.card)) {
    hideCard();
  }
}

export function hideCard() {
  if (tip) tip.hidden = true;
  tipAnchor = null;
}

function cardOf(target) {
  return target instanceof Element ? target.closest('[data-card]') : null;
}

function wireCards() {
  document.addEventListener('pointerover', (e) => {
    if (e.pointerType === 'touch') return;
    const anchor = cardOf(e.target);
    if (anchor && anchor !== tipAnchor) showCard(anchor);
  });
  document.addEventListener('pointerout', (e) => {
    if (e.pointerType === 'touch' || !tipAnchor) return;
    const to = e.relatedTarget;
    if (!(to instanceof Node) || !tipAnchor.contains(to)) hideCard();
  });
  // a tap shows the card's text (and does what the tap does: an action is still sent)
  document.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch') return;
    const anchor = cardOf(e.target);
    if (anchor) {
      showCard(anchor);
      clearTimeout(tipTimer);
      tipTimer = setTimeout(hideCard, 6000);
    } else if (!(tip && tip.contains(e.target))) hideCard();
  });
  document.addEventListener('focusin', (e) => {
    const anchor = cardOf(e.target);
    if (anchor) showCard(anchor);
  });
  document.addEventListener('focusout', (e) => { if (cardOf(e.target) === tipAnchor) hideCard(); });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hideCard(); });
  window.addEventListener('scroll', () => { if (tipAnchor && !tipAnchor.isConnected) hideCard(); }, { passive: true });
}

// What renderers receive as ctx.ui.
export const ui = { h, svg, icon, card, actionAttrs, actionKey, t: gameT, tn: gameTn, showCard, hideCard };

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
  wireCards();
}
wire();
