// The lobby: create a table (game, players, each seat a person or a bot level, the options drawn
// generically from what the server says of them: label, one-line help, value names, "Advanced"
// for our resolutions of open rules), and the lists of open, running and finished tables.
import { api, h, icon, seatName, session, t, tn } from './common.js';

const $ = (id) => document.getElementById(id);
const [{ games }, { settings }] = await Promise.all([api('GET', '/api/games'), api('GET', '/api/table-settings')]);
const byName = Object.fromEntries(games.map((g) => [g.name, g]));
const form = $('create-form');

function game() { return byName[$('game').value]; }

function drawPlayers() {
  const g = game();
  const select = $('players');
  const previous = Number(select.value) || Math.min(Math.max(3, g.min_players), g.max_players);
  const wanted = Math.min(Math.max(previous, g.min_players), g.max_players);
  select.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) {
    select.append(h('option', { value: n, selected: n === wanted }, n));
  }
}

function preferredLevel(g) {
  const names = g.levels.map((l) => l.name);
  return names.includes('normal') ? 'normal' : names[0];
}

// Each seat: a person (the first one is you) or a bot of a level.
function drawSeats() {
  const g = game();
  const n = Number($('players').value);
  const box = $('seats');
  const keep = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren(h('legend', {}, t('seats')));
  const choices = [['human', t('human')], ...g.levels.map((l) => [`bot:${l.name}`, t('bot_choice', { level: l.label })])];
  for (let i = 0; i < n; i++) {
    const select = h('select', { name: `seat-${i}`, id: `seat-${i}`, onchange: markYou },
      choices.map(([value, label]) => h('option', { value }, label)));
    select.value = keep[i] && choices.some(([v]) => v === keep[i])
      ? keep[i] : (i === 0 ? 'human' : `bot:${preferredLevel(g)}`);
    box.append(h('label', { class: 'seat-row', for: `seat-${i}` },
      h('span', { class: 'seat-label', id: `seat-label-${i}` }, t('player_n', { n: i + 1 })), select));
  }
  markYou();
}

// The first person's seat is yours: say so, and whether the game will start at once.
function markYou() {
  const selects = [...$('seats').querySelectorAll('select')];
  const first = selects.findIndex((s) => s.value === 'human');
  selects.forEach((s, i) => {
    const label = $(`seat-label-${i}`);
    label.replaceChildren(icon(s.value === 'human' ? 'person' : 'bot', { size: 14 }), ' ',
      t('player_n', { n: i + 1 }), i === first ? ` (${t('you')})` : '');
  });
  const people = selects.filter((s) => s.value === 'human').length;
  $('create-hint').hidden = people !== 1;
}

function sameValue(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

// One option's control, from its metadata alone: a checkbox for yes/no, a list of named values,
// suggested values with "your own", or a number or text field.
function optionControl(o) {
  const name = `option-${o.name}`;
  const data = { option: o.name, type: o.type };
  const isBool = o.type === 'bool' && (!o.choices || o.choices.every((c) => typeof c === 'boolean'));
  if (isBool) {
    return h('input', { type: 'checkbox', name, id: name, checked: o.default === true, dataset: data });
  }
  if (o.choices) {
    return h('select', { name, id: name, dataset: data },
      o.choices.map((c, i) => h('option', { value: JSON.stringify(c), selected: sameValue(c, o.default) },
        (o.values && o.values[i]) || String(c),
        sameValue(c, o.default) ? ` (${t('default_value')})` : '')));
  }
  if (o.suggestions) {
    const own = h('input', { type: 'text', class: 'own-value', name: `${name}-own`, hidden: true, 'aria-label': t('own_value') });
    const select = h('select', { name, id: name, dataset: { ...data, suggested: 'yes' },
      onchange: () => { own.hidden = select.value !== '__own__'; } },
    o.suggestions.map((s) => h('option', { value: JSON.stringify(s.value), selected: sameValue(s.value, o.default) },
      s.label, sameValue(s.value, o.default) && s.label !== t('usual_choice') ? ` (${t('default_value')})` : '')),
    h('option', { value: '__own__' }, t('own_value')));
    return h('span', { class: 'suggested' }, select, own);
  }
  return h('input', { type: o.type === 'int' || o.type === 'float' ? 'number' : 'text', name, id: name,
    value: o.default ?? '', dataset: data, step: o.type === 'float' ? 'any' : null });
}

function optionRow(o) {
  const control = optionControl(o);
  const checkbox = control.tagName === 'INPUT' && control.type === 'checkbox';
  const id = `option-${o.name}`;
  return h('div', { class: `option ${checkbox ? 'option-check' : ''}`, dataset: { option: o.name } },
    checkbox ? h('label', { for: id, class: 'option-label' }, control, ' ', o.label)
      : [h('label', { for: id, class: 'option-label' }, o.label), control],
    o.help ? h('small', { class: 'option-help' }, o.help) : null);
}

function drawOptions() {
  const g = game();
  const basic = g.options.filter((o) => !o.advanced);
  const advanced = g.options.filter((o) => o.advanced);
  $('options').replaceChildren(...basic.map(optionRow));
  $('advanced').replaceChildren(...advanced.map(optionRow));
  $('advanced-box').hidden = advanced.length === 0;
  $('options-box').hidden = g.options.length === 0;
  countChanged();
}

function readOptions() {
  const options = {};
  const g = game();
  for (const el of form.querySelectorAll('[data-option]:is(select, input)')) {
    const o = g.options.find((x) => x.name === el.dataset.option);
    if (!o) continue;
    let value;
    if (el.tagName === 'SELECT' && el.value === '__own__') {
      value = el.parentElement.querySelector('.own-value').value.trim();
      if (!value) continue;
    } else if (el.tagName === 'SELECT') value = JSON.parse(el.value);
    else if (el.type === 'checkbox') value = el.checked;
    else if (el.dataset.type === 'int') value = Number.parseInt(el.value, 10);
    else if (el.dataset.type === 'float') value = Number.parseFloat(el.value);
    else value = el.value;
    if (o.default === null && value === '') continue;
    if (!sameValue(value, o.default)) options[o.name] = value;
  }
  return options;
}

// The toggle says how many options differ from the usual game.
function countChanged() {
  const n = Object.keys(readOptions()).length;
  $('options-summary').textContent = n ? tn('table_options_changed', n) : t('table_options');
}

// The table's own settings (clock, private, spectators' chat), drawn from their metadata like a
// game's options; the clock's own settings show for the clock chosen.
function drawSettings() {
  const rows = settings.map((o) => {
    const row = optionRow(o);
    for (const el of row.querySelectorAll('[data-option]')) {
      el.dataset.setting = el.dataset.option;
      delete el.dataset.option;
    }
    delete row.dataset.option;
    row.dataset.setting = o.name;
    if (o.shown_for) row.dataset.shownFor = o.shown_for;
    return row;
  });
  $('clock-settings').replaceChildren(...rows.filter((r, i) => settings[i].group === 'clock'));
  $('other-settings').replaceChildren(...rows.filter((r, i) => settings[i].group !== 'clock'));
  showClock();
}

function showClock() {
  const mode = JSON.parse($('option-clock').value);
  for (const row of form.querySelectorAll('[data-shown-for]')) row.hidden = row.dataset.shownFor !== mode;
}

function readSettings() {
  const chosen = {};
  for (const el of form.querySelectorAll('[data-setting]:is(select, input)')) {
    const o = settings.find((x) => x.name === el.dataset.setting);
    const row = el.closest('[data-shown-for]');
    if (!o || (row && row.hidden)) continue;
    const value = el.type === 'checkbox' ? el.checked : JSON.parse(el.value);
    if (!sameValue(value, o.default)) chosen[o.name] = value;
  }
  return chosen;
}

$('game').addEventListener('change', () => { drawPlayers(); drawSeats(); drawOptions(); });
form.addEventListener('change', (e) => { if (e.target.id === 'option-clock') showClock(); });
$('players').addEventListener('change', drawSeats);
form.addEventListener('change', (e) => { if (e.target.closest('.options')) countChanged(); });
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const seats = [...$('seats').querySelectorAll('select')].map((s) => (s.value === 'human'
    ? { kind: 'human' } : { kind: 'bot', bot: s.value.slice(4) }));
  $('create-button').disabled = true;
  try {
    const data = await api('POST', '/api/tables', {
      game: $('game').value, players: Number($('players').value),
      options: { ...readOptions(), ...readSettings() }, seats,
    });
    location.href = data.url;
  } catch (error) {
    $('create-error').textContent = error.message;
    $('create-button').disabled = false;
  }
});

function tableItem(table, kind) {
  const names = table.seats.map((s, i) => seatName(s, i)).join(', ');
  // a table closed without an end (made under rules no longer played) shows why, and its page
  const closed = table.status === 'closed';
  const link = kind === 'finished' && !closed ? `/replay/${table.id}` : `/table/${table.id}`;
  const label = closed ? t('open') : kind === 'open' ? t('join') : kind === 'running' ? t('watch')
    : kind === 'yourturn' ? t('your_turn') : t('replay');
  const mine = session.user && table.seats.some((s) => s.user_id === session.user.id);
  const winners = kind === 'finished' && table.result && table.result.winners
    ? table.result.winners.map((i) => seatName(table.seats[i], i)).join(', ') : '';
  return h('li', { class: `table-item ${kind}`, dataset: { table: table.id, status: table.status } },
    h('span', { class: 'table-line' }, h('strong', {}, table.title), ' · ', h('span', { class: 'names' }, names),
      winners ? h('span', { class: 'winners' }, ' · ', icon('crown', { size: 14 }), ` ${winners}`) : '',
      closed ? h('span', { class: 'note closed' }, ` · ${t(`closed_short_${table.closed_reason}`)}`) : ''),
    h('a', { href: link, class: `button ${kind === 'yourturn' ? 'primary' : ''}` },
      mine && kind !== 'finished' && kind !== 'yourturn' ? t('open') : label));
}

// The player's own tables: where it is their turn, the rest, and invitations.
async function refreshMine() {
  if (!session.user) return;
  try {
    const mine = await api('GET', '/api/my/tables');
    const box = $('mine');
    box.hidden = false;
    const n = mine.your_turn.length;
    $('your-turn-title').textContent = n ? tn('your_turn_at', n) : t('my_tables');
    $('your-turn-title').dataset.count = String(n);
    const items = [...mine.your_turn.map((x) => tableItem(x, 'yourturn')), ...mine.playing.map((x) => tableItem(x, x.status))];
    $('your-turn-tables').replaceChildren(...(items.length ? items : [h('li', { class: 'note' }, t('no_tables'))]));
    $('invitations-title').hidden = mine.invitations.length === 0;
    $('invited-tables').replaceChildren(...mine.invitations.map((x) => tableItem(x, 'open')));
  } catch (error) { console.error(error); }
}

async function setupNotices() {
  if (!session.user || session.user.guest) return;
  try {
    const prefs = await api('GET', '/api/notifications');
    if (!prefs.email_available) return;
    $('notify-form').hidden = false;
    $('turn-email').checked = prefs.turn_email;
    $('turn-email-address').value = prefs.email || '';
    $('notify-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      try {
        await api('POST', '/api/notifications', { turn_email: $('turn-email').checked,
          email: $('turn-email-address').value.trim() || null });
        $('notify-done').textContent = t('turn_email_saved');
      } catch (error) { $('notify-done').textContent = error.message; }
    });
  } catch (error) { console.error(error); }
}

async function refresh() {
  refreshMine();
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
drawSettings();
setupNotices();
refresh();
setInterval(refresh, 3000);
