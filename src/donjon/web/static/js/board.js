// Drawing a table from a view, shared by the live table and the replay: the game's renderer
// (renderers/<game>.js, `render(root, ctx)`), the game log (sentences the server wrote in the
// page's language), and the game-over panel (ranking, each player's score by category, the
// tie-break when one was applied, the replay link).
import {
  card, catalogue, forgetStaleCard, h, icon, lang, listened, t, takeListened, tn,
} from './common.js';

export async function loadRenderer(game, available) {
  if (!available) return null;
  try {
    return await import(`/static/renderers/${encodeURIComponent(game)}.js`);
  } catch (error) {
    console.error('renderer failed to load', error);
    return null;
  }
}

// Element.append writes null as "null": leave out what is not there.
function append(root, ...children) {
  root.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
}

function rawView(view) {
  return h('details', { class: 'raw-view' },
    h('summary', {}, t('view_raw')),
    h('pre', {}, JSON.stringify(view, null, 1)));
}

// Every catalogue id a view names, in order, once each.
export function idsIn(view) {
  const found = [];
  const walk = (value) => {
    if (typeof value === 'string') {
      if (catalogue.items.has(value) && !found.includes(value)) found.push(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(view);
  return found;
}

// The page's own drawing of a game without a renderer: every card the view names, each
// explaining itself; the moves are in the action bar.
function fallback(root, ctx) {
  const ids = idsIn(ctx.view);
  append(root, h('p', { class: 'note' }, t('no_renderer')),
    ids.length ? h('div', { class: 'fallback-cards' }, ids.map((id) => card(id))) : null,
    ids.length ? h('p', { class: 'note' }, t('card_help')) : null,
    rawView(ctx.view));
}

// A board is drawn apart, then only what changed is written into the page: a move changes a
// few of a board's thousand elements, and the browser then styles, lays out and paints those
// alone (with the whole board rebuilt at every move, styling and laying it out took two fifths
// of a Caylus page's drawing time). The renderer measures the page's board (``ctx.board``),
// not the one it draws into. What a person did to a kept element stays: its focus, its scroll.
export function drawBoard(root, renderer, ctx) {
  const drawn = root.cloneNode(false);
  const drawing = { ...ctx, board: root };
  takeListened();
  if (drawing.view) {
    if (!renderer || typeof renderer.render !== 'function') {
      fallback(drawn, drawing);
    } else {
      try {
        renderer.render(drawn, drawing);
      } catch (error) {
        console.error(error);
        drawn.replaceChildren(
          h('p', { class: 'error-message' }, t('renderer_error', { error: error.message })),
          rawView(drawing.view));
      }
    }
  }
  // the drawn elements that hold an element with a listener: never taken as equal to the page's
  const holding = new Set();
  for (const el of takeListened()) {
    for (let up = el.parentNode; up && !holding.has(up); up = up.parentNode) holding.add(up);
  }
  keepUnchanged(root, drawn, holding);
  forgetStaleCard();
}

// Two nodes are one element drawn again: same kind and tag, and no listener on either (a
// listener is its drawing's own: a kept element would keep the last drawing's).
function sameElement(kept, next) {
  return kept.nodeType === next.nodeType && kept.nodeName === next.nodeName
    && !(kept.nodeType === Node.ELEMENT_NODE && (listened.has(kept) || listened.has(next)));
}

// By name: h() and svg() give no attribute a namespace.
function keepAttributes(kept, next) {
  const older = kept.attributes;
  for (let i = older.length - 1; i >= 0; i--) {
    const { name } = older[i];
    if (!next.hasAttribute(name)) kept.removeAttribute(name);
  }
  const newer = next.attributes;
  for (let i = 0; i < newer.length; i++) {
    const { name, value } = newer[i];
    if (kept.getAttribute(name) !== value) kept.setAttribute(name, value);
  }
}

// ``live``'s children made like ``drawn``'s, pairing them in order: an element equal to its
// pair (the browser compares the two whole subtrees) is left alone, one that differs is brought
// up to date (attributes, then children in turn). Where the two differ in kind, one element
// that came (a turn's mark before a name) is put in, one that went is taken out, and anything
// else replaced.
function keepUnchanged(live, drawn, holding) {
  let kept = live.firstChild;
  let next = drawn.firstChild;
  while (next) {
    const following = next.nextSibling;
    if (kept === null) {
      live.appendChild(next);
    } else if (sameElement(kept, next)) {
      if (kept.nodeType !== Node.ELEMENT_NODE) {
        if (kept.nodeValue !== next.nodeValue) kept.nodeValue = next.nodeValue;
      } else if (holding.has(next) || !kept.isEqualNode(next)) {
        keepAttributes(kept, next);
        keepUnchanged(kept, next, holding);
      }
      kept = kept.nextSibling;
    } else if (following && sameElement(kept, following)) {
      live.insertBefore(next, kept);
    } else if (kept.nextSibling && sameElement(kept.nextSibling, next)) {
      const after = kept.nextSibling;
      live.removeChild(kept);
      kept = after;
      continue;  // ``next`` is paired with ``after`` now
    } else {
      const after = kept.nextSibling;
      live.replaceChild(next, kept);
      kept = after;
    }
    next = following;
  }
  while (kept) {
    const after = kept.nextSibling;
    live.removeChild(kept);
    kept = after;
  }
}

// The log: one numbered line per entry ({key, args, text}); `from` entries are already shown.
export function drawLog(list, entries, from = 0) {
  if (from === 0) list.replaceChildren();
  const shown = list.children.length;
  for (let i = shown; i < entries.length; i++) {
    list.append(h('li', { dataset: { key: entries[i].key } }, entries[i].text));
  }
  list.dataset.count = entries.length;
  // scrolled to the newest line when lines came: reading the height lays the page out
  if (from === 0 || entries.length > shown) list.scrollTop = list.scrollHeight;
}

function scoreText(score) {
  if (Array.isArray(score)) return score.join(' · ');
  if (score && typeof score === 'object') return Object.values(score).join(' · ');
  return String(score);
}

function categoryName(id) {
  return catalogue.categories[id] ?? id.replace(/[_-]+/g, ' ');
}

// What a tie-break said, in the page's language: the game's own words for it, else (in English)
// the engine's text, else a general line.
export function tiebreakText(tiebreak) {
  if (!tiebreak) return '';
  const named = catalogue.tiebreaks[tiebreak];
  if (named) return t('tiebreak', { text: named });
  return lang === 'en' ? t('tiebreak', { text: tiebreak }) : t('tiebreak_applied');
}

function winnerLine(result, players, seat) {
  const winners = result.winners ?? result.ranks.flatMap((r, i) => (r === 1 ? [i] : []));
  if (winners.length === 1 && winners[0] === seat) return t('you_win');
  const names = winners.map((i) => players[i]).join(', ');
  return winners.length > 1 ? t('win_shared', { names }) : t('wins', { names });
}

// The end of the game, as an event: who won, the ranking with every player's score by
// category (when the game gives a breakdown), the tie-break only if one was applied.
export function drawGameOver(root, result, players, { seat = null, replay = null } = {}) {
  root.replaceChildren();
  root.hidden = !result;
  if (!result) return;
  const order = result.ranks.map((r, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b);
  const breakdown = Array.isArray(result.breakdown) && result.breakdown.length === result.ranks.length
    ? result.breakdown : null;
  const categories = [];
  if (breakdown) {
    const known = Object.keys(catalogue.categories);
    for (const part of breakdown) for (const id of Object.keys(part)) if (!categories.includes(id)) categories.push(id);
    categories.sort((a, b) => (known.indexOf(a) + 1 || 99) - (known.indexOf(b) + 1 || 99));
  }
  const head = h('tr', {}, h('th', { scope: 'col' }, t('rank')), h('th', { scope: 'col' }, t('player')),
    categories.map((id) => h('th', { scope: 'col', class: 'category', dataset: { category: id } }, categoryName(id))),
    h('th', { scope: 'col', class: 'total' }, breakdown ? t('total') : t('score')));
  const rows = order.map((i) => h('tr', { class: `${result.ranks[i] === 1 ? 'first' : ''} ${i === seat ? 'mine' : ''}`, dataset: { seat: i } },
    h('td', { class: 'rank' }, result.ranks[i] === 1 ? icon('crown', { size: 16 }) : null, ` ${result.ranks[i]}`),
    h('th', { scope: 'row', class: 'name' }, players[i]),
    categories.map((id) => h('td', { class: 'category', dataset: { category: id } }, breakdown[i][id] ?? 0)),
    h('td', { class: 'total' }, scoreText(result.scores[i]))));
  const tiebreak = tiebreakText(result.tiebreak);
  append(root,
    h('h2', { class: 'game-over-title' }, icon('trophy', { size: 26 }), ' ', t('game_over')),
    h('p', { class: 'winner', id: 'winner' }, winnerLine(result, players, seat)),
    h('div', { class: 'scores-wrap' }, h('table', { class: 'scores' }, h('thead', {}, head), h('tbody', {}, rows))),
    tiebreak ? h('p', { class: 'note tiebreak', id: 'tiebreak' }, tiebreak) : null,
    replay ? h('p', {}, h('a', { href: replay, id: 'replay-link', class: 'button primary' }, t('replay_game'))) : null,
  );
}

export { lang, tn };
