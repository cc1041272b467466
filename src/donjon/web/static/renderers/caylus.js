// Caylus at the table (renderer contract v2). From the top: the turn and its phases, every
// player's holdings, the answers a decision asks for, the six special buildings and the bridge,
// the road snaking from R1 to R28 (each building with what it takes and gives drawn as icons,
// its owner's house, the worker on it, the bailiff and the provost), the castle with its three
// sections beside the royal favour table, and the buildings still to build. The road has 7
// spaces a row on a wide board, 4 on a phone; names shrink rather than being cut.
//
// Every legal action is offered where it happens (a road space, a special building, the castle,
// the bridge to pass, the space the provost would move to, a favour cell, a building to build);
// the answers of a building's work and the like are buttons drawn with icons above the board. A
// worker arriving on a space drops into place (a CSS animation: input is never delayed).
//
// Names, texts and the icons' amounts come from the game's catalogue (ctx.catalogue, with its
// `art`), the wording of moves from their labels, UI words from ctx.t: this file holds no game
// data and no French of its own. Players are told apart by colour and by a mark (circle, square,
// triangle, diamond, cross), cubes by colour and by shape.

const PLAYER_COLOURS = ['#d55e00', '#0072b2', '#009e73', '#e69f00', '#cc79a7'];
const MARKS = ['circle', 'square', 'triangle', 'diamond', 'cross'];
const KIND_FILL = {
  neutral: '#f3cdd8', fixed: '#e9dcc0', wood: '#d9a46c', stone: '#b9bec4',
  prestige: '#8fb0e3', residence: '#97cf8f', site: '#f4ecda', special: '#e7d7f2',
};
// the special building where a decision of the view's `pending` is taken
const WORKING_AT = { gate: 'gate', guild: 'guild', joust: 'joust', inn: 'inn' };
const SPECIAL_VIEW = { gate: 'gate', 'trading-post': 'trading_post', guild: 'guild', joust: 'joust' };

let shownWorkers = null; // where workers stood at the last drawing: arrivals are animated
const ICONS_DRAWN = new Map(); // `name|size|words` → the icon's drawing, copied for each use
let lastDrawn = null; // {root, ctx, columns}: redrawn when the width asks for another layout
let watcher = null;

// -- icons: one 24×24 drawing per thing ------------------------------------------------------

function drawIcon(s, name) {
  switch (name) {
    case 'food': return [
      s('circle', { cx: 12, cy: 13.5, r: 7.5, fill: '#e0609e', stroke: '#7d2552', 'stroke-width': 1.3 }),
      s('path', { d: 'M12 6c1-3 4-4 6-3-1 3-3 4-6 3z', fill: '#3f8f3a', stroke: '#1f5a1c', 'stroke-width': 0.8 })];
    case 'wood': return [
      s('rect', { x: 2.5, y: 7, width: 19, height: 10, rx: 5, fill: '#9a6232', stroke: '#4f2e10', 'stroke-width': 1.3 }),
      s('ellipse', { cx: 17, cy: 12, rx: 3, ry: 4.4, fill: '#e0aa70', stroke: '#4f2e10', 'stroke-width': 1 }),
      s('path', { d: 'M5 10.5h8M6 13.5h7', stroke: '#5e3614', 'stroke-width': 1 })];
    case 'stone': return [
      s('path', { d: 'M4.5 17 3 10.5 8 4.5l8-.5 5 6-2 8-9 2z', fill: '#a2a8ae', stroke: '#3f454b', 'stroke-width': 1.3 }),
      s('path', { d: 'M8 4.5l2 6-7 0M10 10.5l9 7', stroke: '#5d646b', 'stroke-width': 0.9, fill: 'none' })];
    case 'cloth': return [
      s('path', { d: 'M3.5 4.5h17v11l-5 4.5h-12z', fill: '#8e5cc4', stroke: '#3f2170', 'stroke-width': 1.3 }),
      s('path', { d: 'M20.5 15.5h-5v4.5z', fill: '#c7aaee', stroke: '#3f2170', 'stroke-width': 1 }),
      s('path', { d: 'M6 8h11M6 11h11', stroke: '#c7aaee', 'stroke-width': 1.1 })];
    case 'gold': return [
      s('path', { d: 'M2.5 17.5 7 7.5h10l4.5 10z', fill: '#f2c230', stroke: '#7a5a00', 'stroke-width': 1.3 }),
      s('path', { d: 'M8.5 9.5h4', stroke: '#fff7c8', 'stroke-width': 1.6, 'stroke-linecap': 'round' })];
    case 'cube': return [ // a cube of any type but gold: the four colours
      s('path', { d: 'M4 4h8v8H4z', fill: '#e0609e' }), s('path', { d: 'M12 4h8v8h-8z', fill: '#9a6232' }),
      s('path', { d: 'M4 12h8v8H4z', fill: '#a2a8ae' }), s('path', { d: 'M12 12h8v8h-8z', fill: '#8e5cc4' }),
      s('rect', { x: 4, y: 4, width: 16, height: 16, rx: 1.5, fill: 'none', stroke: '#333', 'stroke-width': 1.3 })];
    case 'any': return [ // a cube of any type, gold too: the white cube
      s('rect', { x: 4, y: 4, width: 16, height: 16, rx: 2, fill: '#fff', stroke: '#444', 'stroke-width': 1.5 }),
      s('path', { d: 'M14 4h6v6z', fill: '#f2c230', stroke: '#444', 'stroke-width': 1 })];
    case 'denier': return [
      s('circle', { cx: 12, cy: 12, r: 8.5, fill: '#d9b54c', stroke: '#6e520c', 'stroke-width': 1.4 }),
      s('circle', { cx: 12, cy: 12, r: 5.5, fill: 'none', stroke: '#8a6a16', 'stroke-width': 1.1 }),
      s('path', { d: 'M12 8.5v7M8.5 12h7', stroke: '#8a6a16', 'stroke-width': 1.1 })];
    case 'pp': return [
      s('path', { d: 'M12 2.5l7.5 3v6c0 4.8-3.5 8.3-7.5 10-4-1.7-7.5-5.2-7.5-10v-6z', fill: '#4d3d8f', stroke: '#241a50', 'stroke-width': 1.2 }),
      s('path', { d: 'M12 7l1.5 3.2 3.4.3-2.6 2.2.8 3.3L12 14.3 8.9 16l.8-3.3-2.6-2.2 3.4-.3z', fill: '#f6e7b0' })];
    case 'favour': return [
      s('path', { d: 'M3 18h18l1-10.5-5.5 4L12 3.5 7.5 11.5 2 7.5z', fill: '#e8b923', stroke: '#6d5100', 'stroke-width': 1.3 }),
      s('circle', { cx: 12, cy: 14.5, r: 1.6, fill: '#b23a32' })];
    case 'residence': return [
      s('path', { d: 'M3 12 12 4l9 8v8.5H3z', fill: '#6db36a', stroke: '#245f22', 'stroke-width': 1.3 }),
      s('path', { d: 'M10 20.5v-5h4v5', fill: '#f7f2e7', stroke: '#245f22', 'stroke-width': 1 })];
    case 'provost': return [ // a tall hat: the provost
      s('path', { d: 'M8 21h8l-1.5-7h-5zM9.5 14l2.5-11 2.5 11z', fill: '#9b2226', stroke: '#3d0a0c', 'stroke-width': 1.2 }),
      s('circle', { cx: 12, cy: 12, r: 2.4, fill: '#f1d2b3', stroke: '#3d0a0c', 'stroke-width': 1 })];
    case 'bailiff': return [ // a broad hat: the bailiff
      s('path', { d: 'M7 21h10l-2-8H9z', fill: '#1d3557', stroke: '#0a1424', 'stroke-width': 1.2 }),
      s('circle', { cx: 12, cy: 9.5, r: 3, fill: '#f1d2b3', stroke: '#0a1424', 'stroke-width': 1 }),
      s('path', { d: 'M5 6.5h14l-3-3H8z', fill: '#1d3557', stroke: '#0a1424', 'stroke-width': 1.1 })];
    case 'tower': return [
      s('path', { d: 'M6 21V8H4V3h3v2h2V3h6v2h2V3h3v5h-2v13z', fill: '#8d8271', stroke: '#3b3327', 'stroke-width': 1.2 }),
      s('path', { d: 'M10 21v-5a2 2 0 0 1 4 0v5', fill: '#3b3327' })];
    case 'arrow': return [
      s('path', { d: 'M3 12h15M13 6.5l6 5.5-6 5.5', fill: 'none', stroke: '#3b2f5c', 'stroke-width': 2.4, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' })];
    case 'lock': return [
      s('rect', { x: 5.5, y: 11, width: 13, height: 9.5, rx: 1.5, fill: '#8a8197' }),
      s('path', { d: 'M8.5 11V8a3.5 3.5 0 0 1 7 0v3', fill: 'none', stroke: '#8a8197', 'stroke-width': 2 })];
    case 'gate': return [
      s('path', { d: 'M3 21V7l9-4 9 4v14h-5v-7a4 4 0 0 0-8 0v7z', fill: '#a08f6d', stroke: '#3b3327', 'stroke-width': 1.2 })];
    case 'stables': return [
      s('path', { d: 'M2.5 11 12 4l9.5 7v9.5h-19z', fill: '#b9824a', stroke: '#4f2e10', 'stroke-width': 1.2 }),
      s('path', { d: 'M7 20.5v-7h10v7M7 13.5l10 7M17 13.5l-10 7', fill: 'none', stroke: '#4f2e10', 'stroke-width': 1 })];
    case 'inn': return [
      s('path', { d: 'M4 21V9l8-5 8 5v12z', fill: '#c98b5a', stroke: '#4f2e10', 'stroke-width': 1.2 }),
      s('path', { d: 'M9 13h6v4H9z', fill: '#ffe08a', stroke: '#4f2e10', 'stroke-width': 1 })];
    case 'hammer': return [
      s('path', { d: 'M4 20l9-9', stroke: '#6b4a2b', 'stroke-width': 2.6, 'stroke-linecap': 'round' }),
      s('path', { d: 'M10.5 5.5l4-2.5 6.5 6.5-2.5 4z', fill: '#7b8087', stroke: '#2f3338', 'stroke-width': 1.1 })];
    case 'castle': return [
      s('path', { d: 'M2 21V10h3V7h2v3h2V5h2V2h2v3h2v5h2V7h2v3h3v11h-8v-5a2 2 0 0 0-4 0v5z', fill: '#b8ab93', stroke: '#3b3327', 'stroke-width': 1.1 })];
    default: return [s('circle', { cx: 12, cy: 12, r: 6, fill: '#999' })];
  }
}

function buildingIcon(s, kind) { // a tile of that kind under a hammer: "build a wood building"
  return [
    s('rect', { x: 2.5, y: 6.5, width: 14, height: 14, rx: 2, fill: KIND_FILL[kind] ?? '#ccc', stroke: '#3b3327', 'stroke-width': 1.2 }),
    s('g', { transform: 'translate(7 -1) scale(.72)' }, drawIcon(s, 'hammer')),
  ];
}

// The mark that tells players apart without colour, centred on (x, y).
function mark(s, seat, x, y, r, fill = '#fff') {
  const shape = MARKS[seat % MARKS.length];
  const p = (pts) => pts.map(([a, b]) => `${x + a * r},${y + b * r}`).join(' ');
  if (shape === 'circle') return s('circle', { cx: x, cy: y, r: r * 0.8, fill });
  if (shape === 'square') return s('rect', { x: x - r * 0.75, y: y - r * 0.75, width: r * 1.5, height: r * 1.5, fill });
  if (shape === 'triangle') return s('polygon', { points: p([[0, -1], [0.95, 0.75], [-0.95, 0.75]]), fill });
  if (shape === 'diamond') return s('polygon', { points: p([[0, -1], [0.9, 0], [0, 1], [-0.9, 0]]), fill });
  return s('polygon', { points: p([[-0.3, -1], [0.3, -1], [0.3, -0.3], [1, -0.3], [1, 0.3], [0.3, 0.3], [0.3, 1], [-0.3, 1], [-0.3, 0.3], [-1, 0.3], [-1, -0.3], [-0.3, -0.3]]), fill });
}

function meepleShapes(s, seat) {
  return [
    s('path', {
      d: 'M12 1.8a3.3 3.3 0 1 1 0 6.6 3.3 3.3 0 1 1 0-6.6zM3 12.6l5.6-3.4h6.8l5.6 3.4-1.7 2.8-3.6-1.6v3.6l2.8 5.8h-4.6L12 19.4l-1.9 3.8H5.5l2.8-5.8v-3.6l-3.6 1.6z',
      fill: PLAYER_COLOURS[seat % PLAYER_COLOURS.length], stroke: '#1b1726', 'stroke-width': 1.1, 'stroke-linejoin': 'round',
    }),
    mark(s, seat, 12, 13.6, 2.4),
  ];
}

function houseShapes(s, seat) {
  return [
    s('path', { d: 'M3.5 12 12 4.5l8.5 7.5v9h-17z', fill: PLAYER_COLOURS[seat % PLAYER_COLOURS.length], stroke: '#1b1726', 'stroke-width': 1.2, 'stroke-linejoin': 'round' }),
    mark(s, seat, 12, 15, 3),
  ];
}

let measure = null;

// How wide `text` is in the page's bold font at `size` px.
function textWidth(text, size) {
  if (!measure) measure = document.createElement('canvas').getContext('2d');
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  measure.font = `bold ${size}px ${family}`;
  return measure.measureText(text).width;
}

// -- the renderer ------------------------------------------------------------------------------

export function render(root, ctx) {
  const { h } = ctx.ui;
  const live = ctx.board ?? root;  // the page's board: ``root`` may be drawn apart from it
  const width = live.clientWidth || document.documentElement.clientWidth || 900;
  const columns = width >= 640 ? 7 : 4;
  lastDrawn = { root: live, ctx, columns };
  watchWidth(live);

  const board = new Board(ctx, columns, width);
  const phases = board.phases();
  const holdings = board.holdings();
  const specials = board.specials();
  const road = board.road();
  const lower = h('div', { class: 'cay-lower' },
    h('div', { class: 'cay-col' }, board.castle()),
    h('div', { class: 'cay-col' }, board.favours()));
  const supply = board.supply();
  const choices = board.choices(); // the answers no part of the board offers
  root.append(
    h('style', {}, STYLE),
    h('div', { class: 'cay', lang: ctx.lang }, phases, holdings, choices, specials, road, lower, supply),
  );
  shownWorkers = board.workersNow;
}

function watchWidth(root) {
  if (watcher || typeof ResizeObserver === 'undefined') return;
  watcher = new ResizeObserver(() => {
    if (!lastDrawn || !lastDrawn.root.isConnected) return;
    const w = lastDrawn.root.clientWidth;
    const wanted = w >= 640 ? 7 : 4;
    if (w && wanted !== lastDrawn.columns) {
      lastDrawn.root.replaceChildren();
      render(lastDrawn.root, lastDrawn.ctx);
    }
  });
  watcher.observe(root);
}

class Board {
  constructor(ctx, columns, width) {
    this.ctx = ctx;
    this.ui = ctx.ui;
    this.view = ctx.view;
    this.columns = columns;
    // a road tile's inner width, for fitting names and icons
    this.tileWidth = Math.max(56, ((width - 8 - 6 * (columns - 1)) / columns - 13) * 0.94);
    this.iconSize = columns === 7 ? 18 : 15;
    this.items = ctx.catalogue;
    this.placed = new Set(); // identities of the actions the board already offers
    this.workersNow = new Map();
    this.index(ctx.actions);
  }

  // -- the legal actions, by where they are offered --------------------------------------------

  index(actions) {
    const provost = this.view.provost;
    this.onSpace = new Map(); // road space -> action (place, gate, convert, provost moves)
    this.onPlace = new Map(); // special building or castle id -> action
    this.onBridge = null;
    this.onTile = new Map(); // supply tile -> [actions]
    this.onFavour = new Map(); // "track:column" -> [actions]
    for (const a of actions) {
      const [first, second] = a.args;
      if (['place', 'gate', 'convert'].includes(a.kind)) {
        if (typeof first === 'number') this.onSpace.set(first, a);
        else this.onPlace.set(first, a);
      } else if (a.kind === 'guild' || a.kind === 'bribe') {
        this.onSpace.set(provost + first, a);
      } else if (a.kind === 'no-bribe') {
        this.onSpace.set(provost, a);
      } else if (a.kind === 'stay') {
        this.onPlace.set('gate', a);
      } else if (a.kind === 'pass') {
        this.onBridge = a;
      } else if (a.kind === 'build' || a.kind === 'architect') {
        if (!this.onTile.has(first)) this.onTile.set(first, []);
        this.onTile.get(first).push(a);
      } else if (a.kind === 'favour') {
        const key = `${first}:${second}`;
        if (!this.onFavour.has(key)) this.onFavour.set(key, []);
        this.onFavour.get(key).push(a);
      }
    }
  }

  // The attributes that make an element send `action` (and mark it offered).
  offer(action) {
    if (!action) return {};
    this.placed.add(this.ui.actionKey(action));
    return { ...this.ui.actionAttrs(action), title: action.label ?? action.text };
  }

  name(id) { return this.items.get(id)?.name ?? ''; }

  // The catalogue's items of a kind, in its order (the special buildings in the order they
  // work, the favour tracks top to bottom, the cubes).
  ids(kind) { return [...this.items.values()].filter((item) => item.kind === kind).map((item) => item.id); }

  // A tile's name, never cut: its longest word fits the tile's width (measured in the page's
  // font), else the font shrinks.
  nameOf(id, width = this.tileWidth) {
    const name = this.name(id);
    const longest = Math.max(...name.split(/\s+/).map((word) => textWidth(word, 12.5)), 1);
    const size = Math.max(8.5, Math.min(12.5, Math.floor(12.5 * (width / longest) * 2) / 2));
    return this.ui.h('span', { class: 'cay-name', style: `font-size: ${size}px` }, name);
  }

  player(seat) { return this.ctx.players?.[seat] ?? String(seat + 1); }

  // -- small drawings -------------------------------------------------------------------------

  // A drawing is made once per name, size and words, then copied: a board holds hundreds of
  // icons, and a copy costs a fraction of building one again at each drawing.
  icon(name, size = 18, label = null) {
    const words = label ?? (this.items.get(name)?.name ?? null);
    const key = `${name}|${size}|${words ?? ''}`;
    let drawn = ICONS_DRAWN.get(key);
    if (!drawn) {
      const s = this.ui.svg;
      const shapes = name.startsWith('build-') ? buildingIcon(s, name.slice(6)) : drawIcon(s, name);
      drawn = s('svg', {
        viewBox: '0 0 24 24', width: size, height: size, class: `cay-icon cay-icon-${name}`,
        role: words ? 'img' : null, 'aria-label': words, 'aria-hidden': words ? null : 'true', focusable: 'false',
      }, shapes);
      ICONS_DRAWN.set(key, drawn);
    }
    return drawn.cloneNode(true);
  }

  meeple(seat, size = 22, where = null) {
    const s = this.ui.svg;
    const arrived = where !== null && shownWorkers !== null && shownWorkers.get(where) !== seat;
    if (where !== null) this.workersNow.set(where, seat);
    return s('svg', {
      viewBox: '0 0 24 24', width: size, height: size, class: `cay-meeple${arrived ? ' cay-arrive' : ''}`,
      role: 'img', 'aria-label': this.player(seat), dataset: { seat },
    }, meepleShapes(s, seat));
  }

  house(seat, size = 16) {
    const s = this.ui.svg;
    return s('svg', { viewBox: '0 0 24 24', width: size, height: size, class: 'cay-house', role: 'img', 'aria-label': this.player(seat) },
      houseShapes(s, seat));
  }

  // "2 food", drawn: the number, then the icon.
  amount(thing, n, size = 16) {
    const { h } = this.ui;
    return h('span', { class: 'cay-amt' }, n === 1 && !['denier', 'pp', 'provost'].includes(thing) ? null : h('b', {}, n),
      this.icon(thing, size));
  }

  amounts(things, size = 16) {
    return Object.entries(things ?? {}).map(([thing, n]) => this.amount(thing, n, size));
  }

  // What a worker does there, from the catalogue's art: "pay → get / pay → get".
  does(id, size = 15) {
    const { h } = this.ui;
    const art = this.items.get(id)?.art;
    if (!art || !art.does || !art.does.length) return null;
    const parts = [];
    art.does.forEach((alt, i) => {
      if (i) parts.push(h('span', { class: 'cay-or' }, '/'));
      const pay = this.amounts(alt.pay, size);
      const get = this.amounts(alt.get, size);
      const less = alt.less ? [h('span', { class: 'cay-less' }, '−', this.amounts(alt.less, size - 2))] : [];
      parts.push(h('span', { class: 'cay-alt' }, pay, pay.length ? this.icon('arrow', size - 3, '') : null, get, less));
    });
    return h('span', { class: 'cay-does' }, parts);
  }

  cost(id, size = 14) {
    const art = this.items.get(id)?.art;
    return this.ui.h('span', { class: 'cay-cost' }, this.ui.h('span', { class: 'cay-cost-word' }, this.ctx.t('cost')),
      this.amounts(art?.cost, size));
  }

  // What else a building gives its owner: royal favours when built, income each turn.
  extras(id, size = 14) {
    const { h } = this.ui;
    const art = this.items.get(id)?.art ?? {};
    const out = [];
    if (art.favours) out.push(this.amount('favour', art.favours, size));
    if (art.income) out.push(h('span', { class: 'cay-amt cay-income' }, h('b', {}, `+${art.income}`), this.icon('denier', size)));
    return out.length ? h('span', { class: 'cay-extras' }, out) : null;
  }

  // -- the turn and its phases ------------------------------------------------------------------

  phases() {
    const { h } = this.ui;
    const now = `phase-${String(this.view.phase).replace(/ /g, '-')}`;
    const ids = [...this.items.values()].filter((item) => item.kind === 'phase').map((item) => item.id);
    return h('nav', { class: 'cay-phases' },
      this.ui.card('turn', h('span', { class: 'cay-turn' }, `${this.name('turn')} ${this.view.turn}`)),
      ids.map((id) => this.ui.card(id, h('span', { class: `cay-phase${id === now ? ' cay-now' : ''}`,
        'aria-current': id === now ? 'step' : null }, this.name(id)))));
  }

  // -- what to answer now: the choices a building's work (and the like) asks for ---------------

  choices() {
    const { h } = this.ui;
    const pending = this.view.pending;
    const mine = this.ctx.actions.length > 0;
    const left = this.ctx.actions.filter((a) => !this.placed.has(this.ui.actionKey(a)));
    if (!mine || !left.length) return null;
    const building = pending?.building
      ?? this.view.road.find((space) => space.space === this.view.activating)?.building;
    return h('section', { class: 'cay-choices', 'aria-label': this.ctx.t('actions') },
      building ? this.ui.card(building, h('span', { class: 'cay-chip-tile', style: { background: KIND_FILL[this.kindOf(building)] } },
        this.name(building))) : null,
      left.map((a) => this.choice(a)));
  }

  kindOf(id) {
    return this.items.get(id)?.art?.kind ?? 'special';
  }

  // One answer as a button: its cubes drawn where it is about cubes, always its label.
  choice(a) {
    const { h } = this.ui;
    const pictures = [];
    if (['produce', 'take-two', 'deliver', 'alchemist'].includes(a.kind)) {
      const counts = {};
      for (const cube of a.args) counts[cube] = (counts[cube] ?? 0) + 1;
      pictures.push(...this.amounts(counts, 20));
    } else if (['sell', 'buy', 'bonus', 'give'].includes(a.kind)) {
      pictures.push(this.icon(a.args[0], 20));
    } else if (a.kind === 'joust') {
      pictures.push(this.icon('favour', 20));
    } else if (a.kind === 'exchange') { // the building's alternative that takes that much
      const alt = (this.items.get(a.args[0])?.art?.does ?? [])
        .find((d) => Object.values(d.pay ?? {}).reduce((x, y) => x + y, 0) === a.args[1]);
      if (alt) pictures.push(...this.amounts(alt.pay, 20), this.icon('arrow', 16, ''), ...this.amounts(alt.get, 20));
    }
    return h('button', { type: 'button', class: `cay-choice cay-kind-${a.kind}`, ...this.offer(a) },
      pictures.length ? h('span', { class: 'cay-pictures' }, pictures) : null,
      h('span', { class: 'cay-label' }, a.label ?? a.text));
  }

  // -- the special buildings and the bridge ---------------------------------------------------

  specials() {
    const { h } = this.ui;
    const sp = this.view.special;
    const pending = this.view.pending;
    const tiles = this.ids('special').map((id) => {
      const action = this.onPlace.get(id);
      const working = pending && WORKING_AT[pending.decision] === id;
      let holders;
      if (id === 'stables') {
        holders = [0, 1, 2].map((i) => (sp.stables[i] !== undefined
          ? this.meeple(sp.stables[i], 22, `stables:${i}`) : h('span', { class: 'cay-spot' })));
        if (this.view.players === 2) holders = [];
      } else if (id === 'inn') {
        holders = sp.inn.map((seat, i) => (seat !== null && seat !== undefined
          ? this.meeple(seat, 22, `inn:${i}`) : h('span', { class: 'cay-spot' })));
      } else {
        // the Merchants' Guild and the Joust Field free their space as they start working
        const seat = sp[SPECIAL_VIEW[id]] ?? (working ? pending.seat : null);
        holders = [seat !== null && seat !== undefined ? this.meeple(seat, 22, `special:${id}`) : h('span', { class: 'cay-spot' })];
      }
      const picture = ['gate', 'stables', 'inn'].includes(id) ? this.icon(id, this.iconSize + 4, '') : this.does(id, this.iconSize);
      return this.ui.card(id, h('div', {
        class: `cay-tile cay-special${action ? ' cay-target' : ''}${working ? ' cay-working' : ''}${this.view.players === 2 && id === 'stables' ? ' cay-unused' : ''}`,
        ...this.offer(action),
      },
      this.nameOf(id),
      h('span', { class: 'cay-art' }, picture),
      h('span', { class: 'cay-holders' }, holders)));
    });
    return h('section', { class: 'cay-specials', style: `--cols: ${this.columns}` }, tiles, this.bridge());
  }

  bridge() {
    const { h } = this.ui;
    const passed = this.view.passed;
    const spots = [];
    for (let i = 0; i < this.view.players; i++) {
      const seat = passed[i];
      spots.push(seat !== undefined ? this.meeple(seat, 20, `bridge:${i}`)
        : h('span', { class: 'cay-step' }, i + 1));
    }
    const pass = this.onBridge;
    return this.ui.card('bridge', h('div', { class: `cay-tile cay-bridge${pass ? ' cay-target' : ''}`, ...this.offer(pass) },
      h('span', { class: 'cay-top' }, this.nameOf('bridge'),
        h('span', { class: 'cay-price' }, this.amount('denier', this.view.place_cost, this.iconSize))),
      h('span', { class: 'cay-holders' }, spots)));
  }

  // -- the road -------------------------------------------------------------------------------

  road() {
    const { h, svg } = this.ui;
    const cols = this.columns;
    const rows = Math.ceil(this.view.road.length / cols);
    const cells = this.view.road.map((space, i) => {
      const row = Math.floor(i / cols);
      const col = row % 2 === 0 ? i % cols : cols - 1 - (i % cols);
      return this.space(space, row, col);
    });
    const points = this.view.road.map((_, i) => {
      const row = Math.floor(i / cols);
      const col = row % 2 === 0 ? i % cols : cols - 1 - (i % cols);
      return `${col + 0.5},${row + 0.5}`;
    }).join(' ');
    const path = svg('svg', { class: 'cay-path', viewBox: `0 0 ${cols} ${rows}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' },
      svg('polyline', { points, fill: 'none', stroke: '#d8c59a', 'stroke-width': 22, 'vector-effect': 'non-scaling-stroke', 'stroke-linejoin': 'round' }));
    return this.ui.card('road', h('section', { class: 'cay-road', style: `--cols: ${cols}; --rows: ${rows}` }, path, cells));
  }

  space(space, row, col) {
    const { h } = this.ui;
    const n = space.space;
    const action = this.onSpace.get(n);
    const id = space.building ?? 'site';
    const working = this.view.activating === n;
    const marks = [];
    if (n === this.view.bailiff) marks.push(this.ui.card('bailiff', h('span', { class: 'cay-piece' }, this.icon('bailiff', 22))));
    if (n === this.view.provost) marks.push(this.ui.card('provost', h('span', { class: 'cay-piece' }, this.icon('provost', 22))));
    const trigger = this.ids('castle-section').find((id) => this.items.get(id)?.art?.trigger === n);
    const waitingResidence = (this.view.lawyer_pending ?? []).includes(n);
    const cls = ['cay-tile', 'cay-space', `cay-${space.kind}`];
    if (action) cls.push('cay-target');
    if (working) cls.push('cay-working');
    if (n > this.view.provost) cls.push('cay-beyond');
    return this.ui.card(id, h('div', {
      class: cls.join(' '), style: { gridRow: row + 1, gridColumn: col + 1, backgroundColor: KIND_FILL[space.kind] },
      dataset: { space: n }, ...this.offer(action),
    },
    h('span', { class: 'cay-top' }, h('span', { class: 'cay-number' }, `R${n}`),
      trigger ? this.ui.card(trigger, h('span', { class: 'cay-trigger' }, this.icon('tower', 15))) : null,
      h('span', { class: 'cay-pieces' }, marks)),
    space.building ? this.nameOf(space.building) : null,
    space.building ? h('span', { class: 'cay-art' }, this.does(space.building, this.iconSize), this.extras(space.building)) : null,
    h('span', { class: 'cay-bottom' },
      space.owner !== null && space.owner !== undefined ? this.house(space.owner, 17) : null,
      waitingResidence ? this.icon('residence', 15) : null,
      this.provostMove(action),
      space.worker !== null && space.worker !== undefined ? this.meeple(space.worker, 24, `road:${n}`) : null)));
  }

  // Where the provost would go: its shadow, and what the move costs.
  provostMove(action) {
    if (!action || !['guild', 'bribe', 'no-bribe'].includes(action.kind)) return null;
    const { h } = this.ui;
    const shift = action.kind === 'no-bribe' ? 0 : action.args[0];
    return h('span', { class: 'cay-ghost' }, shift ? this.icon('provost', 20, '') : null,
      action.kind === 'bribe' ? this.amount('denier', Math.abs(shift), 15) : null,
      shift ? null : this.ui.icon('check', { size: 16 }));
  }

  // -- the castle -----------------------------------------------------------------------------

  castle() {
    const { h, svg: s } = this.ui;
    const castle = this.view.castle;
    const action = this.onPlace.get('castle');
    const W = 320;
    const parts = [];
    // three bands, the dungeon on top: each a row of slots, a house per batch delivered
    // a flag on the dungeon: the castle's top
    parts.push(s('path', { d: 'M160 2v16M160 3l13 4-13 4', stroke: '#3b3327', 'stroke-width': 1.5, fill: '#b23a32' }));
    castle.sections.forEach((section, k) => {
      const y = 20 + 64 * k;
      const cols = section.size;
      const slot = Math.min(21, (W - 20) / cols);
      const left = (W - slot * cols) / 2;
      const width = slot * cols + 12;
      const current = castle.section === section.name;
      const owners = [];
      section.houses.forEach((n, seat) => { for (let i = 0; i < n; i++) owners.push(seat); });
      const stone = section.scored ? '#d3cbbb' : (current ? '#efe3c2' : '#e2d8c2');
      const band = [];
      for (let x = left - 6; x + 7 <= left - 6 + width; x += 12) { // the battlements
        band.push(s('rect', { x, y: y - 7, width: 7, height: 8, fill: stone, stroke: '#8d8271', 'stroke-width': 1 }));
      }
      band.push(s('rect', {
        x: left - 6, y, width, height: 52, rx: 3, fill: stone,
        stroke: current ? '#c9a227' : '#8d8271', 'stroke-width': current ? 3 : 1.5,
      }),
      s('text', { x: left, y: y + 15, class: 'cay-castle-name' }, `${this.name(section.name)} · ${section.points} PP`));
      for (let i = 0; i < cols; i++) {
        const x = left + i * slot;
        band.push(s('rect', { x: x + 1, y: y + 23, width: slot - 2, height: slot - 2, rx: 2, fill: '#fbf7ee', stroke: '#b3a78f' }));
        if (i < owners.length) {
          band.push(s('g', { transform: `translate(${x + 1} ${y + 23}) scale(${(slot - 2) / 24})` }, houseShapes(s, owners[i])));
        }
      }
      if (section.scored) band.push(s('path', { d: `M${left + width - 26} ${y + 9}l4 4 8-8`, stroke: '#2f7a4b', 'stroke-width': 3, fill: 'none' }));
      parts.push(this.ui.card(section.name, s('g', { class: 'cay-section' }, band)));
    });
    const drawing = s('svg', { viewBox: `0 0 ${W} 204`, class: 'cay-castle-art', role: 'img', 'aria-label': this.name('castle') }, parts);
    const arrivals = [];
    for (let i = 0; i < this.view.players; i++) {
      const seat = castle.workers[i];
      arrivals.push(seat !== undefined ? this.meeple(seat, 22, `castle:${i}`) : h('span', { class: 'cay-step' }, i + 1));
    }
    return this.ui.card('castle', h('section', { class: `cay-panel cay-castle${action ? ' cay-target' : ''}`, ...this.offer(action) },
      h('h3', {}, this.icon('castle', 20, ''), ' ', this.name('castle')),
      drawing,
      h('div', { class: 'cay-holders cay-arrivals' }, arrivals)));
  }

  // -- the royal favour table ------------------------------------------------------------------

  favours() {
    const { h } = this.ui;
    const open = this.view.favour_columns;
    const rows = this.ids('favour-track').map((track) => {
      const cells = [1, 2, 3, 4, 5].map((column) => {
        const id = `favour-${track}-${column}`;
        const actions = this.onFavour.get(`${track}:${column}`) ?? [];
        const markers = this.view.holdings.flatMap((holding, seat) => (holding.favours[track] === column
          ? [this.marker(seat)] : []));
        const locked = column > open;
        let body;
        if (actions.length > 1) { // one column, two answers (1 wood or 1 stone): one half each
          body = h('span', { class: 'cay-halves' }, actions.map((a) => h('span', { class: 'cay-half cay-target', ...this.offer(a) },
            this.icon(a.args[2], 18))));
        } else {
          body = this.does(id, 15);
        }
        const single = actions.length === 1 ? actions[0] : null;
        return this.ui.card(id, h('div', {
          class: `cay-cell${locked ? ' cay-locked' : ''}${single ? ' cay-target' : ''}`, ...this.offer(single),
        }, body ?? h('span', { class: 'cay-nothing' }, '—'),
        locked ? this.icon('lock', 12, '') : null,
        h('span', { class: 'cay-markers' }, markers)));
      });
      return [this.ui.card(track, h('div', { class: 'cay-track' }, this.name(track))), cells];
    });
    return this.ui.card('favours', h('section', { class: 'cay-panel cay-favours' },
      h('h3', {}, this.icon('favour', 20, ''), ' ', this.name('favours')),
      h('div', { class: 'cay-favour-grid' }, rows)));
  }

  marker(seat) {
    const s = this.ui.svg;
    return s('svg', { viewBox: '0 0 24 24', width: 14, height: 14, class: 'cay-marker', role: 'img', 'aria-label': this.player(seat) },
      s('circle', { cx: 12, cy: 12, r: 10, fill: PLAYER_COLOURS[seat % PLAYER_COLOURS.length], stroke: '#1b1726', 'stroke-width': 1.5 }),
      mark(s, seat, 12, 12, 5));
  }

  // -- the players ------------------------------------------------------------------------------

  holdings() {
    const { h } = this.ui;
    const view = this.view;
    const toMove = new Set(view.to_move ?? []);
    const rows = view.order.map((seat, position) => {
      const held = view.holdings[seat];
      const workers = [];
      for (let i = 0; i < held.workers; i++) workers.push(this.meeple(seat, 14));
      const passed = view.passed.includes(seat);
      return h('div', { class: `cay-player${seat === this.ctx.seat ? ' cay-me' : ''}${toMove.has(seat) ? ' cay-to-move' : ''}`, dataset: { seat } },
        h('span', { class: 'cay-order' }, position + 1),
        h('span', { class: 'cay-who' }, this.house(seat, 18), h('span', { class: 'cay-player-name' }, this.player(seat))),
        h('span', { class: 'cay-score', title: this.ctx.t('score') }, this.icon('pp', 18, this.ctx.t('score')), h('b', {}, held.score)),
        this.ui.card('denier', h('span', { class: 'cay-money' }, this.icon('denier', 18), h('b', {}, held.deniers))),
        h('span', { class: 'cay-cubes' }, this.ids('cube').map((cube) => this.ui.card(cube, h('span', { class: `cay-amt${held.cubes[cube] ? '' : ' cay-zero'}` },
          this.icon(cube, 18), h('b', {}, held.cubes[cube]))))),
        this.ui.card('worker', h('span', { class: `cay-workers${passed ? ' cay-passed' : ''}` }, workers)));
    });
    const legend = h('div', { class: 'cay-legend' }, this.ids('cube').map((cube) => this.ui.card(cube, h('span', { class: 'cay-amt' }, this.icon(cube, 16), this.name(cube)))));
    return h('section', { class: 'cay-panel cay-players' }, rows, legend);
  }

  // -- the buildings still to build -------------------------------------------------------------

  supply() {
    const { h } = this.ui;
    const tiles = this.view.supply.map((id) => {
      const actions = this.onTile.get(id) ?? [];
      const single = actions.length === 1 ? actions[0] : null;
      const art = this.items.get(id)?.art ?? {};
      const kind = art.kind ?? 'site';
      const many = actions.length > 1 ? h('span', { class: 'cay-ways' }, actions.map((a) => h('span', { class: 'cay-way cay-target', ...this.offer(a) },
        a.kind === 'architect' ? `R${a.args[1]}` : this.icon(a.args[1], 16)))) : null;
      return this.ui.card(id, h('div', {
        class: `cay-tile cay-supply-tile cay-${kind}${single ? ' cay-target' : ''}`, style: { backgroundColor: KIND_FILL[kind] }, ...this.offer(single),
      },
      this.nameOf(id, 110),
      h('span', { class: 'cay-art' }, this.does(id, 14), this.extras(id)),
      h('span', { class: 'cay-bottom' }, this.cost(id, 13),
        h('span', { class: 'cay-points' }, this.amount('pp', art.points ?? 0, 14))),
      many));
    });
    return this.ui.card('supply', h('section', { class: 'cay-panel cay-supply' },
      h('h3', {}, this.icon('hammer', 18, ''), ' ', this.name('supply')),
      h('div', { class: 'cay-supply-tiles' }, tiles)));
  }
}

const STYLE = `
.cay { display: flex; flex-direction: column; gap: .5rem; font-size: 13px; color: #2a2238; }
.cay-icon, .cay-meeple, .cay-house, .cay-marker { flex: none; vertical-align: middle; }
.cay-phases { display: flex; flex-wrap: wrap; gap: 3px; align-items: center; font-size: 12px; }
.cay-turn { font-weight: 700; padding: 2px 8px; border-radius: 12px; background: #3b2f5c; color: #fff; }
.cay-phase { padding: 2px 7px; border-radius: 12px; border: 1px solid #cbbf9f; background: #fbf7ee; color: #5a5068; }
.cay-phase.cay-now { background: #c9a227; border-color: #8a6a16; color: #1b1726; font-weight: 700; }
.cay-choices { display: flex; flex-wrap: wrap; gap: .4rem; align-items: stretch; padding: .5rem; border: 2px solid #c9a227; border-radius: 10px; background: #fff8df; }
.cay-chip-tile { align-self: center; padding: .3rem .6rem; border-radius: 6px; border: 1px solid #8d8271; font-weight: 600; }
.cay-choice { display: inline-flex; flex-direction: column; align-items: center; gap: .15rem; padding: .35rem .6rem; border-radius: 8px; border: 2px solid #3b2f5c; background: #fff; max-width: 14rem; text-align: center; line-height: 1.2; }
.cay-choice:hover { background: #efeaf8; }
.cay-pictures { display: inline-flex; gap: .2rem; align-items: center; }
.cay-specials, .cay-road { display: grid; grid-template-columns: repeat(var(--cols), minmax(0, 1fr)); gap: 6px; }
.cay-road { position: relative; grid-template-rows: repeat(var(--rows), minmax(92px, auto)); padding: 4px; border-radius: 10px; background: #efe6cf; }
.cay-path { position: absolute; inset: 4px; width: calc(100% - 8px); height: calc(100% - 8px); pointer-events: none; }
.cay-tile { position: relative; display: flex; flex-direction: column; gap: 2px; min-width: 0; padding: 4px 5px; border: 1.5px solid #8d8271; border-radius: 7px; background: #fbf7ee; box-shadow: 0 1px 2px rgba(0,0,0,.15); }
.cay-special { background: #e7d7f2; min-height: 84px; }
.cay-unused { opacity: .45; }
.cay-bridge { background: #d9c7a0; }
.cay-name { font-weight: 650; line-height: 1.15; font-size: 12.5px; overflow-wrap: anywhere; hyphens: auto; }
.cay-art { display: flex; align-items: center; min-height: 18px; }
.cay-does { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 1px 3px; }
.cay-alt { display: inline-flex; align-items: center; gap: 1px; white-space: nowrap; }
.cay-or { color: #6f6680; font-weight: 700; padding: 0 1px; }
.cay-less { display: inline-flex; align-items: center; color: #2f7a4b; font-weight: 700; }
.cay-amt { display: inline-flex; align-items: center; gap: 1px; }
.cay-amt b { font-size: 12px; }
.cay-holders { display: flex; flex-wrap: wrap; gap: 2px; align-items: center; margin-top: auto; min-height: 22px; }
.cay-spot { width: 16px; height: 16px; border-radius: 50%; border: 1.5px dashed #8d8271; }
.cay-step { display: inline-grid; place-items: center; width: 18px; height: 18px; border-radius: 4px; background: #f7f2e7; border: 1px solid #8d8271; font-size: 11px; color: #6f6680; }
.cay-price { margin-left: auto; }
.cay-space { min-height: 92px; }
.cay-site { border-style: dashed; box-shadow: none; }
/* a texture per kind, so that kinds differ by more than colour */
.cay-wood { background-image: repeating-linear-gradient(100deg, rgba(90,50,15,.06) 0 2px, transparent 2px 10px); }
.cay-stone { background-image: linear-gradient(rgba(60,60,60,.12) 1px, transparent 1px), linear-gradient(90deg, rgba(60,60,60,.12) 1px, transparent 1px); background-size: 16px 10px; }
.cay-prestige { background-image: radial-gradient(rgba(255,255,255,.45) 1.5px, transparent 2px); background-size: 12px 12px; }
.cay-residence { background-image: repeating-linear-gradient(45deg, rgba(36,95,34,.10) 0 3px, transparent 3px 8px); }
.cay-beyond { filter: saturate(.55) brightness(.97); }
.cay-top { display: flex; align-items: center; gap: 2px; min-height: 20px; }
.cay-number { font-size: 11px; font-weight: 700; color: #5a5068; }
.cay-pieces { margin-left: auto; display: inline-flex; }
.cay-bottom { display: flex; align-items: center; gap: 2px; margin-top: auto; min-height: 24px; flex-wrap: wrap; }
.cay-bottom .cay-meeple { margin-left: auto; }
.cay-ghost { display: inline-flex; align-items: center; gap: 1px; padding: 0 3px; border-radius: 8px; background: rgba(255,255,255,.75); }
.cay-ghost .cay-icon-provost { opacity: .55; }
.cay-ghost .icon-check { color: #2f7a4b; }
.cay-working { outline: 3px solid #2f7a4b; outline-offset: 1px; }
.cay [data-action].cay-target, .cay .cay-target[data-action] { position: relative; outline: 3px solid #c9a227; outline-offset: 1px; box-shadow: 0 0 0 2px rgba(201,162,39,.15); }
.cay .cay-target[data-action]::after { content: ''; position: absolute; inset: 0; border-radius: inherit; box-shadow: 0 0 0 5px rgba(201,162,39,.25); pointer-events: none; animation: cay-glow 1.6s ease-in-out infinite; }
.cay [data-action]:hover { filter: brightness(1.06); }
@keyframes cay-glow { 50% { opacity: 0; } }
.cay-arrive { animation: cay-drop .45s ease-out; transform-origin: 50% 100%; }
@keyframes cay-drop { from { transform: translateY(-22px) scale(1.35); opacity: 0; } to { transform: none; opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .cay-arrive, .cay [data-action], .cay [data-action]::after { animation: none !important; } }
.cay-lower { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: .5rem; align-items: start; }
.cay-col { display: flex; flex-direction: column; gap: .5rem; min-width: 0; }
.cay-panel { border: 1px solid #ddd3bd; border-radius: 10px; background: #fffdf7; padding: .4rem .5rem; min-width: 0; }
.cay-panel h3 { display: flex; align-items: center; gap: .3rem; margin: 0 0 .3rem; font-size: 14px; }
.cay-castle-art { width: 100%; height: auto; display: block; }
.cay-castle-name { font: 600 12px system-ui, sans-serif; fill: #3b3327; }
.cay-arrivals { justify-content: center; }
.cay-favour-grid { display: grid; grid-template-columns: auto repeat(5, minmax(0, 1fr)); gap: 3px; }
.cay-track { font-weight: 650; font-size: 12px; align-self: center; overflow-wrap: anywhere; }
.cay-cell { position: relative; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2px; min-height: 44px; padding: 2px; border: 1px solid #cbbf9f; border-radius: 5px; background: #fbf3dc; }
.cay-locked { background: #ece8e1; opacity: .6; }
.cay-locked > .cay-icon-lock { position: absolute; top: 1px; right: 1px; }
.cay-markers { display: flex; flex-wrap: wrap; gap: 1px; justify-content: center; min-height: 14px; }
.cay-halves { display: flex; gap: 3px; }
.cay-half { padding: 1px 3px; border-radius: 4px; background: #fff; }
.cay-nothing { color: #6f6680; }
.cay-players { display: flex; flex-direction: column; gap: 2px; padding: .25rem .4rem; }
.cay-player { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 12px; padding: 2px 5px; border-radius: 6px; }
.cay-me { background: #f6efd9; }
.cay-to-move { box-shadow: inset 4px 0 0 #c9a227; }
.cay-order { font-weight: 700; color: #6f6680; width: 1.1em; }
.cay-who { display: inline-flex; align-items: center; gap: 3px; font-weight: 650; flex: 0 1 13rem; min-width: 7rem; }
.cay-player-name { overflow-wrap: anywhere; }
.cay-score, .cay-money { display: inline-flex; align-items: center; gap: 2px; min-width: 2.8em; }
.cay-score b, .cay-money b { font-size: 14px; }
.cay-cubes { display: inline-flex; gap: 6px; }
.cay-zero { opacity: .4; }
.cay-workers { display: inline-flex; gap: 0; }
.cay-passed { opacity: .5; }
.cay-legend { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 12px; color: #5a5068; border-top: 1px dashed #ddd3bd; padding-top: 3px; }
.cay-supply-tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(7.2rem, 1fr)); gap: 4px; }
.cay-supply-tile { min-height: 70px; }
.cay-ways { display: flex; flex-wrap: wrap; gap: 3px; }
.cay-way { padding: 1px 4px; border-radius: 4px; background: #fff; font-weight: 700; font-size: 12px; }
.cay-points { margin-left: auto; }
.cay-cost { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 1px 3px; }
.cay-cost-word { font-size: 10px; text-transform: uppercase; letter-spacing: .03em; color: #4a4156; }
.cay-extras { display: inline-flex; gap: 3px; margin-left: 4px; }
.cay-supply-tile .cay-bottom { border-top: 1px solid rgba(59,51,39,.25); padding-top: 2px; }
@media (max-width: 900px) { .cay-lower { grid-template-columns: minmax(0, 1fr); } }
@media (max-width: 560px) {
  .cay { font-size: 12px; }
  .cay-name { font-size: 11.5px; }
  .cay-road { grid-template-rows: repeat(var(--rows), minmax(86px, auto)); }
  .cay-favour-grid { grid-template-columns: minmax(3.2rem, auto) repeat(5, minmax(0, 1fr)); }
  .cay-track { font-size: 11px; }
}
`;
