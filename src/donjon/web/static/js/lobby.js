// The lobby: create a table (game, players, options, each seat a person or a bot), and the
// lists of open, running and finished tables, refreshed every few seconds.
import { api, h, seatName, session, t } from './common.js';

const $ = (id) => document.getElementById(id);
const { games } = await api('GET', '/api/games');
const byName = Object.fromEntries(games.map((g) => [g.name, g]));
const form = $('create-form');

function preferredBot(game) {
  return game.bots.includes('heuristic') ? 'heuristic' : game.bots[0];
}

function drawPlayers() {
  const game = byName[$('game').value];
  const select = $('players');
  const previous = Number(select.value) || game.min_players;
  select.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    select.append(h('option', { value: n, selected: n === Math.min(Math.max(previous, game.min_players), game.max_players) }, n));
  }
}

function drawSeats() {
  const game = byName[$('game').value];
  const n = Number($('players').value);
  const box = $('seats');
  const keep = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren(h('legend', {}, t('seats')));
  for (let i = 0; i < n; i++) {
    const select = h('select', { name: `seat-${i}`, id: `seat-${i}` },
      h('option', { value: 'human' }, t('human')),
      ...game.bots.map((b) => h('option', { value: `bot:${b}` }, t('bot_named', { level: b }))));
    select.value = keep[i] && [...select.options].some((o) => o.value === keep[i])
      ? keep[i] : (i === 0 ? 'human' : `bot:${preferredBot(game)}`);
    box.append(h('label', {}, `${t('seat')} ${i + 1} `, select));
  }
}

function drawOptions() {
  const game = byName[$('game').value];
  const box = $('options');
  box.replaceChildren(h('legend', {}, t('options')));
  for (const o of game.options) {
    let input;
    if (o.choices) {
      input = h('select', { name: `option-${o.name}`, dataset: { option: o.name, type: o.type } },
        ...o.choices.map((c) => h('option', { value: JSON.stringify(c), selected: c === o.default }, String(c))));
    } else if (o.type === 'bool') {
      input = h('input', { type: 'checkbox', name: `option-${o.name}`, checked: o.default, dataset: { option: o.name, type: o.type } });
    } else {
      input = h('input', { type: o.type === 'int' ? 'number' : 'text', name: `option-${o.name}`,
        value: o.default ?? '', dataset: { option: o.name, type: o.type } });
    }
    box.append(h('label', { title: o.doc, class: 'option' },
      h('span', {}, o.name, o.proposed ? h('span', { class: 'proposed', title: t('proposed') }, ' ★') : null),
      input, h('small', {}, o.doc)));
  }
  if (!game.options.length) box.append(h('p', { class: 'note' }, '—'));
}

function readOptions() {
  const options = {};
  for (const el of $('options').querySelectorAll('[data-option]')) {
    const game = byName[$('game').value];
    const o = game.options.find((x) => x.name === el.dataset.option);
    let value;
    if (el.tagName === 'SELECT') value = JSON.parse(el.value);
    else if (el.type === 'checkbox') value = el.checked;
    else if (el.dataset.type === 'int') value = Number.parseInt(el.value, 10);
    else if (el.dataset.type === 'float') value = Number.parseFloat(el.value);
    else value = el.value;
    if (o.default === null && value === '') continue;
    if (JSON.stringify(value) !== JSON.stringify(o.default)) options[o.name] = value;
  }
  return options;
}

$('game').addEventListener('change', () => { drawPlayers(); drawSeats(); drawOptions(); });
$('players').addEventListener('change', drawSeats);
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const seats = [...$('seats').querySelectorAll('select')].map((s) => (s.value === 'human'
    ? { kind: 'human' } : { kind: 'bot', bot: s.value.slice(4) }));
  try {
    const data = await api('POST', '/api/tables', {
      game: $('game').value, players: Number($('players').value), options: readOptions(), seats,
    });
    location.href = data.url;
  } catch (error) {
    $('create-error').textContent = error.message;
  }
});

function tableItem(table, kind) {
  const names = table.seats.map((s, i) => seatName(s, i)).join(', ');
  const link = kind === 'finished' ? `/replay/${table.id}` : `/table/${table.id}`;
  const label = kind === 'open' ? t('join') : kind === 'running' ? t('watch') : t('replay');
  const mine = session.user && table.seats.some((s) => s.user_id === session.user.id);
  return h('li', { class: `table-item ${kind}`, dataset: { table: table.id } },
    h('strong', {}, table.title), ` · ${table.id} · `, h('span', { class: 'names' }, names),
    kind === 'finished' && table.result ? ` · ${t('winner')}: ${table.result.winners.map((i) => seatName(table.seats[i], i)).join(', ')}` : '',
    ' ', h('a', { href: link, class: 'button' }, mine && kind !== 'finished' ? t('open') : label));
}

async function refresh() {
  try {
    const lists = await api('GET', '/api/tables');
    for (const kind of ['open', 'running', 'finished']) {
      const ul = $(`${kind}-tables`);
      const items = lists[kind].map((table) => tableItem(table, kind));
      ul.replaceChildren(...(items.length ? items : [h('li', { class: 'note' }, t('no_tables'))]));
    }
  } catch (error) { console.error(error); }
}

drawPlayers();
drawSeats();
drawOptions();
refresh();
setInterval(refresh, 3000);
