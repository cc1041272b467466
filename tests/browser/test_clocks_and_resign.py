"""Clocks, resigning, chat and "your turn" in Chromium (issue #11): two people at a real-time
table see their clocks count down; one resigns and the other sees the bot take over; a
turn-based table shows in the lobby's "your turn" for the player to move, and only for them."""

from __future__ import annotations

import pytest

from donjon.server.i18n import MESSAGES
from tests.browser import table_checks as checks

pytestmark = pytest.mark.browser

SEATED = "() => Number(document.querySelector('#table-page').dataset.version) >= 0"


def table_for_two(live_server, first, second, clock: str) -> str:
    """``first`` makes a two-person table in the lobby with ``clock`` chosen in its form,
    ``second`` takes the other seat, ``first`` starts it."""
    first.goto(live_server.url + "/")
    first.select_option("#game", "castle-rooms")
    first.select_option("#players", "2")
    first.select_option("#seat-1", "human")
    first.select_option("#option-clock", f'"{clock}"')
    assert first.locator("#option-clock_bank").is_visible() == (clock == "realtime")
    assert first.locator("#option-clock_per_move").is_visible() == (clock == "turn")
    first.click("#create-button")
    first.wait_for_url("**/table/**")
    tid = first.url.rsplit("/", 1)[-1]
    second.goto(f"{live_server.url}/table/{tid}")
    second.wait_for_function(SEATED)
    second.click(".join")
    first.wait_for_selector("#start:not([disabled])")
    first.click("#start")
    for page in (first, second):
        page.wait_for_function("() => document.querySelector('#table-page').dataset.status === 'running'")
    return tid


@pytest.mark.parametrize("size,lang", [("desktop", "en"), ("phone", "fr")])
def test_two_people_a_clock_one_resigns_and_a_bot_takes_over(new_page, live_server, size, lang):
    alice, bob = new_page(size, lang), new_page(size, lang)
    tid = table_for_two(live_server, alice, bob, "realtime")
    table = live_server.table(tid)
    assert table.clock is not None and table.clock.settings.bank == 600
    for page in (alice, bob):
        page.wait_for_selector(".seat-clock.running")
        assert page.locator(".seat-clock").count() == 2
        checks.no_horizontal_scroll(page)
    # the running clock counts down on the page
    first = int(alice.locator(".seat-clock.running").get_attribute("data-left"))
    alice.wait_for_function(
        "v => Number(document.querySelector('.seat-clock.running').dataset.left) < v", arg=first,
        timeout=5_000)
    # chat: a message written as text reaches the other player
    alice.fill("#chat-input", "<b>good luck</b>")
    alice.click("#chat-send")
    bob.wait_for_selector(".chat-message .chat-text")
    assert bob.locator(".chat-message .chat-text").inner_text() == "<b>good luck</b>"
    assert bob.locator(".chat-message b").count() == 0
    checks.screenshot(alice, "life", "clock-and-chat")
    # Alice resigns (accepting the confirmation); Bob sees the bot take her seat
    alice.once("dialog", lambda dialog: dialog.accept())
    alice.click("#resign")
    expected = "a abandonné" if lang == "fr" else "resigned"
    bob.wait_for_function(
        "t => [...document.querySelectorAll('#seat-list .seat-name')].some(e => e.textContent.includes(t))",
        arg=expected)
    assert table.seats[0].replaced == "resigned"
    # Alice's own page hears of it by its own socket, possibly after Bob's: wait, don't sample
    alice.wait_for_selector("#resign", state="detached", timeout=5_000)
    # the bot plays Alice's seat: whenever that seat is to move, it moves by itself
    since = len(table.log_seats)
    for _ in range(60):
        if 0 in table.log_seats[since:] or table.status != "running":
            break
        checks.wait_ready(bob)
        if table.status == "running" and 1 in table.state.to_move():
            bob.locator("#board [data-action]:visible, #action-bar [data-action]:visible").first.click()
        bob.wait_for_timeout(150)
    assert 0 in table.log_seats[since:] or table.status != "running"
    checks.screenshot(bob, "life", "resigned")


@pytest.mark.parametrize("size,lang", [("desktop", "en"), ("phone", "fr")])
def test_a_turn_based_table_shows_in_your_turn_for_the_right_player(new_page, live_server,
                                                                      size, lang):
    alice, bob = new_page(size, lang), new_page(size, lang)
    tid = table_for_two(live_server, alice, bob, "turn")
    table = live_server.table(tid)
    to_move = table.state.to_move()[0]
    pages = {0: alice, 1: bob}
    for seat, page in pages.items():
        page.goto(live_server.url + "/")
        page.wait_for_selector("#mine:not([hidden])")
        page.wait_for_function("() => document.querySelector('#your-turn-title').dataset.count !== undefined")
        count = page.locator("#your-turn-title").get_attribute("data-count")
        assert count == ("1" if seat == to_move else "0"), seat
        if seat == to_move:
            assert page.locator(f"#your-turn-tables [data-table='{tid}'].yourturn").count() == 1
            checks.screenshot(page, "life", "lobby-your-turn")
        checks.no_horizontal_scroll(page)




#: a tab in the background, as Chromium makes it (headless Chromium never hides a page, even
#: behind another tab): ``document.hidden``, and no animation frame until it is shown again;
#: ``holdFrames`` holds the frames of a tab still shown (the one a message came in, say, when
#: the tab is hidden before it is drawn)
BACKGROUND = """() => {
  let hidden = false;
  let held = false;
  let frames = [];
  const frame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    if (!hidden && !held) return frame(callback);
    frames.push(callback);
    return 0;
  };
  Object.defineProperty(Document.prototype, 'hidden', { get: () => hidden });
  Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
  window.holdFrames = (value) => { held = value; };
  window.backgroundTab = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
    if (!hidden && !held) { const waiting = frames; frames = []; waiting.forEach((f) => frame(f)); }
  };
}"""


def _moves_until(page, table, seat: int) -> None:
    """``page``'s player moves until ``seat`` is to move."""
    for _ in range(20):
        if seat in table.state.to_move():
            return
        checks.wait_ready(page)
        version = page.locator("#table-page").get_attribute("data-version")
        page.locator("#board [data-action]:visible, #action-bar [data-action]:visible").first.click()
        page.wait_for_function(checks.ANSWERED, arg=version)
    assert seat in table.state.to_move()


def _title_says_your_turn(page) -> None:
    # polled by a timer: the tab runs no animation frame
    page.wait_for_function("t => document.title === t", arg=MESSAGES["en"]["your_turn_title"],
                           polling=100, timeout=10_000)


def test_a_tab_in_the_background_still_shows_your_turn_in_its_title(new_page, live_server):
    """A tab in the background draws no frames: the page still handles each move as it comes
    there (it draws them once a frame otherwise), so the title tells a player who went to
    another tab that the other player has moved; back on the tab, the board offers the moves.
    So too when the move came just before the tab was hidden, in a frame never drawn."""
    alice, bob = new_page(), new_page()
    for page in (alice, bob):
        page.add_init_script(f"({BACKGROUND})()")
    tid = table_for_two(live_server, alice, bob, "none")
    table = live_server.table(tid)
    pages = {0: alice, 1: bob}
    waiting = 1 - table.state.to_move()[0]
    away, mover = pages[waiting], pages[1 - waiting]
    away.evaluate("() => window.backgroundTab(true)")
    assert not away.title().startswith("●")
    _moves_until(mover, table, waiting)
    _title_says_your_turn(away)
    away.evaluate("() => window.backgroundTab(false)")
    checks.wait_ready(away)
    checks.one_visible_element_per_action(away)
    checks.title_marks_your_turn(away)
    # the move comes in a frame that is never drawn: the tab is hidden first
    _moves_until(away, table, 1 - waiting)
    away.evaluate("() => window.holdFrames(true)")
    _moves_until(mover, table, waiting)
    away.wait_for_timeout(500)  # the move's messages reach the tab, waiting for a frame
    away.evaluate("() => window.backgroundTab(true)")
    _title_says_your_turn(away)
