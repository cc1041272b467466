// Drawing a table from a view: the game's renderer (renderers/<game>.js, `render(root, ctx)`),
// the game log, and the final scores. Shared by the live table and the replay.
import { h, t, lang } from './common.js';

export async function loadRenderer(game, available) {
  if (!available) return null;
  try {
    return await import(`/static/renderers/${encodeURIComponent(game)}.js`);
  } catch (error) {
    console.error('renderer failed to load', error);
    return null;
  }
}

function rawView(view) {
  return h('details', { class: 'raw-view', open: true },
    h('summary', {}, t('view_raw')),
    h('pre', {}, JSON.stringify(view, null, 1)));
}

export function drawBoard(root, renderer, ctx) {
  root.replaceChildren();
  if (!ctx.view) return;
  if (!renderer || typeof renderer.render !== 'function') {
    root.append(h('p', { class: 'note' }, t('no_renderer')), rawView(ctx.view));
    return;
  }
  try {
    renderer.render(root, ctx);
  } catch (error) {
    console.error(error);
    root.replaceChildren(
      h('p', { class: 'error-message' }, t('renderer_error', { error: error.message })),
      rawView(ctx.view));
  }
}

function argText(value) {
  if (Array.isArray(value)) return value.join(', ');
  if (value && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const logMessagesElement = document.getElementById('log-messages');
const logMessages = logMessagesElement ? JSON.parse(logMessagesElement.textContent) : {};

// Game terms inside event arguments, translated by the game's "_names" table (as Game.describe).
const names = logMessages._names || {};
function term(value) {
  return typeof value === 'string' && value in names ? names[value] : String(value);
}

function fill(template, args) {
  // Python's str.format over named fields, as the game's messages.py writes them
  let missing = false;
  const text = template.replace(/\{\{|\}\}|\{(\w+)\}/g, (m, name) => {
    if (m === '{{') return '{';
    if (m === '}}') return '}';
    if (!(name in args)) { missing = true; return m; }
    const value = args[name];
    if (Array.isArray(value)) return value.length ? value.map(term).join(', ') : '—';
    return term(value);
  });
  return missing ? null : text;
}

function fromMessages(event, ctx) {
  const args = event.args || {};
  const actor = typeof args.seat === 'number' ? args.seat : null;
  const mine = actor !== null && actor === ctx.seat;
  const template = (mine && logMessages[`${event.key}:you`]) || logMessages[event.key];
  if (!template) return null;
  // The second-person sentence ("You build…") reads as in the terminal; others name the player.
  const you = t('you');
  const who = actor === null ? '' : mine && logMessages[`${event.key}:you`]
    ? you.charAt(0).toUpperCase() + you.slice(1) : (ctx.players[actor] ?? `#${actor}`);
  return fill(template, { ...args, who });
}

export function describeEvent(renderer, event, ctx) {
  if (renderer && typeof renderer.describe === 'function') {
    try {
      const text = renderer.describe(event, ctx);
      if (text) return text;
    } catch (error) { console.error(error); }
  }
  const sentence = fromMessages(event, ctx);
  if (sentence) return sentence;
  const args = { ...(event.args || {}) };
  let who = '';
  if (typeof args.seat === 'number') {
    who = `${ctx.players[args.seat] ?? `#${args.seat}`}: `;
    delete args.seat;
  }
  const rest = Object.entries(args).map(([k, v]) => `${k.replace(/_/g, ' ')} ${argText(v)}`);
  return `${who}${event.key.replace(/_/g, ' ')}${rest.length ? ' — ' + rest.join(' · ') : ''}`;
}

export function drawLog(list, renderer, events, ctx) {
  const start = Number(list.dataset.count || 0);
  if (events.length < start) { list.replaceChildren(); list.dataset.count = 0; }
  const from = Number(list.dataset.count || 0);
  for (let i = from; i < events.length; i++) {
    list.append(h('li', { dataset: { key: events[i].key } }, describeEvent(renderer, events[i], ctx)));
  }
  list.dataset.count = events.length;
  list.scrollTop = list.scrollHeight;
}

export function drawResult(root, view, players) {
  root.replaceChildren();
  if (!view || !view.over || !view.result) return;
  const result = view.result;
  const order = result.ranks.map((r, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b]);
  const names = result.winners.map((i) => players[i]).join(', ');
  root.append(
    h('h2', {}, t('result')),
    h('p', { class: 'winner' }, `${t(result.winners.length > 1 ? 'winners' : 'winner')}: ${names}`),
    h('table', { class: 'scores' },
      h('thead', {}, h('tr', {}, h('th', {}, t('rank')), h('th', {}, t('seat')), h('th', {}, t('score')))),
      h('tbody', {}, order.map((i) => h('tr', { class: result.ranks[i] === 1 ? 'first' : '' },
        h('td', {}, result.ranks[i]), h('td', {}, players[i]), h('td', {}, argText(result.scores[i])))))),
    result.tiebreak ? h('p', { class: 'note' }, t('tiebreak', { text: result.tiebreak })) : null,
  );
}

export { lang };
