"""Die Glücksritter options: each value of each resolution of ours plays differently, shown in
play, each test naming its row of shared/rules/gluecksritter.md."""

from __future__ import annotations

import pytest

from donjon.engine.text import LANGUAGES, describe
from donjon.games.gluecksritter.options import OPTIONS
from tests.gluecksritter.helpers import DOC, GAME, choose, coins_total, table, texts

QUIET = (5, 6)


def events(state, key):
    """The arguments of every ``key`` event so far; each event of the log must read as a
    sentence in every language for every seat (a broken template raises under test)."""
    for seat in (None, *range(state.players)):
        for event in state.log(seat):
            for lang in LANGUAGES:
                describe(GAME, event, seat, lang)
    return [e["args"] for e in state.log(None) if e["key"] == key]


def test_every_resolution_of_ours_is_an_option_with_a_row_and_two_values():
    """§3, §7, §8: every PROPOSED point is an option naming its row, with at least two values
    (the Ducats cards and the Document mix are tables: another reading is another entry)."""
    for option in OPTIONS:
        if option.proposed and option.name not in ("ducats", "documents"):
            assert option.rules and option.choices is not None and len(option.choices) >= 2


# -- §7.1, §7.2 the decks ----------------------------------------------------------------------


@pytest.mark.parametrize("value", ["reshuffle", "last-round"])
def test_s7_1_ducats_deck_runs_out(value):
    """§7.1 ducats_reshuffle: the used Ducats cards are reshuffled (reshuffle), or the game ends
    when they run out, the most castle pieces winning (last-round)."""
    state = table(3, silver=[0] * 3, gold=[0] * 3, walls=[2, 1, 0], ducats_reshuffle=value)
    state.ducat_discard = state.ducat_discard + state.ducat_deck
    state.ducat_deck = []
    choose(state, {0: (2, 3), 1: (2, 3), 2: (2, 3)})
    if value == "reshuffle":
        assert not state.is_over() and state.round == 2
        assert len(state.ducat_deck) + 1 == 18
    else:
        assert state.is_over() and state.round == 1
        assert state.result().winners == [0] and state.result().ranks == (1, 2, 3)
        assert events(state, "ducats_out") == [{"winners": [0]}]


@pytest.mark.parametrize("value", ["reshuffle", "out-of-play"])
def test_s7_2_documents_deck_runs_out(value):
    """§7.2 documents_reshuffle: an empty Document deck is rebuilt from the used Documents
    (reshuffle), or the used ones stay out of the game and field 1 gives nothing
    (out-of-play)."""
    state = table(3, documents_reshuffle=value)
    state.doc_discard = state.doc_deck[:-1]
    state.doc_deck = []
    choose(state, {0: (1, 5), 1: (2, 3), 2: (2, 3)})
    if value == "reshuffle":
        assert len(state.docs[0]) == 1 and len(state.doc_deck) == 23
    else:
        assert state.docs[0] == [] and len(state.doc_discard) == 24


def test_s7_2_out_of_play_documents_are_not_offered_for_sale():
    """§7.2 documents_reshuffle=out-of-play: with the deck empty, several on field 1 are not
    asked to buy."""
    state = table(3, documents_reshuffle="out-of-play")
    state.doc_discard = state.doc_deck
    state.doc_deck = []
    choose(state, {0: (1, 5), 1: (1, 6), 2: (2, 3)})
    assert state.docs == [[], [], []] and state.to_move() == [2]  # on to field 2


# -- §3, §8 A3–A7 money ------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "kept"), [(True, 4), (False, 8)])
def test_s3_coin_cap_repeats(value, kept):
    """§3 coin cap, coin_cap_repeats: 7 + 8 = 15 silver returns 7, then (on) 4 more of the 8
    left; off, the seat keeps 8 until its next gain."""
    state = table(3, silver=[7, 0, 0], gold=[0, 0, 0], field=(8, 0, 0, 0),
                  coin_cap_repeats=value)
    choose(state, {0: (1, 5), 1: (2, 3), 2: (2, 3)})
    assert state.silver[0] == kept and coins_total(state) == (60, 40)


@pytest.mark.parametrize("value", ["bag", "tax-collector"])
def test_s8_a4_where_spent_money_goes(value):
    """§8 A4 spent_money: a wall paid for with 2 gold goes into the bag (bag), or onto the tax
    collector, where the player alone on field 5 collects it that same round
    (tax-collector)."""
    state = table(3, silver=[0, 0, 0], gold=[2, 0, 0], spent_money=value)
    choose(state, {0: (2, 3), 1: (5, 3), 2: (6, 3)})
    state.apply(0, "buy 1 wall for 4")
    assert state.walls[0] == 1 and coins_total(state) == (60, 40)
    collected = [e for e in events(state, "collect") if e["seat"] == 1][0]
    if value == "bag":
        assert collected["gold"] == 0 and state.gold[1] == 0
    else:
        assert collected["gold"] == 2 and state.gold[1] == 2


@pytest.mark.parametrize(("value", "coins"), [("bag-gives-change", (1, 0)),
                                              ("no-change", (0, 0))])
def test_s8_a5_change_when_paying(value, coins):
    """§8 A5 change: a tower (5) paid with 3 gold and no silver gets a silver back from the bag
    (bag-gives-change), or the seat overpays (no-change)."""
    state = table(3, silver=[0, 2, 2], gold=[3, 2, 2], change=value)
    choose(state, {0: (3, 1), 1: QUIET, 2: QUIET})
    state.apply(0, "buy 1 tower for 5")
    assert (state.silver[0], state.gold[0]) == coins
    assert coins_total(state) == (60, 40)


@pytest.mark.parametrize(("value", "each", "left"), [("bag-gives-change", 1, 1),
                                                      ("no-change", 0, 4)])
def test_s8_a5_change_when_sharing_a_field(value, each, left):
    """§8 A5, A12 change: 2 gold (4 ducats) shared by three is 1 ducat each, paid by changing a
    gold coin for two silver of the bag (bag-gives-change); without change no one can be paid
    a single ducat in gold, and the field keeps it all (no-change)."""
    state = table(4, field=(0, 2, 0, 0), silver=[0] * 4, gold=[0] * 4, change=value)
    choose(state, {0: (1, 5), 1: (2, 5), 2: (3, 5), 3: (2, 3)})
    assert [state.ducats(s) for s in range(3)] == [each] * 3
    assert coins_total(state) == (60, 40)
    drawn = [e for e in state.log(None) if e["key"] == "round"][-1]["args"]["tax"]
    assert state.field[0] + 2 * state.field[1] == left + drawn[0] + 2 * drawn[1]


@pytest.mark.parametrize(("value", "drawn"), [("what-is-there", 4), ("nothing", 0)])
def test_s8_a7_drawing_from_a_short_bag(value, drawn):
    """§8 A7 short_bag: Windfall asks 5 coins of a bag holding 4: it gets the 4
    (what-is-there), or nothing (nothing)."""
    state = table(3, silver=[0] * 3, gold=[0] * 3, field=(58, 38, 0, 0),
                  docs=[["Windfall"], [], []], short_bag=value)
    assert sum(state.bag) == 4
    choose(state, {0: (2, 3), 1: (2, 3), 2: (2, 3)}, commits={0: ["Windfall"]})
    windfall = events(state, "windfall")[0]
    assert windfall["silver"] + windfall["gold"] == drawn
    assert coins_total(state) == (60, 40)


# -- §8 A8, A9 the fields ----------------------------------------------------------------------


@pytest.mark.parametrize("value", ["each-may-buy", "nobody"])
def test_s8_a8_several_on_brother_jacob(value):
    """§8 A8 monk_shared: several on field 1 may each buy a Document for 4 (each-may-buy), or
    Brother Jacob serves only a player who comes alone and nobody gets one (nobody)."""
    state = table(3, monk_shared=value)
    choose(state, {0: (1, 5), 1: (1, 6), 2: (2, 3)})
    if value == "each-may-buy":
        assert state.to_move() == [0] and texts(state, 0) == ["buy a Document for 4",
                                                             "buy no Document"]
    else:
        assert state.docs == [[], [], []] and state.to_move() != [0]
        assert events(state, "monk_crowded") == [{"seats": [0, 1]}]


@pytest.mark.parametrize(("value", "start"), [("rotates", 2), ("stays", 1)])
def test_s8_a8_start_player(value, start):
    """§8 A8 start_player: the start player moves one seat clockwise each round (rotates), or
    keeps the role (stays) — and with it who buys first."""
    state = table(3, start=1, silver=[0] * 3, gold=[0] * 3, start_player=value)
    choose(state, {0: (2, 3), 1: (2, 3), 2: (2, 3)})
    assert state.round == 2 and state.start == start
    state.silver = [2, 2, 2]
    state.gold = [2, 2, 2]
    state.changed()
    choose(state, {0: (2, 1), 1: (2, 4), 2: (2, 5)})
    assert state.to_move() == [start]  # the first asked to buy a wall


@pytest.mark.parametrize("value", ["four-of-each", "no-limit"])
def test_s8_a9_castle_size(value):
    """§8 A9 castle_limit: a castle holds at most 4 walls (four-of-each: nothing to buy on
    field 2 with 4 walls), or more, as spares against thefts (no-limit)."""
    state = table(3, silver=[0, 2, 2], gold=[7, 2, 2], walls=[4, 0, 0], castle_limit=value)
    choose(state, {0: (2, 1), 1: QUIET, 2: QUIET})
    if value == "four-of-each":
        assert state.round == 2 and state.walls[0] == 4  # not asked
    else:
        assert texts(state, 0) == ["buy 2 walls for 8", "buy 1 wall for 4", "buy no wall"]
        state.apply(0, "buy 2 walls for 8")
        assert state.walls[0] == 6


# -- §8 A15, A16 the Black Knight --------------------------------------------------------------


@pytest.mark.parametrize("value", ["high-roll", "one-roll"])
def test_s8_a15_duel_roll(value):
    """§8 A15 duel: each rolls, the higher wins (high-roll: 1 against 3, seat 1 wins); or one
    roll, 1–3 the first duellist in seating order (one-roll: a 1, seat 0 wins)."""
    state = table(3, dice=[0, 2], duel=value)
    choose(state, {0: (4, 5), 1: (4, 6), 2: QUIET})
    won = events(state, "duel_won")[0]
    assert won["seat"] == (1 if value == "high-roll" else 0)
    assert won["rolls"] == ([1, 3] if value == "high-roll" else [1])


@pytest.mark.parametrize("value", ["cancel-out", "first-played-wins"])
def test_s8_a15_two_champions(value):
    """§8 A15 champions: the second duellist may answer a Champion with its own and the dice
    decide (cancel-out); or the first Champion played wins and is not answered
    (first-played-wins)."""
    state = table(3, docs=[["Champion"], ["Champion"], []], dice=[0, 5], champions=value)
    choose(state, {0: (4, 5), 1: (4, 6), 2: QUIET})
    state.apply(0, "play Champion")
    won = events(state, "duel_won")
    if value == "cancel-out":
        assert state.to_move() == [1] and texts(state, 1) == ["play Champion", "roll the dice"]
        state.apply(1, "play Champion")
        assert events(state, "duel_won")[0]["by"] == "dice"
    else:
        assert won == [{"seat": 0, "loser": 1, "by": "Champion"}]
        assert state.docs[1] == [DOC["Champion"]] and state.jailed == [False, True, False]


@pytest.mark.parametrize("value", ["bank", "duel-winner"])
def test_s8_a16_who_receives_the_ransom(value):
    """§8 A16 ransom_to: the ransom of a card jailed by a lost duel goes where spent money goes
    (bank: the bag), or to the player whose Black Knight won the duel (duel-winner)."""
    state = table(3, dice=[0, 5], field=(0, 0, 0, 0), ransom_to=value)
    choose(state, {0: (4, 5), 1: (4, 6), 2: QUIET})  # seat 1 rolls 6 against 1
    assert state.jailed[0] and state.jailer[0] == 1
    state.apply(1, "let the Black Knight rest")
    assert state.round == 2
    before = state.ducats(1)
    bag = sum(state.bag)
    state.apply(0, "pay the ransom of 4")
    assert not state.jailed[0] and coins_total(state) == (60, 40)
    if value == "bank":
        assert state.ducats(1) == before and sum(state.bag) > bag
    else:
        assert state.ducats(1) == before + 4 and sum(state.bag) == bag
        assert events(state, "ransom_to") == [{"seat": 0, "paid": 4, "to": 1}]


# -- §8 A17 red Documents, §3 and §5 the yellow windows ----------------------------------------


@pytest.mark.parametrize("value", ["seating-order", "seal-number"])
def test_s8_a17_order_of_the_red_documents(value):
    """§8 A17 red_order: in seating order the start player's Royal grant blocks field 2 before
    seat 1's Blockade chooses (seating-order); by number the Blockade (R1) comes first and may
    still block field 2 (seal-number)."""
    state = table(3, docs=[["Royal grant"], ["Blockade"], []], red_order=value)
    choose(state, {0: QUIET, 1: QUIET, 2: QUIET},
           commits={0: ["Royal grant"], 1: ["Blockade"]})
    reds = [[e["seat"], e["doc"]] for e in events(state, "red")]
    if value == "seating-order":
        assert reds == [[0, "Royal grant"], [1, "Blockade"]]
        state.apply(0, "take a free wall")
        assert "block field 2" not in texts(state, 1)
    else:
        assert reds == [[1, "Blockade"], [0, "Royal grant"]]
        assert state.to_move() == [1] and "block field 2" in texts(state, 1)


@pytest.mark.parametrize("value", ["on-resolving", "on-committing"])
def test_s8_a17_when_red_documents_take_aim(value):
    """§8 A17 red_targets: a Blockade names its field when it resolves, knowing what the reds
    before it did (on-resolving); or face down with the Document, and the owner is not asked
    again (on-committing)."""
    state = table(3, docs=[["Blockade"], [], []], red_targets=value)
    offered = [t for t in texts(state, 0) if t.startswith("commit")]
    if value == "on-resolving":
        assert offered == ["commit Blockade"]
        choose(state, {0: QUIET, 1: QUIET, 2: QUIET}, commits={0: ["Blockade"]})
        assert state.to_move() == [0] and "block field 6" in texts(state, 0)
    else:
        assert offered == [f"commit Blockade on field {k}" for k in range(1, 7)]
        state.apply(0, "commit Blockade on field 6")
        for seat in (1, 2, None):  # the target is as secret as the Document
            assert state.view(seat)["aims"][0] == 1
            assert "field 6" not in str(state.view(seat)) + str(state.log(seat))
        assert state.view(0)["aims"][0] == [{"kind": "block", "args": [6]}]
        choose(state, {0: QUIET, 1: QUIET, 2: QUIET})
        assert events(state, "block") == [{"seat": 0, "field": 6}] and state.round == 2


def test_s8_a17_a_target_named_in_advance_may_be_gone():
    """§8 A17 red_targets=on-committing: two Demolitions aimed at the same single wall: the
    first (seating order) takes it, the second has no effect."""
    state = table(3, docs=[["Demolition"], [], ["Demolition"]], walls=[0, 1, 0],
                  red_targets="on-committing")
    state.apply(0, "commit Demolition on a wall of seat 1")
    state.apply(2, "commit Demolition on a wall of seat 1")
    choose(state, {0: QUIET, 1: QUIET, 2: QUIET})
    assert state.walls[1] == 0 and state.supply[0] == 24
    assert events(state, "fizzle") == [{"seat": 2, "doc": "Demolition"}]


def test_s8_a17_determinizations_aim_others_documents_at_possible_targets():
    """§8 A20 with red_targets=on-committing: another seat's committed Document gets a target
    it could have been committed with, never the true one by necessity."""
    import random

    state = table(4, docs=[[], ["Demolition"], [], []], walls=[2, 0, 0, 1],
                  red_targets="on-committing")
    state.apply(1, "commit Demolition on a wall of seat 3")
    for i in range(20):
        world = state.determinize(0, random.Random(i))
        assert world.view(0) == state.view(0)
        for doc, aim in zip(world.committed[1], world.aims[1], strict=True):
            assert (aim >= 0) == (doc in (0, 1, 3))  # Blockade, Demolition, Royal grant


@pytest.mark.parametrize("value", ["round-start-and-raids", "round-start-only"])
def test_s5_y2_when_gift_may_be_played(value):
    """§3, §5 Y2 gift_window: the victim of a money raid may answer it with Gift
    (round-start-and-raids); or Gift waits for the start of a round and the raid takes the
    money at once (round-start-only)."""
    state = table(3, docs=[[], ["Gift"], []], dice=[0], gift_window=value)
    choose(state, {0: (4, 1), 1: QUIET, 2: QUIET})
    state.apply(0, "raid seat 1")
    if value == "round-start-and-raids":
        assert state.to_move() == [1] and "play Gift to seat 2" in texts(state, 1)
    else:
        assert state.gold[1] == 0 and events(state, "robbed")[0]["gold"] == 2
        assert state.docs[1] == [DOC["Gift"]] and "play Gift to seat 2" in texts(state, 1)


# -- §8 A19 the end ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["shared", "play-on"])
def test_s8_a19_tie_between_complete_castles(value):
    """§8 A19 final_tie: complete castles with equal ducats share the win (shared), or the game
    goes on another round (play-on)."""
    state = table(3, walls=[4, 4, 0], towers=[4, 4, 0], silver=[2, 2, 0], gold=[2, 2, 0],
                  final_tie=value)
    choose(state, {0: (2, 3), 1: (2, 3), 2: (2, 3)})
    if value == "shared":
        assert state.is_over() and state.result().winners == [0, 1]
    else:
        assert not state.is_over() and state.round == 2
        assert events(state, "tie_play_on") == [{"seats": [0, 1], "ducats": 6}]


def test_s8_a19_play_on_ends_when_the_tie_is_broken():
    """§8 A19 final_tie=play-on: the next round's end with one richest complete castle wins."""
    state = table(3, walls=[4, 4, 0], towers=[4, 4, 0], silver=[2, 2, 0], gold=[2, 2, 0],
                  final_tie="play-on")
    choose(state, {0: (2, 3), 1: (2, 3), 2: (2, 3)})
    state.field = [3, 0, 0, 0]
    state.changed()
    choose(state, {0: (5, 1), 1: (2, 3), 2: (2, 3)})
    assert state.is_over() and state.result().winners == [0]
