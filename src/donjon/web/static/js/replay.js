// Replay a finished table move by move, as a spectator or as any seat.
import { api, catalogue, gameT, h, icon, lang, playerNames, session, t, ui } from './common.js';
import { drawBoard, drawGameOver, drawLog, loadRenderer } from './board.js';

const page = document.getElementById('replay-page');
const tableId = page.dataset.table;
const info = JSON.parse(document.getElementById('table-info').textContent);
const renderer = await loadRenderer(page.dataset.game, page.dataset.renderer === 'yes');
const $ = (id) => document.getElementById(id);
const players = playerNames(info);
const slider = $('step');
const asSeat = $('as-seat');
for (const button of document.querySelectorAll('.replay-controls [data-icon]')) {
  button.append(icon(button.dataset.icon, { size: 18 }));
}
asSeat.append(h('option', { value: '' }, t('everyone')),
  ...players.map((name, i) => h('option', { value: i }, name)));
// a player sees the game again as they saw it
const mySeat = session.user ? info.seats.findIndex((s) => s.kind === 'human' && s.user_id === session.user.id) : -1;
if (mySeat >= 0) asSeat.value = String(mySeat);
let total = 0;
let step = 0;
let request = 0;
// the table's chat, each message shown from the move it was sent after (as text, never HTML)
let chat = [];
api('GET', `/api/tables/${tableId}/chat`).then((data) => { chat = data.messages; drawChat(); })
  .catch(() => {});

function drawChat() {
  const shown = chat.filter((m) => m.version <= step);
  $('chat-panel').hidden = chat.length === 0;
  $('chat-list').replaceChildren(...shown.map((m) => h('li', { class: 'chat-message' },
    h('strong', { class: 'chat-name' }, m.name || '?'), ' ', h('span', { class: 'chat-text' }, m.text))));
}

async function show(n) {
  const mine = ++request;
  const seat = asSeat.value === '' ? '' : `&seat=${asSeat.value}`;
  let data;
  try {
    data = await api('GET', `/api/tables/${tableId}/replay?step=${n}${seat}`);
  } catch (error) {
    // a game played under rules this release no longer plays: its record, not its replay
    if (mine === request) {
      $('step-label').replaceChildren(h('span', { class: 'error-message' }, error.message), ' ',
        h('a', { href: `/api/tables/${tableId}/record`, id: 'record-link' }, t('record')));
    }
    return;
  }
  if (mine !== request) return;
  total = data.total;
  step = data.step;
  slider.max = total;
  slider.value = step;
  $('step-label').textContent = t('move_n', { n: step, total });
  $('last-move').textContent = data.move
    ? t('move_by', { name: players[data.move[0]], action: data.move_label ?? data.move[3] }) : '';
  const ctx = { view: data.view, actions: [], legal: [], seat: data.seat, lang, act: () => {}, players,
    catalogue: catalogue.items, t: gameT, ui };
  window.donjonReplay = { data, ctx };
  $('seat-list').replaceChildren(...players.map((p, i) => h('li', {
    class: `seat ${data.view.to_move.includes(i) ? 'to-move' : ''}` },
  icon(data.view.to_move.includes(i) ? 'turn' : info.seats[i].kind === 'bot' ? 'bot' : 'person', { size: 14 }), ' ', p)));
  drawBoard($('board'), renderer, ctx);
  drawLog($('log'), data.log, 0);
  drawGameOver($('game-over'), data.view.over ? data.view.result ?? info.result : null, players,
    { seat: data.seat });
  page.dataset.step = step;
  drawChat();
}

$('first').addEventListener('click', () => show(0));
$('prev').addEventListener('click', () => show(Math.max(0, step - 1)));
$('next').addEventListener('click', () => show(Math.min(total, step + 1)));
$('last').addEventListener('click', () => show(total));
slider.addEventListener('input', () => show(Number(slider.value)));
asSeat.addEventListener('change', () => show(step));
document.addEventListener('keydown', (e) => {
  if (e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
  if (e.key === 'ArrowRight') show(Math.min(total, step + 1));
  if (e.key === 'ArrowLeft') show(Math.max(0, step - 1));
});
show(0);
