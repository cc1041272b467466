"""The Citadels table in Chromium (issue #9): whole games in English and in French played by
clicking the board itself (the character tokens, the draft's characters, the cards of the hand,
the districts of the cities, the players, the answers over the hand), at 1280×800 and 390×844,
with every check the issue lists at the start, mid-game and the end; screenshots in
``var/screenshots/citadels-<lang>-<width>-<moment>.png``."""

from __future__ import annotations

import random

import pytest

from donjon.games.citadels.cards import catalogue_id
from tests.browser import table_checks as checks
from tests.citadels.scenario import new, restart_round, setup_seat, turn

pytestmark = pytest.mark.browser

GAME = "citadels"
#: the person's turns where the heavier checks run, and the one of the mid-game screenshot
LOOKS = (0, 8, 20)
MIDDLE = 20


def _shoot(page, moment: str) -> None:
    """The whole board as a person sees it, without a card's text left open by the last
    click or hover."""
    page.evaluate("() => { document.activeElement?.blur?.(); scrollTo(0, 0); }")
    page.mouse.move(0, 0)
    page.evaluate("() => { const tip = document.querySelector('#card-tip');"
                  " if (tip) tip.hidden = true; }")
    checks.screenshot(page, GAME, moment, full_page=True)


def _names_shown(view: dict) -> set[str]:
    """The catalogue ids of every character and district the view shows this seat."""
    names = set(view["cast"]) | set(view["facedown_known"])
    for city in view["cities"]:
        names |= {entry["name"] for entry in city}
    for hand in view["hands"]:
        if isinstance(hand, list):
            names |= set(hand)
    if isinstance(view["offer"], list):
        names |= set(view["offer"])
    if isinstance(view["draft_cards"], list):
        names |= set(view["draft_cards"])
    if view.get("looking_at"):
        names |= set(view["looking_at"]["cards"])
    for cards in view.get("known_cards") or []:
        names |= set(cards)
    return {catalogue_id(name) for name in names}


def _everything_explained(page) -> None:
    """Every character and district the view shows, and the markers of the round, have a
    ``[data-card]`` on the board (the view names them by their English names, which
    ``checks.cards_explained`` cannot see), and hovering or tapping one shows its text."""
    view = checks.state(page)["view"]
    shown = set(page.eval_on_selector_all("#board [data-card]", "els => els.map(e => e.dataset.card)"))
    wanted = _names_shown(view) | {"noble", "religious", "trade", "military", "unique"}
    wanted.add("crown")
    if view["warrants"]:
        wanted.add("signed-warrant" if view["signed_warrant"] == view["warrants"][0]
                   else "blank-warrant" if view["signed_warrant"] else "warrant-face-down")
    for name, mark in (("killed", "killed"), ("robbed", "robbed"), ("bewitched", "bewitched")):
        if view[name]:
            wanted.add(mark)
    missing = sorted(wanted - shown)
    assert not missing, f"shown without a [data-card]: {missing}"
    # the KeepOne decision's name ("keep") is also the Keep's id: not a card of the view
    keep = {"keep"} if view.get("pending") == "keep" and "keep" not in shown else set()
    checks.cards_explained(page, GAME, ignore=keep, tap=False)
    if page.touch:
        # a card that sends no move (a tap on one that does would play it): the last district
        # of a city, else a district type of the legend
        cards = page.locator("#board .cit-city [data-card]:not([data-action]):visible")
        if not cards.count():
            cards = page.locator("#board .cit-legend [data-card]:visible")
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


def _look(page, moment: str | None) -> None:
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.title_marks_your_turn(page)
    assert page.locator("#turn-bar.mine #prompt").inner_text()
    if moment:
        _shoot(page, moment)
    _everything_explained(page)


def _play(page, live_server, size: str, lang: str, players: int) -> None:
    tid = checks.start_against_bots(page, live_server, GAME, players=players)
    checks.wait_ready(page)
    assert page.locator("#table-page").get_attribute("data-renderer") == "yes"
    if size == "desktop":
        checks.board_top_in_first_screen(page)
    seen = {"kinds": set(), "middle": False}

    def on_turn(page, turn):
        # every turn: each legal action has exactly one visible element, all on the board
        checks.one_visible_element_per_action(page)
        assert page.turn["bar"] == 0
        seen["kinds"] |= set(page.evaluate(checks.ACTION_KINDS))
        if turn in LOOKS:
            _look(page, "start" if turn == 0 else "middle" if turn == MIDDLE else None)
            seen["middle"] |= turn == MIDDLE

    counts = checks.play_to_end(page, live_server, tid, random.Random(lang + size),
                                on_turn=on_turn)
    assert counts["bar_clicks"] == 0 and counts["board_clicks"] == counts["clicks"]
    assert seen["middle"], "the game ended before the mid-game checks"
    assert {"pick", "end"} <= seen["kinds"] and seen["kinds"] & {"gold", "draw"}
    checks.game_over_shows_breakdown(page, live_server, tid)
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.title_marks_your_turn(page)
    _shoot(page, "end")
    _everything_explained(page)
    # the replay draws the same board, move by move
    page.click("#replay-link")
    page.wait_for_selector("#replay-page[data-step='0']")
    page.click("#next")
    page.wait_for_selector("#replay-page[data-step='1']")
    assert page.locator("#board .cit-cast").count() == 1
    page.click("#last")
    page.wait_for_selector("#game-over table.scores")
    checks.no_horizontal_scroll(page)
    checks.no_english_in_french(page, GAME)
    checks.no_seat_numbers_or_identifiers(page)
    checks.cards_explained(page, GAME, tap=False)
    checks.no_console_errors(page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_at_the_desktop_size(new_page, live_server, lang):
    """Four players: face-up discards, one character each."""
    _play(new_page("desktop", lang), live_server, "desktop", lang, players=4)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_at_the_phone_size(new_page, live_server, lang):
    """Three players in 390 px: two characters each, a rank 9, a random face-down discard."""
    _play(new_page("phone", lang), live_server, "phone", lang, players=3)


def test_a_district_built_drops_into_its_city_without_holding_up_the_next_move(
        new_page, live_server):
    """The district that arrives in a city is animated by CSS only: the next move is offered at
    once."""
    page = new_page("desktop", "en")
    tid = checks.start_against_bots(page, live_server, GAME, players=2)
    rng = random.Random(3)
    for _ in range(400):
        checks.wait_ready(page)
        if page.locator("#table-page").get_attribute("data-status") != "running":
            break
        build = page.locator("#board .cit-hand-card[data-action*='\"build\"']")
        version = page.locator("#table-page").get_attribute("data-version")
        if build.count():
            build.first.click()
            page.wait_for_function(
                "v => document.querySelector('#table-page').dataset.version !== v", arg=version)
            assert page.locator("#board .cit-mine .cit-enter").count() == 1
            checks.wait_ready(page)
            assert page.locator("#board [data-action]:visible").count() > 0
            break
        moves = page.locator("#board [data-action]:visible")
        moves.nth(rng.randrange(moves.count())).click()
        page.wait_for_function(
            """v => { const p = document.querySelector('#table-page');
                      return p.dataset.version !== v || p.dataset.status !== 'running'; }""",
            arg=version)
    else:
        raise AssertionError(f"no district could be built at table {tid}")
    checks.no_console_errors(page)


# -- every power, played on the board -------------------------------------------------------------
# A table against bots is started, then its state is replaced by a scenario of the rules tests
# (``tests.citadels.scenario``): the person (seat 0) holds a given character, cards and districts.
# Each step clicks the board's element for the next action of the power, checking before each
# one that every legal action has exactly one visible element, on the board.


def _warlord(st):
    turn(st, 0, "Warlord")
    setup_seat(st, 0, gold=6, hand=["Necropolis", "Manor"], city=["Armory", "Watchtower", "Temple"])
    setup_seat(st, 1, city=["Castle", "Great Wall", "Keep"])
    setup_seat(st, 2, city=["Church", "Church"])
    st.beautified[2] = [True, False]
    st.changed()


def _uniques(st):
    turn(st, 0, "Merchant")
    setup_seat(st, 0, gold=4, hand=["Castle", "Palace", "Thieves' Den"],
               city=["Museum", "Laboratory", "Framework", "Smithy"])


def _den(st):
    turn(st, 0, "Architect")
    setup_seat(st, 0, gold=2, hand=["Thieves' Den", "Manor", "Temple", "Tavern", "Market"],
               city=["Watchtower"])


def _with(name, gold=2, hand=("Manor", "Temple", "Tavern"), city=("Watchtower",), **others):
    def build(st):
        turn(st, 0, name)
        setup_seat(st, 0, gold=gold, hand=list(hand), city=list(city))
        for seat in range(1, st.players):
            setup_seat(st, seat, gold=3 + seat, hand=["Castle", "Church", "Market"],
                       city=["Prison", "Docks", "Manor"])
        for key, value in others.items():
            setattr(st, key, value)
        st.changed()
    return build


def _theater(st):
    setup_seat(st, 0, city=["Theater"])
    restart_round(st, crown=1)
    while st.pending() is not None and st.pending().name != "theater":
        seat = st.to_move()[0]
        st.apply(seat, st.legal_actions(seat)[0])


#: name -> (players, the characters swapped into the first game's cast, the scenario, the kinds
#: clicked in turn, the step after which the board is photographed)
SCENARIOS = {
    "warlord": (4, ("Warlord",), _warlord, ["gold", "necro", "destroy", "end"], 1),
    "magician": (4, ("Magician",), _with("Magician"), ["draw", "keep", "magic", "mdiscard",
                                                       "mdiscard", "mdone"], 4),
    "diplomat": (4, ("Diplomat",), _with("Diplomat", gold=5, city=("Watchtower", "Castle")),
                 ["gold", "dtake", "dgive"], 2),
    "uniques": (4, ("Merchant",), _uniques, ["gold", "lab", "museum", "smithy"], 1),
    "den": (4, ("Architect",), _den, ["gold", "den", "dencard", "dencard", "dengold"], 3),
    "spy": (4, ("Spy",), _with("Spy"), ["gold", "spy"], 1),
    "seer": (4, ("Seer",), _with("Seer"), ["gold", "seer", "give", "give", "give"], 2),
    "wizard": (4, ("Wizard",), _with("Wizard", gold=9), ["gold", "look", "take", "wizbuild"], 2),
    "cardinal": (4, ("Cardinal",), _with("Cardinal", gold=0, hand=(
        "Palace", "Temple", "Tavern", "Market", "Church", "Watchtower")),
        ["gold", "borrow", "give", "give", "give"], 1),
    "emperor": (4, ("Emperor",), _with("Emperor"), ["gold", "crown", "empcard"], 2),
    "abbot": (4, ("Abbot",), _with("Abbot", city=("Temple", "Church")),
              ["gold", "income", "abbot"], 1),
    "magistrate": (4, ("Magistrate",), _with("Magistrate"), ["gold", "sign", "warrant", "warrant"],
                   2),
    "blackmailer": (4, ("Blackmailer",), _with("Blackmailer"), ["gold", "threat", "bluff"], 2),
    "witch": (4, ("Witch",), _with("Witch"), ["gold", "bewitch"], 1),
    "assassin": (4, ("Assassin",), _with("Assassin"), ["gold", "kill"], 1),
    "artist": (5, ("Artist",), _with("Artist", gold=3, city=("Watchtower", "Manor", "Temple")),
               ["gold", "beautify", "beautify"], 1),
    "scholar": (4, ("Scholar",), _with("Scholar"), ["gold", "scholar", "keep"], 2),
    "marshal": (4, ("Marshal",), _with("Marshal", gold=5), ["gold", "seize"], 1),
    "navigator": (4, ("Navigator",), _with("Navigator"), ["draw", "keep", "navgold"], 2),
    "tax-collector": (5, ("Tax Collector",), _with("Tax Collector", tax_pool=3),
                      ["gold", "taxes"], 1),
    "theater": (4, (), _theater, ["theater"], 0),
}


def _kind_of(element) -> str:
    import json

    return json.loads(element.get_attribute("data-action"))["kind"]


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_every_power_is_played_by_clicking_the_board(new_page, live_server, name):
    players, characters, scenario, steps, shot = SCENARIOS[name]
    page = new_page("desktop" if len(name) % 2 else "phone", "fr" if len(name) % 3 == 0 else "en")
    tid = checks.start_against_bots(page, live_server, GAME, players=players)
    checks.wait_ready(page)
    rank9 = {"rank9": "yes"} if {"Artist", "Tax Collector", "Queen"} & set(characters) else {}
    state = new(players, *characters, seed=7, **rank9)
    scenario(state)
    assert state.to_move() == [0], state.to_move()

    live_server.swap_state(tid, state)
    page.reload()
    for step, kind in enumerate(steps):
        checks.wait_ready(page)
        checks.one_visible_element_per_action(page)
        assert page.locator("#action-bar [data-action]:visible").count() == 0
        checks.no_horizontal_scroll(page)
        checks.no_seat_numbers_or_identifiers(page)
        checks.no_english_in_french(page, GAME)
        if step == shot:
            _shoot(page, f"power-{name}")
        offered = [e for e in page.locator("#board [data-action]:visible").all() if _kind_of(e) == kind]
        assert offered, f"{name}: no {kind} on the board at step {step}"
        version = page.locator("#table-page").get_attribute("data-version")
        offered[0].click()
        page.wait_for_function(
            "v => document.querySelector('#table-page').dataset.version !== v", arg=version)
    checks.no_console_errors(page)
