"""Die Glücksritter at the table (issue #9): a person plays whole games against bots by clicking
the board's own elements — the secret choice of two action cards included — in English and
French, at 1280×800 and 390×844, with every check of the table (``table_checks``) at the start,
mid-game and at the end, and screenshots kept in ``var/screenshots/``."""

from __future__ import annotations

import json
import random

import pytest

from donjon.server.catalogue import items_of
from tests.browser import table_checks as checks

pytestmark = pytest.mark.browser

GAME = "gluecksritter"
#: the mid-game moment checked and photographed (a turn of the person's)
MIDDLE = 8
#: red Documents aimed when committed and raids chosen by the attacker: every target picker
PICKERS = {"red_targets": "on-committing", "raid": "attacker-chooses"}


def create(page, server, players: int, options: dict | None) -> str:
    """A table made in the lobby, the page's person first and easy bots elsewhere; ``options``
    may be advanced ones (the table helper opens only the basic box)."""
    if not options:
        return checks.start_against_bots(page, server, GAME, players=players)
    page.goto(server.url + "/")
    page.select_option("#game", GAME)
    page.select_option("#players", str(players))
    for i, seat in enumerate(["human"] + ["bot:easy"] * (players - 1)):
        page.select_option(f"#seat-{i}", seat)
    page.locator("#options-box > summary").click()
    page.locator("#advanced-box > summary").click()
    for name, value in options.items():
        page.select_option(f"[name='option-{name}']", json.dumps(value))
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function(
        "() => Number(document.querySelector('#table-page').dataset.version) >= 0")
    return page.url.rsplit("/", 1)[-1]


def choice_shown_truthfully(page) -> None:
    """During the secret choice a player reads "chosen" only once they have chosen: the seat
    still choosing (the person's own included) reads "choosing" (the old board counted an empty
    list as a choice)."""
    view = checks.state(page)["view"]
    if view["phase"] != "choice" or view["over"]:
        return
    for seat in range(view["players"]):
        panel = page.locator(f".gk-panel[data-seat='{seat}']")
        waiting = seat in view["waiting"]
        assert panel.locator(".gk-waiting").count() == (1 if waiting else 0), (seat, view)
        assert panel.locator(".gk-chosen").count() == (0 if waiting else 1), (seat, view)


def tap_explains(page) -> None:
    """On a touch screen, tapping a Document, field or coin shows its catalogue text (the
    element is scrolled into view first: the board is taller than a phone)."""
    catalogue = {item["id"]: item for item in items_of(GAME, page.lang)["items"]}
    for selector in (".gk-field[data-card]", ".gk-panel [data-card='castle']"):
        element = page.locator(f"#board {selector}").first
        element.scroll_into_view_if_needed()
        box = element.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 12)
        # the card under the finger as it taps (another player's move may redraw the board
        # between finding the element and tapping)
        card = page.evaluate("""([x, y]) => {
          document.querySelector('#card-tip').hidden = true;
          return document.elementFromPoint(x, y).closest('[data-card]').dataset.card;
        }""", [x, y])
        page.touchscreen.tap(x, y)
        tip = page.locator("#card-tip")
        tip.wait_for(state="visible", timeout=5000)
        assert catalogue[card]["name"] in tip.inner_text()


def every_check(page, live_server=None, tid=None) -> None:
    checks.one_visible_element_per_action(page)
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.title_marks_your_turn(page)
    checks.cards_explained(page, GAME, tap=False)
    if page.touch:
        tap_explains(page)
    choice_shown_truthfully(page)


@pytest.mark.parametrize(("size", "lang", "players", "options"), [
    ("desktop", "en", 3, None),
    ("desktop", "fr", 4, PICKERS),
    ("phone", "en", 4, PICKERS),
    ("phone", "fr", 3, None),
])
def test_a_whole_game_by_clicking_the_board(new_page, live_server, size, lang, players, options):
    page = new_page(size, lang)
    tid = create(page, live_server, players, options)
    checks.wait_ready(page)
    assert page.locator("#table-page").get_attribute("data-renderer") == "yes"
    seen = {"kinds": set(), "choices": 0}

    def look(page, turn):
        state = checks.state(page)
        seen["kinds"] |= {a["kind"] for a in state["actions"]}
        if any(a["kind"] == "choose" for a in state["actions"]):
            seen["choices"] += 1
            # the fifteen pairs (ten with the Black Knight in the dungeon), each one element
            assert page.locator("#board .gk-pair[data-action]").count() == sum(
                a["kind"] == "choose" for a in state["actions"])
        if turn in (0, MIDDLE):
            page.wait_for_timeout(800)  # the coins have landed
            checks.screenshot(page, GAME, "start" if turn == 0 else "middle", full_page=page.touch)
            every_check(page)
            assert page.locator("#turn-bar.mine #prompt").inner_text()
        if turn == 0 and size == "desktop":
            checks.board_top_in_first_screen(page)

    counts = checks.play_to_end(page, live_server, tid, random.Random(f"{size}{lang}"),
                                on_turn=look)
    # every move was offered by the board itself, the simultaneous choice included
    assert counts["bar_clicks"] == 0 and counts["board_clicks"] == counts["clicks"] > 0
    assert seen["choices"] > 0 and "choose" in seen["kinds"]
    checks.game_over_shows_breakdown(page, live_server, tid)
    page.locator("#board").scroll_into_view_if_needed()
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.title_marks_your_turn(page)
    checks.cards_explained(page, GAME, tap=False)
    checks.screenshot(page, GAME, "end", full_page=True)
    checks.no_console_errors(page)
