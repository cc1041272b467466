"""The Castle Rooms table in Chromium (issue #9): a whole game in English and in French played by
clicking the board's own cards, at 1280×800 and at 390×844, with every check of the table at the
start, mid-game and the end (``table_checks``). Screenshots: ``var/screenshots/``."""

from __future__ import annotations

import json
import random

import pytest

from tests.browser import table_checks as checks

pytestmark = pytest.mark.browser

GAME = "castle-rooms"
#: the turn of the person's at which the mid-game checks and screenshot happen
MID = 6


def _look(page, moment: str) -> None:
    checks.one_visible_element_per_action(page)
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.title_marks_your_turn(page)
    # the board offers every move itself: nothing is left to the action bar
    assert page.locator("#action-bar [data-action]:visible").count() == 0
    assert page.locator("#turn-bar.mine #prompt").inner_text()
    _screenshot(page, moment)
    _cards_explained(page)


def _screenshot(page, moment: str) -> None:
    """The whole page as a person sees it, without a card's text left open by the last click."""
    if not page.touch:
        page.mouse.move(0, 0)
    page.evaluate("() => { const tip = document.querySelector('#card-tip');"
                  " if (tip) tip.hidden = true; }")
    checks.screenshot(page, GAME, moment, full_page=True)


def _cards_explained(page) -> None:
    """``checks.cards_explained``, with the tap on a touch screen made on a card scrolled into
    view (the check taps the board's last card where it lies, below the screen on a long board).
    """
    checks.cards_explained(page, GAME, tap=False)
    if page.touch:
        cards = page.locator("#board [data-card]:visible")
        last = cards.nth(cards.count() - 1)
        last.scroll_into_view_if_needed()
        page.evaluate("() => document.querySelector('#card-tip').hidden = true")
        box = last.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 10))
        tip = page.locator("#card-tip")
        tip.wait_for(state="visible", timeout=5000)
        name = page.evaluate("id => window.donjonTable.ctx.catalogue.get(id).name",
                             last.get_attribute("data-card"))
        assert name in tip.inner_text()
    page.evaluate("() => { document.querySelector('#card-tip').hidden = true; scrollTo(0, 0); }")


def _start(page, live_server, players: int, options: dict) -> str:
    """``checks.start_against_bots`` with options under "Advanced" (its ``create_table`` toggles
    the options box once per option and leaves the advanced box closed)."""
    page.goto(live_server.url + "/")
    page.select_option("#game", GAME)
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "bot:easy")
    page.evaluate("() => { for (const id of ['options-box', 'advanced-box'])"
                  " document.getElementById(id).open = true; }")
    for name, value in options.items():
        page.select_option(f"[name='option-{name}']", json.dumps(value))
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function(
        "() => Number(document.querySelector('#table-page').dataset.version) >= 0")
    return page.url.rsplit("/", 1)[-1]


def _play(page, live_server, size: str, lang: str, players: int = 2, **options) -> None:
    tid = _start(page, live_server, players, options)
    checks.wait_ready(page)
    assert page.locator("#table-page").get_attribute("data-renderer") == "yes"
    if size == "desktop":
        checks.board_top_in_first_screen(page)

    def look(page, turn):
        if turn == 0:
            _look(page, "start")
        elif turn == MID:
            _look(page, "mid")

    counts = checks.play_to_end(page, live_server, tid, random.Random(lang + size), on_turn=look)
    assert counts["clicks"] > MID and counts["bar_clicks"] == 0 and counts["select_clicks"] == 0
    checks.game_over_shows_breakdown(page, live_server, tid)
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.title_marks_your_turn(page)
    _screenshot(page, "end")
    _cards_explained(page)
    # the replay draws the same board, as a spectator, move by move
    page.click("#replay-link")
    page.wait_for_selector("#replay-page[data-step='0']")
    page.click("#next")
    page.wait_for_selector("#replay-page[data-step='1']")
    assert page.locator("#board .cr-row, #board .cr-rows").count() > 0
    page.click("#last")
    page.wait_for_selector("#game-over table.scores")
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.cards_explained(page, GAME, tap=False)
    _screenshot(page, "replay")
    checks.no_console_errors(page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_at_the_desktop_size(new_page, live_server, lang):
    """Three players, hidden hands: Dragons aimed at both opponents' rows."""
    _play(new_page("desktop", lang), live_server, "desktop", lang, players=3)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_at_the_phone_size(new_page, live_server, lang):
    """Two players with open hands and Knights that may stand guard (§5 B8, B13 options): the
    opponent's cards face up, the Knight offered on free rows too, in 390 px."""
    _play(new_page("phone", lang), live_server, "phone", lang, hands="open", knight="guard")


def test_a_card_played_slides_onto_its_row_without_holding_up_the_next_move(
        new_page, live_server):
    """The card that arrives on a row is animated by CSS only: the next move is offered at once."""
    page = new_page("desktop", "en")
    checks.start_against_bots(page, live_server, GAME)
    checks.wait_ready(page)
    build = page.locator("#board .cr-ghost.cr-build[data-action]").first
    version = page.locator("#table-page").get_attribute("data-version")
    build.click()
    page.wait_for_function(
        "v => document.querySelector('#table-page').dataset.version !== v", arg=version)
    assert page.locator("#board .cr-enter").count() >= 1
    checks.wait_ready(page)
    assert page.locator("#board [data-action]:visible").count() > 0
    checks.no_console_errors(page)
