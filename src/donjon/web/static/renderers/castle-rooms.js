// Castle Rooms at the table: every player's rows of rooms drawn as cards (passages at low,
// middle or high level joined by a staircase), Dragons on blocked rows, and the seat's own hand.
// Click a card in your hand, then where it goes: the end of a row, a new row, an opponent's
// row for a Dragon, your blocked row for a Knight, or the discard pile.

const TEXT = {
  en: {
    hand: 'Your hand', cards: (n) => `${n} card${n === 1 ? '' : 's'}`, deck: 'Draw pile',
    discard: 'Discard pile', noRows: 'no rows yet', row: 'Row', newRow: 'New row',
    helmet: 'helmet up', swords: 'swords up', endTurn: 'End turn', pick: 'Pick a card of your hand, then where it goes.',
    discardIt: 'Discard', lastTurn: 'Last turn: the draw pile is empty', goal: (n) => `First to ${n} rooms in one row wins`,
    dragon: 'Dragon', knight: 'Knight', blocked: 'blocked by a Dragon', limit: 'End your turn with at most 2 cards.',
    limitExact: 'End your turn with exactly 2 cards.'
  },
  fr: {
    hand: 'Votre main', cards: (n) => `${n} carte${n > 1 ? 's' : ''}`, deck: 'Pioche',
    discard: 'Défausse', noRows: 'pas encore de rangée', row: 'Rangée', newRow: 'Nouvelle rangée',
    helmet: 'casque en haut', swords: 'épées en haut', endTurn: 'Finir le tour', pick: 'Choisissez une carte de votre main, puis où la poser.',
    discardIt: 'Défausser', lastTurn: 'Dernier tour : la pioche est vide', goal: (n) => `Le premier à aligner ${n} pièces dans une rangée gagne`,
    dragon: 'Dragon', knight: 'Chevalier', blocked: 'bloquée par un Dragon', limit: 'Finissez votre tour avec au plus 2 cartes.',
    limitExact: 'Finissez votre tour avec exactement 2 cartes.'
  },
};

function cardName(card, lang) {
  if (card === 'dragon') return TEXT[lang].dragon;
  if (card === 'knight') return TEXT[lang].knight;
  return card;
}

const SVG = 'http://www.w3.org/2000/svg';
const LEVEL_Y = { H: 22, M: 45, L: 68 };
const CARD_W = 54;
const CARD_H = 86;
let selected = null; // the hand card picked, kept across renders of the same turn
let selectedKey = '';

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

function html(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'style') el.style.cssText = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

// One card as an SVG group at (x, y). kind: a room "E-X" (entry and exit levels), dragon, knight.
function cardShape(x, y, card, entry, exit, opts = {}) {
  const g = svg('g', { transform: `translate(${x},${y})`, class: 'cr-card' });
  const special = card === 'dragon' || card === 'knight';
  const fill = card === 'dragon' ? '#f4d6cf' : card === 'knight' ? '#d9e4f4' : '#efe2c4';
  g.append(svg('rect', { width: CARD_W, height: CARD_H, rx: 6, fill, stroke: opts.selected ? '#c9a227' : '#7a6443', 'stroke-width': opts.selected ? 4 : 1.5 }));
  if (card === 'dragon') {
    g.append(
      svg('path', { d: 'M10 58 C18 30 30 26 44 30 L36 38 L46 42 L34 48 C28 62 18 66 10 58 Z', fill: '#b23a32' }),
      svg('path', { d: 'M22 40 L14 22 L30 34 Z', fill: '#8e2620' }),
      svg('circle', { cx: 38, cy: 35, r: 2, fill: '#fff' }),
    );
  } else if (card === 'knight') {
    g.append(
      svg('path', { d: 'M15 22 h24 v18 c0 14 -12 22 -12 22 c0 0 -12 -8 -12 -22 z', fill: '#3b5c8e', stroke: '#1f3557', 'stroke-width': 1.5 }),
      svg('path', { d: 'M27 28 v26 M19 36 h16', stroke: '#f2d98d', 'stroke-width': 3 }),
    );
  } else {
    // stone walls, two passages, a staircase between them
    g.append(svg('rect', { x: 4, y: 8, width: CARD_W - 8, height: CARD_H - 22, fill: '#d8c59b' }));
    const ey = LEVEL_Y[entry] ?? 45;
    const xy = LEVEL_Y[exit] ?? 45;
    g.append(
      svg('rect', { x: 0, y: ey - 7, width: 9, height: 14, fill: '#4a3b28' }),
      svg('rect', { x: CARD_W - 9, y: xy - 7, width: 9, height: 14, fill: '#4a3b28' }),
    );
    const steps = 4;
    let d = `M9 ${ey + 7}`;
    for (let i = 1; i <= steps; i++) {
      const sx = 9 + ((CARD_W - 18) * i) / steps;
      const sy = ey + 7 + ((xy - ey) * i) / steps;
      d += ` H${sx.toFixed(1)} V${sy.toFixed(1)}`;
    }
    d += ` H${CARD_W - 9}`;
    g.append(svg('path', { d, fill: 'none', stroke: '#7a4e21', 'stroke-width': 2.5 }));
  }
  g.append(svg('text', { x: CARD_W / 2, y: CARD_H - 4, 'text-anchor': 'middle', 'font-size': 11, 'font-family': 'sans-serif', fill: '#3a2e1c' },
    special ? cardName(card, opts.lang || 'en') : card));
  return g;
}

function orientationIcon(orientation) {
  const g = svg('g', {});
  if (orientation === 'helmet-up') {
    g.append(svg('path', { d: 'M3 16 a9 9 0 0 1 18 0 z', fill: '#7d7d86' }), svg('rect', { x: 10, y: 9, width: 4, height: 7, fill: '#3a3a40' }));
  } else {
    g.append(svg('path', { d: 'M4 4 L20 20 M20 4 L4 20', stroke: '#6b6b75', 'stroke-width': 3 }),
      svg('path', { d: 'M2 8 L8 2 M16 2 L22 8', stroke: '#a0812d', 'stroke-width': 3 }));
  }
  return g;
}

function clickable(el, action, ctx, label) {
  el.setAttribute('data-action', action);
  el.setAttribute('role', 'button');
  el.setAttribute('tabindex', '0');
  if (label) el.append(svg('title', {}, label));
  el.style.cursor = 'pointer';
  el.addEventListener('click', (e) => { e.stopPropagation(); selected = null; ctx.act(action); });
  el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); selected = null; ctx.act(action); } });
  return el;
}

function drawRows(ctx, player, text, targets) {
  const rows = ctx.view.rows[player];
  const rowH = CARD_H + 16;
  const maxRooms = Math.max(ctx.view.win_rooms, ...rows.map((r) => r.rooms.length + 1));
  const width = 60 + maxRooms * (CARD_W + 4) + 20;
  const extra = targets.newRow ? 1 : 0;
  const height = Math.max(1, rows.length + extra) * rowH + 4;
  const box = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'cr-rows', 'data-player': player });
  if (!rows.length && !extra) {
    box.append(svg('text', { x: 10, y: rowH / 2, 'font-size': 13, fill: '#8a8070', 'font-style': 'italic' }, text.noRows));
  }
  rows.forEach((row, k) => {
    const y = k * rowH + 6;
    const g = svg('g', { class: 'cr-row', 'data-row': k });
    g.append(svg('rect', { x: 0, y: y - 3, width: width - 4, height: CARD_H + 8, rx: 8, fill: row.dragon ? '#fbe9e5' : '#f6f0e2', stroke: '#e2d6bb' }));
    const icon = orientationIcon(row.orientation);
    icon.setAttribute('transform', `translate(8,${y + 6})`);
    g.append(icon, svg('text', { x: 14, y: y + 48, 'font-size': 14, 'font-weight': 'bold', 'text-anchor': 'middle', fill: '#3b2f5c' }, String(k + 1)),
      svg('text', { x: 14, y: y + 66, 'font-size': 11, 'text-anchor': 'middle', fill: '#6f6680' }, `${row.rooms.length}/${ctx.view.win_rooms}`));
    const title = svg('title', {}, `${text.row} ${k + 1} · ${row.orientation === 'helmet-up' ? text.helmet : text.swords}${row.dragon ? ' · ' + text.blocked : ''}`);
    g.append(title);
    row.rooms.forEach((room, i) => g.append(cardShape(32 + i * (CARD_W + 4), y, room.card, room.entry, room.exit, { lang: ctx.lang })));
    const endX = 32 + row.rooms.length * (CARD_W + 4);
    if (row.dragon) {
      const dragon = cardShape(endX, y, 'dragon', null, null, { lang: ctx.lang });
      g.append(dragon);
    }
    const action = targets.rows[k];
    if (action) {
      const slot = svg('g', { class: 'cr-target' });
      const sx = row.dragon ? endX + CARD_W + 4 : endX;
      slot.append(svg('rect', { x: sx, y, width: CARD_W, height: CARD_H, rx: 6, fill: 'rgba(201,162,39,.25)', stroke: '#c9a227', 'stroke-width': 2.5, 'stroke-dasharray': '6 4' }),
        svg('text', { x: sx + CARD_W / 2, y: y + CARD_H / 2 + 8, 'text-anchor': 'middle', 'font-size': 26, fill: '#8a6d12' }, '+'));
      g.append(clickable(slot, action, ctx, action));
    }
    box.append(g);
  });
  if (targets.newRow) {
    targets.newRow.forEach((action, j) => {
      const y = rows.length * rowH + 6;
      const x = 32 + j * (CARD_W + 70);
      const slot = svg('g', { class: 'cr-target cr-new-row' });
      const orientation = action.includes('helmet-up') ? 'helmet-up' : 'swords-up';
      const icon = orientationIcon(orientation);
      icon.setAttribute('transform', `translate(${x + CARD_W + 6},${y + 30})`);
      slot.append(svg('rect', { x, y, width: CARD_W + 34, height: CARD_H, rx: 6, fill: 'rgba(47,122,75,.12)', stroke: '#2f7a4b', 'stroke-width': 2, 'stroke-dasharray': '6 4' }),
        svg('text', { x: x + 6, y: y + 18, 'font-size': 11, fill: '#2f7a4b' }, text.newRow), icon);
      box.append(clickable(slot, action, ctx, action));
    });
  }
  return box;
}

export function render(root, ctx) {
  const text = TEXT[ctx.lang] || TEXT.en;
  const view = ctx.view;
  const seat = ctx.seat;
  const hand = seat !== null && seat !== undefined && Array.isArray(view.hands[seat]) ? view.hands[seat] : null;
  const legal = new Set(ctx.legal);
  const turnKey = `${view.current}:${view.deck}`;
  if (turnKey !== selectedKey) { selected = null; selectedKey = turnKey; }
  if (selected !== null && (!hand || !hand.includes(selected))) selected = null;

  // What the selected card can do, action by action.
  const own = { rows: {}, newRow: null };
  const others = {};
  let discard = null;
  if (selected !== null) {
    for (const action of ctx.legal) {
      let m;
      if ((m = action.match(/^play (\S+) on row (\d+)$/)) && m[1] === selected) own.rows[Number(m[2]) - 1] = action;
      else if ((m = action.match(/^new (\S+) row with (\S+)$/)) && m[2] === selected) (own.newRow ||= []).push(action);
      else if ((m = action.match(/^dragon on seat (\d+) row (\d+)$/)) && selected === 'dragon') {
        (others[Number(m[1])] ||= { rows: {}, newRow: null }).rows[Number(m[2]) - 1] = action;
      } else if ((m = action.match(/^knight on row (\d+)$/)) && selected === 'knight') own.rows[Number(m[1]) - 1] = action;
      else if (action === `discard ${selected}`) discard = action;
    }
  }

  const style = html('style', {}, `
    .cr { font-family: system-ui, sans-serif; color: #2a2238; }
    .cr-top { display: flex; gap: 1.2rem; align-items: center; flex-wrap: wrap; margin-bottom: .5rem; }
    .cr-pile { display: flex; align-items: center; gap: .4rem; }
    .cr-player { border: 1px solid #e2d6bb; border-radius: 10px; padding: .4rem .6rem; margin: .4rem 0; background: #fffaf0; }
    .cr-player.cr-current { border-color: #c9a227; box-shadow: 0 0 0 2px rgba(201,162,39,.35); }
    .cr-player h3 { margin: 0 0 .3rem; font-size: 1rem; display: flex; gap: .6rem; align-items: baseline; }
    .cr-player h3 small { color: #6f6680; font-weight: normal; }
    .cr-hand { display: flex; gap: .5rem; align-items: flex-end; flex-wrap: wrap; margin-top: .4rem; }
    .cr-hand-card { cursor: pointer; transition: transform .1s; }
    .cr-hand-card:hover { transform: translateY(-4px); }
    .cr-hand-card.cr-selected { transform: translateY(-8px); }
    .cr-target:hover rect { fill: rgba(201,162,39,.45); }
    .cr-buttons { display: flex; gap: .5rem; margin-top: .5rem; flex-wrap: wrap; }
    .cr-buttons button { font: inherit; padding: .35rem .8rem; border-radius: 6px; border: 1px solid #3b2f5c; background: #fff; color: #3b2f5c; cursor: pointer; }
    .cr-buttons button.cr-end { background: #3b2f5c; color: #fff; }
    .cr-last { color: #b23a32; font-weight: bold; }
  `);
  const wrap = html('div', { class: 'cr' });
  const deckSvg = svg('svg', { width: 40, height: 56, viewBox: '0 0 40 56' },
    svg('rect', { x: 3, y: 3, width: 34, height: 50, rx: 4, fill: '#3b2f5c', stroke: '#c9a227', 'stroke-width': 2 }),
    svg('rect', { x: 0, y: 0, width: 34, height: 50, rx: 4, fill: '#4b3d73', stroke: '#c9a227', 'stroke-width': 2 }),
    svg('text', { x: 17, y: 31, 'text-anchor': 'middle', fill: '#f2d98d', 'font-size': 13, 'font-weight': 'bold' }, String(view.deck)));
  const top = html('div', { class: 'cr-top' },
    html('span', { class: 'cr-pile', title: text.deck }, deckSvg, `${text.deck}: ${view.deck}`),
    html('span', { class: 'cr-pile' }, `${text.discard}: ${view.discard.length}`),
    html('span', {}, text.goal(view.win_rooms)),
    view.last_turn ? html('span', { class: 'cr-last' }, text.lastTurn) : null);
  wrap.append(top);

  const order = [];
  for (let i = 0; i < view.players; i++) order.push(((seat ?? 0) + i) % view.players);
  for (const p of order) {
    const count = Array.isArray(view.hands[p]) ? view.hands[p].length : view.hands[p];
    const box = html('section', { class: `cr-player ${p === view.current && !view.over ? 'cr-current' : ''}`, 'data-seat': p },
      html('h3', {}, p === view.current && !view.over ? '▶ ' : '', ctx.players[p] ?? `#${p}`, html('small', {}, text.cards(count))));
    const targets = p === seat ? own : (others[p] || { rows: {}, newRow: null });
    box.append(drawRows(ctx, p, text, targets));
    if (p === seat && hand) {
      box.append(html('h4', { style: 'margin:.4rem 0 0' }, text.hand));
      const handRow = html('div', { class: 'cr-hand' });
      hand.forEach((card) => {
        const playable = ctx.legal.some((a) => a.endsWith(` ${card}`) || a.startsWith(`play ${card} `) || (card === 'dragon' && a.startsWith('dragon')) || (card === 'knight' && a.startsWith('knight')));
        const s = svg('svg', { width: CARD_W + 4, height: CARD_H + 4, viewBox: `-2 -2 ${CARD_W + 4} ${CARD_H + 4}`,
          class: `cr-hand-card ${selected === card ? 'cr-selected' : ''}`, 'data-card': card, role: 'button', tabindex: 0 });
        const [entry, exit] = card.includes('-') ? card.split('-') : [null, null];
        s.append(cardShape(0, 0, card, entry, exit, { selected: selected === card, lang: ctx.lang }));
        if (!playable) s.style.opacity = 0.55;
        s.addEventListener('click', () => { selected = selected === card ? null : card; render(root.replaceChildren() || root, ctx); });
        handRow.append(s);
      });
      box.append(handRow);
      if (ctx.legal.length) {
        const buttons = html('div', { class: 'cr-buttons' });
        if (discard) {
          const b = html('button', { type: 'button' }, `${text.discardIt} ${cardName(selected, ctx.lang)}`);
          buttons.append(clickable(b, discard, ctx));
        }
        if (legal.has('end turn')) {
          const b = html('button', { type: 'button', class: 'cr-end' }, text.endTurn);
          buttons.append(clickable(b, 'end turn', ctx));
        }
        box.append(html('p', { style: 'margin:.3rem 0;color:#6f6680' }, text.pick, ' ', view.hand_limit === 'exactly' ? text.limitExact : text.limit), buttons);
      }
    }
    wrap.append(box);
  }
  root.append(style, wrap);
}
