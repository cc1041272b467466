// Die Glücksritter at the table (renderer contract v2): the six action fields in a ring around
// the coin bag (the Document deck on Brother Jacob, walls on Farmer Johann, towers on Master
// Ehrenfried, money on the tax collector and the customs officer, the Black Knight beside the
// dungeon), every player's purse, castle and Documents, and the seat's own hand.
//
// Every legal move is offered where it belongs: the pair of action cards in a grid of the
// fifteen pairs (one click: the choice stays secret and may be changed until the reveal), a
// Document by clicking it (its target, when it takes one now, from the chips under it), a field
// to block on the board, a castle piece to demolish or steal in its castle, a raid on its victim,
// the ransom on the dungeon; yes/no answers in the strip above your hand. Names and texts come
// from the catalogue, wording from the actions' labels, other words from ctx.t.

// Seat markers: colour and shape (colour-blind safe), from the Okabe–Ito palette.
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];
const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'pentagon', 'star'];
// The ring: fields 1 2 3 across the top, 4 5 6 back along the bottom; the middle row holds the
// Ducats card, the bag and the dungeon (next to the Black Knight's field).
const CELL = { w: 120, h: 104 };
const PLACE = { 1: [0, 0], 2: [1, 0], 3: [2, 0], 4: [2, 2], 5: [1, 2], 6: [0, 2] };
const MONEY = { 5: 'tax', 6: 'customs' };

let previous = null; // what the last drawing showed, to animate what moved since

export function render(root, ctx) {
  const { view, ui } = ctx;
  const offer = offers(ctx.actions, ui);
  const strip = ui.h('div', { class: 'gk-strip' });
  const me = ctx.seat;
  const wrap = ui.h('div', { class: 'gk' },
    ui.h('style', {}, STYLE),
    ui.h('div', { class: 'gk-left' }, header(ctx), board(ctx, offer), reds(ctx)),
    ui.h('div', { class: 'gk-right' },
      me !== null && me !== undefined ? mine(ctx, offer, strip) : null,
      ui.h('div', { class: 'gk-players' }, view.coins.map((_, s) => panel(ctx, offer, s)))));
  // what no element above offers (yes/no answers, purchases…) goes in the strip, labelled
  for (const action of offer.rest()) strip.append(button(ctx, action));
  strip.hidden = strip.children.length === 0;
  root.append(wrap);
  animate(wrap, ctx);
}

// -- the legal actions, each handed out once ------------------------------------------------

function offers(actions, ui) {
  const byKey = new Map(actions.map((a) => [ui.actionKey(a), a]));
  const taken = new Set();
  const key = (kind, args) => ui.actionKey({ kind, args });
  return {
    has: (kind, ...args) => byKey.has(key(kind, args)),
    take(kind, ...args) {
      const k = key(kind, args);
      if (!byKey.has(k) || taken.has(k)) return null;
      taken.add(k);
      return byKey.get(k);
    },
    ofKind: (kind) => actions.filter((a) => a.kind === kind && !taken.has(ui.actionKey(a))),
    rest: () => actions.filter((a) => !taken.has(ui.actionKey(a))),
  };
}

// A transparent area a click anywhere on a small group lands on (a group of shapes has
// gaps between them).
function hit(ui, x, y, width, height) {
  return ui.svg('rect', { x, y, width, height, class: 'gk-hit', fill: 'transparent' });
}

// attributes of an element that sends `action` (or nothing)
function acts(ctx, action, cls = '') {
  if (!action) return cls ? { class: cls } : {};
  return { ...ctx.ui.actionAttrs(action), class: `${cls} gk-act`.trim(), title: action.label };
}

function button(ctx, action, ...content) {
  return ctx.ui.h('button', { type: 'button', ...acts(ctx, action, 'gk-btn') },
    content.length ? content : action.label);
}

// A Document's catalogue id from the name the view gives it ("Royal grant" -> "royal-grant").
function docId(name) {
  return String(name).toLowerCase().replace(/ /g, '-');
}

function name(ctx, seat) {
  return ctx.players[seat] ?? String(seat + 1);
}

// -- small pictures --------------------------------------------------------------------------

function marker(ui, seat, size = 14) {
  const colour = COLOURS[seat % COLOURS.length];
  const shape = SHAPES[seat % SHAPES.length];
  const r = 6;
  let mark;
  if (shape === 'circle') mark = ui.svg('circle', { cx: 8, cy: 8, r });
  else if (shape === 'square') mark = ui.svg('rect', { x: 2.5, y: 2.5, width: 11, height: 11, rx: 1.5 });
  else mark = ui.svg('polygon', { points: polygon(shape) });
  mark.setAttribute('fill', colour);
  mark.setAttribute('stroke', '#1d1a26');
  mark.setAttribute('stroke-width', '1.2');
  return ui.svg('svg', { class: 'gk-marker', viewBox: '0 0 16 16', width: size, height: size, 'aria-hidden': 'true' }, mark);
}

function polygon(shape) {
  const points = { triangle: 3, diamond: 4, pentagon: 5, star: 10 }[shape];
  const out = [];
  for (let i = 0; i < points; i++) {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / points;
    const r = shape === 'star' && i % 2 ? 3 : 7;
    out.push(`${(8 + r * Math.cos(angle)).toFixed(2)},${(8.5 + r * Math.sin(angle)).toFixed(2)}`);
  }
  return out.join(' ');
}

// A marker inside an SVG drawing, at (x, y).
function svgMarker(ui, seat, x, y, size = 12) {
  const m = marker(ui, seat, size);
  m.setAttribute('x', x);
  m.setAttribute('y', y);
  return m;
}

// Silver: a round coin marked 1; gold: an octagon marked 2 (shape and colour).
function coinShape(ui, kind, x, y, r = 6) {
  const gold = kind === 'gold';
  const body = gold
    ? ui.svg('polygon', { points: octagon(x, y, r), fill: '#e9b82a', stroke: '#8a6a0c', 'stroke-width': 1 })
    : ui.svg('circle', { cx: x, cy: y, r, fill: '#d3dae2', stroke: '#66727f', 'stroke-width': 1 });
  return ui.svg('g', { class: `gk-coin gk-${kind}` }, body,
    ui.svg('text', { x, y: y + r * 0.42, 'text-anchor': 'middle', 'font-size': r * 1.15, 'font-weight': 700, fill: gold ? '#5a4306' : '#39424c' }, gold ? '2' : '1'));
}

function octagon(x, y, r) {
  const out = [];
  for (let i = 0; i < 8; i++) {
    const a = Math.PI / 8 + (i * Math.PI) / 4;
    out.push(`${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`);
  }
  return out.join(' ');
}

// A row of coins (at most `most` of a kind drawn, then the count) inside an SVG.
function coinRow(ui, silver, gold, x, y, r = 6, most = 5) {
  const g = ui.svg('g', {});
  let cx = x + r;
  for (const [kind, n] of [['silver', silver], ['gold', gold]]) {
    if (!n) continue;
    const group = ui.card(kind, ui.svg('g', { class: 'gk-stack' }));
    const shown = Math.min(n, most);
    for (let i = 0; i < shown; i++) group.append(coinShape(ui, kind, cx + i * r * 1.35, y, r));
    const end = cx + (shown - 1) * r * 1.35 + r + 2;
    group.append(ui.svg('text', { x: end, y: y + 4, 'font-size': 11, 'font-weight': 700, class: 'gk-count' }, `×${n}`));
    g.append(group);
    cx = end + 24;
  }
  return g;
}

// A standalone coin picture (HTML).
function coinIcon(ui, kind, size = 18) {
  return ui.svg('svg', { viewBox: '0 0 16 16', width: size, height: size, class: 'gk-coin-icon', 'aria-hidden': 'true' },
    coinShape(ui, kind, 8, 8, 7));
}

// The emblem of each field (and action card): a scroll, a wall, a tower, a helmet, a money
// bag, a toll gate.
function emblem(ui, k, x, y, s = 1) {
  const g = ui.svg('g', { transform: `translate(${x},${y}) scale(${s})`, class: 'gk-emblem' });
  const ink = '#3a2f24';
  if (k === 1) {
    g.append(ui.svg('path', { d: 'M4 3h16v18H4z', fill: '#f4ead0', stroke: ink, 'stroke-width': 1.3 }),
      ui.svg('path', { d: 'M7 8h10M7 11h10M7 14h6', stroke: ink, 'stroke-width': 1 }),
      ui.svg('circle', { cx: 16, cy: 18, r: 3.2, fill: '#b23a32', stroke: ink, 'stroke-width': .8 }));
  } else if (k === 2) g.append(wallShape(ui, 2, 6, 20, 13));
  else if (k === 3) g.append(towerShape(ui, 5, 1, 14, 22));
  else if (k === 4) {
    g.append(ui.svg('path', { d: 'M5 22V11a7 7 0 0 1 14 0v11z', fill: '#2b2b33', stroke: '#000', 'stroke-width': 1 }),
      ui.svg('path', { d: 'M7 13h10M12 13v6', stroke: '#d9d9e0', 'stroke-width': 1.6 }),
      ui.svg('path', { d: 'M12 4l2-3 1 3z', fill: '#b23a32' }));
  } else if (k === 5) {
    g.append(ui.svg('path', { d: 'M8 6l-2-4h12l-2 4c5 3 7 8 6 12-1 3-4 4-8 4s-7-1-8-4c-1-4 1-9 6-12z', fill: '#b28a52', stroke: ink, 'stroke-width': 1 }),
      ui.svg('path', { d: 'M8 6h8', stroke: ink, 'stroke-width': 1.4 }),
      ui.svg('text', { x: 12, y: 19, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: '#3a2f24' }, '¤'));
  } else if (k === 6) {
    g.append(ui.svg('path', { d: 'M3 22V8M3 10h19', stroke: ink, 'stroke-width': 2 }),
      ui.svg('path', { d: 'M7 8.5h3v3H7zM13 8.5h3v3h-3zM19 8.5h3v3h-3z', fill: '#b23a32' }),
      ui.svg('circle', { cx: 3, cy: 8, r: 2.2, fill: ink }));
  }
  return g;
}

function wallShape(ui, x, y, w, hgt, built = true) {
  const g = ui.svg('g', {});
  g.append(ui.svg('rect', { x, y, width: w, height: hgt, rx: 1, fill: built ? '#a5683f' : 'rgba(255,255,255,.55)', stroke: built ? '#4b2c17' : '#8a7d66', 'stroke-width': built ? 1.3 : 1.2, 'stroke-dasharray': built ? null : '3 2' }));
  if (built) {
    const across = w >= hgt;
    const mid = across ? y + hgt / 2 : x + w / 2;
    const d = across
      ? `M${x} ${mid}H${x + w}M${x + w / 3} ${y}V${mid}M${x + (2 * w) / 3} ${mid}V${y + hgt}`
      : `M${mid} ${y}V${y + hgt}M${x} ${y + hgt / 3}H${mid}M${mid} ${y + (2 * hgt) / 3}H${x + w}`;
    g.append(ui.svg('path', { d, stroke: '#4b2c17', 'stroke-width': .9 }));
  }
  return g;
}

function towerShape(ui, x, y, w, hgt, built = true) {
  const c = w / 5;
  const d = `M${x} ${y + hgt}V${y}h${c}v${c}h${c}v${-c}h${c}v${c}h${c}v${-c}h${c}V${y + hgt}z`;
  return ui.svg('path', { d, fill: built ? '#7d8ca3' : 'none', stroke: built ? '#27303d' : '#9b8e78', 'stroke-width': built ? 1.2 : 1, 'stroke-dasharray': built ? null : '2 2' });
}

// A small action card: its number, its emblem, in the owner's colour.
function actionCard(ui, k, { seat = null, hidden = false, size = 30 } = {}) {
  const colour = seat === null ? '#5b4b8a' : COLOURS[seat % COLOURS.length];
  const el = ui.svg('svg', { viewBox: '0 0 24 32', width: size * 0.75, height: size, class: 'gk-acard', 'aria-hidden': 'true' },
    ui.svg('rect', { x: .5, y: .5, width: 23, height: 31, rx: 3, fill: hidden ? colour : '#fffaf0', stroke: colour, 'stroke-width': 1.5 }));
  if (hidden) {  // a card back: chosen, not yet shown
    el.append(ui.svg('rect', { x: 3.5, y: 3.5, width: 17, height: 25, rx: 2, fill: 'none', stroke: '#fff', 'stroke-width': 1, opacity: .7 }),
      ui.svg('text', { x: 12, y: 21, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 800, fill: '#fff' }, '?'));
  } else {
    el.append(ui.svg('text', { x: 12, y: 12, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 800, fill: colour }, String(k)),
      emblem(ui, k, 5, 15, .58));
  }
  return el;
}

// A Document card face up: its seal (red: a round seal, yellow: a diamond), its name.
function sealIcon(ui, red, size = 16) {
  const seal = red
    ? ui.svg('circle', { cx: 8, cy: 8, r: 6.2, fill: '#c0392b', stroke: '#5e120c', 'stroke-width': 1.2 })
    : ui.svg('polygon', { points: '8,1.5 14.5,8 8,14.5 1.5,8', fill: '#f2c618', stroke: '#6b5400', 'stroke-width': 1.2 });
  return ui.svg('svg', { viewBox: '0 0 16 16', width: size, height: size, class: 'gk-seal', 'aria-hidden': 'true' }, seal,
    ui.svg('path', { d: red ? 'M5.5 8h5M8 5.5v5' : 'M5.5 8h5', stroke: red ? '#fff' : '#6b5400', 'stroke-width': 1.4 }));
}

function isRed(ctx, id) {
  const item = ctx.catalogue.get(id);
  const red = ctx.catalogue.get('blockade');
  return Boolean(item && red && item.type === red.type);
}

// A Document's back: hidden cards (a count beside it); red ones are committed face down.
function backIcon(ui, red = false, size = 18) {
  return ui.svg('svg', { viewBox: '0 0 12 16', width: size * 0.75, height: size, class: 'gk-back', 'aria-hidden': 'true' },
    ui.svg('rect', { x: .5, y: .5, width: 11, height: 15, rx: 1.5, fill: red ? '#e8b4ad' : '#d9cba8', stroke: red ? '#7a1d14' : '#6d5c38' }),
    ui.svg('path', { d: 'M3 5h6M3 8h6M3 11h4', stroke: red ? '#7a1d14' : '#6d5c38', 'stroke-width': .8 }));
}

// -- the header line -------------------------------------------------------------------------

function header(ctx) {
  const { view, ui, t } = ctx;
  const phase = view.over ? t('phase_over') : t(`phase_${view.phase}`);
  return ui.h('div', { class: 'gk-head' },
    ui.h('strong', {}, t('round', { n: view.round })), ui.h('span', {}, phase),
    ui.card('start-player', ui.h('span', { class: 'gk-start' }, startFlag(ui),
      ctx.catalogue.get('start-player')?.name ?? '', ': ', marker(ui, view.start), ' ', name(ctx, view.start))));
}

function startFlag(ui) {
  return ui.svg('svg', { viewBox: '0 0 16 16', width: 14, height: 14, 'aria-hidden': 'true' },
    ui.svg('path', { d: 'M3 15V2M3 2h10l-3 3.5 3 3.5H3', fill: '#c9a227', stroke: '#5c4a0a', 'stroke-width': 1.2 }));
}

// -- the board -------------------------------------------------------------------------------

function board(ctx, offer) {
  const { view, ui } = ctx;
  const root = ui.svg('svg', { class: 'gk-board', viewBox: `0 0 ${CELL.w * 3} ${CELL.h * 3}`, role: 'img', 'aria-label': ctx.t('board_label') });
  for (let k = 1; k <= 6; k++) root.append(field(ctx, offer, k));
  root.append(ducatsCell(ctx, 2, CELL.h + 2), bagCell(ctx, CELL.w + 2, CELL.h + 2), dungeonCell(ctx, offer, 2 * CELL.w + 2, CELL.h + 2));
  return ui.h('div', { class: 'gk-board-wrap' }, root);
}

function wrapWords(text, width) {
  const lines = [];
  let line = '';
  for (const word of String(text).split(' ')) {
    if (line && (line + ' ' + word).length > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 2);
}

function field(ctx, offer, k) {
  const { view, ui } = ctx;
  const [col, row] = PLACE[k];
  const x = col * CELL.w + 3;
  const y = row * CELL.h + 3;
  const w = CELL.w - 6;
  const hgt = CELL.h - 6;
  // a field is itself a target when a Blockade (now, or committed face down) aims at it
  const action = offer.take('block', k);
  const tile = ui.svg('g', { transform: `translate(${x},${y})`, ...acts(ctx, action, `gk-field gk-field-${k}`), dataset: { field: k } });
  ui.card(`field-${k}`, tile);
  const blocked = view.blocked.includes(k);
  tile.append(ui.svg('rect', { class: 'gk-tile', width: w, height: hgt, rx: 9 }),
    ui.svg('circle', { cx: 15, cy: 15, r: 11, class: 'gk-number' }),
    ui.svg('text', { x: 15, y: 20, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 800, fill: '#fff' }, String(k)));
  const knight = emblem(ui, k, w - 36, 3, 1.35);
  tile.append(k === 4 ? ui.card('black-knight', ui.svg('g', {}, knight)) : knight);
  const lines = wrapWords(ctx.catalogue.get(`field-${k}`)?.name ?? '', 15);
  lines.forEach((line, i) => tile.append(ui.svg('text', { x: 6, y: 44 + i * 12, 'font-size': 11, 'font-weight': 700, class: 'gk-name' }, line)));
  const bottom = hgt - 18;
  if (k === 1) tile.append(deck(ctx, offer, 6, bottom - 6));
  if (k === 2 || k === 3) tile.append(supply(ctx, offer, k === 2 ? 'wall' : 'tower', 6, bottom - 6));
  if (k === 5 || k === 6) {
    const money = view[MONEY[k]];
    const group = ui.svg('g', { dataset: { money: k } });
    if (money.gold) {
      group.append(ui.svg('g', acts(ctx, offer.take('take-gold', k), 'gk-gold'), hit(ui, 1, bottom - 21, 84, 18), coinRow(ui, 0, money.gold, 4, bottom - 12, 7, 4)));
    }
    if (money.silver) group.append(coinRow(ui, money.silver, 0, 4, bottom + 6, 7, 4));
    if (!money.silver && !money.gold) group.append(ui.svg('text', { x: 8, y: bottom + 8, 'font-size': 11, class: 'gk-dim' }, '—'));
    tile.append(group);
  }
  // who chose it, once the cards are revealed
  view.fields[k].forEach((s, i) => tile.append(svgMarker(ui, s, w - 16 - i * 13, hgt - 16, 13)));
  if (blocked) {
    // over the field but never in the way of a click (the Black Knight may still take its
    // gold), nor of its counts: the emblem crossed out, a label in the free top strip
    const left = 29;
    const width = w - 36 - 2 - left;
    tile.append(ui.svg('g', { class: 'gk-blocking' },
      ui.svg('rect', { width: w, height: hgt, rx: 9, class: 'gk-blocked' }),
      ui.svg('path', { d: `M${w - 33} 6l26 26M${w - 7} 6l-26 26`, stroke: '#8e1b12', 'stroke-width': 4, 'stroke-linecap': 'round' }),
      ui.svg('rect', { x: left, y: 5, width, height: 15, rx: 7.5, fill: '#8e1b12' }),
      ui.svg('text', { x: left + width / 2, y: 16, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 800, fill: '#fff' }, ctx.t('blocked'))));
  }
  return tile;
}

function deck(ctx, offer, x, y) {
  const { view, ui } = ctx;
  const g = ui.svg('g', { transform: `translate(${x},${y})`, ...acts(ctx, offer.take('buy-document'), 'gk-deck') });
  ui.card('documents', g);
  g.append(hit(ui, -3, -4, 58, 28), ui.svg('rect', { x: 2, y: -2, width: 17, height: 22, rx: 2, fill: '#d9cba8', stroke: '#6d5c38' }),
    ui.svg('rect', { width: 17, height: 22, rx: 2, fill: '#e9dcbc', stroke: '#6d5c38' }),
    ui.svg('path', { d: 'M4 6h9M4 10h9M4 14h6', stroke: '#6d5c38', 'stroke-width': .8 }),
    ui.svg('text', { x: 24, y: 15, 'font-size': 11, 'font-weight': 700, class: 'gk-count' }, `×${view.documents_deck}`));
  return g;
}

function supply(ctx, offer, piece, x, y) {
  const { view, ui } = ctx;
  const count = view.supply[piece === 'wall' ? 'walls' : 'towers'];
  const g = ui.svg('g', { transform: `translate(${x},${y})`, ...acts(ctx, offer.take('grant', piece), 'gk-supply') });
  ui.card(piece, g);
  g.append(hit(ui, -3, -3, 58, 27), piece === 'wall' ? wallShape(ui, 0, 6, 22, 12) : towerShape(ui, 3, 0, 15, 20),
    ui.svg('text', { x: 26, y: 17, 'font-size': 11, 'font-weight': 700, class: 'gk-count' }, `×${count}`));
  return g;
}

function ducatsCell(ctx, x, y) {
  const { view, ui } = ctx;
  const g = ui.svg('g', { transform: `translate(${x},${y})` });
  const card = ui.card('ducats-card', ui.svg('g', { transform: 'translate(4,8)' }));
  card.append(ui.svg('rect', { width: 58, height: 82, rx: 6, fill: '#f6e7b0', stroke: '#8a6a0c', 'stroke-width': 1.5 }),
    coinShape(ui, 'gold', 29, 16, 8));
  const values = view.ducats_card;
  [5, 6].forEach((k, i) => {
    card.append(ui.svg('circle', { cx: 14, cy: 40 + i * 22, r: 8, class: 'gk-number' }),
      ui.svg('text', { x: 14, y: 44 + i * 22, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 800, fill: '#fff' }, String(k)),
      ui.svg('text', { x: 28, y: 45 + i * 22, 'font-size': 13, 'font-weight': 800, fill: '#3a2f24' }, values ? `+${values[i]}` : '—'));
  });
  g.append(card, ui.card('ducats-card', ui.svg('g', {},
    ui.svg('text', { x: 68, y: 30, 'font-size': 11, 'font-weight': 700, class: 'gk-count' }, `×${view.ducats_deck}`),
    ui.svg('text', { x: 68, y: 42, 'font-size': 9, class: 'gk-dim' }, ctx.t('left')))));
  return g;
}

function bagCell(ctx, x, y) {
  const { view, ui } = ctx;
  const g = ui.card('bag', ui.svg('g', { transform: `translate(${x},${y})`, dataset: { bag: '1' }, class: 'gk-bag' }));
  g.append(ui.svg('path', { d: 'M42 14l-8-10h48l-8 10c22 10 30 34 26 52-3 14-17 22-42 22s-39-8-42-22c-4-18 4-42 26-52z', fill: '#b6905a', stroke: '#4e3719', 'stroke-width': 1.8 }),
    ui.svg('path', { d: 'M40 15c10 3 26 3 36 0', stroke: '#4e3719', 'stroke-width': 3, fill: 'none' }),
    coinShape(ui, 'silver', 36, 48, 9), ui.svg('text', { x: 50, y: 52, 'font-size': 12, 'font-weight': 800, fill: '#2a1d0c' }, String(view.bag.silver)),
    coinShape(ui, 'gold', 36, 72, 9), ui.svg('text', { x: 50, y: 76, 'font-size': 12, 'font-weight': 800, fill: '#2a1d0c' }, String(view.bag.gold)));
  return g;
}

function dungeonCell(ctx, offer, x, y) {
  const { view, ui } = ctx;
  const ransom = offer.take('ransom');
  const g = ui.svg('g', { transform: `translate(${x},${y})`, ...acts(ctx, ransom, 'gk-dungeon') });
  ui.card('dungeon', g);
  g.append(ui.svg('rect', { x: 4, y: 6, width: 108, height: 88, rx: 10, fill: '#4a4552', stroke: '#1d1a26', 'stroke-width': 1.5 }),
    ui.svg('text', { x: 58, y: 20, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: '#f2eee6' }, ctx.catalogue.get('dungeon')?.name ?? ''));
  const jailed = view.jailed.flatMap((j, s) => (j ? [s] : []));
  jailed.forEach((s, i) => {
    const card = actionCard(ui, 4, { seat: s, size: 34 });
    card.setAttribute('x', 12 + (i % 4) * 24);
    card.setAttribute('y', 26 + Math.floor(i / 4) * 34);
    g.append(card, svgMarker(ui, s, 14 + (i % 4) * 24, 52 + Math.floor(i / 4) * 34, 11));
  });
  // the bars in front
  for (let i = 0; i < 6; i++) g.append(ui.svg('path', { d: `M${18 + i * 16} 26V90`, stroke: '#15131b', 'stroke-width': 2, opacity: .75 }));
  if (ransom) g.append(ui.svg('text', { x: 58, y: 88, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: '#f6e7b0' }, ctx.t('pay_ransom')));
  return g;
}

// The red Documents waiting to take effect, in order.
function reds(ctx) {
  const { view, ui } = ctx;
  if (!view.reds.length) return null;
  return ui.h('div', { class: 'gk-reds' }, ui.h('span', { class: 'gk-label' }, ctx.t('to_resolve')),
    view.reds.map(([s, doc]) => ui.card(docId(doc), ui.h('span', { class: 'gk-chip gk-red' }, sealIcon(ui, true, 14),
      ctx.catalogue.get(docId(doc))?.name ?? doc, ' ', marker(ui, s, 12)))));
}

// -- a player's panel ------------------------------------------------------------------------

function panel(ctx, offer, s) {
  const { view, ui, t } = ctx;
  const me = s === ctx.seat;
  const moving = view.to_move.includes(s) && !view.over;
  const won = view.winners.includes(s);
  const el = ui.h('section', { class: `gk-panel${me ? ' gk-mine' : ''}${moving ? ' gk-moving' : ''}${won ? ' gk-won' : ''}`, dataset: { seat: s } });
  const head = ui.h('div', { class: 'gk-panel-head' }, marker(ui, s, 16), ui.h('strong', { class: 'gk-who' }, name(ctx, s)),
    s === view.start ? ui.card('start-player', ui.h('span', { class: 'gk-flag', title: ctx.catalogue.get('start-player')?.name }, startFlag(ui))) : null,
    won ? ui.icon('crown', { size: 16, title: t('winner') }) : null,
    moving ? ui.icon('turn', { size: 14 }) : null, status(ctx, s));
  el.append(head);
  const coins = view.coins[s];
  const purse = ui.h('div', { class: 'gk-purse', dataset: { purse: s } },
    ui.h('span', { class: 'gk-ducats' }, ui.tn('ducats', coins.ducats)),
    ['silver', 'gold'].map((kind) => (coins[kind]
      ? ui.svg('svg', { viewBox: '0 0 110 20', width: 110, height: 20 }, coinRow(ui, kind === 'silver' ? coins.silver : 0, kind === 'gold' ? coins.gold : 0, 1, 10, 8, 5))
      : null)));
  el.append(ui.h('div', { class: 'gk-row' }, castle(ctx, offer, s), ui.h('div', { class: 'gk-col' }, purse, documents(ctx, s), cardsOf(ctx, s))));
  // raids on this player, from the seat's lone Black Knight
  const raids = offer.ofKind('raid').filter((a) => a.args[0] === s);
  if (raids.length) {
    el.append(ui.h('div', { class: 'gk-chips' }, raids.map((a) => {
      offer.take('raid', ...a.args);
      const how = a.args[1];
      return ui.h('button', { type: 'button', ...acts(ctx, a, 'gk-chip gk-raid') }, knightIcon(ui),
        how === 'money' ? coinIcon(ui, 'gold', 16) : how === 'castle-piece' ? castleIcon(ui) : null, t(`raid_${how}`));
    })));
  }
  if (view.giving[s] !== null) el.append(ui.h('div', { class: 'gk-note' }, t('giving_to', { name: name(ctx, view.giving[s]) })));
  return el;
}

function knightIcon(ui) {
  return ui.svg('svg', { viewBox: '0 0 24 24', width: 16, height: 16, 'aria-hidden': 'true' }, emblem(ui, 4, 0, 0, 1));
}

function castleIcon(ui) {
  return ui.svg('svg', { viewBox: '0 0 24 24', width: 16, height: 16, 'aria-hidden': 'true' }, towerShape(ui, 5, 2, 14, 20));
}

// During the secret choice: who has chosen (only once they really have); after the reveal,
// the two cards each one turned up.
function status(ctx, s) {
  const { view, ui, t } = ctx;
  if (view.phase === 'choice' && !view.over) {
    const waiting = view.waiting.includes(s);
    return ui.h('span', { class: `gk-status ${waiting ? 'gk-waiting' : 'gk-chosen'}` },
      waiting ? t('choosing') : [ui.icon('check', { size: 12 }), ' ', t('chosen')]);
  }
  return null;
}

function cardsOf(ctx, s) {
  const { view, ui } = ctx;
  const revealed = view.revealed[s];
  const choice = view.choices[s];
  if (revealed.length) return ui.h('div', { class: 'gk-cards' }, revealed.map((k) => ui.card(`field-${k}`, ui.h('span', { class: 'gk-cardwrap' }, actionCard(ui, k, { seat: s, size: 28 })))));
  if (Array.isArray(choice) && choice.length) {
    return ui.h('div', { class: 'gk-cards', title: ctx.t('your_choice') }, choice.map((k) => ui.card(`field-${k}`, ui.h('span', { class: 'gk-cardwrap gk-secret' }, actionCard(ui, k, { seat: s, size: 28 })))));
  }
  if (view.phase === 'choice' && !view.waiting.includes(s) && !view.over) {
    return ui.h('div', { class: 'gk-cards' }, [0, 1].map(() => actionCard(ui, 0, { seat: s, hidden: true, size: 28 })));
  }
  return null;
}

function documents(ctx, s) {
  const { view, ui } = ctx;
  const hand = view.hands[s];
  const committed = view.committed[s];
  const inHand = Array.isArray(hand) ? hand.length : hand;
  const faceDown = Array.isArray(committed) ? committed.length : committed;
  return ui.h('div', { class: 'gk-docs' },
    ui.card('documents', ui.h('span', { class: 'gk-backs' }, backIcon(ui), ` ×${inHand}`)),
    faceDown ? ui.card('documents', ui.h('span', { class: 'gk-backs gk-red-backs', title: ctx.t('face_down') }, backIcon(ui, true), ` ×${faceDown}`)) : null);
}

// A castle seen from above: a tower at each corner, a wall along each side; built pieces
// solid, missing ones dashed. A demolition or a theft aimed at this castle is offered on one of
// its pieces.
function castle(ctx, offer, s) {
  const { view, ui } = ctx;
  const walls = view.walls[s];
  const towers = view.towers[s];
  const size = 84;
  const el = ui.svg('svg', { viewBox: `0 0 ${size} ${size}`, width: size, height: size, class: 'gk-castle' });
  el.append(ui.card('castle', ui.svg('rect', { x: 6, y: 6, width: size - 12, height: size - 12, rx: 3, class: 'gk-ground' })));
  const thief = view.decision && view.decision.kind === 'steal' && view.decision.victim === s;
  const target = (piece) => offer.take('demolish', piece, s) ?? (thief ? offer.take('steal', piece) : null);
  const sides = [[18, 4, 48, 12], [68, 18, 12, 48], [18, 68, 48, 12], [4, 18, 12, 48]];
  const wallTarget = walls ? target('wall') : null;
  sides.forEach(([x, y, w, hgt], i) => {
    const built = i < walls;
    const aimed = built && i === Math.min(walls, 4) - 1;
    const g = ui.svg('g', aimed ? acts(ctx, wallTarget, 'gk-piece') : { class: 'gk-piece' }, wallShape(ui, x, y, w, hgt, built));
    if (built) ui.card('wall', g);
    g.dataset.piece = `wall-${i}`;
    el.append(g);
  });
  const corners = [[10, 10], [74, 10], [74, 74], [10, 74]];
  const towerTarget = towers ? target('tower') : null;
  corners.forEach(([cx, cy], i) => {
    const built = i < towers;
    const aimed = built && i === Math.min(towers, 4) - 1;
    const g = ui.svg('g', aimed ? acts(ctx, towerTarget, 'gk-piece') : { class: 'gk-piece' },
      ui.svg('circle', { cx, cy, r: 9.5, fill: built ? '#7d8ca3' : 'rgba(255,255,255,.55)', stroke: built ? '#27303d' : '#8a7d66', 'stroke-width': built ? 1.5 : 1.2, 'stroke-dasharray': built ? null : '3 2' }));
    if (built) {
      g.append(ui.svg('path', { d: `M${cx - 5} ${cy}h10M${cx} ${cy - 5}v10`, stroke: '#27303d', 'stroke-width': 1 }));
      ui.card('tower', g);
    }
    g.dataset.piece = `tower-${i}`;
    el.append(g);
  });
  // spare pieces (castle_limit=no-limit)
  const spare = Math.max(0, walls - 4) + Math.max(0, towers - 4);
  if (spare) el.append(ui.svg('text', { x: size / 2, y: size / 2 + 18, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 800 }, `+${spare}`));
  if (walls >= 4 && towers >= 4) el.append(ui.svg('path', { d: 'M40 50V24l16 6-16 6', fill: '#c9a227', stroke: '#5c4a0a', 'stroke-width': 1.2 }));
  const counts = ui.h('div', { class: 'gk-pieces' },
    ui.card('wall', ui.h('span', {}, pieceIcon(ui, 'wall'), ` ${walls}`)),
    ui.card('tower', ui.h('span', {}, pieceIcon(ui, 'tower'), ` ${towers}`)));
  return ui.h('div', { class: 'gk-castle-box' }, el, counts);
}

// -- the seat's own hand ---------------------------------------------------------------------

function mine(ctx, offer, strip) {
  const { view, ui, t } = ctx;
  const s = ctx.seat;
  const el = ui.h('section', { class: 'gk-me' }, strip);
  if (offer.ofKind('choose').length) el.append(pairs(ctx, offer));
  else if (Array.isArray(view.choices[s]) && view.choices[s].length) {
    el.append(ui.h('div', { class: 'gk-choice' }, ui.h('span', { class: 'gk-label' }, t('your_choice')),
      view.choices[s].map((k) => ui.card(`field-${k}`, ui.h('span', { class: 'gk-cardwrap' }, actionCard(ui, k, { seat: s, size: 36 })))),
      ui.h('span', { class: 'gk-dim' }, t('secret_until_reveal'))));
  }
  el.append(hand(ctx, offer));
  const giving = [offer.take('give', 'silver'), offer.take('give', 'gold')].filter(Boolean);
  if (giving.length) {
    strip.append(...giving.map((a) => button(ctx, a, coinIcon(ui, a.args[0]), ' ', a.label)));
  }
  return el;
}

// The fifteen pairs of action cards (ten with the Black Knight card in the dungeon): one click
// chooses a pair, face down. Pointing at a pair lights its two fields on the board.
function pairs(ctx, offer) {
  const { ui, t } = ctx;
  const choices = offer.ofKind('choose');
  const firsts = [...new Set(choices.map((a) => a.args[0]))].sort();
  const grid = ui.h('div', { class: 'gk-pairs' });
  for (const a of firsts) {
    const row = ui.h('div', { class: 'gk-pair-row' });
    for (const action of choices.filter((c) => c.args[0] === a)) {
      const [x, y] = action.args;
      offer.take('choose', x, y);
      // a mouse or the keyboard on a pair lights its two fields (a tap just chooses)
      const light = (on) => (e) => {
        if (on && (e.pointerType === 'touch' || (e.type === 'focus' && !e.target.matches(':focus-visible')))) return;
        for (const k of [x, y]) document.querySelector(`.gk-field-${k}`)?.classList.toggle('gk-lit', on);
      };
      row.append(ui.h('button', { type: 'button', ...acts(ctx, action, 'gk-pair'), onpointerenter: light(true), onpointerleave: light(false), onfocus: light(true), onblur: light(false) },
        actionCard(ui, x, { seat: ctx.seat, size: 30 }), actionCard(ui, y, { seat: ctx.seat, size: 30 })));
    }
    grid.append(row);
  }
  return ui.h('div', { class: 'gk-choose' }, ui.h('div', { class: 'gk-label' }, t('choose_pair')), grid);
}

// Your Documents face up, one card per kind (copies counted); a card that may be played now
// is itself the button, and a Document that takes a target now shows its targets under it.
function hand(ctx, offer) {
  const { view, ui, t } = ctx;
  const s = ctx.seat;
  const held = Array.isArray(view.hands[s]) ? view.hands[s] : [];
  const committed = Array.isArray(view.committed[s]) ? view.committed[s] : [];
  const aims = Array.isArray(view.aims?.[s]) ? view.aims[s] : [];
  const kinds = [...new Set(held)];
  const cards = kinds.map((doc) => {
    const id = docId(doc);
    const copies = held.filter((d) => d === doc).length;
    const play = offer.take('commit', id) ?? offer.take(id);
    const targets = targetsOf(ctx, offer, id);
    return docCard(ctx, id, { copies, play, targets });
  });
  const down = committed.map((doc, i) => docCard(ctx, docId(doc), { faceDown: true, aim: aims[i] ?? null }));
  return ui.h('div', { class: 'gk-hand' }, ui.h('div', { class: 'gk-label' }, t('your_documents')),
    cards.length || down.length ? ui.h('div', { class: 'gk-doc-cards' }, cards, down) : ui.h('div', { class: 'gk-dim' }, t('no_documents')));
}

function targetsOf(ctx, offer, id) {
  const { ui } = ctx;
  const chips = [];
  if (id === 'gift') {
    for (const a of offer.ofKind('gift')) chips.push(chip(ctx, offer.take('gift', ...a.args), marker(ui, a.args[0], 12), ' ', name(ctx, a.args[0])));
  }
  for (const a of offer.ofKind('commit').filter((c) => c.args[0] === id && c.args.length > 1)) {
    offer.take('commit', ...a.args);
    if (id === 'blockade') chips.push(chip(ctx, a, fieldBadge(ui, a.args[1])));
    else if (id === 'royal-grant') chips.push(chip(ctx, a, pieceIcon(ui, a.args[1])));
    else chips.push(chip(ctx, a, pieceIcon(ui, a.args[1]), ' ', marker(ui, a.args[2], 12), ' ', name(ctx, a.args[2])));
  }
  return chips;
}

function chip(ctx, action, ...content) {
  return ctx.ui.h('button', { type: 'button', ...acts(ctx, action, 'gk-chip') }, content);
}

function fieldBadge(ui, k) {
  return ui.h('span', { class: 'gk-badge' }, String(k));
}

function pieceIcon(ui, piece) {
  return ui.svg('svg', { viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': 'true' },
    piece === 'wall' ? wallShape(ui, 1, 7, 22, 11) : towerShape(ui, 5, 2, 14, 20));
}

function docCard(ctx, id, { copies = 1, play = null, targets = [], faceDown = false, aim = null }) {
  const { ui, t } = ctx;
  const item = ctx.catalogue.get(id);
  const red = isRed(ctx, id);
  const body = ui.h('div', { ...acts(ctx, play, `gk-doc ${red ? 'gk-doc-red' : 'gk-doc-yellow'}${faceDown ? ' gk-doc-down' : ''}`) },
    ui.h('div', { class: 'gk-doc-top' }, sealIcon(ui, red, 18), ui.h('strong', {}, item?.name ?? id), copies > 1 ? ui.h('span', { class: 'gk-copies' }, `×${copies}`) : null),
    ui.h('div', { class: 'gk-doc-type' }, faceDown ? t('face_down') : item?.type ?? ''),
    play ? ui.h('div', { class: 'gk-doc-play' }, play.label) : null,
    aim ? ui.h('div', { class: 'gk-doc-aim' }, aimText(ctx, aim)) : null);
  ui.card(id, body);
  const wrap = ui.h('div', { class: 'gk-doc-wrap' }, body);
  if (targets.length) wrap.append(ui.h('div', { class: 'gk-targets' }, ui.h('span', { class: 'gk-label' }, t('target')), targets));
  return wrap;
}

// A committed Document's target, as its owner chose it (red_targets=on-committing).
function aimText(ctx, aim) {
  const { ui } = ctx;
  const args = aim.args ?? [];
  if (aim.kind === 'block') return [ctx.t('target'), ' ', fieldBadge(ui, args[0])];
  if (aim.kind === 'grant') return [ctx.t('target'), ' ', pieceIcon(ui, args[0])];
  if (aim.kind === 'demolish') return [ctx.t('target'), ' ', pieceIcon(ui, args[0]), ' ', name(ctx, args[1])];
  return '';
}

// -- animation: coins travel, new pieces rise (never in the way of a click) ------------------

function snapshot(view) {
  return {
    players: view.coins.length,
    purse: view.coins.map((c) => c.silver + c.gold),
    field: { 5: view.tax.silver + view.tax.gold, 6: view.customs.silver + view.customs.gold },
    walls: [...view.walls], towers: [...view.towers],
  };
}

function animate(wrap, ctx) {
  const now = snapshot(ctx.view);
  const before = previous && previous.players === now.players ? previous : null;
  previous = now;
  if (!before || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  // new castle pieces rise into place
  for (let s = 0; s < now.players; s++) {
    for (const [kind, list] of [['wall', now.walls], ['tower', now.towers]]) {
      for (let i = before[`${kind}s`][s]; i < Math.min(list[s], 4); i++) {
        wrap.querySelector(`.gk-panel[data-seat="${s}"] [data-piece="${kind}-${i}"]`)?.classList.add('gk-rise');
      }
    }
  }
  // coins: from the money field or the bag to a purse that gained, from a purse that paid to the bag
  const moves = [];
  const fieldsLost = [5, 6].filter((k) => now.field[k] < before.field[k]);
  for (let s = 0; s < now.players; s++) {
    const gain = now.purse[s] - before.purse[s];
    if (gain > 0) moves.push([fieldsLost.length ? `[data-money="${fieldsLost[0]}"]` : '[data-bag]', `[data-purse="${s}"]`, gain]);
    if (gain < 0) moves.push([`[data-purse="${s}"]`, '[data-bag]', -gain]);
  }
  requestAnimationFrame(() => {
    // the page's board: ``wrap`` may have been drawn apart, its changes written into the page's
    const shown = wrap.isConnected ? wrap : ctx.board?.querySelector(':scope > .gk');
    if (!shown) return;
    const origin = shown.getBoundingClientRect();
    for (const [from, to, n] of moves) {
      const a = shown.querySelector(from)?.getBoundingClientRect();
      const b = shown.querySelector(to)?.getBoundingClientRect();
      if (!a || !b || !a.width || !b.width) continue;
      for (let i = 0; i < Math.min(n, 4); i++) {
        const coin = document.createElement('span');
        coin.className = 'gk-flying';
        coin.setAttribute('aria-hidden', 'true');
        coin.style.left = `${a.left - origin.left + a.width / 2 - 7}px`;
        coin.style.top = `${a.top - origin.top + a.height / 2 - 7}px`;
        shown.append(coin);
        const dx = b.left - a.left + (b.width - a.width) / 2;
        const dy = b.top - a.top + (b.height - a.height) / 2;
        coin.animate([{ transform: 'translate(0,0)', opacity: 1 }, { transform: `translate(${dx}px,${dy}px)`, opacity: .3 }],
          { duration: 600, delay: i * 90, easing: 'ease-in-out', fill: 'both' }).finished.then(() => coin.remove(), () => coin.remove());
      }
    }
  });
}

// -- the look ----------------------------------------------------------------------------------

const STYLE = `
.gk { position: relative; display: grid; grid-template-columns: minmax(0, 470px) minmax(0, 1fr); gap: .7rem 1rem; align-items: start; }
@media (max-width: 760px) { .gk { grid-template-columns: minmax(0, 1fr); } }
.gk-left, .gk-right { min-width: 0; display: flex; flex-direction: column; gap: .5rem; }
.gk-head { font-size: .95rem; display: flex; flex-wrap: wrap; align-items: center; gap: .15rem .5rem; }
.gk-head > * + *::before { content: '·'; margin-right: .5rem; color: #6f6680; }
.gk-head > .gk-start { margin-left: auto; }
.gk-head > .gk-start::before { content: none; }
.gk-start { display: inline-flex; align-items: center; gap: .2rem; }
.gk-board-wrap { background: #e7dcc2; border: 1px solid #b9a77f; border-radius: 14px; padding: 4px; }
.gk-board { display: block; width: 100%; height: auto; max-height: 78vh; }
.gk-tile { fill: #fbf4e2; stroke: #8d7a55; stroke-width: 1.4; }
.gk-field-1 .gk-tile { fill: #f8f1dc; }
.gk-field-2 .gk-tile { fill: #f6e6da; }
.gk-field-3 .gk-tile { fill: #e8edf3; }
.gk-field-4 .gk-tile { fill: #e3e0ea; }
.gk-field-5 .gk-tile, .gk-field-6 .gk-tile { fill: #faefc9; }
.gk-number { fill: #5b4b8a; }
.gk-name { fill: #2a2238; }
.gk-dim { fill: #6f6680; color: #6f6680; font-size: .85rem; }
.gk-count { fill: #2a2238; }
.gk-blocking { pointer-events: none; }
.gk-blocked { fill: #b23a32; fill-opacity: .18; stroke: #8e1b12; stroke-width: 2.5; stroke-dasharray: 6 4; }
.gk-field.gk-lit .gk-tile { fill: #fff2bf; stroke: #c9a227; stroke-width: 3.5; }
.gk-act { cursor: pointer; }
g.gk-act:hover > .gk-tile, g.gk-act:focus > .gk-tile { stroke: #c9a227; stroke-width: 3.5; }
.gk-field.gk-act .gk-tile { stroke: #c9a227; stroke-width: 3; fill: #fff6d6; }
g.gk-act:not(.gk-field) { outline: none; }
g.gk-act:not(.gk-field):not(.gk-dungeon) > :not(.gk-hit) { filter: drop-shadow(0 0 2.5px #c9a227) drop-shadow(0 0 1.5px #c9a227); }
g.gk-act:hover > .gk-hit { fill: rgba(201, 162, 39, .18); }
.gk-dungeon.gk-act > rect:first-child { stroke: #c9a227; stroke-width: 3; }
.gk-reds { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
.gk-label { font-weight: 700; font-size: .9rem; color: #3b2f5c; }
.gk-chip { display: inline-flex; align-items: center; gap: .25rem; padding: .2rem .5rem; border-radius: 999px; border: 1px solid #8d7a55; background: #fffaf0; font-size: .85rem; color: #2a2238; min-height: 32px; }
.gk-chip.gk-act { border: 2px solid #c9a227; background: #fff2bf; font-weight: 600; }
.gk-red { border-color: #9a2a20; }
.gk-chips { display: flex; flex-wrap: wrap; gap: .3rem; margin-top: .3rem; }
.gk-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(205px, 1fr)); gap: .5rem; }
.gk-panel { background: #fffdf7; border: 1px solid #ddd3bd; border-radius: 10px; padding: .4rem .5rem; min-width: 0; }
.gk-panel.gk-mine { border: 2px solid #3b2f5c; }
.gk-panel.gk-moving { box-shadow: 0 0 0 3px #c9a227; }
.gk-panel.gk-won { background: #fff6d6; }
.gk-panel-head { display: flex; align-items: center; gap: .3rem; flex-wrap: wrap; min-width: 0; }
.gk-who { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 11rem; }
.gk-flag { display: inline-flex; }
.gk-status { font-size: .78rem; padding: .05rem .4rem; border-radius: 999px; margin-left: auto; }
.gk-chosen { background: #d8efe0; color: #1f5a36; }
.gk-waiting { background: #eee8da; color: #6f6680; font-style: italic; }
.gk-row { display: flex; gap: .5rem; align-items: flex-start; margin-top: .3rem; }
.gk-col { display: flex; flex-direction: column; gap: .25rem; min-width: 0; }
.gk-purse { display: flex; flex-direction: column; gap: .1rem; }
.gk-purse svg { max-width: 100%; }
.gk-ducats { font-size: .82rem; font-weight: 700; }
.gk-castle { flex: none; display: block; }
.gk-castle-box { display: flex; flex-direction: column; align-items: center; gap: .1rem; flex: none; }
.gk-pieces { display: flex; gap: .5rem; font-size: .85rem; font-weight: 700; }
.gk-pieces span { display: inline-flex; align-items: center; }
.gk-ground { fill: #d9e6c8; stroke: #7f956a; }
.gk-docs { display: flex; gap: .5rem; align-items: center; font-size: .85rem; }
.gk-backs { display: inline-flex; align-items: center; gap: .1rem; }
.gk-cards { display: flex; gap: .2rem; }
.gk-cardwrap { display: inline-flex; }
.gk-secret { outline: 2px dashed #5b4b8a; outline-offset: 1px; border-radius: 3px; }
.gk-note { font-size: .82rem; color: #7d3c98; margin-top: .2rem; }
.gk-me { background: #fffdf7; border: 2px solid #3b2f5c; border-radius: 12px; padding: .5rem .6rem; display: flex; flex-direction: column; gap: .5rem; }
.gk-strip { display: flex; flex-wrap: wrap; gap: .35rem; }
.gk-btn { border: 2px solid #c9a227; background: #fff2bf; color: #2a2238; font-weight: 600; min-height: 36px; }
.gk-btn:hover { background: #ffe58a !important; }
.gk-pairs { display: flex; flex-direction: column; gap: .25rem; }
.gk-pair-row { display: flex; gap: .25rem; flex-wrap: wrap; }
.gk-pair { padding: .15rem .25rem; gap: 1px; border: 1px solid #8d7a55; border-radius: 6px; background: #fffaf0; min-height: 36px; }
.gk-pair:hover, .gk-pair:focus { background: #fff2bf !important; border-color: #c9a227; }
.gk-choice { display: flex; align-items: center; gap: .3rem; flex-wrap: wrap; }
.gk-hand { display: flex; flex-direction: column; gap: .3rem; }
.gk-doc-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: .4rem; }
.gk-doc-wrap { display: flex; flex-direction: column; gap: .25rem; min-width: 0; }
.gk-doc { border-radius: 8px; padding: .3rem .45rem; border: 1.5px solid #8d7a55; background: #fffaf0; min-width: 0; }
.gk-doc-red { border-color: #9a2a20; background: linear-gradient(#fbe3df, #fffaf0 60%); }
.gk-doc-yellow { border-color: #8a6a0c; background: linear-gradient(#fbefc0, #fffaf0 60%); }
.gk-doc-down { border-style: dashed; opacity: .85; }
.gk-doc.gk-act { box-shadow: 0 0 0 3px #c9a227; }
.gk-doc.gk-act:hover { background: #fff2bf; }
.gk-doc-top { display: flex; align-items: center; gap: .3rem; }
.gk-copies { margin-left: auto; font-weight: 700; }
.gk-doc-type { font-size: .75rem; color: #6f6680; }
.gk-doc-play { font-size: .8rem; font-weight: 600; color: #3b2f5c; margin-top: .15rem; }
.gk-doc-aim { font-size: .8rem; display: flex; align-items: center; gap: .2rem; }
.gk-targets { display: flex; flex-wrap: wrap; gap: .25rem; align-items: center; }
.gk-badge { display: inline-flex; align-items: center; justify-content: center; width: 1.4em; height: 1.4em; border-radius: 50%; background: #5b4b8a; color: #fff; font-weight: 800; font-size: .85rem; }
.gk-raid { font-size: .82rem; }
.gk-flying { position: absolute; width: 14px; height: 14px; border-radius: 50%; background: radial-gradient(#fff6c9, #e9b82a 60%, #8a6a0c); pointer-events: none; z-index: 5; }
.gk-rise { animation: gk-rise .7s ease-out; transform-box: fill-box; transform-origin: center; }
@keyframes gk-rise { from { transform: scale(.2); opacity: 0; } to { transform: scale(1); opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .gk-rise { animation: none; } }
`;
