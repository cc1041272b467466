// Replay a finished table move by move, as a spectator or as any seat.
import { api, h, lang, playerNames, t } from './common.js';
import { drawBoard, drawLog, drawResult, loadRenderer } from './board.js';

const page = document.getElementById('replay-page');
const tableId = page.dataset.table;
const info = JSON.parse(document.getElementById('table-info').textContent);
const renderer = await loadRenderer(page.dataset.game, page.dataset.renderer === 'yes');
const $ = (id) => document.getElementById(id);
const players = playerNames(info);
const slider = $('step');
const asSeat = $('as-seat');
asSeat.append(h('option', { value: '' }, t('everyone')),
  ...players.map((name, i) => h('option', { value: i }, name)));
let total = 0;
let step = 0;
let request = 0;

async function show(n) {
  const mine = ++request;
  const seat = asSeat.value === '' ? '' : `&seat=${asSeat.value}`;
  const data = await api('GET', `/api/tables/${tableId}/replay?step=${n}${seat}`);
  if (mine !== request) return;
  total = data.total;
  step = data.step;
  slider.max = total;
  slider.value = step;
  $('step-label').textContent = t('move_n', { n: step, total });
  $('last-move').textContent = data.move
    ? t('move_by', { name: players[data.move[0]], action: data.move[1] }) : '';
  const ctx = { view: data.view, legal: [], seat: data.seat, lang, act: () => {}, players };
  $('seat-list').replaceChildren(...players.map((p, i) => h('li', {
    class: `seat ${data.view.to_move.includes(i) ? 'to-move' : ''}` }, p)));
  drawBoard($('board'), renderer, ctx);
  $('log').replaceChildren();
  $('log').dataset.count = 0;
  drawLog($('log'), renderer, data.log, ctx);
  drawResult($('result'), data.view, players);
  page.dataset.step = step;
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
