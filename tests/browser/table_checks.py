"""What every game's table must satisfy in the browser (issue #9), for the per-game tests
``tests/browser/test_<game>_table.py`` (fixtures in ``conftest.py``: ``live_server``,
``new_page``):

- ``start_against_bots(page, server, game)`` creates a table in the lobby, the page's person in
  the first seat and bots elsewhere (it starts by itself), and waits for the board;
- ``play_to_end(page, server, tid)`` plays by clicking the board's own visible ``[data-action]``
  elements (the action bar only when the board offers none: counted in ``bar_clicks``), with
  ``on_turn(page, turn)`` called at each of the person's turns for mid-game checks, and
  ``page.turn`` what the page offers then (``next_turn``: one round trip a turn, as a whole
  game's checks add up);
- checks, each raising AssertionError saying what is wrong: ``one_visible_element_per_action``,
  ``no_horizontal_scroll``, ``board_top_in_first_screen``, ``no_english_in_french``,
  ``no_seat_numbers_or_identifiers``, ``cards_explained``, ``title_marks_your_turn``,
  ``game_over_shows_breakdown``, ``no_console_errors``;
- ``screenshot(page, game, moment)`` keeps ``var/screenshots/<game>-<lang>-<width>-<moment>.png``
  (``var/`` is git-ignored).

A renderer whose moves take two clicks (a card, then where it goes) marks the first click's
elements ``data-select``: ``play_to_end`` clicks one of them when the board offers no action yet.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import donjon
from donjon.engine import text
from donjon.server.catalogue import items_of
from donjon.server.display import options_json
from donjon.server.i18n import MESSAGES

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"

#: the page is ready for a click: the server answered, and it is this seat's turn or the end
READY = """() => {
  const p = document.querySelector('#table-page');
  return p.dataset.status === 'finished' || p.dataset.status === 'closed'
    || (p.dataset.pending !== 'yes' && p.dataset.myTurn === 'yes');
}"""

#: a statement that finishes at once the page's animations that end (a glow that never ends is
#: left as it is): the board as they leave it, as a person sees it before clicking, without
#: waiting for them; ``finish_animations(page)`` runs it alone
FINISH_ANIMATIONS = """for (const animation of document.getAnimations()) {
    const timing = animation.effect && animation.effect.getComputedTiming();
    if (timing && timing.endTime !== Infinity) animation.finish();
  }"""

#: every element carrying data-action that is visible, with where it is and the action's key
#: (a v1 renderer's data-action holds the action's text: it is resolved to the key here), and,
#: for a board element whose centre (where a click lands) is on the screen, what takes that
#: click when it is not the element (``over``): the sticky turn bar and a card's tip are left
#: out, as a person scrolls past one and moves the pointer off the other. It looks at the board
#: as its animations that end leave it (FINISH_ANIMATIONS: a card arriving passes over others
#: for half a second; waiting for them cost half a second at most turns of a whole game)
VISIBLE_ACTIONS = """() => {
  FINISH_ANIMATIONS
  const actions = (window.donjonTable && window.donjonTable.state.actions) || [];
  const keyOf = (a) => JSON.stringify({ kind: a.kind, args: a.args });
  const byText = new Map(actions.map((a) => [a.text, keyOf(a)]));
  const out = [];
  for (const el of document.querySelectorAll('[data-action]')) {
    const box = el.getBoundingClientRect();
    if (!el.checkVisibility({ visibilityProperty: true }) || !box.width || !box.height) continue;
    const raw = el.getAttribute('data-action');
    let key = raw;
    try { const p = JSON.parse(raw); key = keyOf({ kind: p.kind, args: p.args ?? [] }); }
    catch (e) { key = byText.get(raw) ?? raw; }
    const where = el.closest('#board') ? 'board' : el.closest('#action-bar') ? 'bar' : 'other';
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    let over = null;
    if (where === 'board' && x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight) {
      const hit = document.elementFromPoint(x, y);
      if (hit && !el.contains(hit) && !hit.closest('#turn-bar, #card-tip')) {
        over = `${hit.tagName.toLowerCase()}.${hit.getAttribute('class') || ''}`;
      }
    }
    out.push({ key, where, over });
  }
  return { actions: actions.map(keyOf), labels: actions.map((a) => a.label), visible: out };
}""".replace("FINISH_ANIMATIONS", FINISH_ANIMATIONS)

#: the visible words of the page, without the language switch (its other language's name)
VISIBLE_TEXT = """() => {
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('script, style')) continue;
    if (el.closest('[lang]') !== document.documentElement) continue;  // the language switch
    if (!el.checkVisibility()) continue;
    parts.push(node.textContent);
  }
  for (const el of document.querySelectorAll('input:not([type=hidden]), select, button, [aria-label], [title]')) {
    if (!el.checkVisibility()) continue;
    if (el.tagName === 'SELECT') parts.push(el.options[el.selectedIndex]?.text ?? '');
    if (el.tagName === 'INPUT' && el.type !== 'checkbox' && el.id !== 'invite') parts.push(el.value);
  }
  parts.push(document.title);
  return parts.join(' \\n ');
}"""


# -- playing ----------------------------------------------------------------------------------

#: the kind of each legal action, in order (a turn's check, lighter than the whole ``state``)
ACTION_KINDS = "() => (window.donjonTable?.state.actions ?? []).map((a) => a.kind)"


def state(page) -> dict[str, Any]:
    """The page's last state message (``window.donjonTable``)."""
    return page.evaluate("() => window.donjonTable ? window.donjonTable.state : null")


def wait_ready(page, timeout: float = 30_000) -> None:
    page.wait_for_function(READY, timeout=timeout)


def create_table(page, server, game: str, seats: list[str], options: dict | None = None) -> str:
    """A table made in the lobby: ``seats`` like ``["human", "bot:easy"]``; ``options`` by name
    (the value as the option's select holds it, JSON). Returns the table's id."""
    page.goto(server.url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    for name, value in (options or {}).items():
        page.locator("#options-box > summary").click()
        page.select_option(f"[name='option-{name}']", json.dumps(value))
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    return page.url.rsplit("/", 1)[-1]


def start_against_bots(page, server, game: str, players: int | None = None,
                       level: str = "easy", options: dict | None = None) -> str:
    """The page's person in the first seat, bots of ``level`` elsewhere: the table starts by
    itself. Returns the table's id once the board is drawn."""
    n = players or donjon.load(game).min_players
    tid = create_table(page, server, game, ["human"] + [f"bot:{level}"] * (n - 1), options)
    page.wait_for_function(
        "() => Number(document.querySelector('#table-page').dataset.version) >= 0")
    return tid


#: the page answered the click: a new version (or the end), or an error shown (it resyncs)
ANSWERED = """v => { const p = document.querySelector('#table-page');
  return p.dataset.version !== v || p.dataset.status !== 'running'
    || document.querySelector('#table-error').textContent !== ''; }"""

#: Playwright's ``:visible`` in the page (what its locators count and click): shown, not
#: ``visibility: hidden``, with a box
IS_VISIBLE = """(el) => {
    const box = el.getBoundingClientRect();
    return el.checkVisibility() && getComputedStyle(el).visibility === 'visible'
      && box.width > 0 && box.height > 0;
  }"""

#: One round trip per turn: waits, a frame at a time as Playwright's own waits poll, until the
#: page has ANSWERED the click made at ``version`` (null: none was made) or, given
#: ``atLeast``, shows that version or a newer one, and is READY; then says what it offers: its
#: status and version, how many ``[data-action]`` (board, action bar) and ``[data-select]``
#: elements are visible as Playwright's ``:visible`` counts them (the clicks pick among its own
#: locators by these numbers), and the prompt of the person's turn. ``late`` names what did not
#: come within ``timeout`` ms.
NEXT_TURN = """async ({ version, atLeast, timeout }) => {
  const page = document.querySelector('#table-page');
  const answered = () => (atLeast !== null ? Number(page.dataset.version) >= atLeast
    : version === null || (ANSWERED)(version));
  const ready = READY;
  const deadline = performance.now() + timeout;
  while (!(answered() && ready())) {
    if (performance.now() > deadline) return { late: answered() ? 'ready' : 'answer' };
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const visible = (selector) => [...document.querySelectorAll(selector)].filter(IS_VISIBLE).length;
  return {
    late: null, status: page.dataset.status, version: page.dataset.version,
    board: visible('#board [data-action]'), selects: visible('#board [data-select]'),
    bar: visible('#action-bar [data-action]'),
    prompt: document.querySelector('#turn-bar.mine #prompt')?.innerText ?? null,
  };
}""".replace("(ANSWERED)", f"({ANSWERED})").replace("READY;", f"{READY};").replace(
    "filter(IS_VISIBLE)", f"filter({IS_VISIBLE})")


def next_turn(page, version: str | None = None, timeout: float = 30_000, *,
              at_least: int | None = None) -> dict[str, Any]:
    """Wait until the page answered the click made at ``version`` (or, with ``at_least``, has
    caught up with that version) and is ready for the next (``NEXT_TURN``); kept as
    ``page.turn`` for the checks of the turn."""
    turn = page.evaluate(NEXT_TURN, {"version": version, "atLeast": at_least,
                                     "timeout": timeout})
    if turn["late"] == "answer":
        waited = (f"catch up with version {at_least}" if at_least is not None
                  else f"answer the click made at version {version}")
        raise AssertionError(f"the page did not {waited} in {timeout / 1000:.0f} s")
    if turn["late"]:
        raise AssertionError(f"the page was not ready for a move in {timeout / 1000:.0f} s")
    page.turn = turn
    return turn


def finish_animations(page) -> None:
    """Finish at once the page's animations that end (``FINISH_ANIMATIONS``)."""
    page.evaluate(f"() => {{ {FINISH_ANIMATIONS} }}")


def play_to_end(page, server=None, tid: str | None = None, rng: random.Random | None = None,
                max_clicks: int = 3000, on_turn=None) -> dict[str, int]:
    """Play the page's seat to the end of the game by clicking what the board offers.

    ``on_turn(page, turn)`` is called at each of the person's turns, ``page.turn`` holding what
    the page offers (``next_turn``); it must leave the board offering the same moves.
    Returns ``{"clicks", "board_clicks", "bar_clicks", "select_clicks"}``: ``bar_clicks``
    counts the turns where the board offered no action and the action bar was used."""
    rng = rng or random.Random(0)
    counts = {"clicks": 0, "board_clicks": 0, "bar_clicks": 0, "select_clicks": 0}
    turn = 0
    offered = next_turn(page)
    while offered["status"] == "running":
        if on_turn is not None:
            on_turn(page, turn)
        turn += 1
        board = page.locator("#board [data-action]:visible")
        on_board = offered["board"]
        if on_board == 0 and offered["selects"]:
            selects = page.locator("#board [data-select]:visible")
            selects.nth(rng.randrange(offered["selects"])).click(timeout=10_000)
            counts["select_clicks"] += 1
            on_board = board.count()
        if on_board:
            target = board.nth(rng.randrange(on_board))
            counts["board_clicks"] += 1
        else:
            assert offered["bar"], "neither the board nor the action bar offers a move"
            target = page.locator("#action-bar [data-action]:visible").nth(
                rng.randrange(offered["bar"]))
            counts["bar_clicks"] += 1
        target.click(timeout=10_000)
        counts["clicks"] += 1
        offered = next_turn(page, offered["version"])
        assert counts["clicks"] < max_clicks, f"the game did not end in {max_clicks} clicks"
    if server is not None and tid is not None:
        table = server.table(tid)
        assert table is not None and table.state.is_over()
    return counts


# -- checks -----------------------------------------------------------------------------------

def one_visible_element_per_action(page) -> None:
    """Each legal action has exactly one visible element (board or action bar; the fallback
    list collapsed), no visible element names an action that is not legal, and nothing drawn
    over a board element on the screen takes its click."""
    found = page.evaluate(VISIBLE_ACTIONS)
    counts: dict[str, int] = {}
    for element in found["visible"]:
        counts[element["key"]] = counts.get(element["key"], 0) + 1
    legal = found["actions"]
    label = dict(zip(legal, found["labels"], strict=True))
    missing = [label[k] for k in legal if counts.get(k, 0) == 0]
    doubled = [f"{label[k]} ×{counts[k]}" for k in legal if counts.get(k, 0) > 1]
    stray = [k for k in counts if k not in label]
    assert not missing, f"legal actions with no visible element: {missing}"
    assert not doubled, f"legal actions shown more than once: {doubled}"
    assert not stray, f"visible elements for actions that are not legal: {stray}"
    blocked = [(label.get(e["key"], e["key"]), e["over"]) for e in found["visible"] if e["over"]]
    assert not blocked, f"something drawn over these takes their clicks: {blocked}"


def no_horizontal_scroll(page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    viewport = page.evaluate("() => window.innerWidth")
    assert width <= viewport, f"the page scrolls sideways: {width}px wide in {viewport}px"


def board_top_in_first_screen(page, visible: int = 150) -> None:
    """The board starts within the first screen, at least ``visible`` pixels of it showing."""
    page.evaluate("() => window.scrollTo(0, 0)")
    top = page.evaluate("() => document.querySelector('#board').getBoundingClientRect().top")
    height = page.evaluate("() => window.innerHeight")
    assert top + visible <= height, f"the board starts at {top:.0f}px of a {height}px screen"


WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)


def _words(value: str) -> set[str]:
    value = re.sub(r"\{[^}]*\}", " ", value)  # template fields
    return {w.lower() for w in WORD.findall(value) if len(w) >= 3}


def _pairs(game: str):
    """(English, French) pairs of every text a person may read at a table of ``game``."""
    loaded = donjon.load(game)
    for key, english in MESSAGES["en"].items():
        yield english, MESSAGES["fr"][key]
    en, fr = items_of(game, "en"), items_of(game, "fr")
    for a, b in zip(en["items"], fr["items"], strict=True):
        yield a.get("name") or "", b.get("name") or ""
        yield a.get("text") or "", b.get("text") or ""
        yield str(a.get("type") or ""), str(b.get("type") or "")
        yield str(a.get("cost") or ""), str(b.get("cost") or "")
    for table in ("categories", "tiebreaks", "ui"):
        for key, english in en[table].items():
            yield english, fr[table].get(key, "")
    messages = loaded.messages
    for key, english in messages.get("en", {}).items():
        french = messages.get("fr", {}).get(key, "")
        if isinstance(english, str) and isinstance(french, str):
            yield english, french
        elif isinstance(english, dict) and isinstance(french, dict):
            for name, word in english.items():
                yield str(word), str(french.get(name, ""))
    for a, b in zip(options_json(game, "en"), options_json(game, "fr"), strict=True):
        yield a["label"], b["label"]
        yield a["help"], b["help"]
        yield from zip(a["values"] or [], b["values"] or [], strict=True)


@cache
def english_words(game: str) -> frozenset[str]:
    """The English words a French page of ``game`` must not show: each word of an English text
    that its French form lacks, unless French uses it too somewhere (Dragon, Total...)."""
    english: set[str] = set()
    french: set[str] = set()
    for en, fr in _pairs(game):
        english |= _words(en) - _words(fr)
        french |= _words(fr)
    titles = set().union(*(_words(donjon.load(name).title) for name in donjon.games()))
    return frozenset(english - french - titles - {"donjon"})


def no_english_in_french(page, game: str) -> None:
    """In French, no English word of the game's catalogue, log, options or the page's own
    messages is visible (the language switch and player names aside)."""
    if page.lang != "fr":
        return
    # guests' names ("guest-4f55da") are names, not words of the page; nor is the table's
    # random id, in its link ("zJ7vA8Saw" holds "Saw")
    visible = re.sub(r"\bguest-[0-9a-f]+\b", " ", page.evaluate(VISIBLE_TEXT))
    table_id = page.evaluate("() => document.querySelector('[data-table]')?.dataset.table || ''")
    if table_id:
        visible = visible.replace(table_id, " ")
    seen = _words(visible)
    table = page.evaluate("""() => window.donjonTable ? window.donjonTable.info.seats
      : JSON.parse(document.querySelector('#table-info')?.textContent || '{"seats": []}').seats""")
    names = set().union(*(_words(s.get("name") or "") for s in table)) if table else set()
    english = sorted((seen & english_words(game)) - names)
    # where each was seen: a word alone says little about which text is untranslated
    where = [visible[max(0, m.start() - 60):m.end() + 60].replace("\n", " | ")
             for word in english[:5]
             for m in [re.search(rf"(?<![^\W\d_]){re.escape(word)}(?![^\W\d_])", visible,
                                 re.IGNORECASE)]
             if m]
    assert not english, f"English words on a French page: {english}; seen in: {where}"


#: a seat by number ("Player 1" is how players are numbered when no name is known: from 1)
SEAT_NUMBER = re.compile(r"\b(?:seat|si[eè]ge)\s*#?\d+|\b(?:player|joueur)\s*0\b", re.IGNORECASE)
IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
DEVELOPER = re.compile(
    r"§|PROPOSED|UNCONFIRMED|\bseed\b|\bTrue\b|\bFalse\b|\bBGA\b|\bCT\b|\bXD\b")


def no_seat_numbers_or_identifiers(page) -> None:
    """No "seat N"/"siège N" (players are named by their names), no snake_case identifier, no
    developer's word ("§", "PROPOSED", "seed", True/False) and no peer's name (BGA, CT, XD) is
    visible."""
    visible = page.evaluate(VISIBLE_TEXT)
    for pattern in (SEAT_NUMBER, IDENTIFIER, DEVELOPER):
        found = sorted(set(pattern.findall(visible)))
        assert not found, f"visible: {found}"


def _ids_in(value: Any, ids: set[str], found: list[str]) -> None:
    if isinstance(value, str):
        if value in ids and value not in found:
            found.append(value)
    elif isinstance(value, list):
        for item in value:
            _ids_in(item, ids, found)
    elif isinstance(value, dict):
        for item in value.values():
            _ids_in(item, ids, found)


def cards_explained(page, game: str, ignore: set[str] | frozenset[str] = frozenset(),
                    tap: bool | None = None) -> None:
    """Every catalogue id the view names has a ``[data-card]`` element on the board, every
    ``[data-card]`` is in the catalogue, and hovering (and, on a touch screen, tapping) one shows
    its name and text."""
    catalogue = {item["id"]: item for item in items_of(game, page.lang)["items"]}
    view = page.evaluate(
        "() => (window.donjonTable?.state.view) ?? (window.donjonReplay?.data.view) ?? null")
    named: list[str] = []
    _ids_in(view, set(catalogue), named)
    shown = page.eval_on_selector_all("#board [data-card]", "els => els.map(e => e.dataset.card)")
    unknown = sorted(set(shown) - set(catalogue))
    assert not unknown, f"[data-card] ids not in the catalogue: {unknown}"
    missing = [i for i in named if i not in shown and i not in ignore]
    assert not missing, f"cards the view names without a [data-card] on the board: {missing}"
    visible = page.locator("#board [data-card]:visible")
    if not visible.count():
        return
    probe = visible.nth(0)
    item = catalogue[probe.get_attribute("data-card")]
    page.mouse.move(0, 0)
    probe.hover()
    tip = page.locator("#card-tip")
    tip.wait_for(state="visible", timeout=5000)
    shown_text = tip.inner_text()
    assert item["name"] in shown_text and item["text"][:40] in shown_text, shown_text
    if tap if tap is not None else page.touch:
        page.mouse.move(0, 0)
        page.evaluate("() => document.querySelector('#card-tip').hidden = true")
        other = visible.nth(visible.count() - 1)
        tapped = catalogue[other.get_attribute("data-card")]
        box = other.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 10))
        tip.wait_for(state="visible", timeout=5000)
        assert tapped["name"] in tip.inner_text()


def title_marks_your_turn(page) -> None:
    """The tab's title says when it is this seat's turn, and only then."""
    mine = page.locator("#table-page").get_attribute("data-my-turn") == "yes"
    title = page.title()
    expected = MESSAGES[page.lang]["your_turn_title"]
    if mine:
        assert title == expected, f"your turn, but the title is {title!r}"
    else:
        assert not title.startswith("●"), f"not your turn, but the title is {title!r}"


def game_over_shows_breakdown(page, server, tid: str) -> None:
    """The game-over panel ranks every player by name with each one's score by category (named
    as the game's presentation names them), the tie-break only when one was applied, and a
    link to the replay."""
    panel = page.locator("#game-over")
    panel.wait_for(state="visible", timeout=10_000)
    table = server.table(tid)
    result = table.result
    names = page.evaluate("() => window.donjonTable.ctx.players")
    rows = panel.locator("tbody tr")
    assert rows.count() == table.players
    order = sorted(range(table.players), key=lambda s: (result["ranks"][s], s))
    for row, seat in enumerate(order):
        assert rows.nth(row).locator("th.name").inner_text() == names[seat]
    game = donjon.load(table.game)
    categories = items_of(table.game, page.lang)["categories"]
    breakdown = result.get("breakdown") or []
    if breakdown:
        heads = panel.locator("thead th.category").all_inner_texts()
        ids = sorted({c for part in breakdown for c in part})
        assert sorted(heads) == sorted(categories.get(c, c) for c in ids), heads
        for row, seat in enumerate(order):
            cells = rows.nth(row).locator("td.category").all_inner_texts()
            assert sum(int(c) for c in cells) == sum(breakdown[seat].values())
    elif text.presentation(game) is not None and getattr(text.presentation(game), "CATEGORIES", None):
        raise AssertionError(f"{table.game} has score categories but its result no breakdown")
    tiebreak = panel.locator("#tiebreak")
    assert tiebreak.count() == (1 if result.get("tiebreak") else 0)
    assert panel.locator("#replay-link").get_attribute("href") == f"/replay/{tid}"


def no_console_errors(page) -> None:
    assert page.errors == [], f"console or page errors: {page.errors}"


def screenshot(page, game: str, moment: str, *, full_page: bool = False) -> Path:
    """``var/screenshots/<game>-<lang>-<width>-<moment>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{game}-{page.lang}-{page.size[0]}-{moment}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
