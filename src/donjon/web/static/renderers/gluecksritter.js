// Die Glücksritter at the table: the six action fields in a ring around the bag, money lying on
// the tax collector and the customs officer, every player's castle (4 walls, 4 towers), purse
// and Documents, and the seat's own action cards and Documents.
// Choosing: click two of your action cards (or two fields of the board). Red Documents are
// committed and yellow ones played by clicking them; targets (a field to block, a player to raid,
// a wall to demolish, money to take) are clicked on the board.

const FIELD_NAMES = {
  en: ['', 'Brother Jacob', 'Farmer Johann', 'Master Ehrenfried', 'Black Knight', 'Tax collector', 'Customs officer'],
  fr: ['', 'Frère Jacob', 'Johann le fermier', 'Ehrenfried le maître-artisan', 'Chevalier Noir', 'Receveur des impôts', 'Douanier'],
};
const FIELD_RULES = {
  en: ['', 'alone: a Document free · several: 4 each', 'walls, max 2 · 4 alone · 6 several',
    'towers, max 2 · 5 alone · 7 several', 'alone: gold of 5 or 6, or raid · 2: duel · 3+: dungeon',
    'alone: all coins · several: shared', 'alone: all coins · several: shared'],
  fr: ['', 'seul : un Document gratuit · plusieurs : 4 chacun', 'murs, 2 max · 4 seul · 6 à plusieurs',
    'tours, 2 max · 5 seul · 7 à plusieurs', 'seul : or de 5 ou 6, ou attaque · 2 : duel · 3+ : donjon',
    'seul : toutes les pièces · plusieurs : partage', 'seul : toutes les pièces · plusieurs : partage'],
};
const DOCS = {
  Blockade: { red: true, fr: 'Blocus', en_t: 'Block one field this round.', fr_t: 'Bloque une case ce tour.' },
  Demolition: { red: true, fr: 'Démolition', en_t: "Send another player's wall or tower back to the supply.", fr_t: "Renvoie un mur ou une tour d'un autre joueur à la réserve." },
  Windfall: { red: true, fr: 'Aubaine', en_t: 'Draw 5 coins from the bag.', fr_t: 'Tire 5 pièces du sac.' },
  'Royal grant': { red: true, fr: 'Faveur royale', en_t: 'A free wall or tower; its field is blocked.', fr_t: 'Un mur ou une tour gratuit ; sa case est bloquée.' },
  'Tax silver': { red: true, fr: 'Argent du fisc', en_t: 'All the silver on field 5.', fr_t: "Tout l'argent de la case 5." },
  'Toll silver': { red: true, fr: 'Argent du péage', en_t: 'All the silver on field 6.', fr_t: "Tout l'argent de la case 6." },
  Safeguard: { red: false, fr: 'Sauvegarde', en_t: 'Cancel the theft of your wall or tower.', fr_t: "Annule le vol d'un de tes murs ou tours." },
  Gift: { red: false, fr: 'Cadeau', en_t: 'Give coins to another player.', fr_t: 'Donne des pièces à un autre joueur.' },
  Champion: { red: false, fr: 'Champion', en_t: 'Win the Black Knight duel.', fr_t: 'Gagne le duel du Chevalier Noir.' },
  Pardon: { red: false, fr: 'Grâce', en_t: 'Free your Black Knight from the dungeon.', fr_t: 'Libère ton Chevalier Noir du donjon.' },
};
const SEAT_COLOURS = ['#c0392b', '#2471a3', '#229954', '#b7950b', '#7d3c98', '#ca6f1e'];

const TEXT = {
  en: {
    round: 'Round', start: 'start player', choice: 'Secret choice', resolution: 'Resolution', over: 'Game over',
    you: 'you', bag: 'Bag', supply: 'Supply', walls: 'walls', towers: 'towers', docs: 'Documents',
    deck: 'deck', used: 'used', ducats: 'ducats', card: 'Ducats card', blocked: 'blocked',
    hand: 'Your Documents', none: 'none', yourCards: 'Your action cards', pick: 'Pick two cards, then confirm.',
    picked: (a) => `Chosen: ${a.join(' + ')}`, chosen: 'chosen', choosing: 'choosing…', jailed: 'Black Knight in the dungeon',
    committed: 'committed face down', faceDown: (n) => `${n} red face down`, inHand: (n) => `${n} in hand`,
    giving: (s) => `giving coins to ${s}`, redsToResolve: 'Red Documents to resolve', winners: 'Castle complete',
    decision: {
      target: (d) => `chooses the target of ${d.document}`, theft: (d, n) => `may answer a theft by ${n(d.thief)}`,
      duel: () => 'may play Champion before the duel', 'buy-document': () => 'may buy a Document for 4',
      build: (d) => `may buy on field ${d.field} at ${d.price} each`, 'black-knight': () => 'leads the Black Knight',
      steal: (d, n) => `chooses a piece to steal from ${n(d.victim)}`,
    },
    ev: {
      round: (p, a) => `Round ${a.round}: ${a.tax[0]} silver + ${a.tax[1]} gold on the tax collector, ${a.customs[0]} + ${a.customs[1]} on the customs officer`,
      commit: (p) => `${p} commits a red Document`, choose: (p) => `${p} has chosen`,
      reds: () => 'Red Documents revealed', reveal: () => 'Action cards revealed',
      document: (p, a) => `${p} takes a Document${a.doc !== 'hidden' ? ` (${a.doc})` : ''}${a.paid ? ` for ${a.paid}` : ''}`,
      build: (p, a) => `${p} buys ${a.count} ${a.piece}${a.count > 1 ? 's' : ''} for ${a.paid}`,
      decline: (p, a) => `${p} buys nothing on field ${a.field}`,
      collect: (p, a) => `${p} collects ${a.silver} silver and ${a.gold} gold from field ${a.field}`,
      knight_gold: (p, a) => `${p}'s Black Knight takes ${a.gold} gold from field ${a.field}`,
      raid: (p, a, n) => `${p}'s Black Knight raids ${n(a.victim)}${a.die ? ` — the die shows a ${a.die}` : ''}`,
      robbed: (p, a, n) => `${n(a.thief)} robs ${p} of ${a.silver} silver and ${a.gold} gold`,
      stolen: (p, a, n) => `${n(a.thief)} steals a ${a.piece} from ${p}`,
      demolished: (p, a) => `${p} loses a ${a.piece}`, safeguard: (p) => `${p} plays Safeguard: the theft is cancelled`,
      duel: (p, a, n) => `Duel between ${n(a.seats[0])} and ${n(a.seats[1])}`,
      duel_won: (p, a, n) => `${p} wins the duel (${a.by === 'dice' ? `dice ${a.rolls.join('–')}` : 'Champion'}) against ${n(a.loser)}`,
      dungeon: (p, a, n) => `To the dungeon: ${a.seats.map(n).join(', ')}`, champion: (p) => `${p} plays Champion`,
      cap: (p, a) => `${p} holds too much ${a.coin}: ${a.returned} back to the bag`,
      block: (p, a) => `${p} blocks field ${a.field}`, grant: (p, a) => `${p} takes a free ${a.piece}`,
      windfall: (p, a) => `${p} draws ${a.silver} silver and ${a.gold} gold`, skim: (p, a) => `${p} takes ${a.silver} silver from field ${a.field}`,
      ransom: (p) => `${p} pays the ransom`, pardon: (p) => `${p} plays Pardon`, gift: (p, a, n) => `${p} plays Gift for ${n(a.to)}`,
      give: (p, a, n) => `${p} gives 1 ${a.coin} to ${n(a.to)}`, end: (p, a, n) => `Castle complete! Winner: ${a.winners.map(n).join(', ')}`,
      gift_end: (p) => `${p} stops giving`, knight_rests: (p) => `${p}'s Black Knight rests`,
      theft: (p, a, n) => `${n(a.thief)} ${a.by === 'knight' ? 'raids' : 'demolishes'}: ${p} is about to lose ${a.what === 'money' ? 'money' : `a ${a.what}`}`,
      demolition: (p, a, n) => `${p} plays Demolition on a ${a.piece} of ${n(a.victim)}`,
      fizzle: (p, a) => `${p}'s ${a.doc} has no effect`, reshuffle: (p, a) => `The ${a.deck} cards are reshuffled`,
      raid_empty: (p, a, n) => `${n(a.victim)} has nothing to take`, duel_tie: (p, a) => `Both duellists roll ${a.roll}: again`,
      blocked: (p, a, n) => `Field ${a.field} is blocked: ${a.seats.map(n).join(', ')} lose the action`,
    },
  },
  fr: {
    round: 'Tour', start: 'premier joueur', choice: 'Choix secret', resolution: 'Résolution', over: 'Partie terminée',
    you: 'vous', bag: 'Sac', supply: 'Réserve', walls: 'murs', towers: 'tours', docs: 'Documents',
    deck: 'pioche', used: 'utilisés', ducats: 'ducats', card: 'Carte Ducats', blocked: 'bloquée',
    hand: 'Vos Documents', none: 'aucun', yourCards: 'Vos cartes action', pick: 'Choisissez deux cartes, puis confirmez.',
    picked: (a) => `Choisies : ${a.join(' + ')}`, chosen: 'a choisi', choosing: 'choisit…', jailed: 'Chevalier Noir au donjon',
    committed: 'engagé face cachée', faceDown: (n) => `${n} rouge(s) face cachée`, inHand: (n) => `${n} en main`,
    giving: (s) => `donne des pièces à ${s}`, redsToResolve: 'Documents rouges à résoudre', winners: 'Château complet',
    decision: {
      target: (d) => `choisit la cible de ${DOCS[d.document]?.fr ?? d.document}`, theft: (d, n) => `peut répondre au vol de ${n(d.thief)}`,
      duel: () => 'peut jouer Champion avant le duel', 'buy-document': () => 'peut acheter un Document pour 4',
      build: (d) => `peut acheter sur la case ${d.field} à ${d.price} pièce`, 'black-knight': () => 'mène le Chevalier Noir',
      steal: (d, n) => `choisit la pièce à voler à ${n(d.victim)}`,
    },
    ev: {
      round: (p, a) => `Tour ${a.round} : ${a.tax[0]} argent + ${a.tax[1]} or chez le receveur, ${a.customs[0]} + ${a.customs[1]} chez le douanier`,
      commit: (p) => `${p} engage un Document rouge`, choose: (p) => `${p} a choisi`,
      reds: () => 'Documents rouges révélés', reveal: () => 'Cartes action révélées',
      document: (p, a) => `${p} prend un Document${a.doc !== 'hidden' ? ` (${DOCS[a.doc]?.fr ?? a.doc})` : ''}${a.paid ? ` pour ${a.paid}` : ''}`,
      build: (p, a) => `${p} achète ${a.count} ${a.piece === 'wall' ? 'mur' : 'tour'}${a.count > 1 ? 's' : ''} pour ${a.paid}`,
      decline: (p, a) => `${p} n'achète rien sur la case ${a.field}`,
      collect: (p, a) => `${p} ramasse ${a.silver} argent et ${a.gold} or sur la case ${a.field}`,
      knight_gold: (p, a) => `Le Chevalier Noir de ${p} prend ${a.gold} or sur la case ${a.field}`,
      raid: (p, a, n) => `Le Chevalier Noir de ${p} attaque ${n(a.victim)}${a.die ? ` — le dé montre ${a.die === 'castle' ? 'un château' : 'une bourse'}` : ''}`,
      robbed: (p, a, n) => `${n(a.thief)} vole ${a.silver} argent et ${a.gold} or à ${p}`,
      stolen: (p, a, n) => `${n(a.thief)} vole ${a.piece === 'wall' ? 'un mur' : 'une tour'} à ${p}`,
      demolished: (p, a) => `${p} perd ${a.piece === 'wall' ? 'un mur' : 'une tour'}`, safeguard: (p) => `${p} joue Sauvegarde : le vol est annulé`,
      duel: (p, a, n) => `Duel entre ${n(a.seats[0])} et ${n(a.seats[1])}`,
      duel_won: (p, a, n) => `${p} gagne le duel (${a.by === 'dice' ? `dés ${a.rolls.join('–')}` : 'Champion'}) contre ${n(a.loser)}`,
      dungeon: (p, a, n) => `Au donjon : ${a.seats.map(n).join(', ')}`, champion: (p) => `${p} joue Champion`,
      cap: (p, a) => `${p} a trop de pièces (${a.coin === 'gold' ? 'or' : 'argent'}) : ${a.returned} retournent au sac`,
      block: (p, a) => `${p} bloque la case ${a.field}`, grant: (p, a) => `${p} prend ${a.piece === 'wall' ? 'un mur' : 'une tour'} gratuitement`,
      windfall: (p, a) => `${p} tire ${a.silver} argent et ${a.gold} or`, skim: (p, a) => `${p} prend ${a.silver} argent sur la case ${a.field}`,
      ransom: (p) => `${p} paie la rançon`, pardon: (p) => `${p} joue Grâce`, gift: (p, a, n) => `${p} joue Cadeau pour ${n(a.to)}`,
      give: (p, a, n) => `${p} donne 1 ${a.coin === 'gold' ? 'or' : 'argent'} à ${n(a.to)}`, end: (p, a, n) => `Château complet ! Vainqueur : ${a.winners.map(n).join(', ')}`,
      gift_end: (p) => `${p} cesse de donner`, knight_rests: (p) => `Le Chevalier Noir de ${p} se repose`,
      theft: (p, a, n) => `${n(a.thief)} ${a.by === 'knight' ? 'attaque' : 'démolit'} : ${p} va perdre ${a.what === 'money' ? 'de l\'argent' : (a.what === 'wall' ? 'un mur' : 'une tour')}`,
      demolition: (p, a, n) => `${p} joue Démolition sur ${a.piece === 'wall' ? 'un mur' : 'une tour'} de ${n(a.victim)}`,
      fizzle: (p, a) => `${DOCS[a.doc]?.fr ?? a.doc} de ${p} reste sans effet`, reshuffle: (p, a) => `Les cartes ${a.deck === 'ducats' ? 'Ducats' : 'Document'} sont remélangées`,
      raid_empty: (p, a, n) => `${n(a.victim)} n'a rien à prendre`, duel_tie: (p, a) => `Les deux duellistes font ${a.roll} : on relance`,
      blocked: (p, a, n) => `La case ${a.field} est bloquée : ${a.seats.map(n).join(', ')} perdent l'action`,
    },
  },
};

const STYLE = `
.gr { font-family: system-ui, sans-serif; color: #2c2416; }
.gr-top > span { white-space: nowrap; }
.gr-top { display: flex; flex-wrap: wrap; gap: .6rem 1.2rem; align-items: baseline; margin-bottom: .5rem; }
.gr-top b { font-size: 1.1rem; }
.gr-decision { background: #f5e6c8; border-left: 4px solid #8e44ad; padding: .3rem .6rem; margin: .4rem 0; }
.gr-board { display: grid; grid-template-columns: repeat(3, minmax(9rem, 1fr)); gap: .5rem; max-width: 44rem;
  background: #6e8b3d; padding: .6rem; border-radius: 1rem; box-shadow: inset 0 0 1.5rem #3c5220; }
.gr-field { position: relative; background: #fbf3df; border: 2px solid #7a5c2e; border-radius: .6rem; padding: .4rem;
  min-height: 6.5rem; display: flex; flex-direction: column; gap: .2rem; }
.gr-field.gr-click { cursor: pointer; outline: 3px solid #8e44ad; }
.gr-field.gr-sel { background: #e8d5f5; }
.gr-field .gr-num { position: absolute; top: .2rem; right: .4rem; font: bold 1.4rem Georgia, serif; color: #7a5c2e; }
.gr-field .gr-name { font-weight: 600; padding-right: 1.6rem; }
.gr-field .gr-rule { font-size: .72rem; color: #6b5a3c; }
.gr-blocked::after { content: attr(data-blocked); position: absolute; inset: 0; display: grid; place-items: center;
  background: repeating-linear-gradient(45deg, #c0392b33 0 8px, transparent 8px 16px); color: #a93226; font-weight: 700;
  border-radius: .5rem; }
.gr-centre { background: radial-gradient(circle, #d9b77a, #a27b3e); border-radius: 50%; aspect-ratio: 1; display: grid;
  place-items: center; text-align: center; color: #3b2a10; font-size: .8rem; max-height: 8rem; margin: auto; padding: .5rem; }
.gr-chips { display: flex; gap: .2rem; flex-wrap: wrap; }
.gr-chip { width: 1.2rem; height: 1.2rem; border-radius: 50%; color: white; font-size: .7rem; display: inline-grid; vertical-align: middle; place-items: center; }
.gr-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .5rem; margin-top: .7rem; }
.gr-player { border: 2px solid #ccc; border-radius: .6rem; padding: .4rem .5rem; background: #fffdf7; }
.gr-player.gr-move { box-shadow: 0 0 0 3px #8e44ad55; }
.gr-player h4 { margin: 0 0 .2rem; display: flex; justify-content: space-between; }
.gr-small { font-size: .78rem; color: #555; }
.gr-btn { cursor: pointer; border: 1px solid #7a5c2e; background: #fbf3df; border-radius: .4rem; padding: .1rem .4rem; margin: .1rem; font-size: .8rem; }
.gr-btn:hover, .gr-card.gr-click:hover, .gr-doc.gr-click:hover { filter: brightness(1.08); }
.gr-cards, .gr-docs { display: flex; flex-wrap: wrap; gap: .4rem; margin: .3rem 0; }
.gr-card { width: 3.4rem; height: 4.8rem; border-radius: .4rem; border: 2px solid #7a5c2e; background: linear-gradient(#fff8e6, #ecd9ae);
  display: flex; flex-direction: column; align-items: center; justify-content: center; font: bold 1.5rem Georgia, serif; }
.gr-card small { font: .55rem system-ui, sans-serif; text-align: center; }
.gr-card.gr-click { cursor: pointer; border-color: #8e44ad; }
.gr-card.gr-sel { background: #d7bde2; transform: translateY(-.3rem); }
.gr-card.gr-off { opacity: .35; }
.gr-doc { width: 8rem; min-height: 5rem; border-radius: .4rem; padding: .3rem; font-size: .72rem; background: #fffaf0; border: 2px solid #aaa; }
.gr-doc b { display: block; font-size: .85rem; }
.gr-doc.gr-red { border-color: #c0392b; } .gr-doc.gr-yellow { border-color: #d4ac0d; }
.gr-doc.gr-click { cursor: pointer; box-shadow: 0 0 0 3px #8e44ad77; }
.gr-seal { display: inline-block; width: .8rem; height: .8rem; border-radius: 50%; vertical-align: middle; margin-right: .2rem; }
`;

// which board field an action belongs to (for buttons drawn on its tile)
function FIELD_OF(text) {
  if (/Document for|no Document/.test(text)) return 1;
  if (/^buy .*wall/.test(text)) return 2;
  if (/^buy .*tower/.test(text)) return 3;
  if (/^(let the Black Knight rest|play Champion|roll the dice|steal a )/.test(text)) return 4;
  return 0;
}

let picked = [];
let pickedRound = -1;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'style') node.style.cssText = value;
    else if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

function clickable(node, text, ctx) {
  node.dataset.action = text;
  node.classList.add('gr-click');
  node.addEventListener('click', (event) => { event.stopPropagation(); ctx.act(text); });
  return node;
}

function coinsSvg(silver, gold) {
  const n = silver + gold;
  const width = Math.max(1, n) * 11 + 4;
  const box = svg('svg', { width, height: 16, viewBox: `0 0 ${width} 16`, role: 'img', 'aria-label': `${silver} silver, ${gold} gold` });
  for (let i = 0; i < n; i++) {
    const isGold = i >= silver;
    box.append(svg('circle', { cx: 8 + i * 11, cy: 8, r: 6.5, fill: isGold ? '#f1c40f' : '#d5d8dc', stroke: isGold ? '#9a7d0a' : '#7f8c8d', 'stroke-width': 1.2 }));
    box.append(svg('text', { x: 8 + i * 11, y: 11, 'text-anchor': 'middle', 'font-size': 8, fill: '#333' }, document.createTextNode(isGold ? '2' : '1')));
  }
  return box;
}

function castleSvg(walls, towers, seat, ctx, legal, t) {
  // 4 towers on the corners, 4 walls between them
  const box = svg('svg', { width: 120, height: 64, viewBox: '0 0 120 64', role: 'img', 'aria-label': `${walls} ${t.walls}, ${towers} ${t.towers}` });
  box.append(svg('rect', { x: 0, y: 56, width: 120, height: 8, fill: '#a9cce3' }));
  const towerX = [4, 38, 72, 106];
  const wallX = [18, 52, 86];
  const demolishWall = legal.includes(`demolish a wall of seat ${seat}`) ? `demolish a wall of seat ${seat}` : null;
  const demolishTower = legal.includes(`demolish a tower of seat ${seat}`) ? `demolish a tower of seat ${seat}` : null;
  for (let i = 0; i < 4; i++) {
    const x = i < 3 ? wallX[i] : 18;
    const y = i < 3 ? 30 : 48;
    const w = i < 3 ? 20 : 88;
    const hgt = i < 3 ? 26 : 8;
    const built = i < walls;
    const part = svg('rect', { x, y, width: w, height: hgt, fill: built ? '#b03a2e' : 'none', stroke: built ? '#641e16' : '#999', 'stroke-dasharray': built ? '' : '3 2', 'stroke-width': 1.5 });
    if (built && demolishWall) wrapAction(part, demolishWall, ctx);
    box.append(part);
  }
  for (let i = 0; i < 4; i++) {
    const built = i < towers;
    const g = svg('g', {},
      svg('rect', { x: towerX[i], y: 14, width: 12, height: 42, fill: built ? '#1f618d' : 'none', stroke: built ? '#154360' : '#999', 'stroke-dasharray': built ? '' : '3 2', 'stroke-width': 1.5 }),
      svg('path', { d: `M${towerX[i] - 1} 14 l7 -12 l7 12 z`, fill: built ? '#154360' : 'none', stroke: built ? '#154360' : '#999', 'stroke-dasharray': built ? '' : '3 2' }));
    if (built && demolishTower) wrapAction(g, demolishTower, ctx);
    box.append(g);
  }
  return box;
}

function wrapAction(node, text, ctx) {
  node.setAttribute('data-action', text);
  node.style.cursor = 'pointer';
  node.addEventListener('click', (event) => { event.stopPropagation(); ctx.act(text); });
}

function chip(seat, ctx) {
  return el('span', { class: 'gr-chip', style: `background:${SEAT_COLOURS[seat % 6]}`, title: ctx.players?.[seat] ?? `#${seat}` }, String(seat + 1));
}

function docName(name, lang) { return lang === 'fr' ? (DOCS[name]?.fr ?? name) : name; }

export function render(root, ctx) {
  const { view, seat } = ctx;
  const lang = ctx.lang === 'fr' ? 'fr' : 'en';
  const t = TEXT[lang];
  const legal = ctx.legal || [];
  const name = (s) => (s === seat ? t.you : (ctx.players?.[s] ?? `#${s}`));
  if (pickedRound !== view.round || view.phase !== 'choice') { picked = []; pickedRound = view.round; }
  const choosing = legal.some((a) => a.startsWith('choose '));

  root.replaceChildren();
  root.append(el('style', {}, STYLE));
  const top = el('div', { class: 'gr-top' },
    el('b', {}, `${t.round} ${view.round}`),
    el('span', {}, `${t.start}: `, chip(view.start, ctx), ' ', name(view.start)),
    el('span', {}, t[view.phase] ?? view.phase),
    view.ducats_card ? el('span', { class: 'gr-small' }, `${t.card}: ${view.ducats_card[0]} / ${view.ducats_card[1]}`) : null);
  const wrap = el('div', { class: 'gr' }, top);
  root.append(wrap);

  if (view.decision && !view.over) {
    const d = view.decision;
    wrap.append(el('div', { class: 'gr-decision' }, chip(d.seat, ctx), ' ', name(d.seat), ' ', t.decision[d.kind](d, name)));
  }
  if (view.over) {
    wrap.append(el('div', { class: 'gr-decision' }, `${t.winners}: ${view.winners.map(name).join(', ')}`));
  }

  // -- the board: fields 1..6 around the bag
  const board = el('div', { class: 'gr-board' });
  // the ring: 1 2 3 on top, 6 [the bag] 4 in the middle, 5 below
  const cells = [1, 2, 3, 6, 'centre', 4, null, 5, null];
  for (const cell of cells) {
    if (cell === null) { board.append(el('div')); continue; }
    if (cell === 'centre') {
      board.append(el('div', { class: 'gr-centre' },
        el('div', {}, el('b', {}, t.bag), el('br'), coinsSvg(Math.min(view.bag.silver, 6), Math.min(view.bag.gold, 6)),
          el('div', {}, `${view.bag.silver} + ${view.bag.gold}`),
          el('div', {}, `${t.supply}: ${view.supply.walls} ${t.walls}, ${view.supply.towers} ${t.towers}`),
          el('div', {}, `${t.docs}: ${view.documents_deck} ${t.deck}, ${view.documents_discard.length} ${t.used}`))));
      continue;
    }
    const k = cell;
    const tile = el('div', { class: 'gr-field' },
      el('span', { class: 'gr-num' }, String(k)),
      el('span', { class: 'gr-name' }, FIELD_NAMES[lang][k]),
      el('span', { class: 'gr-rule' }, FIELD_RULES[lang][k]));
    if (k === 5 || k === 6) {
      const money = k === 5 ? view.tax : view.customs;
      tile.append(coinsSvg(money.silver, money.gold));
    }
    const on = view.fields[k] || [];
    if (on.length) tile.append(el('div', { class: 'gr-chips' }, on.map((s) => chip(s, ctx))));
    if (view.blocked.includes(k)) { tile.classList.add('gr-blocked'); tile.dataset.blocked = t.blocked; }
    // clicks: block a field, take gold, or pick a card while choosing
    const block = `block field ${k}`;
    const gold = `take the gold on field ${k}`;
    if (legal.includes(block)) clickable(tile, block, ctx);
    else if (legal.includes(gold)) clickable(tile, gold, ctx);
    else if (choosing && legal.some((a) => a.startsWith('choose ') && a.split(' ').includes(String(k)))) {
      tile.classList.add('gr-click');
      if (picked.includes(k)) tile.classList.add('gr-sel');
      tile.addEventListener('click', () => pick(k, root, ctx));
    }
    // the decision taken on this field, as buttons on its tile
    for (const text of legal) {
      if (FIELD_OF(text) === k) tile.append(clickable(el('button', { class: 'gr-btn', type: 'button' }, text), text, ctx));
    }
    board.append(tile);
  }
  wrap.append(board);

  if (view.reds.length) {
    wrap.append(el('p', {}, el('b', {}, `${t.redsToResolve}: `),
      view.reds.map(([s, d]) => el('span', {}, chip(s, ctx), ` ${docName(d, lang)} `))));
  }

  // -- the players
  const players = el('div', { class: 'gr-players' });
  for (let p = 0; p < view.players; p++) {
    const coins = view.coins[p];
    const hand = view.hands[p];
    const committed = view.committed[p];
    const nHand = Array.isArray(hand) ? hand.length : hand;
    const nCommitted = Array.isArray(committed) ? committed.length : committed;
    const box = el('div', { class: 'gr-player' + (view.to_move.includes(p) ? ' gr-move' : ''), style: `border-color:${SEAT_COLOURS[p % 6]}` },
      el('h4', {}, el('span', {}, chip(p, ctx), ' ', name(p), view.winners.includes(p) ? ' ★' : ''), el('span', { class: 'gr-small' }, `${coins.ducats} ${t.ducats}`)),
      coinsSvg(coins.silver, coins.gold),
      castleSvg(view.walls[p], view.towers[p], p, ctx, legal, t),
      el('div', { class: 'gr-small' }, `${t.docs}: ${t.inHand(nHand)}${nCommitted ? ' · ' + t.faceDown(nCommitted) : ''}`));
    let status = '';
    if (view.revealed[p]?.length) status = view.revealed[p].join(' + ');
    else if (Array.isArray(view.choices[p]) && view.choices[p].length) status = view.choices[p].join(' + ');
    else if (view.choices[p]) status = t.chosen;
    else if (view.phase === 'choice') status = t.choosing;
    if (status) box.append(el('div', { class: 'gr-small' }, status));
    if (view.jailed[p]) box.append(el('div', { class: 'gr-small', style: 'color:#a93226' }, '⛓ ' + t.jailed));
    if (view.giving[p] !== null) box.append(el('div', { class: 'gr-small' }, t.giving(name(view.giving[p]))));
    // actions aimed at this player
    for (const text of legal) {
      const m = text.match(/^(raid seat|play Gift to seat) (\d+)(.*)$/);
      if (m && Number(m[2]) === p) box.append(clickable(el('button', { class: 'gr-btn', type: 'button' }, text), text, ctx));
    }
    players.append(box);
  }
  wrap.append(players);

  // -- the seat's own cards and Documents
  if (seat !== null && seat !== undefined && Array.isArray(view.hands[seat])) {
    const cards = el('div', { class: 'gr-cards' });
    for (let k = 1; k <= 6; k++) {
      const card = el('div', { class: 'gr-card' }, String(k), el('small', {}, FIELD_NAMES[lang][k]));
      if (k === 4 && view.jailed[seat]) card.classList.add('gr-off');
      const mine = view.revealed[seat]?.length ? view.revealed[seat] : (Array.isArray(view.choices[seat]) ? view.choices[seat] : []);
      if (mine.includes(k) || picked.includes(k)) card.classList.add('gr-sel');
      if (choosing && legal.some((a) => a.startsWith('choose ') && a.split(' ').includes(String(k)))) {
        card.classList.add('gr-click');
        card.addEventListener('click', () => pick(k, root, ctx));
      }
      cards.append(card);
    }
    wrap.append(el('h4', {}, t.yourCards), cards);
    if (choosing) {
      const pair = [...picked].sort((a, b) => a - b);
      const text = pair.length === 2 ? `choose ${pair[0]} and ${pair[1]}` : null;
      const line = el('div', { class: 'gr-small' }, picked.length ? t.picked(pair) : t.pick);
      if (text && legal.includes(text)) line.append(' ', clickable(el('button', { class: 'gr-btn', type: 'button' }, text), text, ctx));
      wrap.append(line);
    }
    const docs = el('div', { class: 'gr-docs' });
    const own = [...view.hands[seat].map((d) => [d, false]), ...view.committed[seat].map((d) => [d, true])];
    for (const [d, isCommitted] of own) {
      const info = DOCS[d] || { red: false };
      const node = el('div', { class: 'gr-doc ' + (info.red ? 'gr-red' : 'gr-yellow') },
        el('b', {}, el('span', { class: 'gr-seal', style: `background:${info.red ? '#c0392b' : '#f4d03f'}` }), docName(d, lang)),
        lang === 'fr' ? info.fr_t : info.en_t,
        isCommitted ? el('div', { class: 'gr-small' }, t.committed) : null);
      if (!isCommitted) {
        const texts = [`commit ${d}`, `play ${d}`];
        const text = texts.find((x) => legal.includes(x));
        if (text) clickable(node, text, ctx);
      }
      docs.append(node);
    }
    wrap.append(el('h4', {}, t.hand), own.length ? docs : el('div', { class: 'gr-small' }, t.none));
  }
}

function pick(k, root, ctx) {
  if (picked.includes(k)) picked = picked.filter((x) => x !== k);
  else picked = [...picked.slice(-1), k];
  const pair = [...picked].sort((a, b) => a - b);
  const text = pair.length === 2 ? `choose ${pair[0]} and ${pair[1]}` : null;
  render(root, ctx);
  if (text && (ctx.legal || []).includes(text)) {
    const button = root.querySelector(`[data-action="${text}"]`);
    if (button) button.focus();
  }
}

export function describe(event, ctx) {
  const lang = ctx.lang === 'fr' ? 'fr' : 'en';
  const t = TEXT[lang];
  const fn = t.ev[event.key];
  if (!fn) return null;
  // the log speaks in the third person, with the table's display names
  const name = (s) => ctx.players?.[s] ?? `#${s}`;
  const args = event.args || {};
  return fn(typeof args.seat === 'number' ? name(args.seat) : '', args, name);
}
