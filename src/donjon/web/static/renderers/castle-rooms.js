// Castle Rooms at the table (renderer contract v2): every player's rows of room cards, each
// room's passages drawn at their heights with the stairs between them and its helmet and swords
// ends, Dragons and Knights on the rows, the draw and discard piles, and the hands.
// Every legal move sits on the board: a faded card at the end of the row it would extend (or in
// the lane of new rows), a Dragon on each row it may block, a Knight beside your blocked or
// guardable rows, "discard" under a hand card, "end your turn" under the hand. Names and texts
// come from ctx.catalogue, move wording from action.label: this file holds no game words.

const W = 56;          // a card
const H = 84;
const GAP = 6;
const SLOT = W + GAP;
const LABEL = 50;      // the row's number, way up and length, left of its rooms
const ROW_H = H + 12;
const SCALE = 1.2;     // screen pixels per drawing unit, where the width allows
const MIN_SCALE = 0.6; // below it, only a row too long for the screen shrinks
const LANE = 5;        // new-row offers on one line
// floor heights of the three passage levels inside a card, lowest first (index in connectors)
const FLOORS = [68, 48, 28];
// a level's colour, and its mark (bars) so the level reads without colour too
const LEVEL_COLOURS = ['#2e7d4f', '#b7791f', '#2f5fa8'];

let before = null;     // what the previous render showed, to animate what arrived since

function levelIndex(view, connector) {
  const i = view.connectors.indexOf(connector);
  return i < 0 ? 1 : Math.min(i, FLOORS.length - 1);
}

function helmet(ui, x, y, s = 1) {
  return ui.svg('g', { transform: `translate(${x},${y}) scale(${s})`, class: 'cr-helmet' },
    ui.svg('path', { d: 'M-6 3 V-1 A6 6 0 0 1 6 -1 V3 Z', fill: '#8d8f99', stroke: '#3a3b42', 'stroke-width': 1 }),
    ui.svg('path', { d: 'M-1 -6 V3 M-6 0.5 H6', stroke: '#3a3b42', 'stroke-width': 1.2, fill: 'none' }));
}

function swords(ui, x, y, s = 1) {
  return ui.svg('g', { transform: `translate(${x},${y}) scale(${s})`, class: 'cr-swords' },
    ui.svg('path', { d: 'M-5 -5 L5 5 M5 -5 L-5 5', stroke: '#5b5d66', 'stroke-width': 1.8, 'stroke-linecap': 'round' }),
    ui.svg('path', { d: 'M-6 -1.5 L-1.5 -6 M1.5 -6 L6 -1.5', stroke: '#9a7b22', 'stroke-width': 1.6, 'stroke-linecap': 'round' }));
}

// The helmet's end is up in a helmet-up row, the swords' end in a swords-up row.
function ends(ui, orientation) {
  const up = orientation === 'swords-up';
  return [
    ui.svg('circle', { cx: W / 2, cy: 7, r: 6.5, fill: '#fbf6ea', stroke: '#8a6a3a', 'stroke-width': 0.8 }),
    up ? swords(ui, W / 2, 7, 0.85) : helmet(ui, W / 2, 7.5, 0.85),
    ui.svg('circle', { cx: W / 2, cy: H - 7, r: 6.5, fill: '#fbf6ea', stroke: '#8a6a3a', 'stroke-width': 0.8 }),
    up ? helmet(ui, W / 2, H - 6.5, 0.85) : swords(ui, W / 2, H - 7, 0.85),
  ];
}

// A doorway on the left (side 0) or right (side 1) edge whose floor is at level i: an arch
// in the level's colour with i + 1 bars in it.
function door(ui, side, i) {
  const y = FLOORS[i];
  const x0 = side === 0 ? 0 : W - 10;
  const g = ui.svg('g', { class: `cr-door cr-level-${i}` },
    ui.svg('path', { d: `M${x0} ${y} V${y - 13} Q${x0 + 5} ${y - 20} ${x0 + 10} ${y - 13} V${y} Z`,
      fill: '#2b2118', stroke: LEVEL_COLOURS[i], 'stroke-width': 2 }));
  for (let b = 0; b <= i; b++) {
    g.append(ui.svg('rect', { x: x0 + 2.5, y: y - 4 - b * 4, width: 5, height: 2, rx: 1, fill: '#f4e9cf' }));
  }
  return g;
}

// A room: stone walls, the entry doorway, a corridor and the stairs up or down to the exit.
function roomArt(ui, view, entry, exit, orientation) {
  const a = levelIndex(view, entry);
  const b = levelIndex(view, exit);
  const ya = FLOORS[a];
  const yb = FLOORS[b];
  const g = ui.svg('g', { class: 'cr-room' },
    ui.svg('rect', { width: W, height: H, rx: 5, fill: '#f1e3c2', stroke: '#7d5f33', 'stroke-width': 1.2 }),
    ui.svg('path', { d: 'M3 20 H53 M3 38 H53 M3 56 H53 M18 14 V20 M38 20 V38 M18 38 V56 M38 56 V74',
      stroke: '#dcc694', 'stroke-width': 1, fill: 'none' }));
  // the floor: corridor from the entry, steps to the exit level, corridor to the exit
  const steps = Math.abs(a - b) * 2;
  let d = `M10 ${ya} H${steps ? 15 : W - 10}`;
  if (steps) {
    const run = (W - 30) / steps;
    const rise = (yb - ya) / steps;
    for (let s = 1; s <= steps; s++) d += ` ${rise < 0 ? 'V' : 'H'}${rise < 0 ? ya + rise * s : 15 + run * s} ${rise < 0 ? 'H' : 'V'}${rise < 0 ? 15 + run * s : ya + rise * s}`;
    d += ` H${W - 10}`;
  }
  g.append(
    ui.svg('path', { d: `${d} V${H - 3} H10 Z`, fill: '#b38d5a', stroke: 'none' }),
    ui.svg('path', { d, fill: 'none', stroke: '#5b3f1f', 'stroke-width': 2, 'stroke-linejoin': 'round' }),
    door(ui, 0, a), door(ui, 1, b), ...ends(ui, orientation));
  return g;
}

function dragonArt(ui) {
  return ui.svg('g', { class: 'cr-dragon' },
    ui.svg('rect', { width: W, height: H, rx: 5, fill: '#8e2a22', stroke: '#3e0f0b', 'stroke-width': 1.2 }),
    ui.svg('path', { d: 'M4 10 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6', fill: 'none', stroke: '#f0b13b', 'stroke-width': 1.5 }),
    // wings, body and head of a dragon
    ui.svg('path', { d: 'M12 50 C10 34 18 26 26 24 C22 32 24 38 28 40 C30 30 38 24 46 26 C40 30 38 38 40 44 C44 44 48 48 48 54 C42 52 38 54 34 58 C30 66 20 68 12 62 C16 60 18 56 12 50 Z', fill: '#f0b13b', stroke: '#3e0f0b', 'stroke-width': 1 }),
    ui.svg('circle', { cx: 44, cy: 48, r: 1.5, fill: '#3e0f0b' }),
    ui.svg('path', { d: 'M48 54 l5 -2 l-3 4 z', fill: '#ffd86b' }),
    ui.svg('path', { d: 'M4 80 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6', fill: 'none', stroke: '#f0b13b', 'stroke-width': 1.5 }));
}

function knightArt(ui) {
  return ui.svg('g', { class: 'cr-knight' },
    ui.svg('rect', { width: W, height: H, rx: 5, fill: '#2c4a78', stroke: '#13233d', 'stroke-width': 1.2 }),
    ui.svg('rect', { x: 4, y: 4, width: W - 8, height: H - 8, rx: 3, fill: 'none', stroke: '#d9c27a', 'stroke-width': 1 }),
    // a shield with a cross, and a sword behind it
    ui.svg('path', { d: 'M28 14 V74 M20 24 H36', stroke: '#d8dbe3', 'stroke-width': 3, 'stroke-linecap': 'round' }),
    ui.svg('path', { d: 'M14 32 H42 V50 C42 62 28 70 28 70 C28 70 14 62 14 50 Z', fill: '#e9edf5', stroke: '#13233d', 'stroke-width': 1.2 }),
    ui.svg('path', { d: 'M28 36 V64 M18 46 H38', stroke: '#b23a32', 'stroke-width': 4 }));
}

function backArt(ui, w = W, h = H) {
  return ui.svg('g', { class: 'cr-back' },
    ui.svg('rect', { width: w, height: h, rx: 5 * w / W, fill: '#3b2f5c', stroke: '#c9a227', 'stroke-width': 1.5 }),
    ui.svg('path', { d: `M${w * 0.3} ${h * 0.68} V${h * 0.38} h${w * 0.1} v${h * 0.06} h${w * 0.1} v-${h * 0.06} h${w * 0.1} v${h * 0.06} h${w * 0.1} v-${h * 0.06} h${w * 0.1} V${h * 0.68} Z`,
      fill: '#c9a227' }));
}

// A card's face as it lies: a room in a row's orientation (printed: helmet up), or a special.
function cardArt(ui, view, card, orientation = 'helmet-up') {
  if (card === 'dragon') return dragonArt(ui);
  if (card === 'knight') return knightArt(ui);
  const face = view.faces[card]?.[orientation] ?? ['M', 'M'];
  return roomArt(ui, view, face[0], face[1], orientation);
}

// -- actions -------------------------------------------------------------------------------------

// The page sends the action on a click, Enter or Space on any element carrying its identity.
function offer(ctx, el, action) {
  for (const [k, v] of Object.entries(ctx.ui.actionAttrs(action))) if (v !== null && v !== undefined) el.setAttribute(k, v);
  el.classList.add('cr-offer');
  return el;
}

// A faded card where a move would put it, with a corner badge; clicking it plays the move.
function ghost(ctx, x, y, art, action, tone, card = null) {
  const { ui } = ctx;
  art.setAttribute('opacity', '0.55');
  const name = card && tone === 'build' ? ctx.catalogue.get(card)?.name : null;
  const g = ui.svg('g', { transform: `translate(${x},${y})`, class: `cr-ghost cr-${tone}`, 'data-for': card ?? action.kind },
    ui.svg('title', {}, action.label),
    art,
    name ? ui.svg('rect', { x: 8, y: H / 2 - 9, width: W - 16, height: 16, rx: 8, class: 'cr-pill' }) : null,
    name ? ui.svg('text', { x: W / 2, y: H / 2 + 3.5, 'text-anchor': 'middle', class: 'cr-pill-text' }, name) : null,
    ui.svg('rect', { class: 'cr-ghost-frame', x: -2, y: -2, width: W + 4, height: H + 4, rx: 7, fill: 'none' }),
    ui.svg('circle', { cx: W - 4, cy: 4, r: 8, class: 'cr-badge' }),
    ui.svg('path', { d: `M${W - 8} 4 H${W} M${W - 4} 0 V8`, stroke: '#fff', 'stroke-width': 2.2, 'stroke-linecap': 'round' }));
  return offer(ctx, g, action);
}

// What the moves offer, by where they go on the board.
function placeMoves(actions) {
  const moves = { rows: {}, newRows: [], discard: {}, end: null };
  const at = (seat, row) => ((moves.rows[seat] ||= {})[row] ||= []);
  for (const action of actions) {
    const [a, b] = action.args;
    if (action.kind === 'play') at('me', b).push(action);
    else if (action.kind === 'knight' || action.kind === 'guard') at('me', a).push(action);
    else if (action.kind === 'dragon') at(a, b).push(action);
    else if (action.kind === 'new') moves.newRows.push(action);
    else if (action.kind === 'discard') moves.discard[a] = action;
    else if (action.kind === 'end') moves.end = action;
  }
  // new rows side by side, card by card (both ways up of a card together)
  moves.newRows.sort((x, y) => `${x.args[0]} ${x.args[1]}`.localeCompare(`${y.args[0]} ${y.args[1]}`));
  return moves;
}

// -- the rows of one player -------------------------------------------------------------------

// A short name over lines of its words, centred at (x, y).
function words(ui, text, x, y, cls) {
  return text.split(' ').map((word, i) => ui.svg('text', { x, y: y + i * 12, 'text-anchor': 'middle', class: cls }, word));
}

// A card lying at (x, y); one that just arrived slides in (CSS only: input is never delayed).
function placed(ui, x, y, arrived, art) {
  return ui.svg('g', { transform: `translate(${x},${y})` }, arrived ? ui.svg('g', { class: 'cr-enter' }, art) : art);
}

// One row: its number, which way up it lies (explained on tap) and its length out of the goal,
// then its rooms, a Dragon blocking it, a Knight guarding it, and the moves offered at its end.
function rowSvg(ctx, player, k, row, offered, fresh) {
  const { ui, view } = ctx;
  const slots = row.rooms.length + (row.dragon ? 1 : 0) + (row.guard ? 1 : 0) + offered.length;
  const width = LABEL + slots * SLOT + 2;
  const y = 6;
  const full = row.rooms.length >= view.win_rooms;
  const g = ui.svg('svg', { viewBox: `0 0 ${width} ${ROW_H}`, class: `cr-row${row.dragon ? ' cr-blocked' : ''}${full ? ' cr-full' : ''}`,
    'data-row': k, style: `width:${Math.round(width * ctx.scale)}px` },
  ui.svg('rect', { x: 0.5, y: 2, width: width - 1, height: H + 8, rx: 8, class: 'cr-band' }),
  ui.svg('circle', { cx: 19, cy: y + 14, r: 14, class: 'cr-row-number' }),
  ui.svg('text', { x: 19, y: y + 20, 'text-anchor': 'middle', class: 'cr-row-number-text' }, String(k + 1)));
  const way = ui.svg('g', { class: 'cr-way', transform: `translate(19,${y + 42})` },
    ui.svg('circle', { r: 11, fill: '#fbf6ea', stroke: '#8a6a3a', 'stroke-width': 1 }),
    row.orientation === 'helmet-up' ? helmet(ui, 0, 1, 1.2) : swords(ui, 0, 0, 1.2));
  g.append(ui.card(row.orientation, way),
    ui.svg('text', { x: 19, y: y + 72, 'text-anchor': 'middle', class: 'cr-length' },
      ui.svg('title', {}, ctx.t('row_length', { rooms: row.rooms.length, goal: view.win_rooms })),
      `${row.rooms.length}/${view.win_rooms}`));
  let x = LABEL;
  row.rooms.forEach((room, i) => {
    const card = placed(ui, x, y, fresh.has(`${player}:${k}:${i}`),
      roomArt(ui, view, room.entry, room.exit, row.orientation));
    g.append(ui.card(room.card, card));
    x += SLOT;
  });
  if (row.dragon) {
    const card = placed(ui, x, y, fresh.has(`${player}:${k}:dragon`), dragonArt(ui));
    if (row.dragons > 1) {
      card.append(ui.svg('circle', { cx: W - 6, cy: H - 18, r: 9, fill: '#fff', stroke: '#3e0f0b' }),
        ui.svg('text', { x: W - 6, y: H - 14, 'text-anchor': 'middle', class: 'cr-count' }, `×${row.dragons}`));
    }
    g.append(ui.card('dragon', card));
    x += SLOT;
  }
  if (row.guard) {
    g.append(ui.card('knight', placed(ui, x, y, fresh.has(`${player}:${k}:guard`), knightArt(ui))));
    x += SLOT;
  }
  for (const action of offered) {
    if (action.kind === 'dragon') g.append(ghost(ctx, x, y, dragonArt(ui), action, 'attack', 'dragon'));
    else if (action.kind === 'knight' || action.kind === 'guard') g.append(ghost(ctx, x, y, knightArt(ui), action, 'defend', 'knight'));
    else g.append(ghost(ctx, x, y, cardArt(ui, view, action.args[0], row.orientation), action, 'build', action.args[0]));
    x += SLOT;
  }
  return g;
}

// The lane of new rows: every room of the hand, each way up it may start a row.
function laneSvg(ctx, moves) {
  const { ui, view } = ctx;
  // as many offers on a line as the board's width holds, at least LANE
  const fits = ctx.room > 0 ? Math.floor((ctx.room / ctx.scale - LABEL) / SLOT) : LANE;
  const line = Math.max(LANE, fits);
  const perLine = Math.min(moves.newRows.length, line);
  const lines = Math.ceil(moves.newRows.length / line);
  const width = LABEL + perLine * SLOT + 2;
  const height = lines * ROW_H;
  const marker = ui.svg('g', { class: 'cr-new-marker' },
    ui.svg('rect', { x: 2, y: 8, width: LABEL - 6, height: H - 4, rx: 6, fill: 'transparent' }),
    ui.svg('circle', { cx: 21, cy: 20, r: 12, class: 'cr-row-number cr-new' }),
    ui.svg('path', { d: 'M15 20 H27 M21 14 V26', stroke: '#2f7a4b', 'stroke-width': 2.5, 'stroke-linecap': 'round' }),
    ...words(ui, ctx.catalogue.get('new-row')?.name ?? '', 21, 48, 'cr-new-text'));
  const lane = ui.svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'cr-new-lane', style: `width:${Math.round(width * ctx.scale)}px` },
    ui.svg('rect', { x: 0.5, y: 2, width: width - 1, height: height - 4, rx: 8, class: 'cr-lane-band' }),
    ui.card('new-row', marker));
  moves.newRows.forEach((action, j) => {
    lane.append(ghost(ctx, LABEL + (j % line) * SLOT, 6 + Math.floor(j / line) * ROW_H,
      cardArt(ui, view, action.args[0], action.args[1]), action, 'build', action.args[0]));
  });
  return lane;
}

// A player's rows side by side as space allows (short rows share a line), then the new-row lane.
function rowsOf(ctx, player, own, moves, fresh) {
  const { ui, view } = ctx;
  const rows = view.rows[player];
  const offered = (own ? moves.rows.me : moves.rows[player]) || {};
  const flow = ui.h('div', { class: 'cr-rows', 'data-player': player },
    rows.map((row, k) => rowSvg(ctx, player, k, row, offered[k] || [], fresh)));
  if (!rows.length && !(own && moves.newRows.length)) {
    flow.append(ui.svg('svg', { viewBox: `0 0 ${LABEL + SLOT} ${ROW_H}`, class: 'cr-row', style: `width:${Math.round((LABEL + SLOT) * ctx.scale)}px` },
      ui.svg('rect', { x: LABEL, y: 6, width: W, height: H, rx: 5, class: 'cr-empty-slot' })));
  }
  if (own && moves.newRows.length) flow.append(laneSvg(ctx, moves));
  return flow;
}

// -- the page --------------------------------------------------------------------------------

function smallCard(ctx, card, cls = '') {
  const { ui, view } = ctx;
  const art = card === null ? backArt(ui) : cardArt(ui, view, card);
  const el = ui.svg('svg', { viewBox: `-1 -1 ${W + 2} ${H + 2}`, class: `cr-card ${cls}` }, art);
  return card === null ? el : ui.card(card, el);
}

function pile(ctx, id, count, top) {
  const { ui, view } = ctx;
  const art = top ? ui.card(top, cardArt(ui, view, top)) : backArt(ui);
  const el = ui.svg('svg', { viewBox: `-1 -1 ${W + 8} ${H + 8}`, class: 'cr-pile' },
    count > 1 ? ui.svg('rect', { x: 5, y: 5, width: W, height: H, rx: 5, fill: top ? '#d9c9a4' : '#2a2145', stroke: '#7d5f33' }) : null,
    count > 0 ? art : ui.svg('rect', { width: W, height: H, rx: 5, class: 'cr-empty-slot' }),
    ui.svg('circle', { cx: W / 2, cy: H / 2, r: 13, fill: '#fffdf7', stroke: '#3b2f5c', 'stroke-width': 1.5 }),
    ui.svg('text', { x: W / 2, y: H / 2 + 5, 'text-anchor': 'middle', class: 'cr-pile-count' }, String(count)));
  return ui.h('div', { class: 'cr-pile-box' }, el,
    ui.card(id, ui.h('span', { class: 'cr-pile-name' }, ctx.catalogue.get(id)?.name ?? '')));
}

// What lies in the discard pile, kind by kind with how many (it is face up).
function discarded(ctx) {
  const counts = new Map();
  for (const card of ctx.view.discard) counts.set(card, (counts.get(card) ?? 0) + 1);
  return ctx.ui.h('div', { class: 'cr-discarded' }, [...counts].map(([card, n]) => ctx.ui.card(card,
    ctx.ui.h('span', { class: 'cr-discarded-card' }, smallCard(ctx, card), ctx.ui.h('span', {}, `×${n}`)))));
}

function handOf(ctx, player, own, moves, fresh) {
  const { ui, view } = ctx;
  const hand = view.hands[player];
  if (Array.isArray(hand) && !hand.length) return ui.h('span', { class: 'cr-held' }, ui.tn('cards', 0));
  if (Array.isArray(hand)) {
    return ui.h('div', { class: own ? 'cr-hand' : 'cr-hand cr-small' }, hand.map((card, i) => {
      const discard = own ? moves.discard[card] : null;
      const holder = ui.h('div', {
        class: `cr-hand-card${fresh.has(`hand:${player}:${i}`) ? ' cr-drawn' : ''}`,
        // pointing at a card in hand lights up where it may go
        onmouseenter: own ? () => focus(holder, card) : null,
        onmouseleave: own ? () => focus(holder, null) : null,
      }, smallCard(ctx, card), ui.h('span', { class: 'cr-name' }, ctx.catalogue.get(card)?.name ?? ''));
      if (discard && hand.indexOf(card) === i) {
        holder.append(offer(ctx, ui.h('button', { type: 'button', class: 'cr-discard' }, discard.label), discard));
      }
      return holder;
    }));
  }
  const backs = ui.h('div', { class: 'cr-backs' });
  for (let i = 0; i < Math.min(hand, 6); i++) backs.append(smallCard(ctx, null, 'cr-back-card'));
  backs.append(ui.h('span', { class: 'cr-held' }, ui.tn('cards', hand)));
  return backs;
}

function focus(from, card) {
  const board = from.closest('.cr');
  if (!board) return;
  board.classList.toggle('cr-focusing', card !== null);
  for (const el of board.querySelectorAll('.cr-ghost')) el.classList.toggle('cr-match', el.dataset.for === card);
}

// The cards that arrived since the last render: a room, Dragon or Knight on a row, a card drawn.
function arrivals(view) {
  const now = {};
  view.rows.forEach((rows, p) => rows.forEach((row, k) => {
    now[`${p}:${k}`] = [row.rooms.length, row.dragons, row.guard ? 1 : 0];
  }));
  view.hands.forEach((hand, p) => { now[`hand:${p}`] = Array.isArray(hand) ? hand.length : hand; });
  const fresh = new Set();
  const same = before && before.players === view.players && before.deck >= view.deck;
  if (same) {
    for (const [key, value] of Object.entries(now)) {
      const old = before.rows[key];
      if (key.startsWith('hand:')) {
        for (let i = old ?? 0; i < value; i++) fresh.add(`${key}:${i}`);
        continue;
      }
      const [rooms, dragons, guard] = old ?? [0, 0, 0];
      for (let i = rooms; i < value[0]; i++) fresh.add(`${key}:${i}`);
      if (value[1] > dragons) fresh.add(`${key}:dragon`);
      if (value[2] > guard) fresh.add(`${key}:guard`);
    }
  }
  before = { players: view.players, deck: view.deck, rows: now };
  return fresh;
}

// One scale for every row, so that cards look the same size everywhere: the longest row fits
// the board's width, unless that would make every card too small to tap.
function scaleFor(root, view, seat, moves) {
  let longest = LABEL + LANE * SLOT;
  view.rows.forEach((rows, p) => {
    const offered = (p === seat ? moves.rows.me : moves.rows[p]) || {};
    rows.forEach((row, k) => {
      const slots = row.rooms.length + (row.dragon ? 1 : 0) + (row.guard ? 1 : 0) + (offered[k] || []).length;
      longest = Math.max(longest, LABEL + slots * SLOT);
    });
  });
  const room = boardWidth(root);
  return room > 0 ? Math.max(MIN_SCALE, Math.min(SCALE, room / longest)) : SCALE;
}

// The width a player's rows may take: the board's, less the player's frame.
function boardWidth(root) {
  return root.getBoundingClientRect().width - 24;
}

export function render(root, ctx) {
  const { ui, view } = ctx;
  const seat = ctx.seat ?? null;
  const moves = placeMoves(ctx.actions || []);
  const fresh = arrivals(view);
  const live = ctx.board ?? root;  // the page's board: ``root`` may be drawn apart from it
  ctx = { ...ctx, scale: scaleFor(live, view, seat, moves), room: boardWidth(live) };
  const order = [];
  for (let i = 0; i < view.players; i++) order.push(((seat ?? 0) + i) % view.players);

  const top = ui.h('div', { class: 'cr-top' },
    pile(ctx, 'draw-pile', view.deck, null),
    pile(ctx, 'discard-pile', view.discard.length, view.discard[view.discard.length - 1] ?? null),
    view.discard.length ? discarded(ctx) : null);

  const players = order.map((p) => {
    const own = p === seat;
    const current = p === view.current && !view.over;
    const won = view.over && view.result && view.result.ranks[p] === 1;
    const panel = ui.h('section', { class: `cr-player${current ? ' cr-current' : ''}${own ? ' cr-own' : ''}`, 'data-seat': p },
      ui.h('header', {},
        current ? ui.svg('svg', { viewBox: '0 0 12 12', class: 'cr-turn-mark', 'aria-hidden': 'true' }, ui.svg('path', { d: 'M2 1 L11 6 L2 11 Z', fill: '#c9a227', stroke: '#6b5410' })) : null,
        won ? ui.svg('svg', { viewBox: '0 0 16 12', class: 'cr-crown', 'aria-hidden': 'true' }, ui.svg('path', { d: 'M1 11 L2 3 L5.5 7 L8 1 L10.5 7 L14 3 L15 11 Z', fill: '#c9a227', stroke: '#6b5410' })) : null,
        ui.h('strong', {}, ctx.players[p] ?? ''),
        own && Array.isArray(view.hands[p]) ? null : handOf(ctx, p, false, moves, fresh)),
      rowsOf(ctx, p, own, moves, fresh));
    if (own && Array.isArray(view.hands[p])) {
      const tray = ui.h('div', { class: 'cr-tray' },
        view.hands[p].length ? ui.h('div', { class: 'cr-hand-box' }, ui.h('h3', { class: 'cr-hand-title' }, ctx.t('your_hand')),
          handOf(ctx, p, true, moves, fresh)) : null);
      if (moves.end) tray.append(offer(ctx, ui.h('button', { type: 'button', class: 'cr-end primary' }, moves.end.label), moves.end));
      panel.append(tray);
    }
    return panel;
  });
  root.append(ui.h('style', {}, STYLE), ui.h('div', { class: 'cr' }, top, ...players));
}

const STYLE = `
.cr { --cr-gold: #c9a227; display: flex; flex-direction: column; gap: .5rem; }
.cr svg { display: block; }
.cr-top { display: flex; gap: .8rem; align-items: center; }
.cr-pile-box { display: flex; flex-direction: column; align-items: center; gap: .1rem; }
.cr-pile { width: 46px; height: auto; }
.cr-pile-name { font-size: .75rem; color: #5d5470; cursor: help; }
.cr-discarded { display: flex; gap: .4rem; flex-wrap: wrap; align-items: center; }
.cr-discarded-card { display: flex; align-items: center; gap: .15rem; font-size: .8rem; color: #5d5470; }
.cr-discarded-card .cr-card { width: 22px; height: auto; }
.cr-pill { fill: #fffdf7; stroke: #2f7a4b; stroke-width: 1; }
.cr-pill-text { font: bold 10px system-ui, sans-serif; fill: #1f4f31; }
.cr-new-marker { cursor: help; }
.cr-new-text { font: 600 9px system-ui, sans-serif; fill: #2f7a4b; }
.cr-focusing .cr-ghost:not(.cr-match) { opacity: .35; }
.cr-match > g { opacity: 1; }
.cr-pile-count { font: bold 14px system-ui, sans-serif; fill: #3b2f5c; }
.cr-player { border: 1px solid #e2d6bb; border-radius: 10px; padding: .35rem .5rem; background: #fffaf0; min-width: 0; }
.cr-player.cr-current { border-color: var(--cr-gold); box-shadow: 0 0 0 2px rgba(201,162,39,.35); }
.cr-player header { display: flex; align-items: center; gap: .45rem; flex-wrap: wrap; margin-bottom: .25rem; }
.cr-turn-mark { width: 14px; height: 14px; }
.cr-crown { width: 20px; height: 15px; }
.cr-rows { display: flex; flex-wrap: wrap; gap: 4px 6px; align-items: flex-start; }
.cr-row, .cr-new-lane { max-width: 100%; height: auto; }
.cr-new-lane { flex-basis: auto; }
.cr-band { fill: #f6eedb; stroke: #e6d9bb; }
.cr-full .cr-band { fill: #fbf0c9; stroke: #c9a227; stroke-width: 3; }
.cr-blocked .cr-band { fill: #f8e1dc; stroke: #d9a79f; stroke-dasharray: 5 3; }
.cr-lane-band { fill: #eef5ef; stroke: #8fbf9f; stroke-dasharray: 6 4; }
.cr-row-number { fill: #3b2f5c; }
.cr-row-number.cr-new { fill: #fff; stroke: #2f7a4b; stroke-width: 2; }
.cr-row-number-text { font: bold 17px system-ui, sans-serif; fill: #fff; }
.cr-length { font: 600 13px system-ui, sans-serif; fill: #5d5470; }
.cr-count { font: bold 10px system-ui, sans-serif; fill: #3e0f0b; }
.cr-empty-slot { fill: none; stroke: #cdbf9f; stroke-dasharray: 5 4; }
.cr-ghost { cursor: pointer; outline: none; }
.cr-ghost-frame { stroke-width: 2.5; stroke-dasharray: 6 3; }
.cr-build .cr-ghost-frame { stroke: #2f7a4b; } .cr-build .cr-badge { fill: #2f7a4b; }
.cr-attack .cr-ghost-frame { stroke: #b23a32; } .cr-attack .cr-badge { fill: #b23a32; }
.cr-defend .cr-ghost-frame { stroke: #2c4a78; } .cr-defend .cr-badge { fill: #2c4a78; }
.cr-ghost:hover > g, .cr-ghost:focus > g { opacity: 1; }
.cr-ghost:hover .cr-ghost-frame, .cr-ghost:focus .cr-ghost-frame { stroke-dasharray: none; stroke-width: 3.5; }
.cr-hand-title { font-size: .85rem; margin: 0 0 .2rem; color: #5d5470; }
.cr-tray { display: flex; align-items: flex-end; gap: .8rem; flex-wrap: wrap; margin-top: .3rem; }
.cr-hand { display: flex; gap: .4rem; align-items: flex-start; flex-wrap: wrap; }
.cr-hand-card { display: flex; flex-direction: column; align-items: center; gap: .15rem; width: 74px; }
.cr-hand-card .cr-card { width: 70px; height: auto; }
@media (max-width: 600px) { .cr-hand-card { width: 60px; } .cr-hand-card .cr-card { width: 56px; } }
.cr-small .cr-hand-card { width: 34px; } .cr-small .cr-card { width: 30px; } .cr-small .cr-name { font-size: .7rem; }
.cr-name { font-size: .8rem; font-weight: 600; text-align: center; }
.cr-discard { font-size: .72rem; padding: .1rem .3rem; }
.cr-backs { display: flex; align-items: center; gap: 2px; }
.cr-back-card { width: 16px; height: auto; }
.cr-held { font-size: .8rem; color: #5d5470; margin-left: .2rem; }
.cr-enter { animation: cr-enter .45s ease-out; }
.cr-drawn { animation: cr-drawn .45s ease-out; }
@keyframes cr-enter { from { opacity: 0; transform: translate(0, -24px); } }
@keyframes cr-drawn { from { opacity: 0; transform: translateY(-16px); } }
@media (prefers-reduced-motion: reduce) { .cr-enter, .cr-drawn { animation: none; } }
`;
