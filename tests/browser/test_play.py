"""People play in Chromium by clicking: every game to the end against bots, two people
against each other (each seeing only their own hand), and the language switch."""

from __future__ import annotations

import json
import random

import pytest

import donjon
from donjon.server.tables import available_bots

pytestmark = pytest.mark.browser

READY = """() => {
  const p = document.querySelector('#table-page');
  return p.dataset.status === 'finished'
    || (p.dataset.pending !== 'yes' && document.querySelectorAll('#actions [data-action]').length > 0);
}"""


def click_some_action(page, rng: random.Random) -> str:
    """Click one clickable action: on the board where the renderer offers one, else a button."""
    found = page.eval_on_selector_all(
        "#board [data-action], #actions [data-action]",
        "els => els.map(e => e.closest('#board') ? 'board' : 'actions')",
    )
    board = [i for i, where in enumerate(found) if where == "board"]
    buttons = [i for i, where in enumerate(found) if where == "actions"]
    pick = rng.choice(board if board and rng.random() < 0.6 else buttons)
    target = page.locator("#board [data-action], #actions [data-action]").nth(pick)
    text = target.get_attribute("data-action")
    target.click(timeout=10_000)
    return text


def create_table_in_lobby(page, server, game, seats):
    page.goto(server.url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    return page.url.rsplit("/", 1)[-1]


def best_bot(game):
    bots = available_bots(game)
    return "bot:heuristic" if "heuristic" in bots else "bot:random"


@pytest.mark.parametrize("game", donjon.games())
def test_a_person_plays_a_whole_game_against_bots_by_clicking(new_page, live_server, game):
    page = new_page()
    rng = random.Random(game)
    n = donjon.load(game).min_players
    tid = create_table_in_lobby(page, live_server, game, ["human"] + [best_bot(game)] * (n - 1))
    page.click("#start")
    clicks = 0
    while True:
        page.wait_for_function(READY, timeout=30_000)
        if page.locator("#table-page").get_attribute("data-status") == "finished":
            break
        click_some_action(page, rng)
        clicks += 1
        if clicks == 5:  # a closed tab comes back to the same table, resynced from the server
            page.reload()
        assert clicks < 3000, "the game did not end"
    table = live_server.table(tid)
    assert table.state.is_over()
    page.wait_for_selector("#result table.scores")
    assert page.locator("#result tbody tr").count() == n
    # the board was drawn by the game's renderer, not only the fallback list
    if page.locator("#table-page").get_attribute("data-renderer") == "yes":
        assert page.locator("#board .raw-view").count() == 0
        assert page.locator("#board svg, #board [data-action], #board div").count() > 0
    assert page.errors == []
    # the log shows every event the seat may see
    assert page.locator("#log li").count() == len(table.state.log(0))
    page.click("#replay-link")
    page.wait_for_url("**/replay/**")
    page.wait_for_function("() => document.querySelector('#replay-page').dataset.step === '0'")
    page.click("#next")
    page.wait_for_function("() => document.querySelector('#replay-page').dataset.step === '1'")
    page.click("#last")
    page.wait_for_selector("#result table.scores")


SETTLED = "() => document.querySelector('#table-page').dataset.pending !== 'yes'"
CAUGHT_UP = """v => {
  const p = document.querySelector('#table-page');
  return Number(p.dataset.version) >= v && p.dataset.pending !== 'yes'
    && document.querySelectorAll('#actions [data-action]').length > 0;
}"""
HAND_GAME = "citadels" if "citadels" in donjon.games() else "castle-rooms"


def test_two_people_play_each_other_and_see_only_their_own_hand(new_page, live_server):
    alice, bob = new_page(), new_page()
    frames = {0: [], 1: []}
    for seat, page in ((0, alice), (1, bob)):
        page.on("websocket", lambda ws, seat=seat: ws.on(
            "framereceived", lambda payload, seat=seat: frames[seat].append(payload)))
    tid = create_table_in_lobby(alice, live_server, HAND_GAME, ["human", "human"])
    bob.goto(f"{live_server.url}/table/{tid}")
    bob.click("button.join[data-seat='1']")
    alice.wait_for_selector("#start:not([disabled])")
    alice.click("#start")
    alice.wait_for_function("() => document.querySelector('#table-page').dataset.status !== 'open'")
    rng = random.Random(2)
    clicks = 0
    while live_server.table(tid).status != "finished" and clicks < 400:
        table = live_server.table(tid)
        version, state = table.version, table.state
        if state.is_over():
            break
        page = (alice, bob)[state.to_move()[0]]
        page.wait_for_function(CAUGHT_UP, arg=version)
        click_some_action(page, rng)
        page.wait_for_function(SETTLED)  # the server has answered this click
        clicks += 1
    assert live_server.table(tid).status == "finished", f"not over after {clicks} clicks"
    # every view pushed to a person was exactly their own seat's view at that moment
    record = live_server.table(tid).state.record()
    pushed = []
    for seat, payloads in frames.items():
        for payload in payloads:
            message = json.loads(payload)
            if message.get("type") != "state":
                continue
            if message["view"] is None:  # before the start: nothing to see
                assert message["status"] == "open" and message["legal"] == []
                continue
            pushed.append((message["version"], seat, message))
    pushed.sort(key=lambda item: (item[0], item[1]))
    truth = donjon.replay({**record, "moves": []})
    checked = 0
    for version, seat, message in pushed:
        while len(truth.moves) < version:
            truth.apply(*record["moves"][len(truth.moves)])
        assert message["seat"] == seat and message["view"]["seat"] == seat
        assert message["view"] == truth.view(seat)
        assert message["log"] == truth.log(seat)[message["log_from"]:]
        assert message["legal"] == [a.text for a in truth.legal_actions(seat)]
        hands = message["view"].get("hands")
        if isinstance(hands, list):
            assert all(isinstance(h, int) for i, h in enumerate(hands) if i != seat)
        checked += 1
    assert checked > 10
    assert alice.errors == [] and bob.errors == []


def test_the_language_switch_turns_the_page_french(new_page, live_server):
    page = new_page("en-US")
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").inner_text() == "Lobby"
    page.click("#lang-fr")
    page.wait_for_selector("html[lang=fr]")
    assert page.locator("h1").inner_text() == "Salon"
    assert page.locator("#create-button").inner_text() == "Créer"
    assert "Personne" in page.locator("#seat-0").inner_text()
    page.goto(live_server.url + "/rules")
    assert page.locator("h1").inner_text() == "Règles"
    page.click("#lang-en")
    page.wait_for_selector("html[lang=en]")
    assert page.locator("h1").inner_text() == "Rules"


def test_the_browser_language_is_the_default(new_page, live_server):
    page = new_page("fr-FR")
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("h1").inner_text() == "Salon"


def test_a_spectator_watches_without_acting(new_page, live_server):
    player, watcher = new_page(), new_page()
    tid = create_table_in_lobby(player, live_server, "castle-rooms", ["human", "bot:random"])
    player.click("#start")
    watcher.goto(f"{live_server.url}/table/{tid}")
    watcher.wait_for_function("() => Number(document.querySelector('#table-page').dataset.version) >= 0")
    assert watcher.locator("#actions [data-action]").count() == 0
    assert watcher.locator("#board [data-action]").count() == 0
    assert "spectator" in watcher.locator("#turn").inner_text()
    player.wait_for_function(READY)
    click_some_action(player, random.Random(1))
    version = live_server.table(tid).version
    watcher.wait_for_function(
        "v => Number(document.querySelector('#table-page').dataset.version) >= v", arg=version)
    assert watcher.errors == []


def test_a_lost_connection_reconnects_and_resyncs(new_page, live_server):
    page = new_page()
    tid = create_table_in_lobby(page, live_server, "castle-rooms", ["human", "bot:random"])
    page.click("#start")
    page.wait_for_function(READY)
    table = live_server.table(tid)
    assert len(table.connections) == 1

    def drop():
        for conn in list(table.connections):
            conn.close()  # the server hangs up, as a lost network would

    live_server.call(drop)
    page.wait_for_selector("#conn.down")
    # while the page is away, its seat moves from elsewhere: the page must catch up on return
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "donjon_csrf")
    action = table.state.legal_actions(0)[0].text
    response = page.request.post(f"{live_server.url}/api/tables/{tid}/moves",
                                 data={"action": action}, headers={"x-csrf-token": csrf})
    assert response.ok, response.text()
    page.wait_for_selector("#conn.live")
    page.wait_for_function(READY)  # the bot has answered: the table waits for this page's seat
    table = live_server.table(tid)
    assert table.state.to_move() == [0] or table.status == "finished"
    assert page.locator("#table-page").get_attribute("data-version") == str(table.version)
    assert page.locator("#log li").count() == len(table.state.log(0))
    assert page.errors == []


@pytest.mark.parametrize(("locale", "first"), [("en-GB", "You receive 2 cards: "),
                                              ("fr-FR", "Vous recevez 2 cartes : ")])
def test_the_log_reads_as_sentences_in_the_page_language(new_page, live_server, locale, first):
    page = new_page(locale)
    create_table_in_lobby(page, live_server, "castle-rooms", ["human", "bot:random"])
    page.click("#start")
    page.wait_for_selector("#log li")
    assert page.locator("#log li").first.inner_text().startswith(first)
    seat_two = page.locator("#log li").nth(1).inner_text()
    assert seat_two.startswith(("Bot 2 (random)", "Robot 2 (random)"))  # names, not seat numbers
    assert "2" in seat_two and "hidden" not in seat_two


def test_register_log_out_and_log_in_through_the_pages(new_page, live_server):
    page = new_page()
    name = f"Player {random.Random().randrange(10**6)}"
    page.goto(live_server.url + "/register")
    page.fill("#name", name)
    page.fill("#password", "a long secret")
    page.click("#account-submit")
    page.wait_for_selector(f".who[data-user='{name}']")
    page.click("#logout")
    page.wait_for_selector("a[href='/login']")
    assert page.locator(".who").count() == 0
    page.goto(live_server.url + "/login")
    page.fill("#name", name)
    page.fill("#password", "wrong secret")
    page.click("#account-submit")
    page.wait_for_function("() => document.querySelector('#account-error').textContent !== ''")
    assert page.locator("#account-error").inner_text() == "Wrong name or password."
    page.fill("#password", "a long secret")
    page.click("#account-submit")
    page.wait_for_selector(f".who[data-user='{name}']")
    assert page.errors == [] or all("401" in e for e in page.errors)


def test_lobby_options_reach_the_game(new_page, live_server):
    page = new_page()
    page.goto(live_server.url + "/")
    page.select_option("#game", "castle-rooms")
    page.select_option("select[name='option-win_rooms']", "3")
    page.select_option("select[name='option-hand_limit']", '"exactly"')
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    table = live_server.table(page.url.rsplit("/", 1)[-1])
    assert table.options["win_rooms"] == 3 and table.options["hand_limit"] == "exactly"
    assert "win_rooms=3" in page.locator(".options-line").inner_text()
    # a bad value is refused with the server's message, shown in the form
    page.goto(live_server.url + "/")
    page.select_option("#game", "castle-rooms")
    page.wait_for_selector("select[name='option-win_rooms']")  # the option form is drawn late
    page.evaluate("""() => {
      const select = document.querySelector("select[name='option-win_rooms']");
      select.append(new Option('99', '99')); select.value = '99'; }""")
    page.click("#create-button")
    page.wait_for_function("() => document.querySelector('#create-error').textContent !== ''")
    assert "win_rooms" in page.locator("#create-error").inner_text()
