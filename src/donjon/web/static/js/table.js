// The live table: one WebSocket carrying this seat's view only; it reconnects and resyncs.
import { api, h, lang, playerNames, session, t } from './common.js';
import { drawBoard, drawLog, drawResult, loadRenderer } from './board.js';

const page = document.getElementById('table-page');
const tableId = page.dataset.table;
let info = JSON.parse(document.getElementById('table-info').textContent);
let state = null;
let events = [];
let socket = null;
let backoff = 300;
let pending = false;
let renderer = null;

const $ = (id) => document.getElementById(id);
const invite = $('invite');
invite.value = `${location.origin}/table/${tableId}`;
$('copy-invite').addEventListener('click', async () => {
  invite.select();
  try { await navigator.clipboard.writeText(invite.value); } catch (e) { document.execCommand('copy'); }
  $('copy-invite').textContent = t('copied');
});

function mySeat() {
  if (!session.user) return null;
  const i = info.seats.findIndex((s) => s.kind === 'human' && s.user_id === session.user.id);
  return i < 0 ? null : i;
}

function showError(message) { $('table-error').textContent = message || ''; }

function act(text) {
  if (pending || !state) return;
  pending = true;
  page.dataset.pending = 'yes';
  showError('');
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: 'act', action: text, version: state.version }));
  } else {
    api('POST', `/api/tables/${tableId}/moves`, { action: text, version: state.version })
      .catch((e) => { pending = false; page.dataset.pending = 'no'; showError(e.message); });
  }
}

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

function drawHead() {
  const players = playerNames(info);
  $('status').textContent = t(`status_${info.status}`);
  page.dataset.status = info.status;
  const list = $('seat-list');
  list.replaceChildren(...info.seats.map((s, i) => {
    const toMove = state && state.to_move && state.to_move.includes(i) && info.status === 'running';
    return h('li', { class: `seat ${toMove ? 'to-move' : ''}`, dataset: { seat: i } },
      toMove ? '▶ ' : '', players[i]);
  }));
  const controls = $('table-controls');
  controls.replaceChildren();
  if (info.status === 'open') {
    const me = mySeat();
    controls.append(h('p', { class: 'note' }, t('waiting_start')));
    info.seats.forEach((s, i) => {
      if (me === null && s.kind === 'human' && s.user_id === null) {
        controls.append(h('button', { type: 'button', class: 'join', dataset: { seat: i },
          onclick: () => join(i) },
        `${t('sit_here')} (${t('seat')} ${i + 1})`));
      }
    });
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
  } else if (info.status === 'finished') {
    controls.append(h('a', { href: `/replay/${tableId}`, id: 'replay-link' }, t('replay')));
  }
  const turn = $('turn');
  if (!state || !state.view) { turn.textContent = ''; return; }
  const seat = state.seat;
  if (state.view.over) turn.textContent = t('status_finished');
  else if (seat !== null && state.to_move.includes(seat)) turn.textContent = t('your_turn');
  else turn.textContent = t('turn_of', { names: state.to_move.map((i) => players[i]).join(', ') });
  if (seat === null && info.status !== 'open') turn.textContent += ` — ${t('spectator')}`;
  turn.classList.toggle('mine', seat !== null && state.to_move.includes(seat));
}

function draw() {
  if (!state) return;
  const players = playerNames(info);
  const ctx = { view: state.view, legal: state.legal.slice(), seat: state.seat, lang, act, players };
  drawHead();
  drawBoard($('board'), renderer, ctx);
  const actions = $('actions');
  actions.replaceChildren(...(state.legal.length ? state.legal.map((text) => h('button', {
    type: 'button', class: 'action', dataset: { action: text }, onclick: () => act(text),
  }, text)) : [h('p', { class: 'note' }, t('no_actions'))]));
  drawLog($('log'), renderer, events, ctx);
  drawResult($('result'), state.view, players);
  page.dataset.version = state.version;
  page.dataset.status = state.status;
  page.dataset.pending = 'no';
}

function onMessage(message) {
  if (message.type === 'table') {
    info = message.table;
    drawHead();
  } else if (message.type === 'state') {
    if (message.log_from === 0) events = message.log.slice();
    else if (message.log_from === events.length) events.push(...message.log);
    else { socket.send(JSON.stringify({ type: 'sync' })); return; }
    if (message.log_from === 0) { $('log').replaceChildren(); $('log').dataset.count = 0; }
    state = message;
    pending = false;
    info.status = message.status;
    draw();
  } else if (message.type === 'error') {
    pending = false;
    page.dataset.pending = 'no';
    showError(message.message);
    if (message.error === 'stale' && socket) socket.send(JSON.stringify({ type: 'sync' }));
  }
}

function hangUp() {
  const ws = socket;
  socket = null;  // its close event then reconnects nothing
  if (ws) ws.close();
}

function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  // watch=1: without a session (never had one, or logged out elsewhere) the page still watches
  const url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?watch=1`;
  hangUp();
  const ws = new WebSocket(url);
  socket = ws;
  ws.addEventListener('open', () => {
    backoff = 300;
    $('conn').textContent = `● ${t('connected')}`;
    $('conn').className = 'conn live';
  });
  ws.addEventListener('message', (e) => { if (socket === ws) onMessage(JSON.parse(e.data)); });
  ws.addEventListener('close', () => {
    if (socket !== ws) return;
    socket = null;
    pending = false;
    $('conn').textContent = `○ ${t('reconnecting')}`;
    $('conn').className = 'conn down';
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  });
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && !socket) connect();
});

renderer = await loadRenderer(page.dataset.game, page.dataset.renderer === 'yes');
drawHead();
connect();
