// Caylus at the table: the castle with its three sections, the six special buildings and the
// bridge, the 28-space road (tiles coloured by kind, owners' houses, workers, bailiff and
// provost), the royal favour table, the building supply and every player's holdings.
// Click a road tile, a special building or the castle to place (or to move the Gate's worker,
// to pick a Lawyer target, to move the provost there); click a favour cell to take that favour;
// click a supply tile to build it. The bar above the board lists the current decision's answers.

const COLOURS = ['#c8372d', '#2f8f3a', '#2f62c8', '#d9a51c', '#8e3fb0'];
const KIND_FILL = {
  neutral: '#e7b7c4', fixed: '#d8c8a8', wood: '#b9824a', stone: '#9ea3a8',
  prestige: '#5d83c9', residence: '#6fb26a', site: '#f3ead6',
};
const CUBE_FILL = { food: '#e05a9a', wood: '#8a5a2b', stone: '#8d9196', cloth: '#7d4fb0', gold: '#f0c419' };

const NAMES = {
  'n-farm': ['Farm', 'Ferme'], 'n-forest': ['Forest', 'Forêt'], 'n-sawmill': ['Sawmill', 'Scierie'],
  'n-quarry': ['Quarry', 'Carrière'], 'n-market': ['Marketplace', 'Marché'],
  'n-carpenter': ['Carpenter', 'Charpentier'], 'f-peddler': ['Peddler', 'Colporteur'],
  'f-carpenter': ['Carpenter', 'Charpentier'], 'f-goldmine': ['Gold Mine', "Mine d'or"],
  'w-farm-food': ['Food Farm', 'Ferme (nourriture)'], 'w-farm-cloth': ['Cloth Farm', 'Ferme (tissu)'],
  'w-sawmill': ['Sawmill', 'Scierie'], 'w-quarry': ['Quarry', 'Carrière'], 'w-market': ['Marketplace', 'Marché'],
  'w-peddler': ['Peddler', 'Colporteur'], 'w-mason': ['Mason', 'Maçon'], 'w-lawyer': ['Lawyer', 'Notaire'],
  's-farm': ['Stone Farm', 'Ferme de pierre'], 's-park': ['Park', 'Parc'], 's-workshop': ['Workshop', 'Atelier'],
  's-architect': ['Architect', 'Architecte'], 's-architect-2': ['Architect', 'Architecte'],
  's-bank': ['Bank', 'Banque'], 's-alchemist': ['Alchemist', 'Alchimiste'], 's-church': ['Church', 'Église'],
  's-tailor': ['Tailor', 'Tailleur'], 's-jeweller': ['Jeweller', 'Joaillier'],
  'p-statue': ['Statue', 'Statue'], 'p-granary': ['Granary', 'Grenier'], 'p-library': ['Library', 'Bibliothèque'],
  'p-weaver': ['Weaver', 'Tisserand'], 'p-theater': ['Theater', 'Théâtre'], 'p-college': ['College', 'Université'],
  'p-monument': ['Monument', 'Monument'], 'p-hotel': ['Hotel', 'Hôtel'], 'p-cathedral': ['Cathedral', 'Cathédrale'],
  residence: ['Residence', 'Résidence'],
};
// Costs and prestige of the supply tiles (rules reference §3.4–§3.6): [food, wood, stone, cloth, gold, any, PP]
const COSTS = {
  'w-farm-food': [1, 1, 0, 0, 0, 0, 2], 'w-farm-cloth': [1, 1, 0, 0, 0, 0, 2], 'w-sawmill': [1, 1, 0, 0, 0, 0, 2],
  'w-quarry': [1, 1, 0, 0, 0, 0, 2], 'w-market': [0, 1, 0, 0, 0, 1, 4], 'w-peddler': [0, 1, 0, 0, 0, 1, 4],
  'w-mason': [1, 1, 0, 0, 0, 0, 4], 'w-lawyer': [0, 1, 0, 1, 0, 0, 4],
  's-farm': [1, 0, 1, 0, 0, 0, 3], 's-park': [1, 0, 1, 0, 0, 0, 3], 's-workshop': [1, 0, 1, 0, 0, 0, 3],
  's-architect': [1, 0, 1, 0, 0, 0, 6], 's-architect-2': [1, 0, 1, 0, 0, 0, 6], 's-bank': [0, 1, 1, 0, 0, 0, 6],
  's-alchemist': [1, 0, 1, 0, 0, 0, 6], 's-church': [0, 0, 1, 1, 0, 0, 3], 's-tailor': [0, 1, 1, 0, 0, 0, 6],
  's-jeweller': [0, 0, 1, 1, 0, 0, 6],
  'p-statue': [0, 0, 2, 0, 1, 0, 7], 'p-granary': [3, 0, 0, 0, 1, 0, 10], 'p-library': [0, 3, 0, 0, 1, 0, 10],
  'p-weaver': [0, 0, 0, 3, 1, 0, 12], 'p-theater': [0, 3, 0, 0, 2, 0, 14], 'p-college': [0, 0, 3, 0, 2, 0, 14],
  'p-monument': [0, 0, 4, 0, 2, 0, 14], 'p-hotel': [0, 0, 3, 0, 2, 0, 16], 'p-cathedral': [0, 0, 5, 0, 3, 0, 25],
};
const CUBES = ['food', 'wood', 'stone', 'cloth', 'gold'];

const TEXT = {
  en: {
    turn: 'Turn', castle: 'Castle', sections: { dungeon: 'Dungeon', walls: 'Walls', towers: 'Towers' },
    specials: { gate: 'Gate', trading_post: 'Trading Post', guild: "Merchants' Guild", joust: 'Joust Field', stables: 'Stables', inn: 'Inn' },
    bridge: 'Bridge', cost: 'placement cost', favours: 'Royal favours',
    tracks: { prestige: 'Prestige', deniers: 'Deniers', resources: 'Resources', buildings: 'Buildings' },
    cells: [
      ['1 PP', '2 PP', '3 PP', '4 PP', '5 PP'],
      ['3 d', '4 d', '5 d', '6 d', '7 d'],
      ['food', 'wood | stone', 'cloth', '1 → 2', 'gold'],
      ['—', 'carpenter −1 wood', 'mason −1 stone', 'residence (cloth)', 'architect'],
    ],
    cubes: { food: 'food', wood: 'wood', stone: 'stone', cloth: 'cloth', gold: 'gold' },
    supply: 'Building supply', deniers: 'deniers', pp: 'PP', workers: 'workers', you: 'you', order: 'order',
    pending: (p, d) => `${p} — ${d}`, over: 'Game over', winners: 'Winners', bailiff: 'Bailiff', provost: 'Provost',
    decisions: {
      place: 'place a worker or pass', gate: 'move the Gate worker', guild: 'move the provost (free)',
      joust: 'joust?', inn: 'stay at the inn?', bribe: 'bribe the provost', produce: 'choose production',
      'owner bonus': 'owner bonus', sell: 'sell a cube', buy: 'buy cubes', build: 'build', exchange: 'exchange',
      alchemist: 'alchemy', lawyer: 'residence', castle: 'deliver batches', favour: 'choose a royal favour',
      'trade give': 'give a cube', 'trade take': 'take two cubes',
    },
  },
  fr: {
    turn: 'Tour', castle: 'Château', sections: { dungeon: 'Donjon', walls: 'Murailles', towers: 'Tours' },
    specials: { gate: 'Porte', trading_post: 'Comptoir', guild: 'Guilde des marchands', joust: 'Champ de joute', stables: 'Écuries', inn: 'Auberge' },
    bridge: 'Pont', cost: 'coût de pose', favours: 'Faveurs royales',
    tracks: { prestige: 'Prestige', deniers: 'Deniers', resources: 'Ressources', buildings: 'Bâtiments' },
    cells: [
      ['1 PP', '2 PP', '3 PP', '4 PP', '5 PP'],
      ['3 d', '4 d', '5 d', '6 d', '7 d'],
      ['nourriture', 'bois | pierre', 'tissu', '1 → 2', 'or'],
      ['—', 'charpentier −1 bois', 'maçon −1 pierre', 'résidence (tissu)', 'architecte'],
    ],
    cubes: { food: 'nourriture', wood: 'bois', stone: 'pierre', cloth: 'tissu', gold: 'or' },
    supply: 'Réserve de bâtiments', deniers: 'deniers', pp: 'PP', workers: 'ouvriers', you: 'vous', order: 'ordre',
    pending: (p, d) => `${p} — ${d}`, over: 'Partie terminée', winners: 'Vainqueurs', bailiff: 'Bailli', provost: 'Prévôt',
    decisions: {
      place: 'poser un ouvrier ou passer', gate: "déplacer l'ouvrier de la Porte", guild: 'déplacer le prévôt (gratuit)',
      joust: 'jouter ?', inn: "rester à l'auberge ?", bribe: 'soudoyer le prévôt', produce: 'choisir la production',
      'owner bonus': 'bonus du propriétaire', sell: 'vendre un cube', buy: 'acheter des cubes', build: 'construire',
      exchange: 'échanger', alchemist: 'alchimie', lawyer: 'résidence', castle: 'livrer des lots',
      favour: 'choisir une faveur royale', 'trade give': 'donner un cube', 'trade take': 'prendre deux cubes',
    },
  },
};

const EVENTS = {
  en: {
    turn: (p, a) => `Turn ${a.turn} begins`,
    place: (p, a) => `${p} places a worker on ${a.target} (${a.cost} d)`,
    pass: (p, a) => `${p} passes${a.deniers ? ' and gains 1 denier' : ''}`,
    gate: (p, a) => `${p}'s Gate worker moves to ${a.target}`,
    provost: (p, a) => `${p} moves the provost ${a.moved >= 0 ? '+' : ''}${a.moved} to R${a.space}`,
    build: (p, a) => `${p} builds ${a.building} on R${a.space} (+${a.pp} PP)`,
    residence: (p, a) => `${p} turns ${a.replaced} on R${a.space} into a residence`,
    castle: (p, a) => `${p} delivers a batch to the ${a.section} (+${a.pp} PP)`,
    castle_empty: (p) => `${p} delivers nothing to the castle (−2 PP)`,
    best_builder: (p) => `${p} is the best builder this turn`,
    favour: (p, a) => `${p} takes a royal favour: ${a.choice ?? a.track}`,
    bailiff: (p, a) => `The bailiff moves to R${a.space}`,
    section_scored: (p, a) => `The ${a.section} are scored`,
    game_over: () => 'The Towers are scored: game over',
  },
  fr: {
    turn: (p, a) => `Début du tour ${a.turn}`,
    place: (p, a) => `${p} pose un ouvrier sur ${a.target} (${a.cost} d)`,
    pass: (p, a) => `${p} passe${a.deniers ? ' et gagne 1 denier' : ''}`,
    gate: (p, a) => `L'ouvrier de la Porte de ${p} va sur ${a.target}`,
    provost: (p, a) => `${p} déplace le prévôt de ${a.moved >= 0 ? '+' : ''}${a.moved} vers R${a.space}`,
    build: (p, a) => `${p} construit ${a.building} en R${a.space} (+${a.pp} PP)`,
    residence: (p, a) => `${p} transforme ${a.replaced} (R${a.space}) en résidence`,
    castle: (p, a) => `${p} livre un lot au château (+${a.pp} PP)`,
    castle_empty: (p) => `${p} ne livre rien au château (−2 PP)`,
    best_builder: (p) => `${p} est le meilleur bâtisseur du tour`,
    favour: (p, a) => `${p} prend une faveur royale : ${a.choice ?? a.track}`,
    bailiff: (p, a) => `Le bailli avance en R${a.space}`,
    section_scored: (p, a) => `Décompte : ${TEXT.fr.sections[a.section] ?? a.section}`,
    game_over: () => 'Les Tours sont décomptées : fin de la partie',
  },
};

export function describe(event, ctx) {
  const table = EVENTS[ctx.lang] || EVENTS.en;
  const fn = table[event.key];
  if (!fn) return null;
  const a = event.args || {};
  return fn(ctx.players?.[a.seat] ?? (a.seat !== undefined ? `#${a.seat}` : ''), a);
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

function html(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'style') el.style.cssText = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

function clickable(el, action, ctx) {
  el.setAttribute('data-action', action);
  el.setAttribute('role', 'button');
  el.setAttribute('tabindex', '0');
  el.style.cursor = 'pointer';
  const go = (e) => { e.preventDefault(); e.stopPropagation(); ctx.act(action); };
  el.addEventListener('click', go);
  el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') go(e); });
  return el;
}

function colour(seat) { return COLOURS[seat % COLOURS.length]; }

function worker(x, y, seat, r = 7) {
  return svg('g', {},
    svg('rect', { x: x - r * 0.7, y: y - r, width: r * 1.4, height: r * 2, rx: r * 0.7, fill: colour(seat), stroke: '#222', 'stroke-width': 1 }),
    svg('ellipse', { cx: x, cy: y - r, rx: r * 0.7, ry: r * 0.3, fill: colour(seat), stroke: '#222', 'stroke-width': 0.8 }));
}

function house(x, y, seat, s = 9) {
  return svg('path', {
    d: `M${x} ${y - s} L${x + s} ${y - s * 0.2} V${y + s * 0.8} H${x - s} V${y - s * 0.2} Z`,
    fill: colour(seat), stroke: '#222', 'stroke-width': 1,
  });
}

function nameOf(key, lang) {
  const pair = NAMES[key];
  if (!pair) return key ?? '';
  return lang === 'fr' ? pair[1] : pair[0];
}

// The actions that target one board place, by their text.
function legalFor(ctx, texts) {
  const set = new Set(ctx.legal);
  return texts.filter((t) => set.has(t));
}

function drawCastle(view, ctx, T) {
  const w = 330;
  const g = svg('svg', { viewBox: `0 0 ${w} 250`, width: w, height: 250, role: 'img', 'aria-label': T.castle });
  g.append(svg('rect', { x: 4, y: 4, width: w - 8, height: 242, rx: 10, fill: '#e9e1cf', stroke: '#7a6a4a' }));
  g.append(svg('text', { x: 14, y: 24, 'font-size': 15, 'font-weight': 'bold', fill: '#3b2f1c' }, T.castle));
  const sections = view.castle.sections;
  let y = 36;
  const current = view.castle.section;
  for (const s of sections) {
    const rows = 2;
    const cols = s.size / rows;
    const cell = 22;
    const title = `${T.sections[s.name]} · ${s.points} PP${s.scored ? ' ✓' : ''}`;
    g.append(svg('text', { x: 14, y: y + 12, 'font-size': 12, fill: s.name === current ? '#7a1f12' : '#3b2f1c', 'font-weight': s.name === current ? 'bold' : 'normal' }, title));
    // houses by owner, filled left to right
    const owners = [];
    s.houses.forEach((n, seat) => { for (let i = 0; i < n; i++) owners.push(seat); });
    for (let k = 0; k < s.size; k++) {
      const cx = 150 + (k % cols) * cell;
      const cy = y + Math.floor(k / cols) * cell;
      g.append(svg('rect', { x: cx, y: cy, width: cell - 2, height: cell - 2, fill: s.scored ? '#cfc6b2' : '#d9cfb6', stroke: '#8a7a5a' }));
      if (k < owners.length) g.append(house(cx + (cell - 2) / 2, cy + (cell - 2) / 2 + 1, owners[k], 7));
    }
    y += rows * cell + 12;
  }
  // arrival order
  const arrivals = view.castle.workers;
  g.append(svg('text', { x: 14, y: 236, 'font-size': 11, fill: '#3b2f1c' }, '1→5'));
  arrivals.forEach((seat, i) => g.append(worker(50 + i * 20, 232, seat, 7)));
  const wrap = html('div', { style: 'display:inline-block;position:relative' }, g);
  const place = legalFor(ctx, ['place Castle', 'move to Castle']);
  if (place.length) {
    clickable(wrap, place[0], ctx);
    wrap.style.outline = '3px solid #c9a227';
    wrap.style.borderRadius = '10px';
  }
  return wrap;
}

function drawSpecials(view, ctx, T) {
  const box = html('div', { style: 'display:flex;gap:6px;flex-wrap:wrap;margin:6px 0' });
  const sp = view.special;
  const items = [
    ['gate', 'Gate', [sp.gate]], ['trading_post', 'Trading Post', [sp.trading_post]],
    ['guild', "Merchants' Guild", [sp.guild]], ['joust', 'Joust Field', [sp.joust]],
    ['stables', 'Stables', sp.stables], ['inn', 'Inn', sp.inn],
  ];
  for (const [key, label, seats] of items) {
    const spots = key === 'stables' ? 3 : key === 'inn' ? 2 : 1;
    const s = svg('svg', { viewBox: '0 0 92 64', width: 92, height: 64 });
    s.append(svg('rect', { x: 2, y: 2, width: 88, height: 60, rx: 8, fill: '#f1d9a6', stroke: '#8a6a2a', 'stroke-width': 1.5 }));
    s.append(svg('text', { x: 46, y: 17, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 'bold', fill: '#3b2f1c' }, T.specials[key]));
    for (let i = 0; i < spots; i++) {
      const x = 46 + (i - (spots - 1) / 2) * 24;
      s.append(svg('circle', { cx: x, cy: 42, r: 10, fill: '#fff8e8', stroke: '#8a6a2a' }));
      const seat = seats[i];
      if (seat !== null && seat !== undefined) s.append(worker(x, 44, seat, 7));
    }
    if (key === 'inn') s.append(svg('text', { x: 46, y: 46, 'text-anchor': 'middle', 'font-size': 10, fill: '#8a6a2a' }, '→'));
    const wrap = html('div', { title: T.specials[key] }, s);
    const acts = legalFor(ctx, [`place ${label}`, `move to ${label}`]);
    if (acts.length) {
      clickable(wrap, acts[0], ctx);
      wrap.style.outline = '3px solid #c9a227';
      wrap.style.borderRadius = '8px';
    }
    box.append(wrap);
  }
  // the bridge: passing order and the current placement price
  const bridge = svg('svg', { viewBox: '0 0 150 64', width: 150, height: 64 });
  bridge.append(svg('path', { d: 'M4 50 Q75 0 146 50', fill: 'none', stroke: '#6b5a3a', 'stroke-width': 8 }));
  bridge.append(svg('text', { x: 75, y: 60, 'text-anchor': 'middle', 'font-size': 10, fill: '#3b2f1c' }, `${T.bridge} · ${T.cost} ${view.place_cost}`));
  view.passed.forEach((seat, i) => bridge.append(svg('circle', { cx: 28 + i * 24, cy: 28 - (i === 1 || i === 2 ? 6 : 0), r: 8, fill: colour(seat), stroke: '#222' })));
  box.append(bridge);
  return box;
}

function provostAction(view, ctx, space) {
  const k = space - view.provost;
  if (k === 0) return legalFor(ctx, ['leave provost', 'do not bribe'])[0];
  const sign = k > 0 ? `+${k}` : `${k}`;
  return legalFor(ctx, [`provost ${sign}`, `bribe provost ${sign}`])[0];
}

function drawRoad(view, ctx, T) {
  const cols = 7;
  const tw = 104;
  const th = 74;
  const s = svg('svg', { viewBox: `0 0 ${cols * tw + 10} ${4 * th + 10}`, width: '100%', style: 'max-width:740px', role: 'img', 'aria-label': 'road' });
  view.road.forEach((space, idx) => {
    const row = Math.floor(idx / cols);
    const col = row % 2 === 0 ? idx % cols : cols - 1 - (idx % cols); // serpentine like the board
    const x = 5 + col * tw;
    const y = 5 + row * th;
    const g = svg('g', { transform: `translate(${x},${y})` });
    g.append(svg('rect', { x: 2, y: 2, width: tw - 6, height: th - 6, rx: 6, fill: KIND_FILL[space.kind] ?? '#eee', stroke: '#6b5a3a', 'stroke-width': 1.2 }));
    g.append(svg('text', { x: 8, y: 16, 'font-size': 10, fill: '#3b2f1c' }, `R${space.space}`));
    if (space.building) {
      g.append(svg('text', { x: (tw - 4) / 2, y: 34, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 'bold', fill: '#1e1a12' }, nameOf(space.building, ctx.lang)));
    }
    if ([12, 18, 24].includes(space.space)) {
      g.append(svg('path', { d: 'M78 6 h14 v4 h-3 v10 h-8 v-10 h-3 z', fill: '#6b5a3a' }));
    }
    if (space.owner !== null) g.append(house(18, 56, space.owner, 8));
    if (space.worker !== null) g.append(worker(50, 58, space.worker, 8));
    if (space.space === view.bailiff) {
      g.append(svg('rect', { x: 70, y: 44, width: 12, height: 22, rx: 5, fill: '#fafafa', stroke: '#222' }));
      g.append(svg('title', {}, T.bailiff));
    }
    if (space.space === view.provost) {
      g.append(svg('circle', { cx: 90, cy: 58, r: 7, fill: '#fafafa', stroke: '#222', 'stroke-width': 2 }));
    }
    const label = space.name ? `R${space.space} ${space.name}` : null;
    let action = null;
    if (label) action = legalFor(ctx, [`place ${label}`, `move to ${label}`, `convert ${label}`])[0];
    if (!action) action = provostAction(view, ctx, space.space);
    if (!action) {
      action = ctx.legal.find((t) => t.startsWith('build ') && t.endsWith(` on R${space.space}`));
    }
    if (action) {
      g.querySelector('rect').setAttribute('stroke', '#c9a227');
      g.querySelector('rect').setAttribute('stroke-width', '4');
      clickable(g, action, ctx);
      g.append(svg('title', {}, action));
    }
    s.append(g);
  });
  return s;
}

function favourText(track, col) {
  if (track === 0) return [`favour ${col} PP`];
  if (track === 1) return [`favour ${col + 2} deniers`];
  if (track === 2) return [[], ['favour food'], ['favour wood', 'favour stone'], ['favour cloth'], ['favour trade'], ['favour gold']][col];
  return [[], ['favour building track, no effect'], ['favour carpenter'], ['favour mason'], ['favour lawyer'], ['favour architect']][col];
}

function drawFavours(view, ctx, T) {
  const tracks = ['prestige', 'deniers', 'resources', 'buildings'];
  const cw = 86;
  const ch = 40;
  const s = svg('svg', { viewBox: `0 0 ${90 + 5 * cw} ${20 + 4 * ch + 6}`, width: 90 + 5 * cw, role: 'img', 'aria-label': T.favours });
  s.append(svg('text', { x: 4, y: 14, 'font-size': 13, 'font-weight': 'bold', fill: '#3b2f1c' }, T.favours));
  for (let c = 1; c <= 5; c++) {
    s.append(svg('text', { x: 90 + (c - 1) * cw + cw / 2, y: 14, 'text-anchor': 'middle', 'font-size': 11, fill: c <= view.favour_columns ? '#3b2f1c' : '#aaa' }, String(c)));
  }
  tracks.forEach((track, k) => {
    const y = 20 + k * ch;
    s.append(svg('text', { x: 4, y: y + 24, 'font-size': 11, 'font-weight': 'bold', fill: '#3b2f1c' }, T.tracks[track]));
    for (let c = 1; c <= 5; c++) {
      const x = 90 + (c - 1) * cw;
      const open = c <= view.favour_columns;
      const g = svg('g', {});
      g.append(svg('rect', { x: x + 1, y: y + 1, width: cw - 3, height: ch - 3, rx: 4, fill: open ? '#f6e7b4' : '#ddd6c6', stroke: '#8a7a5a' }));
      g.append(svg('text', { x: x + cw / 2, y: y + 14, 'text-anchor': 'middle', 'font-size': 9, fill: open ? '#3b2f1c' : '#999' }, T.cells[k][c - 1]));
      view.holdings.forEach((h, seat) => {
        if (h.favours[track] === c) g.append(svg('circle', { cx: x + 12 + seat * 14, cy: y + 27, r: 5, fill: colour(seat), stroke: '#222' }));
      });
      const acts = legalFor(ctx, favourText(k, c));
      if (acts.length === 1) {
        clickable(g, acts[0], ctx);
        g.querySelector('rect').setAttribute('stroke', '#c9a227');
        g.querySelector('rect').setAttribute('stroke-width', '3');
      } else if (acts.length === 2) {
        // wood or stone: two halves
        acts.forEach((a, i) => {
          const half = svg('rect', { x: x + 1 + i * (cw - 3) / 2, y: y + 1, width: (cw - 3) / 2, height: ch - 3, fill: 'transparent', stroke: '#c9a227', 'stroke-width': 2 });
          clickable(half, a, ctx);
          half.append(svg('title', {}, a));
          g.append(half);
        });
      }
      s.append(g);
    }
  });
  return s;
}

function cubeRow(cubes, lang) {
  const s = svg('svg', { viewBox: '0 0 160 20', width: 160, height: 20 });
  CUBES.forEach((c, i) => {
    s.append(svg('rect', { x: 2 + i * 31, y: 3, width: 14, height: 14, rx: 2, fill: CUBE_FILL[c], stroke: '#222', 'stroke-width': 0.6 }),
      svg('text', { x: 19 + i * 31, y: 15, 'font-size': 11, fill: '#222' }, String(cubes[c])));
    s.append(svg('title', {}, TEXT[lang].cubes[c]));
  });
  return s;
}

function drawPlayers(view, ctx, T) {
  const table = html('table', { style: 'border-collapse:collapse;font-size:13px;margin-top:6px' });
  table.append(html('tr', {}, ...[T.order, '', T.pp, T.deniers, '', T.workers, ''].map((h) => html('th', { style: 'text-align:left;padding:2px 8px' }, h))));
  view.order.forEach((seat, pos) => {
    const h = view.holdings[seat];
    const name = ctx.players?.[seat] ?? `#${seat}`;
    const active = view.pending && view.pending.seat === seat && !view.over;
    table.append(html('tr', { style: active ? 'background:#fff3c4' : '' },
      html('td', { style: 'padding:2px 8px' }, String(pos + 1)),
      html('td', { style: `padding:2px 8px;font-weight:bold;color:${colour(seat)}` }, name),
      html('td', { style: 'padding:2px 8px' }, String(h.score)),
      html('td', { style: 'padding:2px 8px' }, String(h.deniers)),
      html('td', { style: 'padding:2px 8px' }, cubeRow(h.cubes, ctx.lang)),
      html('td', { style: 'padding:2px 8px' }, String(h.workers)),
      html('td', { style: 'padding:2px 8px;color:#666' }, view.passed.includes(seat) ? '✓' : '')));
  });
  return table;
}

function drawSupply(view, ctx, T) {
  const box = html('div', { style: 'display:flex;flex-wrap:wrap;gap:4px;margin-top:6px' });
  const seen = new Set();
  for (const key of view.supply) {
    const name = NAMES[key]?.[0] ?? key;
    if (seen.has(name)) continue;
    seen.add(name);
    const kind = key[0] === 'w' ? 'wood' : key[0] === 's' ? 'stone' : 'prestige';
    const cost = COSTS[key] || [0, 0, 0, 0, 0, 0, 0];
    const s = svg('svg', { viewBox: '0 0 96 50', width: 96, height: 50 });
    s.append(svg('rect', { x: 1, y: 1, width: 94, height: 48, rx: 5, fill: KIND_FILL[kind], stroke: '#5a4a2a' }));
    s.append(svg('text', { x: 48, y: 14, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 'bold', fill: '#111' }, nameOf(key, ctx.lang)));
    let x = 6;
    CUBES.forEach((c, i) => {
      for (let n = 0; n < cost[i]; n++) { s.append(svg('rect', { x, y: 22, width: 9, height: 9, fill: CUBE_FILL[c], stroke: '#222', 'stroke-width': 0.5 })); x += 11; }
    });
    if (cost[5]) { s.append(svg('rect', { x, y: 22, width: 9, height: 9, fill: '#fff', stroke: '#222', 'stroke-width': 0.5 })); }
    s.append(svg('text', { x: 90, y: 44, 'text-anchor': 'end', 'font-size': 10, fill: '#111' }, `${cost[6]} PP`));
    const wrap = html('div', { title: name }, s);
    const acts = ctx.legal.filter((t) => t === `build ${name}` || t.startsWith(`build ${name} paying `) || (t.startsWith(`build ${name} on R`)));
    if (acts.length >= 1) {
      clickable(wrap, acts[0], ctx);
      wrap.style.outline = '3px solid #c9a227';
      wrap.style.borderRadius = '5px';
    }
    box.append(wrap);
  }
  return html('div', {}, html('div', { style: 'font-weight:bold;margin-top:8px' }, T.supply), box);
}

function drawDecision(view, ctx, T) {
  const bar = html('div', { style: 'padding:6px 8px;background:#f6efe0;border:1px solid #c9b88a;border-radius:6px;margin-bottom:6px' });
  const head = html('div', { style: 'font-weight:bold' }, `${T.turn} ${view.turn}`);
  if (view.over) {
    const r = view.result;
    head.append(` · ${T.over} · ${T.winners}: ${r.winners.map((s) => ctx.players?.[s] ?? `#${s}`).join(', ')}`);
  } else if (view.pending) {
    const who = ctx.players?.[view.pending.seat] ?? `#${view.pending.seat}`;
    const what = T.decisions[view.pending.decision] ?? view.pending.decision;
    head.append(' · ', T.pending(who, what + (view.pending.building ? ` (${view.pending.building})` : '')));
  }
  bar.append(head);
  if (ctx.legal.length) {
    const buttons = html('div', { style: 'display:flex;flex-wrap:wrap;gap:4px;margin-top:4px' });
    for (const text of ctx.legal) {
      const b = html('button', { type: 'button', style: 'font-size:12px;padding:2px 6px' }, text);
      clickable(b, text, ctx);
      buttons.append(b);
    }
    bar.append(buttons);
  }
  return bar;
}

export function render(root, ctx) {
  const view = ctx.view;
  const T = TEXT[ctx.lang] || TEXT.en;
  root.replaceChildren();
  const top = html('div', { style: 'display:flex;gap:10px;flex-wrap:wrap;align-items:flex-start' },
    drawCastle(view, ctx, T), drawFavours(view, ctx, T));
  root.append(
    html('div', { class: 'caylus', style: 'font-family:sans-serif;color:#222' },
      drawDecision(view, ctx, T),
      top,
      drawSpecials(view, ctx, T),
      drawRoad(view, ctx, T),
      drawPlayers(view, ctx, T),
      drawSupply(view, ctx, T)),
  );
}
