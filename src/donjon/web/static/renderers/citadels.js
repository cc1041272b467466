// Citadels (2016) at the table (renderer contract v2): the characters of the round as tokens with
// an emblem each (and the marks of the round: killed, robbed, bewitched, warrants, threats, as
// far as the view shows them), the draft, every player's city as a row of district cards with
// their cost in coins and a silhouette per type, gold, the crown, hands (yours face up, the
// others' as backs) and what you drew or are looking at.
// Every legal move sits on the board: a character token to name, a card to build, keep, give or
// discard, a district to destroy, exchange or seize, a player to swap with, look at or spy on,
// small chips under a card for its other uses (Framework, Laboratory, Museum, Armory...), and the
// answers of the moment (gather, bribe, end your turn...) as buttons over your hand.
// Names and texts come from ctx.catalogue, move wording from action.label, other words from
// ctx.t: this file holds no game words. Views name things by their English names; a catalogue
// id is that name in kebab case.

const TYPE_COLOUR = { noble: '#c99a12', religious: '#2f66b0', trade: '#2e8a55', military: '#b5362c', unique: '#7b3fa0' };
const INCOME_COLOUR = { noble: '#b8860b', religious: '#2a5c9e', trade: '#297a4b', military: '#9e3127' };
const NEUTRAL = '#4a3f6b';
const INK = '#2b2118';
const CREAM = '#fdf6e3';
const COIN = '#f2c94c';
const COIN_EDGE = '#8a6d12';

let before = null;  // what the last render showed: the size of each city, to animate arrivals

const idOf = (name) => String(name).toLowerCase().replace(/'/g, '').replace(/ /g, '-');

// -- art ---------------------------------------------------------------------------------------

// Each character's emblem in a 40×40 box: [path, fill] pairs ('cream', 'ink', 'none' or a colour)
// drawn with an ink outline; shapes differ, so that colour is never needed to tell them apart.
const EMBLEMS = {
  assassin: [['M20 3 L23.5 22 L20 26 L16.5 22 Z', 'cream'], ['M12 22 H28 V25.5 H12 Z', 'ink'], ['M18.3 25.5 H21.7 V33 H18.3 Z', 'cream'], ['M20 33 m-2.6 0 a2.6 2.6 0 1 0 5.2 0 a2.6 2.6 0 1 0 -5.2 0', 'ink']],
  witch: [['M6 31 H34 Q27 28 25 24 L21 5 Q18 15 15 24 Q13 28 6 31 Z', 'cream'], ['M15 22.5 H25 V25 H15 Z', 'ink'], ['M21 5 Q27 7 28 12', 'none']],
  magistrate: [['M7 13 L18 4 L23.5 10.5 L12.5 19.5 Z', 'cream'], ['M15.5 14 L31 31', 'thick'], ['M21 32 H35 V35.5 H21 Z', 'ink']],
  thief: [['M4 15 Q20 9 36 15 Q35 26 27 26 Q22 26 20 21 Q18 26 13 26 Q5 26 4 15 Z', 'cream'], ['M13 18 m-4 0 a4 2.6 0 1 0 8 0 a4 2.6 0 1 0 -8 0', 'ink'], ['M27 18 m-4 0 a4 2.6 0 1 0 8 0 a4 2.6 0 1 0 -8 0', 'ink']],
  spy: [['M3 20 Q20 5 37 20 Q20 35 3 20 Z', 'cream'], ['M20 20 m-6.5 0 a6.5 6.5 0 1 0 13 0 a6.5 6.5 0 1 0 -13 0', 'ink'], ['M18 17.5 m-1.8 0 a1.8 1.8 0 1 0 3.6 0 a1.8 1.8 0 1 0 -3.6 0', 'cream']],
  blackmailer: [['M5 10 H35 V30 H5 Z', 'cream'], ['M5 10 L20 22 L35 10', 'none'], ['M20 22 m-4.5 0 a4.5 4.5 0 1 0 9 0 a4.5 4.5 0 1 0 -9 0', '#a8322a']],
  magician: [['M12 27 H28 V11 H12 Z', 'cream'], ['M7 27 H33 V31 H7 Z', 'cream'], ['M12 22 H28 V25 H12 Z', 'ink'], ['M33 4 L34.5 8 L38.5 9.5 L34.5 11 L33 15 L31.5 11 L27.5 9.5 L31.5 8 Z', 'cream']],
  wizard: [['M18.5 13 H21.5 V37 H18.5 Z', 'cream'], ['M20 8.5 m-5.5 0 a5.5 5.5 0 1 0 11 0 a5.5 5.5 0 1 0 -11 0', 'cream'], ['M10 6 L13 8 M30 6 L27 8 M20 0.5 V2', 'none']],
  seer: [['M20 17 m-10.5 0 a10.5 10.5 0 1 0 21 0 a10.5 10.5 0 1 0 -21 0', 'cream'], ['M11 33 L14.5 26.5 H25.5 L29 33 Z', 'ink'], ['M14 14 Q15 10 19 9', 'none']],
  king: [['M6 27 L8 11 L14 18 L20 6 L26 18 L32 11 L34 27 Z', 'cream'], ['M6 28 H34 V33 H6 Z', 'cream'], ['M20 22 m-2 0 a2 2 0 1 0 4 0 a2 2 0 1 0 -4 0', 'ink']],
  emperor: [['M19 35 C6 31 4 15 12 5 C9 16 11 26 19 35 Z', 'cream'], ['M21 35 C34 31 36 15 28 5 C31 16 29 26 21 35 Z', 'cream'], ['M9 13 L13 14 M8 20 L12 20 M9.5 27 L13.5 25.5 M31 13 L27 14 M32 20 L28 20 M30.5 27 L26.5 25.5', 'none']],
  patrician: [['M9 7 H31 V12 H9 Z', 'cream'], ['M13 12 H27 V30 H13 Z', 'cream'], ['M17 13 V29 M20 13 V29 M23 13 V29', 'none'], ['M8 30 H32 V35 H8 Z', 'cream']],
  bishop: [['M11 35 V16 Q12 8 20 3 Q28 8 29 16 V35 Z', 'cream'], ['M20 11 V25 M15 16.5 H25', 'thick']],
  abbot: [['M10 29 Q10 12 20 9 Q30 12 30 29 Z', 'cream'], ['M7 29 H33 V32.5 H7 Z', 'cream'], ['M20 35 m-2.8 0 a2.8 2.8 0 1 0 5.6 0 a2.8 2.8 0 1 0 -5.6 0', 'ink'], ['M17 9 Q20 3 23 9', 'none']],
  cardinal: [['M20 23 m-16 0 a16 5 0 1 0 32 0 a16 5 0 1 0 -32 0', 'cream'], ['M12.5 22 Q13 11 20 11 Q27 11 27.5 22 Z', 'cream'], ['M8 26 L5 35 M32 26 L35 35 M11 27 L9.5 35 M29 27 L30.5 35', 'none']],
  merchant: [['M19 8 H21 V32 H19 Z', 'cream'], ['M6 9 H34 V12 H6 Z', 'cream'], ['M3 22 Q8.5 29 14 22 Z', 'cream'], ['M26 22 Q31.5 29 37 22 Z', 'cream'], ['M8.5 12 L4 22 M8.5 12 L13 22 M31.5 12 L27 22 M31.5 12 L36 22', 'none'], ['M13 32 H27 V35.5 H13 Z', 'ink']],
  alchemist: [['M16.5 4 H23.5 V14 L31.5 29 Q33 34.5 28 34.5 H12 Q7 34.5 8.5 29 L16.5 14 Z', 'cream'], ['M11 25 H29 L31 29.5 Q32 33 28 33 H12 Q8 33 9 29.5 Z', '#5aa06a'], ['M17 21 m-1.5 0 a1.5 1.5 0 1 0 3 0 a1.5 1.5 0 1 0 -3 0', 'none']],
  trader: [['M5 25 H35 L29.5 33 H10.5 Z', 'cream'], ['M19 5 H21 V25 H19 Z', 'ink'], ['M21.5 6 L33 22.5 H21.5 Z', 'cream'], ['M18.5 10 L9 22.5 H18.5 Z', 'cream']],
  architect: [['M20 6 L10 35', 'thick'], ['M20 6 L30 35', 'thick'], ['M20 6 m-3.5 0 a3.5 3.5 0 1 0 7 0 a3.5 3.5 0 1 0 -7 0', 'cream'], ['M12.5 25 Q20 29.5 27.5 25', 'none']],
  navigator: [['M20 7 m-3.5 0 a3.5 3.5 0 1 0 7 0 a3.5 3.5 0 1 0 -7 0', 'none'], ['M18.6 10.5 H21.4 V33 H18.6 Z', 'cream'], ['M12 14 H28 V17 H12 Z', 'cream'], ['M7 23 Q9 34 20 34 Q31 34 33 23', 'thick'], ['M4 25 L8 20 L10 26 Z', 'cream'], ['M36 25 L32 20 L30 26 Z', 'cream']],
  scholar: [['M3 11 Q12 8 20 12 Q28 8 37 11 V31 Q28 28 20 32 Q12 28 3 31 Z', 'cream'], ['M20 12 V32', 'none'], ['M7 16 Q12 14.5 16.5 16.5 M7 21 Q12 19.5 16.5 21.5 M23.5 16.5 Q28 14.5 33 16 M23.5 21.5 Q28 19.5 33 21', 'none']],
  warlord: [['M18.6 5 H21.4 V37 H18.6 Z', 'cream'], ['M21.4 7 Q35 8 35 18 Q35 28 21.4 28 Z', 'cream'], ['M18.6 12 Q11 14 11 18 Q11 22 18.6 23 Z', 'cream']],
  diplomat: [['M5 14 H28 M22 8 L29 14 L22 20', 'thick'], ['M35 27 H12 M18 21 L11 27 L18 33', 'thick']],
  marshal: [['M9 4 H12 V37 H9 Z', 'cream'], ['M12 6 H34 L28 12.5 L34 19 H12 Z', 'cream'], ['M10.5 3 m-2.5 0 a2.5 2.5 0 1 0 5 0 a2.5 2.5 0 1 0 -5 0', 'ink']],
  queen: [['M6 29 Q6 14 20 8 Q34 14 34 29 Q20 23 6 29 Z', 'cream'], ['M20 11 L24 17.5 L20 24 L16 17.5 Z', '#a8322a'], ['M6 31 H34 V34 H6 Z', 'cream']],
  artist: [['M20 5 C30 5 36 12 36 19 C36 25 31 25 28 23 C25 21 22 23 23 27 C24 32 20 35 16 34 C8 33 4 27 4 20 C4 11 11 5 20 5 Z', 'cream'], ['M12 14 m-2.6 0 a2.6 2.6 0 1 0 5.2 0 a2.6 2.6 0 1 0 -5.2 0', '#a8322a'], ['M20 11 m-2.6 0 a2.6 2.6 0 1 0 5.2 0 a2.6 2.6 0 1 0 -5.2 0', '#2f66b0'], ['M28 14 m-2.6 0 a2.6 2.6 0 1 0 5.2 0 a2.6 2.6 0 1 0 -5.2 0', '#2e8a55'], ['M11 23 m-2.6 0 a2.6 2.6 0 1 0 5.2 0 a2.6 2.6 0 1 0 -5.2 0', '#c99a12']],
  'tax-collector': [['M13.5 11 L16.5 5 H23.5 L26.5 11 Q35 17 34 27 Q33 35 20 35 Q7 35 6 27 Q5 17 13.5 11 Z', 'cream'], ['M13 11.5 H27', 'thick'], ['M20 24 m-5 0 a5 5 0 1 0 10 0 a5 5 0 1 0 -10 0', COIN], ['M20 20.5 V27.5', 'none']],
};

// A district type's silhouette in a 24×24 box: a crown, a spire, a market stall, a shield, a star.
const SILHOUETTES = {
  noble: ['M3 19 L4.5 8 L9 13 L12 4.5 L15 13 L19.5 8 L21 19 Z', 'M3 19.5 H21 V22 H3 Z'],
  religious: ['M12 1.5 V6 M10 3.5 H14', 'M6 22 V12.5 L12 6.5 L18 12.5 V22 Z', 'M10.5 22 V17.5 Q12 15.5 13.5 17.5 V22 Z'],
  trade: ['M2.5 10 L5 4 H19 L21.5 10 Z', 'M5 10 V21.5 H19 V10', 'M9 4 L8 10 M12 4 V10 M15 4 L16 10', 'M8 15 H16 V21.5 H8 Z'],
  military: ['M12 2.5 L20.5 5.5 V12 C20.5 17 16.5 20.5 12 22.5 C7.5 20.5 3.5 17 3.5 12 V5.5 Z', 'M12 6 V19 M7.5 10.5 H16.5'],
  unique: ['M12 2 L14.6 8.8 L21.8 9.2 L16.2 13.8 L18.1 20.8 L12 16.8 L5.9 20.8 L7.8 13.8 L2.2 9.2 L9.4 8.8 Z'],
};

// The marks of the round, in a 16×16 box.
const MARKS = {
  killed: [['M8 2 C3.5 2 2 5 2 7.5 C2 10 3.5 11 4.5 11.5 V14 H11.5 V11.5 C12.5 11 14 10 14 7.5 C14 5 12.5 2 8 2 Z', '#f4f1ea'], ['M5.7 7.6 m-1.5 0 a1.5 1.5 0 1 0 3 0 a1.5 1.5 0 1 0 -3 0', INK], ['M10.3 7.6 m-1.5 0 a1.5 1.5 0 1 0 3 0 a1.5 1.5 0 1 0 -3 0', INK], ['M7 14 V12 M9 14 V12', 'line']],
  robbed: [['M1.5 6.5 Q8 3.5 14.5 6.5 Q14 11 10.8 11 Q8.8 11 8 9 Q7.2 11 5.2 11 Q2 11 1.5 6.5 Z', INK], ['M5.2 7.6 m-1.3 0 a1.3 0.9 0 1 0 2.6 0 a1.3 0.9 0 1 0 -2.6 0', '#f4f1ea'], ['M10.8 7.6 m-1.3 0 a1.3 0.9 0 1 0 2.6 0 a1.3 0.9 0 1 0 -2.6 0', '#f4f1ea']],
  bewitched: [['M8 8 m0 0 a1 1 0 0 1 1.5 1 a2.5 2.5 0 0 1 -3.5 1.5 a4 4 0 0 1 -1.5 -5 a5.5 5.5 0 0 1 7 -2 a7 7 0 0 1 2.5 8', 'line']],
  'warrant-face-down': [['M3 3 H13 V13 H3 Z', '#d9cfb8'], ['M5 6 H11 M5 8.5 H11 M5 11 H9', 'line']],
  'signed-warrant': [['M3 3 H13 V13 H3 Z', '#f4ead0'], ['M5 6 H11 M5 8.5 H9', 'line'], ['M11 11.5 m-2.6 0 a2.6 2.6 0 1 0 5.2 0 a2.6 2.6 0 1 0 -5.2 0', '#b3261e']],
  'blank-warrant': [['M3 3 H13 V13 H3 Z', '#f4ead0'], ['M5 6 H11 M5 8.5 H9', 'line'], ['M11 11.5 m-2.3 0 a2.3 2.3 0 1 0 4.6 0 a2.3 2.3 0 1 0 -4.6 0', 'none']],
  'threat-face-down': [['M8 1.5 L14.5 8 L8 14.5 L1.5 8 Z', '#c9bfa8']],
  'real-threat': [['M8 1.5 L14.5 8 L8 14.5 L1.5 8 Z', '#f4ead0'], ['M8 5 m-1.6 0 a1.6 1.6 0 1 0 3.2 0 a1.6 1.6 0 1 0 -3.2 0 M5 8 m-1.6 0 a1.6 1.6 0 1 0 3.2 0 a1.6 1.6 0 1 0 -3.2 0 M11 8 m-1.6 0 a1.6 1.6 0 1 0 3.2 0 a1.6 1.6 0 1 0 -3.2 0 M8 11 m-1.6 0 a1.6 1.6 0 1 0 3.2 0 a1.6 1.6 0 1 0 -3.2 0', '#c2185b'], ['M8 8 m-1.2 0 a1.2 1.2 0 1 0 2.4 0 a1.2 1.2 0 1 0 -2.4 0', COIN]],
  'blank-threat': [['M8 1.5 L14.5 8 L8 14.5 L1.5 8 Z', '#f4ead0'], ['M8 5 L11 8 L8 11 L5 8 Z', 'none']],
  protected: [['M8 1 L14 3.5 V8 C14 11.5 11 13.8 8 15 C5 13.8 2 11.5 2 8 V3.5 Z', '#2f66b0'], ['M8 4 V12 M5 7 H11', 'white']],
  'complete-city': [['M3 2 H13 V14 L8 11 L3 14 Z', '#8a8f99'], ['M5.5 7 L7.3 8.8 L10.8 5.2', 'white']],
  'first-complete': [['M3 2 H13 V14 L8 11 L3 14 Z', '#c99a12'], ['M8 3.8 L9.1 6.3 L11.8 6.5 L9.7 8.2 L10.4 10.8 L8 9.4 L5.6 10.8 L6.3 8.2 L4.2 6.5 L6.9 6.3 Z', 'white']],
};

function paint(ui, shapes, ink = INK) {
  return shapes.map(([d, fill]) => {
    if (fill === 'none' || fill === 'line') return ui.svg('path', { d, fill: 'none', stroke: ink, 'stroke-width': 1.3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    if (fill === 'white') return ui.svg('path', { d, fill: 'none', stroke: '#fff', 'stroke-width': 1.6, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    if (fill === 'thick') return ui.svg('path', { d, fill: 'none', stroke: ink, 'stroke-width': 3.4, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    return ui.svg('path', { d, fill: fill === 'cream' ? CREAM : fill === 'ink' ? ink : fill, stroke: ink, 'stroke-width': 1.1, 'stroke-linejoin': 'round' });
  });
}

function coin(ui, x, y, r, extra = {}) {
  return ui.svg('g', extra,
    ui.svg('circle', { cx: x, cy: y, r, fill: COIN, stroke: COIN_EDGE, 'stroke-width': r / 4.5 }),
    ui.svg('circle', { cx: x, cy: y, r: r * 0.55, fill: 'none', stroke: COIN_EDGE, 'stroke-width': r / 7, opacity: 0.7 }));
}

// A marker (crown, warrant, threat, mark) as a small inline SVG explaining itself on hover.
function mark(ctx, id, size = 18, cls = '') {
  const { ui } = ctx;
  const shapes = id === 'crown' ? null : MARKS[id];
  const art = shapes ? paint(ui, shapes) : crownArt(ui);
  return ui.card(id, ui.svg('svg', { viewBox: '0 0 16 16', width: size, height: size, class: `cit-mark ${cls}`, role: 'img', 'aria-label': ctx.catalogue.get(id)?.name ?? '' }, art));
}

function crownArt(ui) {
  return [
    ui.svg('path', { d: 'M1.5 12.5 L2.5 4 L5.5 7.5 L8 2.5 L10.5 7.5 L13.5 4 L14.5 12.5 Z', fill: '#f0c419', stroke: '#7a5a0a', 'stroke-width': 0.9, 'stroke-linejoin': 'round' }),
    ui.svg('rect', { x: 1.5, y: 12.3, width: 13, height: 2.4, rx: 0.6, fill: '#e0b010', stroke: '#7a5a0a', 'stroke-width': 0.8 }),
    ui.svg('circle', { cx: 8, cy: 9.5, r: 1.2, fill: '#b3261e' }),
  ];
}

function silhouette(ui, type, x, y, scale, colour) {
  return ui.svg('g', { transform: `translate(${x},${y}) scale(${scale})` },
    (SILHOUETTES[type] ?? SILHOUETTES.unique).map((d, i) => ui.svg('path', {
      d, fill: i === 0 || type === 'noble' || type === 'unique' ? colour : 'none',
      stroke: i === 0 ? INK : type === 'religious' && i === 2 ? INK : colour, 'stroke-width': i === 0 ? 0.8 : 1.3,
      'stroke-linejoin': 'round', 'stroke-linecap': 'round',
    })),
    type === 'religious' ? ui.svg('path', { d: 'M12 1.5 V6 M10 3.5 H14', stroke: INK, 'stroke-width': 1.2 }) : null,
    type === 'military' ? ui.svg('path', { d: 'M12 6 V19 M7.5 10.5 H16.5', stroke: CREAM, 'stroke-width': 1.6 }) : null,
    type === 'trade' ? ui.svg('path', { d: 'M5 10 V21.5 H19 V10 M8 15 H16 V21.5 H8 Z', stroke: INK, 'stroke-width': 1, fill: 'none' }) : null);
}

// A district card (60×84): its type's colour and silhouette, its cost in coins, its name.
function districtArt(ui, item, { cost = null, beautified = false } = {}) {
  const type = item?.art?.type ?? 'unique';
  const colour = TYPE_COLOUR[type];
  const base = item?.art?.cost ?? 0;
  const shown = cost ?? base;
  const parts = [
    ui.svg('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: '#fbf4e2', stroke: colour, 'stroke-width': 2.4 }),
    ui.svg('path', { d: 'M1 18 V7 Q1 1 7 1 H53 Q59 1 59 7 V18 Z', fill: colour }),
    silhouette(ui, type, 15, 21, 1.25, colour),
  ];
  const pips = Math.min(shown, 8);
  const step = pips > 6 ? 6.6 : 8.2;
  const start = 30 - ((pips - 1) * step) / 2;
  for (let i = 0; i < pips; i++) {
    const extra = beautified && i === pips - 1;
    parts.push(coin(ui, start + i * step, 9.5, 3.6, extra ? { class: 'cit-beautified-coin' } : {}));
    if (extra) parts.push(ui.svg('circle', { cx: start + i * step, cy: 9.5, r: 5, fill: 'none', stroke: '#fff', 'stroke-width': 1.2, 'stroke-dasharray': '2 1.5' }));
  }
  const words = (item?.name ?? '').split(' ');
  const lines = [];
  for (const word of words) {
    if (lines.length && (lines[lines.length - 1] + ' ' + word).length <= 11) lines[lines.length - 1] += ' ' + word;
    else lines.push(word);
  }
  const shownLines = lines.slice(0, 3);
  const size = shownLines.some((l) => l.length > 9) ? 7.2 : 8.2;
  shownLines.forEach((line, i) => parts.push(ui.svg('text', {
    x: 30, y: 64 + (i - (shownLines.length - 1) / 2) * (size + 1) + (shownLines.length > 2 ? 2 : 0), 'text-anchor': 'middle', class: 'cit-dname', 'font-size': size,
  }, line)));
  return parts;
}

function districtSvg(ctx, id, opts = {}) {
  const item = ctx.catalogue.get(id);
  return ctx.ui.svg('svg', { viewBox: '0 0 60 84', class: `cit-dcard ${opts.cls ?? ''}`, role: 'img', 'aria-label': item?.name ?? '' },
    districtArt(ctx.ui, item, opts));
}

function backSvg(ui, cls = 'cit-back') {
  return ui.svg('svg', { viewBox: '0 0 60 84', class: cls, 'aria-hidden': 'true' },
    ui.svg('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: '#3b2f5c', stroke: '#c9a227', 'stroke-width': 2 }),
    ui.svg('path', { d: 'M16 58 V34 H22 V39 H27 V32 H33 V39 H38 V34 H44 V58 Z', fill: '#c9a227' }),
    ui.svg('path', { d: 'M27 58 V50 Q30 46 33 50 V58 Z', fill: '#3b2f5c' }));
}

// A character token (48×56): the emblem on a medallion coloured by the districts it gathers for,
// its rank in a corner.
function tokenArt(ui, item) {
  const income = item?.art?.income;
  const colour = INCOME_COLOUR[income] ?? NEUTRAL;
  const rank = item?.art?.rank ?? '';
  return [
    ui.svg('circle', { cx: 24, cy: 26, r: 22, fill: colour, stroke: '#e9d9a6', 'stroke-width': 2.5 }),
    ui.svg('circle', { cx: 24, cy: 26, r: 19, fill: 'none', stroke: 'rgba(0,0,0,.25)', 'stroke-width': 1 }),
    ui.svg('g', { transform: 'translate(6.5,8.5) scale(0.875)' }, paint(ui, EMBLEMS[item?.id] ?? [])),
    ui.svg('circle', { cx: 8, cy: 8, r: 7.5, fill: CREAM, stroke: INK, 'stroke-width': 1.2 }),
    ui.svg('text', { x: 8, y: 11.6, 'text-anchor': 'middle', class: 'cit-rank' }, String(rank)),
  ];
}

function tokenSvg(ctx, id, cls = '') {
  const item = ctx.catalogue.get(id);
  return ctx.ui.svg('svg', { viewBox: '0 0 48 50', class: `cit-token ${cls}`, role: 'img', 'aria-label': item?.name ?? '' },
    tokenArt(ctx.ui, item));
}

function hiddenTokenSvg(ui) {
  return ui.svg('svg', { viewBox: '0 0 48 50', class: 'cit-token cit-hidden-token', 'aria-hidden': 'true' },
    ui.svg('circle', { cx: 24, cy: 26, r: 22, fill: '#3b2f5c', stroke: '#c9a227', 'stroke-width': 2.5 }),
    ui.svg('path', { d: 'M14 36 V22 H18 V25 H22 V20 H26 V25 H30 V22 H34 V36 Z', fill: '#c9a227' }));
}

function coinIcon(ui, size = 16) {
  return ui.svg('svg', { viewBox: '0 0 16 16', width: size, height: size, class: 'cit-coin', 'aria-hidden': 'true' }, coin(ui, 8, 8, 6.6));
}

function cardsIcon(ui, size = 16) {
  return ui.svg('svg', { viewBox: '0 0 16 16', width: size, height: size, 'aria-hidden': 'true' },
    ui.svg('rect', { x: 5, y: 1.5, width: 9, height: 12.5, rx: 1.5, fill: '#6a5a98', stroke: '#c9a227' }),
    ui.svg('rect', { x: 2, y: 3, width: 9, height: 12.5, rx: 1.5, fill: '#3b2f5c', stroke: '#c9a227' }));
}

// -- where each legal action goes ---------------------------------------------------------------

const ON_CHARACTER = new Set(['kill', 'bewitch', 'rob', 'sign', 'warrant', 'threat', 'bluff']);
const ON_DRAFT = new Set(['pick', 'fdiscard']);
const ON_CARD = new Set(['build', 'mdiscard', 'dencard', 'give', 'keep', 'take']);
const CARD_CHIP = { buildfw: 'framework', lab: 'laboratory', museum: 'museum', borrow: 'cardinal' };
const ON_PLAYER = new Set(['swap', 'look', 'crown', 'empgold', 'empcard', 'abbot', 'theater']);
// the district a chip names, by the kind of action done to a district of a city
const CITY_CHIP = { destroy: 'warlord', dtake: 'diplomat', seize: 'marshal', armory: 'armory', necro: 'necropolis', dgive: 'diplomat', beautify: 'artist' };

function placeActions(actions) {
  const place = { character: new Map(), draft: new Map(), card: new Map(), chips: new Map(), city: new Map(), player: new Map(), spy: new Map(), answers: [] };
  const push = (map, key, action) => { if (!map.has(key)) map.set(key, []); map.get(key).push(action); };
  for (const action of actions) {
    const [a, b, c] = action.args;
    if (ON_CHARACTER.has(action.kind)) place.character.set(a, action);
    else if (ON_DRAFT.has(action.kind)) place.draft.set(a, action);
    else if (ON_CARD.has(action.kind)) place.card.set(`${action.kind === 'keep' ? 'offer' : action.kind === 'take' ? 'look' : 'hand'}:${a}`, action);
    else if (action.kind in CARD_CHIP) push(place.chips, a, action);
    else if (action.kind === 'den') push(place.chips, 'thieves-den', action);
    else if (['destroy', 'dtake', 'seize', 'armory'].includes(action.kind)) push(place.city, `${a}:${b}:${Boolean(c)}`, action);
    else if (action.kind === 'necro' || action.kind === 'dgive') push(place.city, `me:${a}:${Boolean(b)}`, action);
    else if (action.kind === 'beautify') push(place.city, `me:${a}:false`, action);
    else if (ON_PLAYER.has(action.kind)) push(place.player, action.kind === 'theater' ? b : a, action);
    else if (action.kind === 'spy') push(place.spy, a, action);
    else place.answers.push(action);
  }
  return place;
}

// An element that sends `action`: the page sends it on a click, Enter or Space.
function offer(ctx, el, action, tone = 'go') {
  for (const [k, v] of Object.entries(ctx.ui.actionAttrs(action))) if (v !== null && v !== undefined) el.setAttribute(k, v);
  el.setAttribute('title', action.label);
  el.classList.add('cit-offer', `cit-${tone}`);
  return el;
}

// A small button under a card for another use of it, named by what allows it (the Framework, the
// Laboratory, the Armory, the Warlord...), its whole label on hover and for screen readers.
function chip(ctx, action, by, extra = '') {
  const { ui } = ctx;
  const name = ctx.catalogue.get(by)?.name ?? '';
  const art = ctx.catalogue.get(by)?.kind === 'character'
    ? ui.svg('svg', { viewBox: '0 0 48 50', width: 16, height: 16, 'aria-hidden': 'true' }, tokenArt(ui, ctx.catalogue.get(by)))
    : ui.svg('svg', { viewBox: '0 0 24 24', width: 14, height: 14, 'aria-hidden': 'true' }, silhouette(ui, 'unique', 0, 0, 1, TYPE_COLOUR.unique));
  return offer(ctx, ui.h('button', { type: 'button', class: 'cit-chip' }, art, ui.h('span', {}, extra ? `${name} · ${extra}` : name)), action, 'chip');
}

// -- the parts of the board ---------------------------------------------------------------------

function ownerOf(view, name) {
  for (let p = 0; p < view.players; p++) if ((view.revealed[p] || []).includes(name)) return p;
  return null;
}

// The characters this seat holds and has not revealed yet (only it sees them).
function mineHidden(ctx) {
  const held = ctx.seat === null || ctx.seat === undefined ? null : ctx.view.characters[ctx.seat];
  return Array.isArray(held) ? held : [];
}

function characterMarks(ctx, name) {
  const { view } = ctx;
  const marks = [];
  if (view.killed === name) marks.push('killed');
  if (view.bewitched === name) marks.push('bewitched');
  if (view.robbed === name) marks.push('robbed');
  if ((view.warrants || []).includes(name)) {
    marks.push(view.signed_warrant ? (view.signed_warrant === name ? 'signed-warrant' : 'blank-warrant') : 'warrant-face-down');
  }
  for (const threat of view.threats || []) {
    if (threat.character !== name || threat.state === 'removed') continue;
    if (view.real_threat) marks.push(view.real_threat === name ? 'real-threat' : 'blank-threat');
    else marks.push(threat.state === 'revealed' ? 'blank-threat' : 'threat-face-down');
  }
  return marks;
}

// The characters of this game in rank order: who revealed each, the one playing, the face-up
// discards, the marks of the round; a token to name when the move names a character.
function castLine(ctx, place) {
  const { ui, view } = ctx;
  const line = ui.h('div', { class: 'cit-cast', role: 'list', 'aria-label': ctx.t('cast') });
  for (const name of view.cast) {
    const id = idOf(name);
    const owner = ownerOf(view, name);
    const out = view.faceup.includes(name);
    const playing = view.phase === 'turn' && view.playing === name;
    const cls = ['cit-char', out ? 'cit-out' : '', playing ? 'cit-playing' : '', owner !== null ? 'cit-shown' : ''].join(' ');
    const token = ui.card(id, ui.h('div', { class: cls, role: 'listitem' }, tokenSvg(ctx, id),
      ui.h('span', { class: 'cit-char-name' }, ctx.catalogue.get(id)?.name ?? ''),
      owner !== null ? ui.h('span', { class: 'cit-owner' }, ctx.players[owner] ?? '') : null,
      owner === null && mineHidden(ctx).includes(name) ? ui.h('span', { class: 'cit-owner cit-yours' }, ctx.players[ctx.seat] ?? '') : null,
      out ? ui.h('span', { class: 'cit-owner cit-faceup' }, ctx.t('face_up_short')) : null,
      id === 'tax-collector' && view.has_tax_collector ? ui.h('span', { class: 'cit-pool' }, coinIcon(ui, 12), String(view.tax_pool)) : null));
    const marks = characterMarks(ctx, name);
    if (marks.length) token.append(ui.h('span', { class: 'cit-marks' }, marks.map((m) => mark(ctx, m, 16))));
    const action = place.character.get(id);
    const slot = ui.h('div', { class: 'cit-char-slot' }, action ? offer(ctx, token, action, action.kind === 'kill' ? 'attack' : 'go') : token);
    line.append(slot);
  }
  // the face-down characters: how many, and those this seat saw
  const known = view.facedown_known || [];
  const down = ui.h('div', { class: 'cit-facedown' },
    ui.card('face-down', ui.h('div', { class: 'cit-down-stack' }, hiddenTokenSvg(ui), ui.h('span', { class: 'cit-count' }, `×${view.facedown}`))),
    known.map((name) => ui.card(idOf(name), ui.h('div', { class: 'cit-down-known', title: ctx.t('face_down_known') }, tokenSvg(ctx, idOf(name), 'cit-small-token'),
      ui.h('span', { class: 'cit-char-name' }, ctx.catalogue.get(idOf(name))?.name ?? ''),
      ui.h('span', { class: 'cit-owner cit-faceup' }, ctx.t('seen'))))));
  return ui.h('section', { class: 'cit-round' }, line, view.facedown ? down : null);
}

// The draft: the characters offered to the seat choosing now (large, with what they do), or who
// is choosing.
function draftPanel(ctx, place) {
  const { ui, view } = ctx;
  if (view.phase !== 'draft' || view.drafter === null || view.drafter === undefined) return null;
  if (!Array.isArray(view.draft_cards)) {
    return ui.h('section', { class: 'cit-panel cit-draft cit-waiting' },
      ui.h('h3', {}, ctx.t('draft_waiting', { name: ctx.players[view.drafter] ?? '' })),
      ui.h('div', { class: 'cit-backs' }, Array.from({ length: Math.min(view.draft_cards ?? 0, 9) }, () => hiddenTokenSvg(ui))));
  }
  const cards = view.draft_cards.map((name) => {
    const id = idOf(name);
    const item = ctx.catalogue.get(id);
    const el = ui.card(id, ui.h('div', { class: 'cit-big-char' }, tokenSvg(ctx, id),
      ui.h('strong', {}, item?.name ?? ''), ui.h('span', { class: 'cit-type' }, item?.type ?? ''),
      ui.h('p', { class: 'cit-text' }, item?.text ?? '')));
    const action = place.draft.get(id);
    return action ? offer(ctx, el, action, action.kind === 'fdiscard' ? 'attack' : 'go') : el;
  });
  return ui.h('section', { class: 'cit-panel cit-draft' }, ui.h('h3', {}, ctx.t('draft')), ui.h('div', { class: 'cit-big-row' }, cards));
}

// Cards to choose among: drawn (keep one) or another player's hand (the Wizard takes one).
function choicePanel(ctx, place, title, names, where) {
  const { ui } = ctx;
  const seen = new Set();
  return ui.h('section', { class: 'cit-panel cit-choice' }, ui.h('h3', {}, title),
    ui.h('div', { class: 'cit-big-row' }, names.map((name) => {
      const id = idOf(name);
      const item = ctx.catalogue.get(id);
      const el = ui.card(id, ui.h('div', { class: 'cit-big-card' }, districtSvg(ctx, id),
        item?.kind === 'district' && item.art?.type === 'unique' ? ui.h('p', { class: 'cit-text' }, item.text) : null));
      const action = seen.has(id) ? null : place.card.get(`${where}:${id}`);
      seen.add(id);
      return action ? offer(ctx, el, action) : el;
    })));
}

// One district of a city, with what may be done to it.
function cityCard(ctx, place, seat, entry, index, fresh, mine) {
  const { ui } = ctx;
  const id = idOf(entry.name);
  const card = ui.card(id, ui.h('div', { class: `cit-city-card${fresh ? ' cit-enter' : ''}` },
    districtSvg(ctx, id, { cost: entry.cost, beautified: entry.beautified })));
  if (id === 'museum') {
    const under = ctx.view.museum[seat];
    const n = Array.isArray(under) ? under.length : under;
    if (n) card.append(ui.h('span', { class: 'cit-badge', title: ctx.ui.tn('museum', n) }, String(n)));
  }
  const key = `${id}:${Boolean(entry.beautified)}`;
  // a district of another city (destroy, exchange, seize, Armory), or of yours (also: sacrifice
  // to the Necropolis, give in exchange, beautify); a twin (Quarry) offers them once
  const all = [...(place.city.get(`${seat}:${key}`) || []), ...(mine ? place.city.get(`me:${key}`) || [] : [])]
    .filter((a) => !ctx.used.has(a));
  if (!all.length) return ui.h('div', { class: 'cit-slot' }, card);
  all.forEach((a) => ctx.used.add(a));
  const [first, ...rest] = all;
  const tone = ['destroy', 'armory', 'necro'].includes(first.kind) ? 'attack' : 'go';
  offer(ctx, card, first, tone);
  card.append(actorBadge(ctx, first));
  const price = first.kind === 'destroy' || first.kind === 'seize' ? first.args[3] : first.kind === 'dgive' ? first.args[2] : null;
  if (price !== null && price !== undefined) card.append(ui.h('span', { class: 'cit-price' }, coinIcon(ui, 11), String(price)));
  return ui.h('div', { class: 'cit-slot' }, card,
    rest.length ? ui.h('div', { class: 'cit-chips' }, rest.map((a) => chip(ctx, a, CITY_CHIP[a.kind] ?? 'armory'))) : null);
}

// Who acts on a district: the character playing (Warlord, Diplomat, Marshal, Artist), or the
// unique used (Armory, Necropolis), drawn small in the card's corner.
function actorBadge(ctx, action) {
  const { ui, view } = ctx;
  const by = action.kind in { armory: 1, necro: 1 } ? CITY_CHIP[action.kind] : view.playing ? idOf(view.playing) : CITY_CHIP[action.kind];
  const item = ctx.catalogue.get(by);
  const art = item?.kind === 'character' ? tokenArt(ui, item) : [ui.svg('circle', { cx: 24, cy: 26, r: 22, fill: '#fff', stroke: TYPE_COLOUR.unique, 'stroke-width': 3 }), silhouette(ui, 'unique', 9, 11, 1.25, TYPE_COLOUR.unique)];
  return ui.svg('svg', { viewBox: '0 0 48 50', class: 'cit-actor', 'aria-hidden': 'true' }, art);
}

function cityRow(ctx, place, seat, mine) {
  const { ui, view } = ctx;
  const city = view.cities[seat];
  const size = city.length;
  const old = before && before.players === view.players ? (before.cities[seat] ?? size) : size;
  const row = ui.h('div', { class: 'cit-city' }, city.map((entry, i) => cityCard(ctx, place, seat, entry, i, i >= old && size > old, mine)));
  if (!city.length) row.append(ui.h('span', { class: 'cit-empty' }, ctx.t('empty_city')));
  return row;
}

// A card of your hand: the card builds it (or discards, gives, pays with it...), chips under it
// for its other uses.
function handCard(ctx, place, name, first) {
  const { ui } = ctx;
  const id = idOf(name);
  const card = ui.card(id, ui.h('div', { class: 'cit-hand-card' }, districtSvg(ctx, id)));
  const action = first ? place.card.get(`hand:${id}`) : null;
  if (action) offer(ctx, card, action, action.kind === 'mdiscard' || action.kind === 'dencard' ? 'attack' : 'go');
  const chips = first ? (place.chips.get(id) || []) : [];
  return ui.h('div', { class: 'cit-slot' }, card,
    chips.length ? ui.h('div', { class: 'cit-chips' }, chips.map((a) => (a.kind === 'borrow'
      ? chip(ctx, a, 'cardinal', ctx.players[a.args[1]] ?? '')
      : chip(ctx, a, a.kind === 'den' ? 'thieves-den' : CARD_CHIP[a.kind])))) : null);
}

function handRow(ctx, place, seat) {
  const { ui, view } = ctx;
  const hand = view.hands[seat];
  if (!hand.length) return ui.h('p', { class: 'cit-empty' }, ctx.t('empty_hand'));
  const seen = new Set();
  return ui.h('div', { class: 'cit-hand' }, hand.map((name) => {
    const first = !seen.has(name);
    seen.add(name);
    return handCard(ctx, place, name, first);
  }));
}

// What a player has: gold, cards in hand, characters (revealed, or hidden), crown and marks.
function playerHead(ctx, seat, mine) {
  const { ui, view } = ctx;
  const hand = view.hands[seat];
  const held = Array.isArray(hand) ? hand.length : hand;
  const hidden = view.characters[seat];
  const tokens = [];
  for (const name of view.revealed[seat] || []) {
    tokens.push(ui.card(idOf(name), ui.h('span', { class: 'cit-mini-char' }, tokenSvg(ctx, idOf(name), 'cit-small-token'),
      ui.h('span', {}, ctx.catalogue.get(idOf(name))?.name ?? ''))));
  }
  if (Array.isArray(hidden)) {
    for (const name of hidden) {
      tokens.push(ui.card(idOf(name), ui.h('span', { class: 'cit-mini-char cit-secret', title: ctx.t('hidden_characters') }, tokenSvg(ctx, idOf(name), 'cit-small-token'),
        ui.h('span', {}, ctx.catalogue.get(idOf(name))?.name ?? ''))));
    }
  } else {
    for (let i = 0; i < hidden; i++) tokens.push(ui.h('span', { class: 'cit-mini-char', title: ctx.t('hidden_characters') }, hiddenTokenSvg(ui)));
  }
  const complete = view.complete[seat];
  return ui.h('header', { class: 'cit-head' },
    seat === view.crown ? mark(ctx, 'crown', 22, 'cit-crown') : null,
    ui.h('strong', { class: 'cit-name' }, ctx.players[seat] ?? ''),
    ui.card('gold', ui.h('span', { class: 'cit-stat', title: ui.tn('gold', view.gold[seat]) }, coinIcon(ui), String(view.gold[seat]))),
    mine ? null : ui.h('span', { class: 'cit-stat', title: ui.tn('cards', held) }, cardsIcon(ui), String(held)),
    ui.h('span', { class: 'cit-stat cit-size', title: ui.tn('districts', view.cities[seat].length) }, `${view.cities[seat].length}/${view.complete_at}`),
    complete ? mark(ctx, view.first_complete === seat ? 'first-complete' : 'complete-city', 18) : null,
    view.protected === seat ? mark(ctx, 'protected', 18) : null,
    tokens.length ? ui.h('span', { class: 'cit-mini-chars' }, tokens) : null);
}

// The moves on a player: swap hands, look at the hand, give the crown, take gold or a card, spy
// for a type (one silhouette per type), the Theater.
function playerMoves(ctx, place, seat) {
  const { ui } = ctx;
  const moves = place.player.get(seat) || [];
  const spies = place.spy.get(seat) || [];
  if (!moves.length && !spies.length) return null;
  return ui.h('div', { class: 'cit-player-moves' },
    moves.map((a) => offer(ctx, ui.h('button', { type: 'button', class: 'cit-move' }, a.label), a)),
    spies.length ? ui.h('span', { class: 'cit-spy' },
      tokenSvg(ctx, 'spy', 'cit-small-token'),
      spies.map((a) => offer(ctx, ui.h('button', { type: 'button', class: 'cit-type-button' },
        ui.svg('svg', { viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': 'true' }, silhouette(ui, a.args[1], 0, 0, 1, TYPE_COLOUR[a.args[1]])),
        ui.h('span', {}, ctx.catalogue.get(a.args[1])?.name ?? '')), a))) : null);
}

function othersHand(ctx, seat) {
  const { ui, view } = ctx;
  const hand = view.hands[seat];
  const n = Array.isArray(hand) ? hand.length : hand;
  const known = (view.known_cards || [])[seat] || [];
  return ui.h('div', { class: 'cit-other-hand' },
    ui.h('span', { class: 'cit-backs', title: ui.tn('cards', n) }, Array.from({ length: Math.min(n, 7) }, () => backSvg(ui, 'cit-back'))),
    ui.h('span', { class: 'cit-held' }, ui.tn('cards', n)),
    known.length ? ui.h('span', { class: 'cit-known', title: ctx.t('known') },
      ui.svg('svg', { viewBox: '0 0 40 40', width: 16, height: 16, 'aria-hidden': 'true' }, paint(ui, EMBLEMS.spy)),
      known.map((name) => ui.card(idOf(name), ui.h('span', { class: 'cit-known-card', style: { borderColor: TYPE_COLOUR[ctx.catalogue.get(idOf(name))?.art?.type] ?? '#999' } },
        ctx.catalogue.get(idOf(name))?.name ?? '')))) : null);
}

// The answers of the moment that name no card, token or player: gather, income, the uses of a
// character or a unique, bribes and threats, confiscation, the end of the turn.
function answers(ctx, place) {
  const { ui } = ctx;
  if (!place.answers.length) return null;
  const tone = (a) => (a.kind === 'end' || a.kind === 'noconfiscate' || a.kind === 'refuse' || a.kind === 'noreveal' || a.kind === 'theater_pass' || a.kind === 'wizkeep' ? 'quiet' : 'go');
  return ui.h('div', { class: 'cit-answers' }, place.answers.map((a) => {
    const icon = a.kind === 'gold' || a.kind === 'navgold' || a.kind === 'bribe' || a.kind === 'taxes' || a.kind === 'dengold' ? coinIcon(ui, 18)
      : a.kind === 'draw' || a.kind === 'navcards' || a.kind === 'scholar' || a.kind === 'smithy' ? cardsIcon(ui, 18) : null;
    return offer(ctx, ui.h('button', { type: 'button', class: `cit-answer${a.kind === 'end' ? ' cit-end' : ''}` }, icon, ui.h('span', {}, a.label)), a, tone(a));
  }));
}

function legend(ctx) {
  const { ui } = ctx;
  return ui.h('div', { class: 'cit-legend' }, ['noble', 'religious', 'trade', 'military', 'unique'].map((type) => ui.card(type,
    ui.h('span', { class: 'cit-legend-item' },
      ui.svg('svg', { viewBox: '0 0 24 24', width: 16, height: 16, 'aria-hidden': 'true' }, silhouette(ui, type, 0, 0, 1, TYPE_COLOUR[type])),
      ui.h('span', {}, ctx.catalogue.get(type)?.name ?? '')))));
}

function status(ctx) {
  const { ui, view } = ctx;
  const last = view.first_complete !== null && view.first_complete !== undefined;
  return ui.h('div', { class: 'cit-status' },
    ui.h('strong', {}, ctx.t('round', { n: view.round })),
    last ? ui.h('span', { class: 'cit-last' }, ctx.t('last_round')) : null,
    ui.card('district-deck', ui.h('span', { class: 'cit-stat' }, cardsIcon(ui), ctx.t('deck', { n: view.deck }))),
    ui.h('span', { class: 'cit-stat' }, ctx.t('complete_at', { n: view.complete_at })),
    view.phase === 'turn' && view.current !== null && view.builds_left > 0 && view.current === ctx.seat
      ? ui.h('span', { class: 'cit-stat' }, ui.tn('builds_left', view.builds_left)) : null,
    legend(ctx));
}

function playerPanel(ctx, place, seat) {
  const { ui, view } = ctx;
  const mine = seat === ctx.seat && Array.isArray(view.hands[seat]);
  const current = !view.over && (view.to_move || []).includes(seat);
  const panel = ui.h('section', { class: `cit-player${mine ? ' cit-mine' : ''}${current ? ' cit-current' : ''}`, 'data-seat': seat },
    playerHead(ctx, seat, mine), mine ? null : playerMoves(ctx, place, seat));
  if (mine) {
    const moves = answers(ctx, place);
    if (moves) panel.append(moves);
    panel.append(ui.h('div', { class: 'cit-tray' }, ui.h('h4', {}, ctx.t('your_hand')), handRow(ctx, place, seat)));
  } else {
    panel.append(othersHand(ctx, seat));
  }
  panel.append(cityRow(ctx, place, seat, mine));
  return panel;
}

export function render(root, ctx) {
  const { ui, view } = ctx;
  const seat = ctx.seat ?? null;
  const place = placeActions(ctx.actions || []);
  ctx = { ...ctx, used: new Set() };
  const mine = seat !== null && Array.isArray(view.hands[seat]);
  const order = [];
  for (let i = 0; i < view.players; i++) order.push(((seat ?? 0) + i) % view.players);
  const board = ui.h('div', { class: 'cit' }, status(ctx), castLine(ctx, place), draftPanel(ctx, place));
  if (Array.isArray(view.offer) && view.offer.length) board.append(choicePanel(ctx, place, ctx.t('drawn'), view.offer, 'offer'));
  if (view.looking_at) board.append(choicePanel(ctx, place, ctx.t('looking_at', { name: ctx.players[view.looking_at.seat] ?? '' }), view.looking_at.cards, 'look'));
  if (!mine && place.answers.length) board.append(answers(ctx, place));
  for (const p of order) board.append(playerPanel(ctx, place, p));
  before = { players: view.players, cities: view.cities.map((c) => c.length) };
  root.append(ui.h('style', {}, STYLE), board);
}

const STYLE = `
.cit { --cit-gold: #c9a227; display: flex; flex-direction: column; gap: .55rem; color: ${INK}; }
.cit svg { display: block; }
.cit h3 { margin: 0 0 .35rem; font-size: 1rem; }
.cit h4 { margin: .2rem 0; font-size: .85rem; color: #5d5470; }
.cit-status { display: flex; flex-wrap: wrap; align-items: center; gap: .35rem .8rem; font-size: .88rem; }
.cit-stat { display: inline-flex; align-items: center; gap: .25rem; white-space: nowrap; }
.cit-last { background: #b3261e; color: #fff; border-radius: 999px; padding: .05rem .55rem; font-weight: 700; font-size: .8rem; }
.cit-legend { display: flex; flex-wrap: wrap; gap: .2rem .6rem; margin-left: auto; }
.cit-legend-item { display: inline-flex; align-items: center; gap: .2rem; font-size: .78rem; color: #5d5470; cursor: help; }
.cit-round { display: flex; flex-wrap: wrap; gap: .4rem; align-items: flex-start; background: #f3ead3; border: 1px solid #e2d3ad; border-radius: 12px; padding: .45rem; }
.cit-cast { display: flex; flex-wrap: wrap; gap: .25rem; flex: 1 1 auto; min-width: 0; }
.cit-char-slot { display: flex; }
.cit-char { position: relative; display: flex; flex-direction: column; align-items: center; width: 74px; padding: 2px 0 4px; border-radius: 10px; border: 2px solid transparent; cursor: help; }
.cit-char .cit-token { width: 50px; height: auto; }
.cit-char-name { font-size: .74rem; font-weight: 600; text-align: center; line-height: 1.1; }
.cit-owner { font-size: .68rem; color: #5d5470; text-align: center; line-height: 1.1; max-width: 72px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.cit-faceup { font-style: italic; }
.cit-out { opacity: .45; }
.cit-out .cit-token { filter: grayscale(1); }
.cit-shown { background: #fffaf0; }
.cit-playing { border-color: var(--cit-gold); background: #fff5d1; box-shadow: 0 0 0 2px rgba(201,162,39,.35); }
.cit-marks { position: absolute; top: 0; right: 2px; display: flex; flex-direction: column; gap: 1px; }
.cit-mark { display: inline-block; cursor: help; filter: drop-shadow(0 0 1px #fff); }
.cit-pool { position: absolute; top: 30px; left: 4px; display: inline-flex; align-items: center; gap: 1px; font-size: .7rem; font-weight: 700; background: #fffdf4; border-radius: 8px; padding: 0 3px; }
.cit-facedown { display: flex; gap: .3rem; align-items: flex-start; }
.cit-down-stack, .cit-down-known { display: flex; flex-direction: column; align-items: center; cursor: help; }
.cit-down-stack .cit-token { width: 40px; height: auto; }
.cit-count { font-size: .75rem; font-weight: 700; }
.cit-small-token { width: 26px; height: auto; }
.cit-down-known .cit-small-token { width: 34px; }
.cit-panel { border: 2px solid var(--cit-gold); border-radius: 12px; padding: .5rem; background: #fffaf0; }
.cit-waiting { border-style: dashed; border-color: #cdbf9f; }
.cit-backs { display: inline-flex; gap: 2px; align-items: center; }
.cit-waiting .cit-backs .cit-token { width: 28px; height: auto; }
.cit-big-row { display: flex; flex-wrap: wrap; gap: .5rem; }
.cit-big-char, .cit-big-card { display: flex; flex-direction: column; align-items: center; gap: .15rem; width: 150px; padding: .35rem; border-radius: 10px; border: 2px solid #e2d3ad; background: #fff; text-align: center; }
.cit-big-char .cit-token { width: 64px; height: auto; }
.cit-big-card .cit-dcard { width: 84px; height: auto; }
.cit-type { font-size: .72rem; color: #6b6150; }
.cit-text { margin: 0; font-size: .74rem; line-height: 1.25; color: #3d3327; }
.cit-player { border: 1px solid #e2d6bb; border-radius: 12px; padding: .4rem .5rem; background: #fffaf0; min-width: 0; display: flex; flex-direction: column; gap: .3rem; }
.cit-player.cit-current { border-color: var(--cit-gold); box-shadow: 0 0 0 2px rgba(201,162,39,.35); }
.cit-mine { background: #fdf7e7; }
.cit-head { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem .6rem; }
.cit-name { font-size: 1rem; }
.cit-size { color: #5d5470; font-size: .85rem; }
.cit-mini-chars { display: inline-flex; flex-wrap: wrap; gap: .3rem; }
.cit-mini-char { display: inline-flex; align-items: center; gap: .15rem; font-size: .78rem; font-weight: 600; cursor: help; }
.cit-secret { opacity: .75; font-style: italic; }
.cit-player-moves { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
.cit-move, .cit-answer { font: inherit; font-size: .85rem; padding: .3rem .7rem; border-radius: 999px; border: 1.5px solid #2f7a4b; background: #eef7f0; color: #1f4f31; cursor: pointer; display: inline-flex; align-items: center; gap: .35rem; text-align: left; }
.cit-answers { display: flex; flex-wrap: wrap; gap: .35rem; }
.cit-answer.cit-quiet { border-color: #8d8299; background: #f6f3fa; color: #3b2f5c; }
.cit-answer.cit-end { background: #3b2f5c; color: #fff; border-color: #3b2f5c; }
.cit-move:hover, .cit-answer:hover, .cit-type-button:hover { background: #d9efdf; }
.cit-answer.cit-quiet:hover { background: #e9e3f3; }
.cit-answer.cit-end:hover { background: #4d3f75; }
.cit-chip:hover { background: #eadcf3; }
.cit-spy { display: inline-flex; flex-wrap: wrap; align-items: center; gap: .2rem; }
.cit-type-button { font: inherit; font-size: .75rem; display: inline-flex; align-items: center; gap: .15rem; padding: .15rem .4rem; border-radius: 999px; border: 1.5px solid #2f7a4b; background: #eef7f0; cursor: pointer; }
.cit-other-hand { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem; }
.cit-other-hand .cit-back { width: 16px; height: auto; margin-right: -4px; }
.cit-held { font-size: .8rem; color: #5d5470; margin-left: .3rem; }
.cit-known { display: inline-flex; flex-wrap: wrap; align-items: center; gap: .2rem; font-size: .72rem; }
.cit-known-card { border: 1.5px solid; border-radius: 4px; padding: 0 .25rem; background: #fff; cursor: help; }
.cit-hand-box h4 { margin: 0 0 .15rem; }
.cit-hand, .cit-city { display: flex; flex-wrap: wrap; gap: .3rem; align-items: flex-start; }
.cit-city { background: linear-gradient(#f6eedb, #efe3c4); border-bottom: 4px solid #cdb98c; border-radius: 10px 10px 4px 4px; padding: .35rem .4rem .3rem; min-height: 2rem; }
.cit-tray { background: #efe6f7; border: 1px solid #d8c9ea; border-radius: 10px; padding: .25rem .4rem .4rem; }
.cit-actor { position: absolute; top: -9px; left: -9px; width: 19px; height: auto; filter: drop-shadow(0 1px 1px rgba(0,0,0,.3)); }
.cit-yours { font-style: italic; color: #2f7a4b; }
.cit-slot { display: flex; flex-direction: column; align-items: center; gap: .15rem; }
.cit-hand-card, .cit-city-card { position: relative; border-radius: 7px; cursor: help; }
.cit-hand-card .cit-dcard { width: 74px; height: auto; }
.cit-city-card .cit-dcard { width: 60px; height: auto; }
.cit-dname { font-family: Georgia, 'DejaVu Serif', serif; fill: ${INK}; font-weight: 600; }
.cit-rank { font: bold 10px system-ui, sans-serif; fill: ${INK}; }
.cit-empty { font-size: .8rem; color: #8a8070; font-style: italic; margin: .2rem 0; }
.cit-badge { position: absolute; bottom: 20px; right: -4px; background: #3b2f5c; color: #fff; border-radius: 999px; font-size: .7rem; font-weight: 700; padding: 0 .35rem; }
.cit-price { position: absolute; top: -6px; right: -6px; display: inline-flex; align-items: center; gap: 1px; background: #fff; border: 1.5px solid #b3261e; border-radius: 999px; font-size: .7rem; font-weight: 700; padding: 0 .25rem; }
.cit-chips { display: flex; flex-direction: column; gap: 2px; align-items: stretch; max-width: 84px; }
.cit-chip { font: inherit; font-size: .66rem; line-height: 1.1; display: inline-flex; align-items: center; gap: .15rem; padding: .1rem .3rem; border-radius: 6px; border: 1.5px solid #7b3fa0; background: #f6effa; color: #3b1f4c; cursor: pointer; text-align: left; }
.cit-offer { cursor: pointer; }
.cit-offer.cit-go:not(button) { outline: 3px solid #2f7a4b; outline-offset: 1px; }
.cit-offer.cit-attack:not(button) { outline: 3px dashed #b3261e; outline-offset: 1px; }
.cit-offer:not(button):hover, .cit-offer:not(button):focus-visible { transform: translateY(-3px); box-shadow: 0 4px 10px rgba(0,0,0,.18); }
.cit-offer:focus-visible { outline-width: 4px; }
.cit-enter { animation: cit-enter .55s ease-out; }
@keyframes cit-enter { from { opacity: 0; transform: translateY(-40px) scale(1.25); } 60% { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .cit-enter { animation: none; } }
@media (max-width: 600px) {
  .cit-cast { gap: .1rem; }
  .cit-char { width: 62px; }
  .cit-char .cit-token { width: 40px; }
  .cit-char-name { font-size: .6rem; max-width: 60px; overflow-wrap: anywhere; }
  .cit-owner { max-width: 60px; font-size: .6rem; }
  .cit-city-card .cit-dcard { width: 50px; }
  .cit-hand-card .cit-dcard { width: 62px; }
  .cit-big-char, .cit-big-card { width: calc(50% - .5rem); box-sizing: border-box; }
  .cit-legend { margin-left: 0; }
}
`;
