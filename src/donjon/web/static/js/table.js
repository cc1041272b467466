// The live table: one WebSocket carrying this seat's view only, in the page's language; it
// reconnects and resyncs. The page draws around the game's renderer: the "what to do now" line
// (sticky while it is your turn), the Undo button (exactly when the server says `can_undo`), the
// action bar (the legal actions the board does not offer), a collapsed list of every legal
// action for the keyboard, the players, the log, the game-over panel, and your turn noticed
// (tab title, an optional sound, a notification when the tab is hidden); around the game, its
// life: each seat's clock counting down, Resign, Rematch, invitations by name, and the chat.
import {
  actionKey, api, catalogue, gameT, h, hideCard, icon, lang, playerNames, session, t, ui,
} from './common.js';
import { drawBoard, drawGameOver, drawLog, loadRenderer } from './board.js';

import { drawChat, onChat, setupChat } from './chat.js';

const page = document.getElementById('table-page');
const tableId = page.dataset.table;
let info = JSON.parse(document.getElementById('table-info').textContent);
let state = null;
let events = [];
let socket = null;
let backoff = 300;
// a move or undo sent and not yet answered: the state another seat's move brings meanwhile
// does not answer it (a second click would be a second move, made on an old sight)
let pending = false;
let acceptedAt = null;  // the version the server's answer named, while its state is awaited
// Whether the server behind this socket answers each move (`answers` in its first `table`):
// one of an older release, met during an upgrade, does not, and then the first newer state is
// taken for the answer, as pages of that release did.
let answers = false;
let sentAt = null;  // the version the pending move was made on
let renderer = null;
let wasMyTurn = false;
const baseTitle = document.title;

const $ = (id) => document.getElementById(id);
const board = $('board');

function mySeat() {
  if (!session.user) return null;
  const i = info.seats.findIndex((s) => s.kind === 'human' && s.user_id === session.user.id && !s.replaced);
  return i < 0 ? null : i;
}

// A seat's seat name, and why a bot plays it now, if it does (resigned, out of time).
function names() {
  return playerNames(info).map((name, i) => (info.seats[i].replaced
    ? t(`replaced_${info.seats[i].replaced}`, { name }) : name));
}

// -- clocks -----------------------------------------------------------------------------------

let clock = null;  // the last state's clock, and when it came (performance.now())
let clockAt = 0;

function secondsLeft(i) {
  const seat = clock && clock.seats[i];
  if (!seat) return null;
  const spent = seat.running && info.status === 'running' ? (performance.now() - clockAt) / 1000 : 0;
  return Math.max(0, seat.left - spent);
}

function formatTime(seconds) {
  const s = Math.ceil(seconds);
  if (s >= 2 * 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function tickClocks() {
  for (const el of document.querySelectorAll('.seat-clock[data-seat]')) {
    const left = secondsLeft(Number(el.dataset.seat));
    if (left === null) continue;
    el.textContent = formatTime(left);
    el.classList.toggle('low', left < 30 && clock.mode === 'realtime');
    el.dataset.left = String(Math.round(left));
  }
}
setInterval(tickClocks, 250);

function seatClock(i) {
  const seat = clock && clock.seats[i];
  if (!seat || info.status !== 'running') return null;
  const left = secondsLeft(i);
  return h('span', { class: `seat-clock ${seat.running ? 'running' : ''}`,
    dataset: { seat: i, left: String(Math.round(left)) },
    title: t('time_left'), 'aria-label': t('time_left') }, formatTime(left));
}

function showError(message) { $('table-error').textContent = message || ''; }

function actions() { return (state && state.actions) || []; }

// One of this seat's legal actions, from what a renderer or an element names: the action itself
// (or any {kind, args}), or its identity as data-action JSON.
function findAction(named) {
  if (named && typeof named === 'object') {
    const key = actionKey(named);
    return actions().find((a) => actionKey(a) === key) ?? { kind: named.kind, args: named.args ?? [] };
  }
  const key = String(named);
  return actions().find((a) => actionKey(a) === key) ?? null;
}

function settle() {
  pending = false;
  acceptedAt = null;
  sentAt = null;
  page.dataset.pending = 'no';
}

// The server took the move or undo that made `version`: settled once that state is drawn.
function accepted(version) {
  if (state && state.version >= version) settle();
  else acceptedAt = version;
}

function send(type, body, url) {
  if (pending || !state) return;
  pending = true;
  acceptedAt = null;
  sentAt = state.version;
  page.dataset.pending = 'yes';
  showError('');
  hideCard();
  const payload = { ...body, version: state.version };
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type, ...payload }));
  } else {
    api('POST', url, payload)
      .then((data) => accepted(data.version))
      .catch((e) => { settle(); showError(e.message); });
  }
}

// ctx.act: sends an action's identity. A text no legal action has is sent as it is, for the
// server to refuse with a message (v1 renderers only).
function act(named) {
  const action = findAction(named);
  const identity = action ? { kind: action.kind, args: action.args } : named;
  send('act', { action: identity }, `/api/tables/${tableId}/moves`);
}

function undo() {
  send('undo', {}, `/api/tables/${tableId}/undo`);
}

// A board element carrying data-action sends its action when clicked, or on Enter or Space:
// renderers only set the attribute (ui.actionAttrs).
board.addEventListener('click', (e) => {
  const el = e.target instanceof Element ? e.target.closest('[data-action]') : null;
  if (!el || !board.contains(el) || e.defaultPrevented) return;
  const action = findAction(el.getAttribute('data-action'));
  if (!action) return;
  e.preventDefault();
  act(action);
});
board.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  const el = e.target instanceof Element ? e.target.closest('[data-action]') : null;
  if (!el || !board.contains(el) || el.tagName === 'BUTTON' || e.defaultPrevented) return;
  e.preventDefault();
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
});

// A visitor without a session watches anonymously; taking a seat makes them a guest (the join
// answer sets the cookie), so the socket is closed first and reopened with the new session:
// the spectator's connection never receives a view once the visitor holds a seat.
async function join(seat) {
  const anonymous = !session.user;
  if (anonymous) hangUp();
  try {
    await api('POST', `/api/tables/${tableId}/join`, { seat });
    if (anonymous) session.user = (await api('GET', '/api/session')).user;
  } catch (e) {
    showError(e.message);
  } finally {
    if (anonymous) connect();
  }
}

function isMyTurn() {
  return Boolean(state && state.seat !== null && info.status === 'running' && actions().length);
}

function drawSeats() {
  const players = names();
  const me = mySeat();
  const running = info.status === 'running';
  $('seat-list').replaceChildren(...info.seats.map((s, i) => {
    const toMove = running && state && state.to_move && state.to_move.includes(i);
    const free = info.status === 'open' && s.kind === 'human' && s.user_id === null;
    return h('li', { class: `seat ${toMove ? 'to-move' : ''} ${i === me ? 'mine' : ''}`, dataset: { seat: i } },
      icon(toMove ? 'turn' : s.kind === 'bot' ? 'bot' : 'person', { size: 14 }), ' ',
      h('span', { class: 'seat-name' }, players[i]),
      seatClock(i),
      free && me === null ? h('button', { type: 'button', class: 'join', dataset: { seat: i }, onclick: () => join(i) }, t('sit_here')) : null);
  }));
}

function drawControls() {
  const controls = $('table-controls');
  controls.replaceChildren();
  $('invite-box').hidden = info.status !== 'open';
  if (info.status === 'open') {
    const me = mySeat();
    if (me !== null) {
      controls.append(h('button', { type: 'button', id: 'leave',
        onclick: () => api('POST', `/api/tables/${tableId}/leave`).catch((e) => showError(e.message)) },
      t('leave')));
    }
    const mayStart = me !== null || (session.user && info.created_by === session.user.id);
    if (mayStart) {
      const free = info.seats.some((s) => s.kind === 'human' && s.user_id === null);
      controls.append(h('button', { type: 'button', id: 'start', class: 'primary', disabled: free,
        onclick: () => api('POST', `/api/tables/${tableId}/start`).catch((e) => showError(e.message)) },
      t('start')));
    }
    if (me !== null || (session.user && info.created_by === session.user.id)) controls.append(inviteForm());
  } else if (info.status === 'closed') {
    controls.append(h('p', { class: 'note', id: 'closed-reason' }, t(`closed_${info.closed_reason}`)),
      h('a', { href: `/api/tables/${tableId}/record`, id: 'record-link' }, t('record')));
  } else if (info.status === 'running' && mySeat() !== null) {
    controls.append(h('button', { type: 'button', id: 'resign', class: 'danger',
      onclick: () => {
        if (!window.confirm(t('resign_confirm'))) return;
        api('POST', `/api/tables/${tableId}/resign`).catch((e) => showError(e.message));
      } }, t('resign')));
  }
  const played = session.user && info.seats.some((s) => s.kind === 'human' && s.user_id === session.user.id);
  if ((info.status === 'finished' || info.status === 'closed') && played) {
    controls.append(h('button', { type: 'button', id: 'rematch', class: 'primary',
      onclick: () => api('POST', `/api/tables/${tableId}/rematch`)
        .then((data) => { location.href = data.url; }).catch((e) => showError(e.message)) },
    t('rematch')));
  }
  if (rematchUrl) controls.append(h('a', { href: rematchUrl, id: 'rematch-link', class: 'button' }, t('rematch_open')));
  if (info.settings && info.settings.private) controls.append(h('p', { class: 'note', id: 'private-note' }, t('private_note')));
  if (info.settings && info.settings.clock && info.settings.clock !== 'none') {
    controls.append(h('p', { class: 'note', id: 'clock-note' }, clockLine(info.settings)));
  }
}

let rematchUrl = null;

function duration(seconds) {
  if (seconds % 86400 === 0 && seconds >= 2 * 86400) return t('duration_days', { n: seconds / 86400 });
  if (seconds % 3600 === 0 && seconds >= 3600) return t('duration_hours', { n: seconds / 3600 });
  if (seconds % 60 === 0 && seconds >= 60) return t('duration_minutes', { n: seconds / 60 });
  return t('duration_seconds', { n: seconds });
}

function clockLine(settings) {
  return settings.clock === 'realtime'
    ? t('clock_realtime_is', { bank: duration(settings.clock_bank), increment: duration(settings.clock_increment) })
    : t('clock_turn_is', { limit: duration(settings.clock_per_move) });
}

// Invite people by name (comma-separated) to this open table.
function inviteForm() {
  const input = h('input', { type: 'text', id: 'invite-names', autocomplete: 'off', 'aria-label': t('invite_names'),
    placeholder: t('invite_names') });
  const note = h('small', { class: 'note', id: 'invite-done' });
  return h('form', { class: 'invite-form', id: 'invite-form',
    onsubmit: (e) => {
      e.preventDefault();
      const wanted = input.value.split(',').map((n) => n.trim()).filter(Boolean);
      if (!wanted.length) return;
      api('POST', `/api/tables/${tableId}/invite`, { names: wanted })
        .then((data) => { note.textContent = t('invited_done', { names: data.invited.join(', ') }); input.value = ''; })
        .catch((e2) => showError(e2.message));
    } }, input, ' ', h('button', { type: 'submit' }, t('invite_send')), ' ', note);
}

function drawTurn() {
  const turn = $('turn');
  const bar = $('turn-bar');
  const mine = isMyTurn();
  bar.classList.toggle('mine', mine);
  turn.classList.toggle('mine', mine);
  page.dataset.myTurn = mine ? 'yes' : 'no';
  bar.hidden = info.status === 'finished' || info.status === 'closed';
  if (info.status === 'open') {
    turn.replaceChildren(t('waiting_start'));
  } else if (!state || !state.view) {
    turn.replaceChildren();
  } else if (mine) {
    turn.replaceChildren(h('strong', {}, icon('turn', { size: 16 }), ` ${t('your_turn')}`),
      h('span', { id: 'prompt', class: 'prompt' }, state.prompt || t('choose_move')));
  } else {
    const players = names();
    const waiting = t('turn_of', { names: (state.to_move || []).map((i) => players[i]).join(', ') });
    turn.replaceChildren(waiting, state.seat === null ? ` — ${t('spectator')}` : '');
  }
  const tools = $('turn-tools');
  const undoButton = state && state.can_undo && info.status === 'running'
    ? h('button', { type: 'button', id: 'undo', class: 'undo', title: t('undo_title'), onclick: undo },
      icon('undo', { size: 16 }), ` ${t('undo')}`) : null;
  tools.replaceChildren(...[undoButton, soundButton()].filter(Boolean));
}

function drawHead() {
  $('status').textContent = t(`status_${info.status}`);
  $('status').dataset.status = info.status;
  $('conn').hidden = info.status === 'finished' || info.status === 'closed';
  page.dataset.status = info.status;
  drawSeats();
  drawControls();
  drawTurn();
}

// -- the action bar and the fallback list -----------------------------------------------------

// Seen by a person: laid out, not hidden, and not of zero size.
function shown(el) {
  if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ visibilityProperty: true })) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

function placedOnBoard() {
  const keys = new Set();
  for (const el of board.querySelectorAll('[data-action]')) {
    if (!shown(el)) continue;
    const action = findAction(el.getAttribute('data-action'));
    if (action) keys.add(actionKey(action));
  }
  return keys;
}

function actionButton(action, cls) {
  return h('button', { type: 'button', class: cls, 'data-action': actionKey(action),
    dataset: { kind: action.kind }, onclick: () => act(action) }, action.label || action.text);
}

// The legal actions the board does not offer, as labelled buttons under it: each legal action
// thus has exactly one visible element.
function drawActionBar() {
  const bar = $('action-bar');
  const placed = placedOnBoard();
  const rest = actions().filter((a) => !placed.has(actionKey(a)));
  const shown = [...bar.querySelectorAll('[data-action]')].map((b) => b.getAttribute('data-action'));
  const wanted = rest.map(actionKey);
  if (shown.length === wanted.length && shown.every((k, i) => k === wanted[i])) return;
  bar.replaceChildren(...rest.map((a) => actionButton(a, 'action')));
  bar.hidden = rest.length === 0;
  page.dataset.actionBar = String(rest.length);
}

function drawAllActions() {
  const list = $('actions');
  const all = actions();
  list.replaceChildren(...(all.length ? all.map((a) => actionButton(a, 'action fallback'))
    : [h('p', { class: 'note' }, t('no_actions'))]));
  $('all-actions').hidden = state === null || state.seat === null || info.status !== 'running';
}

let barQueued = false;
const boardChanges = new MutationObserver(() => {
  // a renderer that shows targets after a first click changes what the board offers
  if (barQueued) return;
  barQueued = true;
  requestAnimationFrame(() => { barQueued = false; drawActionBar(); });
});
boardChanges.observe(board, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-action', 'hidden', 'style', 'class'] });

// -- your turn, noticed -----------------------------------------------------------------------

const SOUND_KEY = 'donjon.turn-sound';

function soundOn() {
  try { return localStorage.getItem(SOUND_KEY) === 'on'; } catch (e) { return false; }
}

function soundButton() {
  if (!state || state.seat === null || info.status !== 'running') return null;
  const on = soundOn();
  return h('button', { type: 'button', id: 'sound', class: `sound ${on ? 'on' : ''}`, 'aria-pressed': on ? 'true' : 'false',
    title: t('sound'), 'aria-label': t('sound'),
    onclick: () => {
      const next = !soundOn();
      try { localStorage.setItem(SOUND_KEY, next ? 'on' : 'off'); } catch (e) { /* private mode */ }
      if (next && 'Notification' in window && Notification.permission === 'default') {
        Notification.requestPermission().catch(() => {});
      }
      if (next) beep();
      drawTurn();
    } }, icon(on ? 'bell' : 'bell-off', { size: 16 }), h('span', { class: 'sound-label' }, ` ${t(on ? 'sound_on' : 'sound_off')}`));
}

let audio = null;
function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    for (const [i, f] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.18);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.2);
    }
  } catch (e) { /* no audio here */ }
}

function noticeTurn() {
  const mine = isMyTurn();
  document.title = mine ? t('your_turn_title') : baseTitle;
  if (mine && !wasMyTurn) {
    if (soundOn()) beep();
    if (document.hidden && 'Notification' in window && Notification.permission === 'granted') {
      try {
        const note = new Notification(t('your_turn_notification', { game: info.title }),
          { body: state.prompt || '', tag: `donjon-${tableId}`, icon: '/static/icon.svg' });
        note.onclick = () => { window.focus(); note.close(); };
      } catch (e) { /* notifications need a service worker on some browsers */ }
    }
  }
  wasMyTurn = mine;
}

// -- drawing ----------------------------------------------------------------------------------

function context() {
  const players = names();
  const legalActions = actions();
  return {
    view: state.view, actions: legalActions, seat: state.seat, lang, act, players,
    catalogue: catalogue.items, t: gameT, ui,
  };
}

function draw() {
  if (!state) return;
  const ctx = context();
  window.donjonTable = { state, info, ctx };
  drawHead();
  drawBoard(board, renderer, ctx);
  drawAllActions();
  const players = names();
  const result = info.status === 'finished' ? (state.view && state.view.result) || info.result : null;
  const ended = $('game-over').hidden && result;
  drawGameOver($('game-over'), result, players, { seat: state.seat, replay: `/replay/${tableId}` });
  page.dataset.version = state.version;
  page.dataset.status = state.status;
  page.dataset.pending = pending ? 'yes' : 'no';
  // Everything written, then what reads the layout (the log's scroll, what the board shows,
  // the game-over panel's place): the page is laid out once here, not after each part.
  drawLog($('log'), events, $('log').children.length);
  drawActionBar();
  boardChanges.takeRecords();  // the board just drawn: the bar is already drawn for it
  if (ended) $('game-over').scrollIntoView({ block: 'nearest' });
  noticeTurn();
}

// Messages are handled in the order they came, at most once a frame: a burst (bots moving one
// after another) is drawn once, not once per move, and a click always acts on what is drawn.
// A hidden tab draws no frames: there they are handled at once, for your turn to be noticed
// (the tab's title, the notification) when it comes.
let inbox = [];
let inboxQueued = false;

function receive(message) {
  inbox.push(message);
  if (document.hidden) flush();
  else if (!inboxQueued) {
    inboxQueued = true;
    requestAnimationFrame(() => { inboxQueued = false; flush(); });
  }
}

function flush() {
  const messages = inbox;
  inbox = [];
  let drawn = false;
  for (const message of messages) drawn = onMessage(message) || drawn;
  if (drawn) draw();
}

// One message; true when it brought a state to draw.
function onMessage(message) {
  if (message.type === 'table') {
    info = message.table;
    if (message.answers) answers = true;
    if (info.clock) { clock = info.clock; clockAt = performance.now(); }
    drawHead();
    drawChat(info);
  } else if (message.type === 'chat' || message.type === 'chat_history') {
    onChat(message);
  } else if (message.type === 'rematch') {
    rematchUrl = message.url;
    drawControls();
  } else if (message.type === 'state') {
    clock = message.clock;
    clockAt = performance.now();
    if (message.log_from === 0) { events = message.log.slice(); $('log').replaceChildren(); }
    else if (message.log_from === events.length) events.push(...message.log);
    else { if (socket) socket.send(JSON.stringify({ type: 'sync' })); return false; }
    state = message;
    if ((acceptedAt !== null && state.version >= acceptedAt)
        || (!answers && sentAt !== null && state.version > sentAt)) settle();
    info.status = message.status;
    return true;
  } else if (message.type === 'accepted') {
    accepted(message.version);
  } else if (message.type === 'error') {
    settle();
    showError(message.message);
    if (message.error === 'stale' && socket) socket.send(JSON.stringify({ type: 'sync' }));
  }
  return false;
}

function hangUp() {
  const ws = socket;
  socket = null;  // its close event then reconnects nothing
  if (ws) ws.close();
}

function setConn(live) {
  const conn = $('conn');
  conn.replaceChildren(icon('dot', { size: 10 }), ` ${t(live ? 'connected' : 'reconnecting')}`);
  conn.className = `conn ${live ? 'live' : 'down'}`;
}

function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  // watch=1: without a session (never had one, or logged out elsewhere) the page still watches
  const url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?watch=1`;
  hangUp();
  const ws = new WebSocket(url);
  socket = ws;
  answers = false;  // until this socket's server says so: it may be another process
  inbox = [];  // the new connection starts with the whole table again
  ws.addEventListener('open', () => { backoff = 300; setConn(true); });
  ws.addEventListener('message', (e) => { if (socket === ws) receive(JSON.parse(e.data)); });
  ws.addEventListener('close', () => {
    if (socket !== ws) return;
    socket = null;
    settle();  // the answer, if any, is lost with the connection: the resync shows where things stand
    setConn(false);
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  });
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && !socket) connect();
  // what came in the frame the tab was hidden: that frame will not be drawn
  if (document.hidden) flush();
});

const invite = $('invite');
invite.value = `${location.origin}/table/${tableId}`;
$('copy-invite').addEventListener('click', async () => {
  invite.select();
  try { await navigator.clipboard.writeText(invite.value); } catch (e) { document.execCommand('copy'); }
  $('copy-invite').textContent = t('copied');
});

setupChat({ tableId, getInfo: () => info, mySeat, send: (text) => {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: 'chat', text }));
    return Promise.resolve();
  }
  return api('POST', `/api/tables/${tableId}/chat`, { text });
}, showError });
renderer = await loadRenderer(page.dataset.game, page.dataset.renderer === 'yes');
drawHead();
connect();
