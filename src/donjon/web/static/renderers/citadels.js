// Citadels (2016) at the table: the cast of characters as tokens (with the markers of this
// round), every player's city as district cards coloured by type, the gold and the crown, and
// your own hand. Click a character token, a district card, a card of your hand or a player to
// play the action that names it; when several actions name the same thing a small chooser opens.

const TYPE_COLOUR = { noble: '#d9a81e', religious: '#3f6fc4', trade: '#3c9a4c', military: '#c23b32', unique: '#8d4bb3' };

const CHAR_FR = {
  Assassin: 'Assassin', Witch: 'Sorcière', Magistrate: 'Échevin', Thief: 'Voleur', Spy: 'Espion',
  Blackmailer: 'Maître-Chanteuse', Magician: 'Magicienne', Wizard: 'Sorcier', Seer: 'Voyante',
  King: 'Roi', Emperor: 'Empereur', Patrician: 'Patricien', Bishop: 'Évêque', Abbot: 'Abbé',
  Cardinal: 'Cardinal', Merchant: 'Marchande', Alchemist: 'Alchimiste', Trader: 'Négociant',
  Architect: 'Architecte', Navigator: 'Navigatrice', Scholar: 'Archiviste', Warlord: 'Condottiere',
  Diplomat: 'Diplomate', Marshal: 'Capitaine', Queen: 'Reine', Artist: 'Artiste', 'Tax Collector': 'Bailli',
};
const RANK = Object.fromEntries(Object.keys(CHAR_FR).map((name, i) => [name, Math.floor(i / 3) + 1]));

const DISTRICTS = {
  // name: [type, cost, French]
  Manor: ['noble', 3, 'Manoir'], Castle: ['noble', 4, 'Château'], Palace: ['noble', 5, 'Palais'],
  Temple: ['religious', 1, 'Temple'], Church: ['religious', 2, 'Église'], Monastery: ['religious', 3, 'Monastère'],
  Cathedral: ['religious', 5, 'Cathédrale'], Tavern: ['trade', 1, 'Taverne'], Market: ['trade', 2, 'Marché'],
  'Trading Post': ['trade', 2, 'Échoppe'], Docks: ['trade', 3, 'Comptoir'], Harbor: ['trade', 4, 'Port'],
  'Town Hall': ['trade', 5, 'Hôtel de ville'], Watchtower: ['military', 1, 'Tour de guet'],
  Prison: ['military', 2, 'Prison'], Barracks: ['military', 3, 'Caserne'], Fortress: ['military', 5, 'Forteresse'],
  Armory: ['unique', 3, 'Poudrière'], Basilica: ['unique', 4, 'Basilique'], Capitol: ['unique', 5, 'Capitole'],
  'Dragon Gate': ['unique', 6, 'Dracoport'], Factory: ['unique', 5, 'Manufacture'], Framework: ['unique', 3, 'Chantier'],
  'Gold Mine': ['unique', 6, "Mine d'or"], 'Great Wall': ['unique', 6, 'Grande Muraille'],
  'Haunted Quarter': ['unique', 2, 'Cour des Miracles'], 'Imperial Treasury': ['unique', 5, 'Trésor Impérial'],
  'Ivory Tower': ['unique', 5, "Tour d'Ivoire"], Keep: ['unique', 3, 'Donjon'], Laboratory: ['unique', 5, 'Laboratoire'],
  Library: ['unique', 6, 'Bibliothèque'], 'Map Room': ['unique', 5, 'Salle des Cartes'], Monument: ['unique', 4, 'Monument'],
  Museum: ['unique', 4, 'Musée'], Necropolis: ['unique', 5, 'Nécropole'], Observatory: ['unique', 4, 'Observatoire'],
  Park: ['unique', 6, 'Parc'], 'Poor House': ['unique', 4, 'Hospice'], Quarry: ['unique', 5, 'Carrière'],
  'School of Magic': ['unique', 6, 'École de Magie'], 'Secret Vault': ['unique', 0, 'Catacombes'],
  Smithy: ['unique', 5, 'Forge'], Stables: ['unique', 2, 'Écuries'], Statue: ['unique', 3, 'Statue Équestre'],
  Theater: ['unique', 6, 'Théâtre'], "Thieves' Den": ['unique', 6, 'Tripot'], 'Wishing Well': ['unique', 5, 'Fontaine aux Souhaits'],
};

const TEXT = {
  en: {
    cast: 'Characters of this round', hand: 'Your hand', empty: 'empty', gold: 'gold', cards: 'cards',
    deck: 'Deck', round: 'Round', crown: 'Crown', complete: (n) => `a city is complete at ${n} districts`,
    first: 'completed first — last round', taxes: 'Tax Collector', drafting: 'Choose a character',
    drawn: 'Cards drawn — keep one', looking: (p) => `${p}'s hand`, yourTurn: 'Your move', waiting: 'Waiting for',
    faceup: 'face up, out of the round', killed: 'killed', bewitched: 'bewitched', robbed: 'to be robbed',
    warrant: 'warrant', signed: 'signed warrant', threat: 'threat', real: 'real threat', protected: 'protected from rank 8',
    knownDown: 'Face down (you know)', choose: 'Choose', cancel: 'Cancel', playing: (c) => `plays the ${c}`,
    over: 'Game over', score: 'score', museum: 'Museum', beautified: 'beautified', you: 'you', known: 'you know',
  },
  fr: {
    cast: 'Personnages de la manche', hand: 'Votre main', empty: 'vide', gold: 'or', cards: 'cartes',
    deck: 'Pioche', round: 'Manche', crown: 'Couronne', complete: (n) => `une cité est complète à ${n} quartiers`,
    first: 'a complété sa cité en premier — dernière manche', taxes: 'Bailli', drafting: 'Choisissez un personnage',
    drawn: 'Cartes piochées — gardez-en une', looking: (p) => `Main de ${p}`, yourTurn: 'À vous', waiting: 'On attend',
    faceup: 'face visible, hors jeu', killed: 'assassiné', bewitched: 'ensorcelé', robbed: 'sera volé',
    warrant: 'mandat', signed: 'mandat signé', threat: 'menace', real: 'vraie menace', protected: 'protégé du rang 8',
    knownDown: 'Face cachée (connu)', choose: 'Choisir', cancel: 'Annuler', playing: (c) => `joue : ${c}`,
    over: 'Partie terminée', score: 'score', museum: 'Musée', beautified: 'embelli', you: 'vous', known: 'vous savez',
  },
};

const EVENTS = {
  en: {
    reveal: (p, a) => `${p} reveals the ${a.character}`, build: (p, a) => `${p} builds ${a.district}`,
    kill: (p, a) => `${p} kills the ${a.character}`, rob: (p, a) => `${p} will rob the ${a.character}`,
    bewitch: (p, a) => `${p} bewitches the ${a.character}`, gather_gold: (p, a) => `${p} takes ${a.gold} gold`,
    gather_cards: (p) => `${p} draws cards`, income: (p, a) => `${p} collects ${a.gold} gold, ${a.cards} cards`,
    destroy: (p, a, n) => `${p} destroys ${a.district} of ${n[a.target] ?? a.target}`,
    crown: (p) => `${p} takes the crown`, turn_end: (p) => `${p} ends the turn`,
    round: (p, a) => `Round ${a.round}`, complete: (p) => `${p} completes the city first!`, game_over: () => 'Game over',
  },
  fr: {
    reveal: (p, a) => `${p} révèle : ${CHAR_FR[a.character] || a.character}`, build: (p, a) => `${p} bâtit ${frD(a.district)}`,
    kill: (p, a) => `${p} assassine : ${CHAR_FR[a.character] || a.character}`, rob: (p, a) => `${p} va voler : ${CHAR_FR[a.character] || a.character}`,
    bewitch: (p, a) => `${p} ensorcelle : ${CHAR_FR[a.character] || a.character}`, gather_gold: (p, a) => `${p} prend ${a.gold} pièces`,
    gather_cards: (p) => `${p} pioche des cartes`, income: (p, a) => `${p} perçoit ${a.gold} pièces, ${a.cards} cartes`,
    destroy: (p, a, n) => `${p} détruit ${frD(a.district)} de ${n[a.target] ?? a.target}`,
    crown: (p) => `${p} prend la couronne`, turn_end: (p) => `${p} termine son tour`,
    round: (p, a) => `Manche ${a.round}`, complete: (p) => `${p} complète sa cité en premier !`, game_over: () => 'Partie terminée',
  },
};

function frD(name) { return (DISTRICTS[name] || [])[2] || name; }
function charName(name, lang) { return lang === 'fr' ? (CHAR_FR[name] || name) : name; }
function districtName(name, lang) { return lang === 'fr' ? frD(name) : name; }

export function describe(event, ctx) {
  const table = EVENTS[ctx.lang] || EVENTS.en;
  const fn = table[event.key];
  if (!fn) return null;
  const a = event.args || {};
  return fn(ctx.players[a.seat] ?? (a.seat ?? ''), a, ctx.players);
}

let choice = null; // {key, actions}: the open chooser, kept across renders while still legal

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'style') node.style.cssText = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  for (const c of children) if (c) node.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return node;
}

function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

// Bind a node to the actions that name it: one action acts at once, several open a chooser.
function bind(node, actions, key, ctx, rerender) {
  if (!actions.length) return node;
  node.classList.add('cit-active');
  node.setAttribute('role', 'button');
  node.setAttribute('tabindex', '0');
  node.style.cursor = 'pointer';
  node.style.outline = '3px solid #e0b11c';
  node.style.outlineOffset = '1px';
  const go = (e) => {
    e.stopPropagation();
    if (actions.length === 1) { choice = null; ctx.act(actions[0]); return; }
    choice = { key, actions };
    rerender();
  };
  if (actions.length === 1) node.setAttribute('data-action', actions[0]);
  node.title = actions.join('\n');
  if (node.namespaceURI === SVG) node.append(svg('title', {}, actions.join('\n')));
  node.addEventListener('click', go);
  node.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(e); } });
  return node;
}

function actionButton(action, ctx, style = '') {
  return el('button', {
    type: 'button', 'data-action': action,
    style: `margin:2px;padding:4px 10px;border-radius:14px;border:1px solid #8d6b2f;background:#fff7e0;cursor:pointer;${style}`,
    onclick: (e) => { e.stopPropagation(); choice = null; ctx.act(action); },
  }, action);
}

function districtCard(name, lang, opts = {}) {
  const [type, baseCost] = DISTRICTS[name] || ['unique', 0];
  const cost = opts.cost ?? baseCost;
  const w = opts.small ? 74 : 90;
  const h = opts.small ? 100 : 124;
  const box = svg('svg', { width: w, height: h, viewBox: '0 0 90 124', class: 'cit-district', 'data-district': name });
  box.append(
    svg('rect', { x: 2, y: 2, width: 86, height: 120, rx: 8, fill: '#fbf5e6', stroke: TYPE_COLOUR[type], 'stroke-width': 4 }),
    svg('rect', { x: 2, y: 2, width: 86, height: 26, rx: 8, fill: TYPE_COLOUR[type] }),
    svg('path', { d: 'M20 92 L20 64 L30 54 L40 64 L40 58 L50 48 L60 58 L60 64 L70 54 L80 64 L80 92 Z', fill: TYPE_COLOUR[type], opacity: 0.35 }),
  );
  for (let i = 0; i < cost; i += 1) {
    box.append(svg('circle', { cx: 12 + i * 12, cy: 15, r: 5.5, fill: '#f4cf3a', stroke: '#8a6d12', 'stroke-width': 1.2 }));
  }
  if (opts.beautified) box.append(svg('text', { x: 80, y: 48, 'text-anchor': 'end', 'font-size': 16, fill: '#c9a227' }, '✦'));
  const label = districtName(name, lang);
  const words = label.length > 12 ? label.split(' ') : [label];
  words.slice(0, 3).forEach((word, i) => box.append(svg('text', {
    x: 45, y: 104 + (i - (words.length - 1) / 2) * 11, 'text-anchor': 'middle', 'font-size': 11,
    'font-family': 'Georgia, serif', fill: '#2f2416',
  }, word)));
  box.append(svg('title', {}, `${label} (${cost})`));
  return box;
}

function characterToken(name, view, lang, text) {
  const rank = RANK[name] || 0;
  const out = view.faceup.includes(name);
  const calling = view.calling === name && view.phase === 'turn';
  const box = svg('svg', { width: 78, height: 92, viewBox: '0 0 78 92', class: 'cit-character', 'data-character': name });
  box.append(
    svg('circle', { cx: 39, cy: 38, r: 33, fill: out ? '#d8d2c4' : '#3b2f5c', stroke: calling ? '#f0c419' : '#c9a227', 'stroke-width': calling ? 5 : 3 }),
    svg('text', { x: 39, y: 48, 'text-anchor': 'middle', 'font-size': 30, 'font-family': 'Georgia, serif', fill: out ? '#8a8070' : '#f8eccb' }, String(rank)),
    svg('text', { x: 39, y: 87, 'text-anchor': 'middle', 'font-size': 11, 'font-family': 'sans-serif', fill: '#2f2416' }, charName(name, lang)),
  );
  const marks = [];
  if (view.killed === name) marks.push(['☠', '#222', text.killed]);
  if (view.bewitched === name) marks.push(['✶', '#7b2fa0', text.bewitched]);
  if (view.robbed === name) marks.push(['$', '#1d7a33', text.robbed]);
  if (view.warrants.includes(name)) marks.push(['⚖', view.signed_warrant === name ? '#b3261e' : '#555', view.signed_warrant === name ? text.signed : text.warrant]);
  for (const t of view.threats) if (t.character === name && t.state !== 'removed') marks.push(['✉', view.real_threat === name ? '#b3261e' : '#555', view.real_threat === name ? text.real : text.threat]);
  marks.forEach(([glyph, colour, title], i) => {
    const g = svg('g', {}, svg('circle', { cx: 64 - i * 16, cy: 10, r: 9, fill: '#fff', stroke: colour, 'stroke-width': 2 }),
      svg('text', { x: 64 - i * 16, y: 15, 'text-anchor': 'middle', 'font-size': 13, fill: colour }, glyph), svg('title', {}, title));
    box.append(g);
  });
  if (out) box.append(svg('title', {}, text.faceup));
  return box;
}

function coins(n) {
  const box = svg('svg', { width: 30 + Math.min(n, 12) * 6, height: 26, viewBox: `0 0 ${30 + Math.min(n, 12) * 6} 26` });
  for (let i = 0; i < Math.min(n, 12); i += 1) box.append(svg('circle', { cx: 12 + i * 6, cy: 13, r: 9, fill: '#f4cf3a', stroke: '#8a6d12' }));
  box.append(svg('text', { x: 16 + Math.min(n, 12) * 6, y: 18, 'font-size': 14, 'font-weight': 'bold', fill: '#5a4510' }, String(n)));
  return box;
}

function crownIcon() {
  return svg('svg', { width: 28, height: 22, viewBox: '0 0 28 22' },
    svg('path', { d: 'M2 20 L4 6 L10 13 L14 3 L18 13 L24 6 L26 20 Z', fill: '#f0c419', stroke: '#8a6d12', 'stroke-width': 1.5 }));
}

export function render(root, ctx) {
  const text = TEXT[ctx.lang] || TEXT.en;
  const view = ctx.view;
  const lang = ctx.lang;
  const seat = ctx.seat;
  const legal = ctx.legal || [];
  const used = new Set();
  const rerender = () => { root.replaceChildren(); render(root, ctx); };
  if (choice && !choice.actions.every((a) => legal.includes(a))) choice = null;
  const name = (p) => (ctx.players && ctx.players[p]) || `#${p}`;

  const matching = (pred) => {
    const found = legal.filter(pred);
    found.forEach((a) => used.add(a));
    return found;
  };

  root.replaceChildren();
  root.append(el('style', {}, `
    .cit-board{font-family:system-ui,sans-serif;color:#2f2416;background:#efe6cf;border-radius:12px;padding:10px}
    .cit-row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end}
    .cit-player{background:#f8f1de;border:2px solid #d8c79c;border-radius:10px;padding:6px 8px;margin:6px 0}
    .cit-player.cit-current{border-color:#c9a227;box-shadow:0 0 0 2px #f0c41955}
    .cit-player h3{margin:0 0 4px 0;font-size:15px;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
    .cit-tag{font-size:12px;background:#3b2f5c;color:#f8eccb;border-radius:10px;padding:1px 8px}
    .cit-status{font-size:13px;color:#5b4a2c;margin:4px 0}
    .cit-choice{background:#fffaf0;border:2px solid #c9a227;border-radius:10px;padding:6px;margin:6px 0}
    .cit-active:hover{filter:brightness(1.08)}
  `));
  const board = el('div', { class: 'cit-board' });
  root.append(board);

  // status line
  const status = [`${text.round} ${view.round}`, `${text.deck} ${view.deck}`, text.complete(view.complete_at)];
  if (view.has_tax_collector) status.push(`${text.taxes}: ${view.tax_pool} ${text.gold}`);
  if (view.first_complete !== null && view.first_complete !== undefined) status.push(`${name(view.first_complete)} ${text.first}`);
  if (view.phase === 'turn' && view.current !== null) status.push(`${name(view.current)} ${text.playing(charName(view.playing, lang))}`);
  if (view.protected !== null && view.protected !== undefined) status.push(`${name(view.protected)}: ${text.protected}`);
  if (view.over) status.push(text.over);
  board.append(el('div', { class: 'cit-status' }, status.join(' · ')));

  // the cast
  const castRow = el('div', { class: 'cit-row', 'aria-label': text.cast });
  for (const c of view.cast) {
    const re = new RegExp(`(^| )${escapeRe(c)}( face down)?$`);
    const actions = matching((a) => re.test(a) && !a.startsWith('Theater'));
    castRow.append(bind(characterToken(c, view, lang, text), actions, `char:${c}`, ctx, rerender));
  }
  board.append(el('div', {}, el('strong', {}, text.cast)), castRow);
  if (view.facedown_known && view.facedown_known.length) {
    board.append(el('div', { class: 'cit-status' }, `${text.knownDown}: ${view.facedown_known.map((c) => charName(c, lang)).join(', ')}`));
  }
  if (Array.isArray(view.draft_cards)) {
    const row = el('div', { class: 'cit-row' });
    for (const c of view.draft_cards) {
      const actions = legal.filter((a) => a === `pick ${c}` || a === `discard ${c} face down`);
      actions.forEach((a) => used.add(a));
      row.append(bind(characterToken(c, view, lang, text), actions, `draft:${c}`, ctx, rerender));
    }
    board.append(el('div', {}, el('strong', {}, text.drafting)), row);
  }

  // every player
  for (let p = 0; p < view.players; p += 1) {
    const panel = el('div', { class: `cit-player${p === view.current ? ' cit-current' : ''}`, 'data-seat': p });
    const hand = view.hands[p];
    const handCount = Array.isArray(hand) ? hand.length : hand;
    const head = el('h3', {}, p === view.crown ? crownIcon() : null, name(p),
      coins(view.gold[p]), el('span', {}, `🂠 ${handCount} ${text.cards}`));
    for (const c of view.revealed[p]) head.append(el('span', { class: 'cit-tag' }, `${RANK[c]} ${charName(c, lang)}`));
    const hidden = view.characters[p];
    if (Array.isArray(hidden)) for (const c of hidden) head.append(el('span', { class: 'cit-tag', style: 'background:#6a5a98' }, `${RANK[c]} ${charName(c, lang)}`));
    else if (hidden) head.append(el('span', { class: 'cit-tag', style: 'background:#9b93ad' }, '?'.repeat(hidden)));
    const museum = view.museum[p];
    const museumCount = Array.isArray(museum) ? museum.length : museum;
    if (museumCount) head.append(el('span', {}, `${text.museum}: ${museumCount}`));
    if (view.complete[p]) head.append(el('span', { class: 'cit-tag', style: 'background:#1d7a33' }, '✔'));
    const known = view.known_cards && view.known_cards[p];
    if (known && known.length) head.append(el('span', { style: 'font-size:12px;color:#5b4a2c' }, `${text.known}: ${known.map((c) => districtName(c, lang)).join(', ')}`));
    // player-level actions (swap, look, spy, crown, take gold, Theater…)
    const seatRe = new RegExp(`seat ${p}(\\b|'s|,)`);
    const playerActions = legal.filter((a) => seatRe.test(a) && !/ of seat \d/.test(a) && !/^give .+ to seat/.test(a));
    const panelBind = el('span', {});
    if (playerActions.length) {
      playerActions.forEach((a) => used.add(a));
      head.append(bind(el('span', { class: 'cit-tag', style: 'background:#c9a227;color:#2f2416' }, '◎'), playerActions, `seat:${p}`, ctx, rerender));
    }
    panel.append(head, panelBind);
    const city = el('div', { class: 'cit-row' });
    const counts = {};
    for (const entry of view.cities[p]) {
      counts[entry.name] = (counts[entry.name] || 0) + 1;
      const star = entry.beautified ? '\\*' : '';
      const re = new RegExp(` ${escapeRe(entry.name)}${star} of seat ${p}( |$)`);
      let actions = legal.filter((a) => re.test(a));
      if (p === seat) {
        actions = actions.concat(legal.filter((a) => a === `beautify ${entry.name}`
          || a === `build Necropolis by destroying ${entry.name}${entry.beautified ? '*' : ''}`
          || a.startsWith(`give ${entry.name}${entry.beautified ? '*' : ''} paying `)));
      }
      actions.forEach((a) => used.add(a));
      city.append(bind(districtCard(entry.name, lang, { cost: entry.cost, beautified: entry.beautified, small: true }),
        actions, `city:${p}:${entry.name}:${entry.beautified}`, ctx, rerender));
    }
    if (!view.cities[p].length) city.append(el('em', { style: 'color:#8a8070' }, '—'));
    panel.append(city);
    if (view.over && view.result) {
      panel.append(el('div', { class: 'cit-status' }, `${text.score}: ${view.result.scores[p]} (#${view.result.ranks[p]})`));
    }
    board.append(panel);
  }

  // drawn cards, a looked-at hand, and the seat's own hand
  const cardRow = (title, cards, pred) => {
    const row = el('div', { class: 'cit-row' });
    const seen = new Set();
    for (const c of cards) {
      const actions = seen.has(c) ? [] : legal.filter((a) => pred(a, c));
      seen.add(c);
      actions.forEach((a) => used.add(a));
      row.append(bind(districtCard(c, lang), actions, `${title}:${c}`, ctx, rerender));
    }
    board.append(el('div', {}, el('strong', {}, title)), row);
  };
  if (Array.isArray(view.offer) && view.offer.length) cardRow(text.drawn, view.offer, (a, c) => a === `keep ${c}`);
  if (view.looking_at) cardRow(text.looking(name(view.looking_at.seat)), view.looking_at.cards, (a, c) => a === `take ${c}`);
  if (seat !== null && seat !== undefined && Array.isArray(view.hands[seat])) {
    const mine = view.hands[seat];
    if (mine.length) {
      cardRow(text.hand, mine, (a, c) => {
        if (used.has(a) || / of seat \d/.test(a)) return false;
        return new RegExp(`(^| )${escapeRe(c)}( |$)`).test(a);
      });
    } else board.append(el('div', {}, el('strong', {}, text.hand), ` (${text.empty})`));
  }

  // an open chooser, then the remaining actions as buttons
  if (choice) {
    const box = el('div', { class: 'cit-choice' }, el('strong', {}, `${text.choose}: `));
    for (const a of choice.actions) box.append(actionButton(a, ctx));
    box.append(el('button', { type: 'button', style: 'margin:2px', onclick: () => { choice = null; rerender(); } }, text.cancel));
    board.append(box);
  }
  const rest = legal.filter((a) => !used.has(a));
  if (rest.length) {
    const bar = el('div', { class: 'cit-row', style: 'margin-top:6px' }, el('strong', {}, `${text.yourTurn}: `));
    for (const a of rest) bar.append(actionButton(a, ctx, a === 'end turn' ? 'background:#3b2f5c;color:#f8eccb' : ''));
    board.append(bar);
  } else if (!legal.length && !view.over && view.to_move && view.to_move.length) {
    board.append(el('div', { class: 'cit-status' }, `${text.waiting}: ${view.to_move.map(name).join(', ')}`));
  }
}
