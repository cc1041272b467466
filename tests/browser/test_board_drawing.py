"""A board drawn again keeps what did not change (``board.js``: each drawing is made apart, then
only its differences are written into the page). The elements a move leaves alone stay the
page's own, so the browser lays out and paints only what changed; an element with a listener is
always the new drawing's, so that pointing at a card never lights up an older hand's places."""

from __future__ import annotations

import random

import pytest

from tests.browser import table_checks as checks

pytestmark = pytest.mark.browser

GAME = "castle-rooms"

#: marks every element of the board with a property of the element object (not an attribute:
#: a drawing writes only attributes and children), and counts them
MARK = """() => {
  const all = document.querySelectorAll('#board *');
  for (const el of all) el.drawnBefore = true;
  return all.length;
}"""

#: how many of the board's elements are marked, of how many, and which of those a move leaves
#: alone are not: the board's style sheet and frame, each player's panel and name
MARKED = """() => {
  const all = [...document.querySelectorAll('#board *')];
  const alone = ['#board > style', '#board > .cr', '.cr-player', '.cr-player > header > strong'];
  return {
    kept: all.filter((el) => el.drawnBefore === true).length,
    total: all.length,
    unmarked: alone.flatMap((css) => [...document.querySelectorAll(css)])
      .filter((el) => el.drawnBefore !== true).map((el) => el.outerHTML.slice(0, 80)),
  };
}"""

#: for each card of the person's hand: the card, and the places lit up while the pointer is on it
POINTED = """() => {
  const { state } = window.donjonTable;
  const hand = state.view.hands[state.seat];
  return [...document.querySelectorAll('#board .cr-own .cr-hand-card')].map((holder, i) => {
    holder.dispatchEvent(new MouseEvent('mouseenter'));
    const lit = [...document.querySelectorAll('#board .cr-match')].map((g) => g.dataset.for);
    holder.dispatchEvent(new MouseEvent('mouseleave'));
    return { card: hand[i], lit };
  });
}"""


def _move(page, rng: random.Random) -> None:
    """One of the person's moves, clicked on the board; back when it is their turn again."""
    version = page.locator("#table-page").get_attribute("data-version")
    board = page.locator("#board [data-action]:visible")
    board.nth(rng.randrange(board.count())).click(timeout=10_000)
    page.wait_for_function(checks.ANSWERED, arg=version, timeout=30_000)
    checks.wait_ready(page)


def test_a_move_keeps_the_board_elements_it_did_not_change(new_page, live_server):
    page = new_page("desktop", "en")
    checks.start_against_bots(page, live_server, GAME, players=2)
    checks.wait_ready(page)
    rng = random.Random(3)
    for _ in range(3):
        marked = page.evaluate(MARK)
        version = int(page.locator("#table-page").get_attribute("data-version"))
        _move(page, rng)
        assert int(page.locator("#table-page").get_attribute("data-version")) > version
        seen = page.evaluate(MARKED)
        # a move and the bot's answer change a card or two, a row, the piles, the turn: the
        # elements after a change are paired by position, so some are rewritten rather than kept
        assert seen["kept"] > 0, f"none of {seen['total']} elements kept (of {marked} before)"
        assert not seen["unmarked"], f"drawn again though unchanged: {seen['unmarked']}"
    checks.one_visible_element_per_action(page)
    checks.no_console_errors(page)


def test_pointing_at_a_card_in_hand_lights_its_own_places_after_the_hand_changed(
        new_page, live_server):
    page = new_page("desktop", "en")
    checks.start_against_bots(page, live_server, GAME, players=2)
    rng = random.Random(5)
    lit = 0
    for _ in range(6):
        checks.wait_ready(page)
        if page.locator("#table-page").get_attribute("data-status") != "running":
            break
        for pointed in page.evaluate(POINTED):
            assert all(card == pointed["card"] for card in pointed["lit"]), (
                f"pointing at {pointed['card']} lit the places of {pointed['lit']}")
            lit += len(pointed["lit"])
        _move(page, rng)
    assert lit, "no card in hand ever lit a place up"
    checks.no_console_errors(page)


#: counts the coins that fly across Die Glücksritter's board (added to it, then removed)
FLIGHTS = """() => {
  window.flights = 0;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.classList?.contains('gk-flying')) window.flights += 1;
      }
    }
  }).observe(document.querySelector('#board'), { childList: true, subtree: true });
}"""


def test_coins_still_fly_to_the_purse_on_a_board_drawn_apart(new_page, live_server):
    # the flight is measured on the page's board, after the drawing: not on the one drawn apart
    page = new_page("desktop", "en", motion=True)
    checks.start_against_bots(page, live_server, "gluecksritter", players=3)
    page.evaluate(FLIGHTS)
    rng = random.Random(7)
    for _ in range(30):
        checks.wait_ready(page)
        if page.evaluate("() => window.flights") or \
                page.locator("#table-page").get_attribute("data-status") != "running":
            break
        _move(page, rng)
    assert page.evaluate("() => window.flights") > 0, "no coin flew in 30 moves"
    checks.no_console_errors(page)
