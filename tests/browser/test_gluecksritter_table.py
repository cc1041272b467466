"""Die Glücksritter at the table (issue #9): a person plays whole games against bots by clicking
the board's own elements — the secret choice of two action cards included — in English and
French, at 1280×800 and 390×844, with every check of the table (``table_checks``) at the start,
mid-game and at the end, and screenshots kept in ``var/screenshots/``."""

from __future__ import annotations

import json
import random

import pytest

import donjon
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
        kinds = page.evaluate(checks.ACTION_KINDS)
        seen["kinds"] |= set(kinds)
        if "choose" in kinds:
            seen["choices"] += 1
            # the fifteen pairs (ten with the Black Knight in the dungeon), each one element
            assert page.locator("#board .gk-pair[data-action]").count() == kinds.count("choose")
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


def knight_by_a_blocked_field():
    """A three-player game where the person (seat 0), the Black Knight alone on field 4, may
    take the gold of a money field that a Blockade blocked this round (§8 A13, A17: the block
    costs only those who chose that field)."""
    game = donjon.load(GAME)
    for seed in range(500):
        state = game.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            movers = state.to_move()
            if movers == [0]:
                blocked = state.view(0)["blocked"]
                if any(a.kind == "take-gold" and a.args[0] in blocked
                       for a in state.legal_actions(0)):
                    return state, blocked
            seat = rng.choice(movers)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no game of 500 put the Black Knight by a blocked money field")


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "fr")])
def test_the_gold_of_a_blocked_field_is_taken_by_clicking_it(new_page, live_server, size, lang):
    """The blocked mark is drawn over the field but lets the click through to the gold (it
    caught the click: the whole-game test at 390×844 waited ten seconds and failed)."""
    page = new_page(size, lang)
    tid = checks.start_against_bots(page, live_server, GAME, players=3)
    checks.wait_ready(page)
    state, blocked = knight_by_a_blocked_field()

    live_server.swap_state(tid, state)
    page.reload()
    checks.wait_ready(page)
    checks.one_visible_element_per_action(page)
    gold = page.locator("#board [data-action*='take-gold']:visible").all()
    targets = [g for g in gold if json.loads(g.get_attribute("data-action"))["args"][0] in blocked]
    assert targets, "the blocked field's gold is not on the board"
    targets[0].scroll_into_view_if_needed()
    checks.screenshot(page, GAME, "blocked-field")
    version = page.locator("#table-page").get_attribute("data-version")
    targets[0].click(timeout=5000)  # a person's click: it must reach the gold, not the mark
    page.wait_for_function(checks.ANSWERED, arg=version)
    seat, played = live_server.table(tid).state.moves[len(state.moves)]  # bots may follow
    assert seat == 0 and played.kind == "take-gold" and played.args[0] in blocked, played
