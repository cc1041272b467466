"""Engine pieces that every game relies on."""

from __future__ import annotations

import random

import pytest

import donjon
from donjon.engine import Action, ActionTable, Option, ranks_from_keys, text
from donjon.engine.hidden import Secret, may_read, redacted
from donjon.engine.text import describe


def test_clones_share_the_generator_until_one_draws():
    state = donjon.load("castle-rooms").new_game(2, seed=3)
    copy = state.clone()
    first = copy.rng.random()
    assert state.rng.random() == first  # the same stream, independently consumed
    assert copy.rng.random() == state.rng.random()
    state.rng.random()
    assert copy.rng.getstate() != state.rng.getstate()


def test_actions_are_interned_values_with_text():
    table = ActionTable(lambda kind, *args: f"{kind} {' '.join(map(str, args))}")
    a = table("build", "Manor")
    assert a is table("build", "Manor") and a.text == "build Manor" and str(a) == a.text
    assert a == Action("build", ("Manor",), "build Manor")
    # identity is kind and args: the text is only an alias
    assert a == Action("build", ("Manor",), "bâtir le Manoir") and hash(a) == hash(
        ("build", ("Manor",)))
    assert a != Action("build", ("Tavern",), "build Manor")


def test_competition_ranks_share_ties():
    assert ranks_from_keys([5, 9, 5, 1]) == (2, 1, 2, 4)
    assert ranks_from_keys([(6, 3), (6, 2, 2), (6, 3), (5,)]) == (1, 3, 1, 4)


def test_options_validate_with_clear_messages():
    option = Option("hand_limit", "at-most", "doc", choices=("at-most", "exactly"))
    with pytest.raises(ValueError, match="choose one of 'at-most', 'exactly'"):
        option.validate("sometimes")
    typed = Option("rounds", 3, "doc")
    with pytest.raises(ValueError, match="must be of type int"):
        typed.validate("three")


def test_secrets_redact_for_other_seats_only():
    secret = Secret(("cards",), "seat", "count")
    assert may_read(secret, {"seat": 1}, 1) and not may_read(secret, {"seat": 1}, 0)
    assert not may_read(secret, {"seat": 1}, None)
    assert may_read(Secret(("x",), "seats"), {"seats": [0, 2]}, 2)
    assert redacted(["a", "b"], "count") == 2 and redacted(2, "count") == 2
    assert redacted("Thief", "hidden") == "hidden"


def test_an_event_recorded_as_its_values_reads_as_the_same_event_named():
    """``Event``: a game may record an event as the tuple of its values, named by its
    ``EVENT_FIELDS``; every seat's log (secrets redacted alike) and a determinization's log
    read it as the dict ``emit`` records."""
    state = donjon.load("citadels").new_game(4, seed=5)
    assert state.EVENT_FIELDS["keep"] == ("seat", "card") and "keep" in state.SECRETS
    start = len(state.events)
    state.emit("keep", seat=1, card="Manor")
    state.events.append(("keep", (1, "Manor")))
    for seat in (0, 1, None):
        named, valued = state.log(seat, since=start)
        assert named == valued
        assert named["args"]["card"] == ("Manor" if seat == 1 else "hidden")
    world = state.determinize(0, random.Random(1))
    named, valued = world.log(0, since=start)
    assert named == valued and named["args"] == {"seat": 1, "card": "hidden"}
    state.events.append(("keep", (1,)))  # a value missing: refused, never read shifted
    with pytest.raises(ValueError):
        state.log(None, since=start)


def test_determinization_keeps_no_record_and_resamples_hidden_zones():
    game = donjon.load("castle-rooms")
    state = game.new_game(4, seed=12)
    seat = state.to_move()[0]
    worlds = [state.determinize(seat, random.Random(i)) for i in range(10)]
    assert all(w.hands[seat] == state.hands[seat] for w in worlds)
    assert any(w.hands[(seat + 1) % 4] != state.hands[(seat + 1) % 4] for w in worlds)
    with pytest.raises(ValueError, match="determinized"):
        worlds[0].record()


def test_games_is_both_a_function_and_a_package():
    import donjon.games

    assert "castle-rooms" in donjon.games()


def test_describe_translates_terms_and_falls_back_clearly(monkeypatch):
    from donjon.engine import Game

    game = Game("g", "G", 2, 2, "1", donjon.State, messages={
        "en": {"build": "{who} builds {building}", "build:you": "You build {building}"},
        "fr": {"build": "{who} construit {building}", "_names": {"Food Farm": "la Ferme"}},
    })
    event = {"key": "build", "args": {"seat": 1, "building": "Food Farm"}}
    assert describe(game, event, 0) == "Player 2 builds Food Farm"
    assert describe(game, event, 1) == "You build Food Farm"
    assert describe(game, event, 0, "fr") == "Joueur 2 construit la Ferme"
    other = {"key": "odd", "args": {"seat": 1, "cubes": ["food", "wood"]}}
    broken = {"key": "build", "args": {"seat": 1, "house": "Food Farm"}}
    with pytest.raises(text.TemplateError, match="no \\[en\\] sentence for event 'odd'"):
        describe(game, other, 0)  # under test, a missing or broken sentence is an error
    with pytest.raises(text.TemplateError, match="template 'build' fails"):
        describe(game, broken, 0)
    monkeypatch.setattr(text, "STRICT", False)  # a player meets a plain fallback instead
    assert describe(game, other, 0) == "Player 2 · odd (cubes: food, wood)"
    assert describe(game, broken, 0, "fr") == "Joueur 2 · build (house: la Ferme)"


def test_deal_back_keeps_sizes_and_items():
    from collections import Counter

    from donjon.engine.hidden import deal_back

    parts = [[1, 2, 3], [], [4, 5], [6]]
    before = Counter(x for p in parts for x in p)
    deal_back(parts, random.Random(4))
    assert [len(p) for p in parts] == [3, 0, 2, 1]
    assert Counter(x for p in parts for x in p) == before


def test_an_identity_from_outside_matches_only_with_the_same_types():
    from donjon.engine.action import same

    assert same(("x", 1, (2, "y")), ("x", 1, (2, "y")))
    assert not same((1,), (True,)) and not same((1,), (1.0,)) and not same(((1,),), ((True,),))
    state = donjon.load("castle-rooms").new_game(2, seed=4)
    rng = random.Random(4)
    while True:  # the first action with a 0 or 1 argument (a row, a seat)
        seat = state.to_move()[0]
        numbered = [a for a in state.legal_actions(seat)
                    if any(type(x) is int and x in (0, 1) for x in a.args)]
        if numbered:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    action = numbered[0]
    forged = {"kind": action.kind,
              "args": [bool(x) if type(x) is int and x in (0, 1) else x for x in action.args]}
    before = state.clone()
    with pytest.raises(donjon.IllegalAction):
        state.apply(seat, forged)
    assert state == before
    state.apply(seat, action.to_json())
    assert state.moves[-1][1] is action


def test_a_set_up_with_every_default_is_checked_once_and_each_game_owns_its_options(
        monkeypatch):
    """``Game.check`` keeps the options of the usual set-up (every default, the current rules)
    by player count: each game still gets a dict of its own, and a change to the game's options
    or constraints is checked anew, never answered from what was kept."""
    game = donjon.load("castle-rooms")
    first, second = game.check(2), game.check(2, {})
    assert first == second == {o.name: o.default for o in game.options}
    first["win_rooms"] = "changed"
    assert game.check(2)["win_rooms"] == game.option("win_rooms").default
    assert game.new_game(2, seed=1).options is not game.new_game(2, seed=1).options

    def two_players_refused(players, options):
        if players == 2:
            raise ValueError("not with 2 players")

    monkeypatch.setattr(game, "constraints", two_players_refused)
    with pytest.raises(ValueError, match="not with 2 players"):
        game.check(2)
    monkeypatch.undo()
    assert game.check(2) == second
    monkeypatch.setattr(game, "options", game.options[1:])
    assert set(game.check(2)) == {o.name for o in game.options}


def test_a_rules_version_or_given_options_are_never_answered_from_the_defaults(monkeypatch):
    game = donjon.load("castle-rooms")
    game.check(2)
    monkeypatch.setattr(game, "versions", {})
    with pytest.raises(ValueError, match="rules version"):
        game.check(2, {}, "0")
    with pytest.raises(ValueError, match="no option"):
        game.check(2, {"no_such_option": 1})
