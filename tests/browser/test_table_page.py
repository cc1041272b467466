"""The page around every game's board (issue #9), proven on Castle Rooms drawn by the page's
generic fallback (every move in the action bar, every card the view names explaining itself):
at 1280×800 and 390×844, in English and French, from the start to the game-over panel. The same
checks (``table_checks``) serve each game's own table test."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

from tests.browser import table_checks as checks

pytestmark = pytest.mark.browser

GAME = "castle-rooms"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_page_around_the_board_with_the_generic_fallback(
    new_page, live_server, without_renderer, size, lang
):
    without_renderer(GAME)
    page = new_page(size, lang)
    tid = checks.start_against_bots(page, live_server, GAME)
    checks.wait_ready(page)
    assert page.locator("#table-page").get_attribute("data-renderer") == "no"

    def look(page, turn):
        if turn in (0, 5):
            checks.one_visible_element_per_action(page)
            checks.no_horizontal_scroll(page)
            checks.no_english_in_french(page, GAME)
            checks.no_seat_numbers_or_identifiers(page)
            checks.title_marks_your_turn(page)
            checks.cards_explained(page, GAME)
            assert page.locator("#turn-bar.mine #prompt").inner_text()
        if turn == 0:
            if size == "desktop":
                checks.board_top_in_first_screen(page)
            checks.screenshot(page, f"{GAME}-fallback", "start")

    counts = checks.play_to_end(page, live_server, tid, random.Random(lang + size), on_turn=look)
    # the fallback board offers no move: every one came from the action bar
    assert counts["bar_clicks"] == counts["clicks"] > 0
    checks.game_over_shows_breakdown(page, live_server, tid)
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.title_marks_your_turn(page)
    checks.screenshot(page, f"{GAME}-fallback", "end")
    # the replay: the same words, the same fit
    page.click("#replay-link")
    page.wait_for_selector("#replay-page[data-step='0']")
    page.click("#next")
    page.wait_for_selector("#replay-page[data-step='1']")
    assert page.locator("#last-move").inner_text()
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.cards_explained(page, GAME)
    page.click("#last")
    page.wait_for_selector("#game-over table.scores")
    checks.no_horizontal_scroll(page)
    checks.screenshot(page, f"{GAME}-fallback", "replay")
    checks.no_console_errors(page)


def test_the_renderer_of_castle_rooms_plays_to_the_end(new_page, live_server):
    """The helpers drive a game's own renderer too (its v1 shim included)."""
    page = new_page("desktop", "en")
    tid = checks.start_against_bots(page, live_server, GAME)
    checks.wait_ready(page)
    assert page.locator("#table-page").get_attribute("data-renderer") == "yes"
    checks.board_top_in_first_screen(page)
    checks.title_marks_your_turn(page)
    counts = checks.play_to_end(page, live_server, tid, random.Random(3))
    assert counts["clicks"] > 0
    checks.game_over_shows_breakdown(page, live_server, tid)
    checks.no_console_errors(page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_title_says_your_turn_and_the_sound_toggle_is_remembered(new_page, live_server, lang):
    page = new_page("desktop", lang)
    checks.start_against_bots(page, live_server, GAME)
    checks.wait_ready(page)
    assert page.title() == {"en": "● Your turn — donjon", "fr": "● À vous — donjon"}[lang]
    sound = page.locator("#sound")
    assert sound.get_attribute("aria-pressed") == "false"  # off by default
    sound.click()
    page.wait_for_selector("#sound[aria-pressed=true]")
    assert page.evaluate("() => localStorage.getItem('donjon.turn-sound')") == "on"
    page.reload()
    checks.wait_ready(page)
    assert page.locator("#sound").get_attribute("aria-pressed") == "true"


def test_the_undo_button_appears_exactly_when_the_server_allows_it(new_page, live_server):
    page = new_page()
    tid = checks.start_against_bots(page, live_server, GAME, level="easy")
    checks.wait_ready(page)
    table = live_server.table(tid)
    undoable = None
    for action in table.state.legal_actions(0):
        trial = table.state.clone()
        trial.apply(0, action)
        if trial.can_undo(0):
            undoable = action
            break
    if undoable is None:
        pytest.skip("no first move of this deal may be taken back")
    assert page.locator("#undo").count() == 0
    version = table.version
    page.evaluate("a => window.donjonTable.ctx.act(a)", {"kind": undoable.kind,
                                                        "args": undoable.to_json()["args"]})
    page.wait_for_selector("#undo")
    page.click("#undo")
    page.wait_for_function(
        "v => Number(document.querySelector('#table-page').dataset.version) >= v", arg=version + 2)
    checks.wait_ready(page)
    assert page.locator("#undo").count() == 0


def test_the_log_numbers_every_line_past_one_hundred(new_page, live_server):
    page = new_page()
    page.goto(live_server.url + "/")
    page.evaluate("""() => {
      const list = document.createElement('ol'); list.className = 'log'; list.id = 'probe';
      for (let i = 0; i < 120; i++) { const li = document.createElement('li'); li.textContent = 'x'; list.append(li); }
      document.querySelector('main').append(list); }""")
    marker = page.evaluate("""() => getComputedStyle(
      document.querySelectorAll('#probe li')[109], '::before').content""")
    assert "counter(entry)" in marker or "110" in marker
    width = page.evaluate("""() => {
      const li = document.querySelectorAll('#probe li')[109];
      return li.getBoundingClientRect().left >= 0; }""")
    assert width


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("path", ["/", "/rules", "/rules/caylus", "/rules/citadels", "/login"])
def test_no_page_scrolls_sideways(new_page, live_server, size, lang, path):
    page = new_page(size, lang)
    page.goto(live_server.url + path)
    page.wait_for_load_state("networkidle")
    checks.no_horizontal_scroll(page)
    if not path.startswith("/rules/"):  # a game's rules are its own words
        checks.no_seat_numbers_or_identifiers(page)
    if path == "/":
        page.locator("#options-box > summary").click()
        page.locator("#advanced-box > summary").click()
        checks.no_horizontal_scroll(page)
        checks.no_seat_numbers_or_identifiers(page)
        checks.screenshot(page, "lobby", "options", full_page=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_form_of_every_game_fits_and_speaks_plainly(new_page, live_server, lang):
    """Each game's options, drawn from their metadata alone: plain labels, help and value names,
    our resolutions under "Advanced", all behind a collapsed "Table options" toggle."""
    import donjon

    page = new_page("phone", lang)
    page.goto(live_server.url + "/")
    assert page.locator("#options-box").get_attribute("open") is None  # collapsed
    assert page.locator("#create-button").bounding_box()["y"] < 844  # near the top
    for game in donjon.games():
        page.select_option("#game", game)
        options = donjon.load(game).options
        if not options:
            continue
        if page.locator("#options-box").get_attribute("open") is None:
            page.click("#options-box > summary")
        if any(o.proposed for o in options) and page.locator(
                "#advanced-box").get_attribute("open") is None:
            page.click("#advanced-box > summary")
        shown = page.locator("#options-box .option").count()
        assert shown == len(options)
        assert page.locator("#advanced .option").count() == sum(o.proposed for o in options)
        checks.no_horizontal_scroll(page)
        checks.no_seat_numbers_or_identifiers(page)
        checks.no_english_in_french(page, game)
        checks.screenshot(page, f"lobby-{game}", "options", full_page=True)


def test_a_move_on_its_way_when_the_tab_reloads_is_drawn_when_it_lands(
    new_page, live_server, monkeypatch
):
    """The server is slow over a click (a busy database) and the tab is reloaded meanwhile:
    the reloaded page draws the table as it stands, ready for a move, then the move when it
    lands; the move is neither lost nor made twice. (The whole-game test once counted the
    actions of that first drawing and clicked in the second.)"""
    page = new_page()
    tid = checks.start_against_bots(page, live_server, GAME)
    turn = checks.next_turn(page)
    table = live_server.table(tid)
    mine = sum(1 for seat, _ in table.state.moves if seat == 0)
    arrived = threading.Event()
    release = asyncio.Event()
    quick = live_server.manager.check_move_rate

    async def slowly(user_id):
        arrived.set()
        await release.wait()
        await quick(user_id)

    monkeypatch.setattr(live_server.manager, "check_move_rate", slowly)
    page.locator("#board [data-action]:visible, #action-bar [data-action]:visible").first.click()
    assert arrived.wait(10), "the click sent no move"
    page.reload()
    checks.wait_ready(page)
    assert page.locator("#table-page").get_attribute("data-version") == turn["version"]
    live_server.loop.call_soon_threadsafe(release.set)
    checks.next_turn(page, at_least=int(turn["version"]) + 1)
    assert sum(1 for seat, _ in table.state.moves if seat == 0) == mine + 1
