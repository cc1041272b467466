"""People play in Chromium by clicking: every game to the end against bots, two people
against each other (each seeing only their own hand), and the language switch."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import donjon
from donjon.engine import text
from donjon.engine.record import record_move
from donjon.server.display import player_names
from tests.browser import table_checks as checks
from tests.browser.table_checks import READY

pytestmark = pytest.mark.browser

CLICKABLE = "#board [data-action]:visible, #action-bar [data-action]:visible"


def click_some_action(page, rng: random.Random) -> str:
    """Click one visible action: on the board where the renderer offers one, else in the bar."""
    page.wait_for_selector(CLICKABLE, timeout=10_000)  # drawn just after the turn is marked
    found = page.locator(CLICKABLE)
    target = found.nth(rng.randrange(found.count()))
    action = target.get_attribute("data-action")
    target.click(timeout=10_000)
    return action


def click_offered(page, offered: dict, rng: random.Random) -> bool:
    """Click one of the actions the page offers (``checks.next_turn``), on the board or in the
    bar. False when the page drew a newer state meanwhile that no longer shows that many
    actions there (the person looks again); an element missing from the state it was counted
    in fails the test."""
    board, bar = offered["board"], offered["bar"]
    assert board + bar, "neither the board nor the action bar offers a move"
    pick = rng.randrange(board + bar)
    where, nth = ("#board", pick) if pick < board else ("#action-bar", pick - board)
    found = page.locator(f"{where} [data-action]:visible")
    try:
        found.nth(nth).click(timeout=10_000)
    except PlaywrightTimeoutError:
        version = page.locator("#table-page").get_attribute("data-version")
        if version == offered["version"]:
            raise AssertionError(
                f"{where} showed {nth + 1} actions or more at version {version} and now shows "
                f"{found.count()}, at the same version: {checks.state(page)['actions']}") from None
        return False
    return True


def create_table_in_lobby(page, server, game, seats):
    page.goto(server.url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    return page.url.rsplit("/", 1)[-1]


@pytest.mark.parametrize("game", donjon.games())
def test_a_person_plays_a_whole_game_against_bots_by_clicking(new_page, live_server, game):
    page = new_page(motion=False)  # the boards' animations: each game's own table tests
    rng = random.Random(game)
    n = donjon.load(game).min_players
    # the person sits and every other seat is a bot: the game starts by itself
    tid = create_table_in_lobby(page, live_server, game, ["human"] + ["bot:easy"] * (n - 1))
    clicks = 0
    offered = checks.next_turn(page)
    while offered["status"] != "finished":
        if not click_offered(page, offered, rng):
            # the page drew a newer state between counting and clicking: what it shows now is
            # checked whole, and the turn taken again
            offered = checks.next_turn(page)
            checks.one_visible_element_per_action(page)
            continue
        clicks += 1
        offered = checks.next_turn(page, offered["version"])
        if clicks == 5:  # a closed tab comes back to the same table, resynced from the server
            # once the click is answered: reloaded with the move still on its way, the page
            # could count the actions of the state before it, then draw the move's
            page.reload()
            offered = checks.next_turn(page, at_least=int(offered["version"]))
        assert clicks < 3000, "the game did not end"
    table = live_server.table(tid)
    assert table.state.is_over()
    page.wait_for_selector("#game-over table.scores")
    assert page.locator("#game-over tbody tr").count() == n
    # the board was drawn by the game's renderer, not only the fallback list
    if page.locator("#table-page").get_attribute("data-renderer") == "yes":
        assert page.locator("#board .raw-view").count() == 0
        assert page.locator("#board svg, #board [data-action], #board div").count() > 0
    # the log shows every event the seat may see
    assert page.locator("#log li").count() == len(table.state.log(0))
    page.click("#replay-link")
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("#replay-page[data-step='0']")
    page.click("#next")
    page.wait_for_selector("#replay-page[data-step='1']")
    page.click("#last")
    page.wait_for_selector("#game-over table.scores")


SETTLED = "() => document.querySelector('#table-page').dataset.pending !== 'yes'"
HAND_GAME = "citadels" if "citadels" in donjon.games() else "castle-rooms"


def test_a_page_still_plays_on_a_server_of_the_previous_release(new_page, live_server):
    """During a rolling upgrade a page of this release may reach a process of the previous one,
    which neither says it answers moves (``answers`` in its first ``table``) nor answers them
    (``accepted``): the page then takes the first newer state for the answer, as that release's
    pages did, and does not wait for ever after its first move."""
    page = new_page(motion=False)

    def as_the_previous_release(ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)

        def older(message) -> None:
            told = json.loads(message)
            if told.get("type") == "accepted":
                return
            told.pop("answers", None)
            ws.send(json.dumps(told))

        server.on_message(older)

    page.route_web_socket("**/ws/tables/**", as_the_previous_release)
    rng = random.Random(5)
    tid = create_table_in_lobby(page, live_server, "castle-rooms", ["human", "bot:easy"])
    for _ in range(6):  # the game lasts longer: each wait below is for this page's own turn
        page.wait_for_function(READY, timeout=15_000)
        assert page.locator("#table-page").get_attribute("data-status") == "running"
        version = live_server.table(tid).version
        click_some_action(page, rng)
        page.wait_for_function(SETTLED, timeout=15_000)
        assert live_server.table(tid).version > version, "the click moved nothing"


def test_two_people_play_each_other_and_see_only_their_own_hand(new_page, live_server):
    alice, bob = new_page(motion=False), new_page(motion=False)
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
        click_offered(page, checks.next_turn(page, at_least=version), rng)
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
                assert message["status"] == "open" and message["actions"] == []
                continue
            pushed.append((message["version"], seat, message))
    pushed.sort(key=lambda item: (item[0], item[1]))
    truth = donjon.replay({**record, "moves": []})
    checked = 0
    for version, seat, message in pushed:
        while len(truth.moves) < version:
            truth.apply(*record_move(record["moves"][len(truth.moves)]))
        assert message["seat"] == seat and message["view"]["seat"] == seat
        assert message["view"] == truth.view(seat)
        assert [{"key": e["key"], "args": e["args"]} for e in message["log"]] \
            == truth.log(seat)[message["log_from"]:]
        assert [{k: a[k] for k in ("kind", "args", "text")} for a in message["actions"]] \
            == [{**a.to_json(), "text": a.text} for a in truth.legal_actions(seat)]
        assert message["can_undo"] == truth.can_undo(seat)
        hands = message["view"].get("hands")
        if isinstance(hands, list):
            assert all(isinstance(h, int) for i, h in enumerate(hands) if i != seat)
        checked += 1
    assert checked > 10


def test_the_language_switch_turns_the_page_french(new_page, live_server):
    page = new_page(locale="en-US")
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").inner_text() == "Lobby"
    page.click("#lang-fr")
    page.wait_for_selector("html[lang=fr]")
    assert page.locator("h1").inner_text() == "Salon"
    assert page.locator("#create-button").inner_text() == "Créer la table"
    assert "Une personne" in page.locator("#seat-0").inner_text()
    page.goto(live_server.url + "/rules")
    assert page.locator("h1").inner_text() == "Règles"
    page.click("#lang-en")
    page.wait_for_selector("html[lang=en]")
    assert page.locator("h1").inner_text() == "Rules"


def test_the_browser_language_is_the_default(new_page, live_server):
    page = new_page(locale="fr-FR")
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("h1").inner_text() == "Salon"


def test_a_spectator_watches_without_acting(new_page, live_server):
    player, watcher = new_page(), new_page()
    tid = create_table_in_lobby(player, live_server, "castle-rooms", ["human", "bot:easy"])
    watcher.goto(f"{live_server.url}/table/{tid}")
    watcher.wait_for_function("() => Number(document.querySelector('#table-page').dataset.version) >= 0")
    assert watcher.locator("[data-action]").count() == 0
    assert "spectator" in watcher.locator("#turn").inner_text()
    player.wait_for_function(READY)
    click_some_action(player, random.Random(1))
    version = live_server.table(tid).version
    watcher.wait_for_function(
        "v => Number(document.querySelector('#table-page').dataset.version) >= v", arg=version)


def test_a_lost_connection_reconnects_and_resyncs(new_page, live_server):
    page = new_page()
    tid = create_table_in_lobby(page, live_server, "castle-rooms", ["human", "bot:easy"])
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
                                 data={"action": action, "version": table.version},
                                 headers={"x-csrf-token": csrf})
    assert response.ok, response.text()
    page.wait_for_selector("#conn.live")
    table = live_server.table(tid)
    for _ in range(200):  # the bot answers on the server: then the table waits for this seat
        if table.state.to_move() == [0] or table.status == "finished":
            break
        page.wait_for_timeout(50)
    assert table.state.to_move() == [0] or table.status == "finished"
    page.wait_for_function(  # and the page catches up with it
        "v => document.querySelector('#table-page').dataset.version === v", arg=str(table.version))
    page.wait_for_function(READY)
    assert page.locator("#log li").count() == len(table.state.log(0))


@pytest.mark.parametrize(("lang", "bot"), [("en", "Bot 2 (easy)"), ("fr", "Robot 2 (facile)")])
def test_the_log_reads_as_sentences_in_the_page_language(new_page, live_server, lang, bot):
    page = new_page(lang=lang)
    tid = create_table_in_lobby(page, live_server, "castle-rooms", ["human", "bot:easy"])
    page.wait_for_function(READY)
    table = live_server.table(tid)
    names = player_names(table.seats, lang)
    assert names[1] == bot  # players by name, never by seat number
    shown = page.locator("#log li").all_inner_texts()
    expected = [text.describe(table.state.game, e, 0, lang, names) for e in table.state.log(0)]
    assert shown == expected[:len(shown)] and len(shown) == len(expected)
    assert any(bot in line for line in shown)


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
    assert all("401" in e for e in page.errors)
    page.errors.clear()  # the wrong password's 401, expected


def test_lobby_options_reach_the_game(new_page, live_server):
    page = new_page()
    page.goto(live_server.url + "/")
    page.select_option("#game", "castle-rooms")
    page.click("#options-box > summary")  # behind the "Table options" toggle
    page.select_option("select[name='option-win_rooms']", "3")
    assert page.locator("#options-summary").inner_text() == "Table options (1 changed)"
    page.click("#advanced-box > summary")  # our resolutions of open rules: "Advanced"
    page.select_option("select[name='option-hand_limit']", '"exactly"')
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    table = live_server.table(page.url.rsplit("/", 1)[-1])
    assert table.options["win_rooms"] == 3 and table.options["hand_limit"] == "exactly"
    page.click("#table-options > summary")
    shown = page.locator(".options-line").inner_text()
    assert "Rooms in a row to win" in shown and "win_rooms" not in shown
    # a bad value is refused with the server's message, naming the option as players read it
    page.goto(live_server.url + "/")
    page.select_option("#game", "castle-rooms")
    page.wait_for_selector("select[name='option-win_rooms']", state="attached")
    page.evaluate("""() => {
      const select = document.querySelector("select[name='option-win_rooms']");
      select.append(new Option('99', '99')); select.value = '99'; }""")
    page.click("#create-button")
    page.wait_for_function("() => document.querySelector('#create-error').textContent !== ''")
    assert "Rooms in a row to win" in page.locator("#create-error").inner_text()
    page.errors.clear()  # the refusal's 400, expected


def test_a_person_takes_a_move_back_with_the_undo_button(new_page, live_server):
    """The client sends moves as identities, and the undo button (offered while the server
    says ``can_undo``) takes the last one back: a new entry of the log, the view as before."""
    page = new_page()
    tid = create_table_in_lobby(page, live_server, "castle-rooms", ["human", "bot:easy"])
    page.wait_for_function(READY)
    table = live_server.table(tid)
    state = table.state
    if state.to_move() != [0]:
        pytest.skip("the bot moves first at this deal")
    undoable = None
    for action in state.legal_actions(0):
        trial = state.clone()
        trial.apply(0, action)
        if trial.can_undo(0):
            undoable = action
            break
    if undoable is None:
        pytest.skip("no first move of this deal may be taken back")
    assert page.locator("#undo").count() == 0
    version, before = table.version, state.clone()
    page.evaluate("a => window.donjonTable.ctx.act(a)", undoable.to_json())
    page.wait_for_selector("#undo")
    assert table.state.moves[-1] == (0, undoable)  # sent as its identity, found as itself
    page.click("#undo")
    page.wait_for_function(
        "v => Number(document.querySelector('#table-page').dataset.version) >= v",
        arg=version + 2)
    page.wait_for_function(SETTLED)
    assert table.version == version + 2 and table.state.moves == before.moves
    assert page.locator("#undo").count() == 0
    assert page.locator("#log li").count() == len(before.log(0))


def test_a_closed_table_says_why_and_keeps_its_record(new_page, live_server):
    """A table made under rules the server no longer plays is closed: its page and the lobby
    say so, and its record stays a click away."""
    page = new_page()
    tid = create_table_in_lobby(page, live_server, "castle-rooms", ["human", "human"])
    assert live_server.app.state.store.close_table(tid, "old_rules")
    live_server.call(live_server.manager.tables.pop, tid)  # as a restarted server finds it
    page.goto(f"{live_server.url}/table/{tid}")
    page.wait_for_selector("#closed-reason")
    assert "older rules" in page.locator("#closed-reason").inner_text()
    assert page.locator("#record-link").get_attribute("href") == f"/api/tables/{tid}/record"
    assert page.locator("#table-page").get_attribute("data-status") == "closed"
    page.goto(live_server.url + "/")
    item = page.locator(f"li.table-item[data-table='{tid}']")
    item.wait_for()
    assert item.get_attribute("data-status") == "closed"
    assert "older rules" in item.inner_text()


def test_a_move_waits_for_its_own_answer_while_others_choose_at_once(new_page, live_server):
    """During a simultaneous choice another seat's move may come back before the page's own:
    that state still shows this seat to move, but it does not answer the click — the page stays
    waiting (a second click sends nothing) until the server says its move landed. (It used to
    take any new state for the answer: the board offered a choice already made, and the whole-
    game tests found nothing to click a moment later.)"""
    alice, bob, carol = new_page(), new_page(), new_page()
    sent: list[str] = []  # Alice's moves as her page sent them, held back from the server
    to_server = []

    def hold_moves(ws) -> None:
        server = ws.connect_to_server()
        to_server.append(server)
        ws.on_message(lambda m: sent.append(m) if json.loads(m).get("type") == "act"
                      else server.send(m))

    alice.route_web_socket("**/ws/tables/**", hold_moves)
    tid = create_table_in_lobby(alice, live_server, "gluecksritter", ["human"] * 3)
    for seat, page in ((1, bob), (2, carol)):
        page.goto(f"{live_server.url}/table/{tid}")
        page.click(f"button.join[data-seat='{seat}']")
    alice.wait_for_selector("#start:not([disabled])")
    alice.click("#start")
    for page in (alice, bob):
        page.wait_for_function(READY)
    assert live_server.table(tid).state.to_move() == [0, 1, 2]  # the secret choice, all at once
    mark = alice.locator("#table-page")
    pair = "#board .gk-pair[data-action]"
    alice.locator(pair).first.click()
    assert mark.get_attribute("data-pending") == "yes" and len(sent) == 1
    bob.locator(pair).first.click()
    alice.wait_for_function("() => document.querySelector('#table-page').dataset.version === '1'")
    # Bob's choice is drawn, and there Alice is still to move: her own is not in yet
    assert alice.evaluate("() => window.donjonTable.state.to_move") == [0, 2]
    assert mark.get_attribute("data-pending") == "yes"
    alice.locator(pair).first.click()
    assert len(sent) == 1, "a second click sent a second move"
    to_server[-1].send(sent[0])
    alice.wait_for_function("() => document.querySelector('#table-page').dataset.pending === 'no'")
    assert mark.get_attribute("data-version") == "2" and mark.get_attribute("data-my-turn") == "no"
    assert live_server.table(tid).state.to_move() == [2]
