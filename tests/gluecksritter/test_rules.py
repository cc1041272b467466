"""Die Glücksritter rules, each test naming its section of shared/rules/gluecksritter.md."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from donjon import IllegalAction
from donjon.games.gluecksritter.choice import RedDocument, Target
from donjon.games.gluecksritter.data import (
    DOC_NAMES,
    DOCUMENT_MIXES,
    DUCATS_DECKS,
    RED,
)
from tests.gluecksritter.helpers import DOC, GAME, choose, coins_total, table, texts

QUIET = (5, 6)  # a pair for seats whose action does not matter to a test (empty money fields)


# -- §2 components and setup -----------------------------------------------------------------


def test_s2_setup_coins_pieces_and_decks():
    """§2 setup: 2 silver + 2 gold each, the rest of 60/40 in the bag or on fields 5/6, 24 walls
    and 24 towers in the supply, 25 Documents and 18 Ducats cards (one turned face up)."""
    for players in (3, 4, 5, 6):
        state = GAME.new_game(players, seed=players)
        assert state.silver == [2] * players and state.gold == [2] * players
        assert coins_total(state) == (60, 40)
        assert state.supply == [24, 24] and state.walls == [0] * players
        assert len(state.doc_deck) == 25 and all(hand == [] for hand in state.docs)
        assert len(state.ducat_deck) == 17 and state.ducat_card >= 0
        tax, customs = DUCATS_DECKS["proposed"][state.ducat_card]
        assert state.field[0] + state.field[1] == tax
        assert state.field[2] + state.field[3] == customs
        assert state.to_move() == list(range(players))


def test_s7_1_proposed_ducats_cards_two_of_each_pair():
    """§7.1 PROPOSED: 18 cards, two of every (tax, customs) pair in {2,3,4}×{2,3,4}."""
    cards = Counter(DUCATS_DECKS["proposed"])
    assert sum(cards.values()) == 18 and len(cards) == 9 and set(cards.values()) == {2}


def test_s7_2_proposed_document_mix():
    """§7.2 PROPOSED: 25 Documents, 15 red and 10 yellow, with the listed copies."""
    mix = DOCUMENT_MIXES["proposed"]
    assert sum(mix.values()) == 25
    assert sum(n for d, n in mix.items() if RED[d]) == 15
    assert [mix[d] for d in range(10)] == [3, 3, 3, 2, 2, 2, 3, 2, 2, 3]


def test_s2_start_money_option():
    """§8 A1: the starting money is configurable (default 2 silver + 2 gold)."""
    state = GAME.new_game(3, seed=1, start_silver=4, start_gold=1)
    assert state.silver == [4, 4, 4] and state.gold == [1, 1, 1]
    assert coins_total(state) == (60, 40)
    with pytest.raises(ValueError, match="start_gold"):
        GAME.new_game(3, seed=1, start_gold=9)


def test_s2_coins_and_pieces_are_conserved_in_random_games():
    """§2, §8 A4: every coin is with a player, on a field or in the bag; every piece in a castle
    or the supply — at every step of random games."""
    for seed in range(6):
        state = GAME.new_game(3 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert coins_total(state) == (60, 40)
            assert sum(state.walls) + state.supply[0] == 24
            assert sum(state.towers) + state.supply[1] == 24
            assert all(0 <= w <= 4 for w in state.walls + state.towers)
            assert all(s < 8 for s in state.silver) and all(g < 8 for g in state.gold)
            docs = (sum(map(len, state.docs)) + sum(map(len, state.committed))
                    + len(state.doc_deck) + len(state.doc_discard))
            resolving = sum(1 for frame in state.stack if isinstance(frame, RedDocument | Target))
            assert docs + resolving == 25


# -- §3 the round ----------------------------------------------------------------------------


def test_s3_1_ducats_card_draws_coins_and_money_stays_on_the_fields():
    """§3.1, §8 A6: each round a Ducats card puts coins on fields 5 and 6; money nobody takes
    stays and piles up with the next draw."""
    state = table(3, field=(1, 1, 2, 0), silver=[0, 0, 0], gold=[0, 0, 0])
    choose(state, {0: (1, 2), 1: (2, 3), 2: (2, 3)})  # nobody on 5 or 6, nobody can buy
    assert state.round == 2
    tax, customs = DUCATS_DECKS["proposed"][state.ducat_card]
    assert state.field[0] + state.field[1] == 2 + tax
    assert state.field[2] + state.field[3] == 2 + customs


def test_s3_2_two_different_cards_and_jailed_knight_not_choosable():
    """§3.2, §8 A11: two different action cards; a jailed Black Knight card cannot be chosen."""
    state = table(3, jailed=[False, True, False], silver=[2, 0, 2], gold=[2, 1, 2])
    free = [t for t in texts(state, 0) if t.startswith("choose")]
    assert len(free) == 15 and "choose 4 and 5" in free
    jailed = [t for t in texts(state, 1) if t.startswith("choose")]
    assert len(jailed) == 10 and not any("4" in t for t in jailed)
    with pytest.raises(IllegalAction):
        state.apply(1, "choose 4 and 5")
    with pytest.raises(IllegalAction):
        state.apply(0, "choose 3 and 3")


def test_s3_2_simultaneous_choice_waits_for_every_seat():
    """§3.2: everyone chooses at once; the round goes on only when all have chosen."""
    state = table(4)
    assert state.to_move() == [0, 1, 2, 3]
    state.apply(2, "choose 1 and 2")
    assert state.to_move() == [0, 1, 3]
    assert state.legal_actions(2) == ()
    with pytest.raises(IllegalAction, match="not to move"):
        state.apply(2, "choose 3 and 4")
    state.apply(0, "choose 5 and 6")
    state.apply(3, "choose 5 and 6")
    assert state.revealed == [[], [], [], []]
    state.apply(1, "choose 5 and 6")
    assert state.round == 2 or state.phase == 1


def test_s3_2_no_view_or_log_shows_another_seats_secret_choice_before_the_reveal():
    """§3.2, §8 A20: the chosen cards and committed red Documents are hidden from every other
    seat (and spectators) until the reveal; the owner sees its own."""
    state = table(4, docs=[["Windfall"], [], [], []], field=(0, 0, 0, 0))
    state.apply(0, "commit Windfall")
    state.apply(0, "choose 2 and 3")
    for seat in (1, 2, 3, None):
        view = state.view(seat)
        assert view["choices"][0] == 2 and view["committed"][0] == 1
        assert view["revealed"][0] == []
        log = state.log(seat)
        assert [e["args"]["cards"] for e in log if e["key"] == "choose"] == ["hidden"]
        assert [e["args"]["doc"] for e in log if e["key"] == "commit"] == ["hidden"]
        assert "Windfall" not in json.dumps(view) + json.dumps(log)
    mine = state.view(0)
    assert mine["choices"][0] == [2, 3] and mine["committed"][0] == ["Windfall"]
    choose(state, {1: QUIET, 2: QUIET, 3: QUIET})
    # revealed to all once everyone has chosen
    reveal = [e for e in state.log(1) if e["key"] == "reveal" and e["args"]["seat"] == 0][0]
    assert reveal["args"]["cards"] == [2, 3]
    assert [[e["args"]["seat"], e["args"]["doc"]] for e in state.log(1)
            if e["key"] == "red"] == [[0, "Windfall"]]


def test_s3_2_views_never_leak_choices_in_random_games():
    """§3.2: over random games, before the reveal no seat's view holds another seat's cards."""
    for seed in range(4):
        state = GAME.new_game(4, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_over():
                break
            if state.phase == 0:
                for seat in range(4):
                    view = state.view(seat)
                    for other in range(4):
                        if other != seat:
                            assert isinstance(view["choices"][other], int)
                            assert isinstance(view["committed"][other], int)
                            assert isinstance(view["hands"][other], int)
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_s3_coin_cap_returns_half_at_once():
    """§3 coin cap, §8 A3: 8+ coins of one kind return ⌊n/2⌋ of that kind to the bag at once
    (the larger half is kept: 9 → keep 5); each kind separately."""
    state = table(3, silver=[5, 0, 0], gold=[7, 0, 0], field=(4, 1, 0, 0))
    choose(state, {0: (1, 5), 1: (2, 3), 2: (2, 3)})
    # seat 0 alone on field 5: 5+4 = 9 silver → returns 4; 7+1 = 8 gold → returns 4
    assert state.silver[0] == 5 and state.gold[0] == 4
    caps = [e["args"] for e in state.log(None) if e["key"] == "cap"]
    assert {"seat": 0, "coin": "silver", "returned": 4} in caps
    assert {"seat": 0, "coin": "gold", "returned": 4} in caps
    assert coins_total(state) == (60, 40)


def test_s3_coin_cap_option_keep_smaller_half():
    """§8 A3 option coin_cap=keep-smaller-half: 9 → return 5."""
    state = table(3, silver=[5, 0, 0], gold=[0, 0, 0], field=(4, 0, 0, 0),
                  coin_cap="keep-smaller-half")
    choose(state, {0: (1, 5), 1: (2, 3), 2: (2, 3)})
    assert state.silver[0] == 4


def test_s3_coin_cap_applies_again_while_eight_or_more_remain():
    """§3 coin cap, §8 A3: a big gain (7 + 8 = 15 silver) returns half, and half again while 8
    or more remain: 15 → 8 → 4."""
    state = table(3, silver=[7, 0, 0], gold=[0, 0, 0], field=(8, 0, 0, 0))
    choose(state, {0: (1, 5), 1: (2, 3), 2: (2, 3)})
    assert state.silver[0] == 4 and coins_total(state) == (60, 40)


def test_s8_a5_change_making_when_paying():
    """§8 A5: gold first; an odd price with no silver is paid with a gold coin and the bag gives
    one silver back."""
    state = table(3, silver=[0, 2, 2], gold=[3, 2, 2])
    choose(state, {0: (3, 1), 1: QUIET, 2: QUIET})
    state.apply(0, "buy 1 tower for 5")
    assert (state.silver[0], state.gold[0], state.towers[0]) == (1, 0, 1)
    assert coins_total(state) == (60, 40)


# -- §4 the six fields -----------------------------------------------------------------------


def test_s4_field1_alone_takes_the_top_document_free():
    """§4 field 1 alone: the top Document, for nothing; the others don't see which."""
    state = table(3)
    top = state.doc_deck[-1]
    choose(state, {0: (1, 5), 1: (2, 6), 2: (3, 6)})
    assert state.docs[0] == [top] and state.ducats(0) == 6
    event = [e for e in state.log(1) if e["key"] == "document"][0]
    assert event["args"]["doc"] == "hidden" and event["args"]["seat"] == 0


def test_s4_field1_several_each_may_buy_one_for_four_in_seating_order():
    """§4 field 1 several, §8 A8: each participant may buy one Document for 4 ducats, in seating
    order from the start player; one who cannot pay is not asked."""
    state = table(4, start=2, silver=[2, 0, 2, 2], gold=[2, 1, 2, 2])
    choose(state, {0: (1, 5), 1: (1, 6), 2: (1, 6), 3: (2, 3)})
    assert state.to_move() == [2]  # the start player first
    assert texts(state, 2) == ["buy a Document for 4", "buy no Document"]
    state.apply(2, "buy a Document for 4")
    assert len(state.docs[2]) == 1 and state.ducats(2) == 2
    assert state.to_move() == [0]  # seat 1 (2 ducats) cannot pay and is skipped
    state.apply(0, "buy no Document")
    assert state.docs[0] == [] and state.docs[1] == []


@pytest.mark.parametrize(("field", "piece", "alone", "shared"), [(2, "wall", 4, 6),
                                                                 (3, "tower", 5, 7)])
def test_s4_fields_2_and_3_alone_price_at_most_two(field, piece, alone, shared):
    """§4 fields 2/3 alone: buy 0, 1 or 2 pieces at 4 (walls) / 5 (towers) each (§8 A9)."""
    state = table(3, silver=[0, 2, 2], gold=[7, 2, 2])
    choose(state, {0: (field, 1), 1: QUIET, 2: QUIET})
    assert texts(state, 0) == [f"buy 2 {piece}s for {2 * alone}", f"buy 1 {piece} for {alone}",
                               f"buy no {piece}"]
    state.apply(0, f"buy 2 {piece}s for {2 * alone}")
    held = state.walls if piece == "wall" else state.towers
    assert held[0] == 2 and state.ducats(0) == 14 - 2 * alone
    assert state.supply[0 if piece == "wall" else 1] == 22


@pytest.mark.parametrize(("field", "piece", "alone", "shared"), [(2, "wall", 4, 6),
                                                                 (3, "tower", 5, 7)])
def test_s4_fields_2_and_3_several_pay_the_higher_price(field, piece, alone, shared):
    """§4 fields 2/3 several, §8 A10: every participant pays 6 (walls) / 7 (towers) per piece,
    in seating order; what a seat cannot afford is not offered."""
    state = table(3, silver=[1, 1, 2], gold=[7, 3, 2])
    choose(state, {0: (field, 1), 1: (field, 5), 2: QUIET})
    assert texts(state, 0) == [f"buy 2 {piece}s for {2 * shared}", f"buy 1 {piece} for {shared}",
                               f"buy no {piece}"]
    state.apply(0, f"buy 1 {piece} for {shared}")
    assert state.ducats(0) == 15 - shared
    assert texts(state, 1) == [f"buy 1 {piece} for {shared}", f"buy no {piece}"]
    state.apply(1, f"buy no {piece}")
    held = state.walls if piece == "wall" else state.towers
    assert held[:2] == [1, 0]


def test_s8_a9_never_more_than_four_of_a_kind():
    """§8 A9: a castle never holds more than 4 walls; with 3 already, only 1 may be bought."""
    state = table(3, silver=[0, 2, 2], gold=[7, 2, 2], walls=[3, 0, 0])
    choose(state, {0: (2, 1), 1: QUIET, 2: QUIET})
    assert texts(state, 0) == ["buy 1 wall for 4", "buy no wall"]


def test_s4_field4_alone_takes_the_gold_of_one_money_field():
    """§4 field 4 alone, §8 A13: all the gold of field 5 or of field 6 (silver stays), a raid,
    or (option knight_may_pass) nothing."""
    state = table(3, field=(3, 2, 1, 1), silver=[2, 0, 0], gold=[2, 0, 0])
    choose(state, {0: (4, 1), 1: (2, 3), 2: (2, 3)})
    assert texts(state, 0) == ["take the gold on field 5", "take the gold on field 6",
                               "raid seat 1", "raid seat 2", "let the Black Knight rest"]
    state.apply(0, "take the gold on field 5")
    assert state.gold[0] == 4 and state.field[0] >= 3  # the silver stays for the brothers
    assert [e["args"]["gold"] for e in state.log(None) if e["key"] == "knight_gold"] == [2]
    strict = table(3, field=(3, 2, 1, 1), silver=[2, 0, 0], gold=[2, 0, 0],
                   knight_may_pass=False)
    choose(strict, {0: (4, 1), 1: (2, 3), 2: (2, 3)})
    assert "let the Black Knight rest" not in texts(strict, 0)


def test_s6_a14_raid_money_bag_takes_all_gold():
    """§6, §8 A14: the raid rolls the special die; a money bag takes all the victim's gold."""
    state = table(3, silver=[2, 3, 2], gold=[2, 3, 2], dice=[0])  # face 0: a money bag
    choose(state, {0: (4, 1), 1: QUIET, 2: QUIET})
    state.apply(0, "raid seat 1")
    assert state.gold[1] == 0 and state.silver[1] == 3 and state.gold[0] == 5
    assert [e["args"]["die"] for e in state.log(None) if e["key"] == "raid"] == ["money bag"]


def test_s6_a14_raid_money_without_gold_takes_silver():
    """§8 A14: a victim with no gold loses all their silver."""
    state = table(3, silver=[2, 3, 2], gold=[2, 0, 2], dice=[1])
    choose(state, {0: (4, 1), 1: QUIET, 2: QUIET})
    state.apply(0, "raid seat 1")
    assert state.silver[1] == 0 and state.silver[0] == 5


def test_s6_a14_raid_castle_takes_a_piece_of_the_attackers_choice():
    """§8 A14: a castle face: the attacker picks a wall or tower of the victim for their own
    castle; a victim without pieces is robbed of money instead (the fallback)."""
    state = table(3, walls=[0, 2, 0], towers=[0, 1, 0], dice=[4])  # face 4: a castle
    choose(state, {0: (4, 1), 1: (5, 6), 2: (5, 6)})
    state.apply(0, "raid seat 1")
    assert texts(state, 0) == ["steal a wall", "steal a tower"]
    state.apply(0, "steal a tower")
    assert state.towers[:2] == [1, 0] and state.walls[1] == 2
    poor = table(3, dice=[5])  # castle face but seat 1 has no pieces → money
    choose(poor, {0: (4, 1), 1: (5, 6), 2: (5, 6)})
    poor.apply(0, "raid seat 1")
    assert poor.gold[1] == 0 and poor.gold[0] == 4


def test_s8_a14_raid_options():
    """§8 A14 options: raid=attacker-chooses names money or a piece; raided_piece=to-supply
    sends a stolen piece to the supply; raid_money=all-coins takes every coin."""
    state = table(3, walls=[0, 1, 0], raid="attacker-chooses", raided_piece="to-supply")
    choose(state, {0: (4, 1), 1: (5, 6), 2: (5, 6)})
    assert "raid seat 1 for a castle piece" in texts(state, 0)
    state.apply(0, "raid seat 1 for a castle piece")
    assert state.walls[:2] == [0, 0] and state.supply[0] == 24
    rich = table(3, raid="attacker-chooses", raid_money="all-coins")
    choose(rich, {0: (4, 1), 1: (5, 6), 2: (5, 6)})
    rich.apply(0, "raid seat 1 for money")
    assert rich.ducats(1) == 0 and rich.ducats(0) == 12


def test_s4_duel_loser_to_dungeon_winner_acts_alone():
    """§4 field 4 two players, §8 A15: each rolls the normal die, higher wins (ties rerolled);
    the loser's card goes to the dungeon and the winner resolves field 4 alone."""
    state = table(3, field=(0, 2, 0, 0), dice=[2, 2, 1, 4])  # 3–3 tie, then 2 vs 5
    choose(state, {0: (4, 6), 1: (4, 6), 2: QUIET})
    assert state.to_move() == [1] and state.jailed == [True, False, False]
    rolls = [e["args"] for e in state.log(None) if e["key"] in ("duel_tie", "duel_won")]
    assert rolls[0]["roll"] == 3 and rolls[1]["rolls"] == [2, 5] and rolls[1]["seat"] == 1
    state.apply(1, "take the gold on field 5")
    assert state.gold[1] == 4


def test_s4_three_knights_all_go_to_the_dungeon():
    """§4 field 4 three or more: every Black Knight to the dungeon, nobody acts."""
    state = table(4, field=(0, 2, 0, 2), silver=[0] * 4, gold=[0] * 4)
    choose(state, {0: (4, 1), 1: (4, 2), 2: (4, 3), 3: (1, 2)})
    assert state.jailed == [True, True, True, False]
    assert state.field[1] >= 2 and state.field[3] >= 2  # the gold is still there
    assert state.round == 2


def test_s4_dungeon_ransom_of_four_to_the_bag():
    """§4 dungeon, §8 A16: at the start of a round a jailed card is freed for 4 ducats paid to the
    bag; without 4 ducats it stays jailed."""
    state = table(3, jailed=[True, True, False], silver=[1, 1, 2], gold=[2, 1, 2])
    assert "pay the ransom of 4" in texts(state, 0)
    assert "pay the ransom of 4" not in texts(state, 1)
    bag = sum(state.bag)
    state.apply(0, "pay the ransom of 4")
    assert state.jailed[0] is False and state.ducats(0) == 1
    assert sum(state.bag) == bag + 2 and coins_total(state) == (60, 40)
    assert "choose 4 and 5" in texts(state, 0)


@pytest.mark.parametrize("sharing", ["equal-value", "deal-coins"])
def test_s4_fields_5_and_6_alone_take_everything(sharing):
    """§4 fields 5/6 alone: every coin on the field."""
    state = table(3, field=(3, 2, 1, 1), silver=[2, 0, 0], gold=[2, 0, 0], sharing=sharing)
    choose(state, {0: (5, 6), 1: (2, 3), 2: (2, 3)})
    assert (state.silver[0], state.gold[0]) == (6, 5)


@pytest.mark.parametrize("k", [5, 6])
def test_s8_a12_shared_money_field_splits_value_remainder_stays(k):
    """§4 fields 5/6 several, §8 A12: each gets ⌊V/n⌋ ducats; the remainder stays."""
    i = 0 if k == 5 else 2
    field = [0, 0, 0, 0]
    field[i], field[i + 1] = 3, 2
    state = table(3, field=tuple(field), silver=[0, 0, 0], gold=[0, 0, 0])
    choose(state, {0: (1, k), 1: (2, k), 2: (2, 3)})
    # V = 7, two seats → 3 each, 1 ducat stays (plus the next round's draw)
    assert state.ducats(0) == 3 and state.ducats(1) == 3
    drawn = DUCATS_DECKS["proposed"][state.ducat_card][0 if k == 5 else 1]
    assert state.field[i] + state.field[i + 1] == drawn + 1
    assert coins_total(state) == (60, 40)


def test_s8_a12_shared_field_makes_change_from_the_bag():
    """§8 A12: a share the field's coins cannot pay exactly is paid by changing a gold coin of
    the field for two silver from the bag."""
    state = table(4, field=(0, 2, 0, 0), silver=[0] * 4, gold=[0] * 4)
    choose(state, {0: (1, 5), 1: (2, 5), 2: (3, 5), 3: (2, 3)})
    # V = 4 among 3 → 1 ducat each: a gold is changed into two silver, 1 ducat stays
    assert [state.ducats(s) for s in range(3)] == [1, 1, 1]
    assert coins_total(state) == (60, 40)


def test_s8_a12_shared_field_options_deal_coins_and_leftover_to_bag():
    """§8 A12 options: sharing=deal-coins deals every coin out, gold first, from the start
    player; field_leftover=bag empties the remainder into the bag."""
    state = table(3, field=(3, 2, 0, 0), silver=[0, 0, 0], gold=[0, 0, 0], sharing="deal-coins")
    choose(state, {0: (5, 1), 1: (5, 2), 2: (2, 3)})
    assert (state.silver[0], state.gold[0]) == (2, 1) and (state.silver[1], state.gold[1]) == (1, 1)
    state = table(3, field=(3, 2, 0, 0), silver=[0, 0, 0], gold=[0, 0, 0], field_leftover="bag")
    choose(state, {0: (5, 1), 1: (5, 2), 2: (2, 3)})
    tax, _ = DUCATS_DECKS["proposed"][state.ducat_card]
    assert state.field[0] + state.field[1] == tax


# -- §5 Documents ------------------------------------------------------------------------------


def test_s5_r1_blockade_field_loses_its_action():
    """§5 R1, §8 A17: a blocked field does nothing for whoever chose it this round."""
    state = table(3, docs=[["Blockade"], [], []], field=(0, 0, 3, 0), silver=[0] * 3,
                  gold=[0] * 3)
    choose(state, {0: (1, 2), 1: (6, 1), 2: (2, 3)}, commits={0: ["Blockade"]})
    assert state.to_move() == [0] and "block field 6" in texts(state, 0)
    state.apply(0, "block field 6")
    assert state.blocked[6] or state.round == 2
    assert state.silver[1] == 0  # seat 1 got nothing from field 6
    assert any(e["key"] == "blocked" and e["args"]["field"] == 6 for e in state.log(None))
    assert DOC["Blockade"] in state.doc_discard


def test_s5_r2_demolition_sends_a_piece_back_to_the_supply():
    """§5 R2: a wall or tower of another player goes back to the supply."""
    state = table(3, docs=[["Demolition"], [], []], walls=[0, 2, 0], towers=[0, 0, 1])
    choose(state, {0: QUIET, 1: QUIET, 2: QUIET}, commits={0: ["Demolition"]})
    assert texts(state, 0) == ["demolish a wall of seat 1", "demolish a tower of seat 2"]
    state.apply(0, "demolish a tower of seat 2")
    assert state.towers == [0, 0, 0] and state.supply == [22, 24]


def test_s5_y1_safeguard_cancels_a_demolition():
    """§5 Y1, §8 A18: the victim answers the theft with Safeguard; both cards are discarded."""
    state = table(3, docs=[["Demolition"], ["Safeguard"], []], walls=[0, 2, 0])
    choose(state, {0: QUIET, 1: QUIET, 2: QUIET}, commits={0: ["Demolition"]})
    assert state.to_move() == [1]  # the only target is auto-applied, the victim may react
    assert texts(state, 1) == ["play Safeguard", "let the theft happen"]
    state.apply(1, "play Safeguard")
    assert state.walls[1] == 2
    assert DOC["Safeguard"] in state.doc_discard and DOC["Demolition"] in state.doc_discard


def test_s5_y1_safeguard_cancels_a_knight_stealing_a_piece():
    """§5 Y1, §8 A18: a Black Knight castle raid is a theft Safeguard cancels."""
    state = table(3, docs=[[], ["Safeguard"], []], towers=[0, 1, 0], dice=[4])
    choose(state, {0: (4, 1), 1: (5, 6), 2: (5, 6)})
    state.apply(0, "raid seat 1")
    assert state.to_move() == [1]
    state.apply(1, "play Safeguard")
    assert state.towers[:2] == [0, 1]


def test_s5_theft_window_opens_on_public_facts_only():
    """Reaction windows depend only on hand sizes: a victim holding any Document is asked (even
    without Safeguard: only 'let the theft happen'); a victim with none is not."""
    state = table(3, docs=[["Demolition"], ["Windfall"], []], walls=[0, 2, 0])
    choose(state, {0: QUIET, 1: QUIET, 2: QUIET}, commits={0: ["Demolition"]})
    assert state.to_move() == [1] and texts(state, 1) == ["let the theft happen"]
    state.apply(1, "let the theft happen")
    assert state.walls[1] == 1
    bare = table(3, docs=[["Demolition"], [], []], walls=[0, 2, 0])
    choose(bare, {0: QUIET, 1: QUIET, 2: QUIET}, commits={0: ["Demolition"]})
    assert bare.walls[1] == 1 and bare.round == 2


def test_s5_r3_windfall_draws_five_coins():
    """§5 R3: five coins drawn blind from the bag."""
    state = table(3, docs=[["Windfall"], [], []])
    choose(state, {0: (2, 3), 1: (2, 3), 2: (2, 3)}, commits={0: ["Windfall"]})
    assert state.silver[0] + state.gold[0] == 4 + 5
    assert coins_total(state) == (60, 40)


def test_s5_r4_royal_grant_free_piece_blocks_its_field():
    """§5 R4: a free wall or tower from the supply; the matching field (2 or 3) is blocked."""
    state = table(3, docs=[["Royal grant"], [], []], silver=[0, 0, 2], gold=[7, 7, 2])
    choose(state, {0: (1, 5), 1: (2, 3), 2: QUIET}, commits={0: ["Royal grant"]})
    assert texts(state, 0) == ["take a free wall", "take a free tower"]
    state.apply(0, "take a free wall")
    assert state.walls[0] == 1 and state.supply[0] == 23
    # field 2 blocked: seat 1 buys no wall, but is asked about towers
    assert texts(state, 1)[-1] == "buy no tower"
    state.apply(1, "buy 2 towers for 10")
    assert state.walls[1] == 0 and state.towers[1] == 2


@pytest.mark.parametrize(("name", "k"), [("Tax silver", 0), ("Toll silver", 2)])
def test_s5_r5_r6_take_the_silver_of_a_money_field(name, k):
    """§5 R5/R6: all the silver of the tax collector / customs officer; the gold stays for the
    Black Knight or the brothers (they resolve after)."""
    field = [0, 0, 0, 0]
    field[k], field[k + 1] = 3, 2
    state = table(3, docs=[[name], [], []], field=tuple(field), silver=[0] * 3, gold=[0] * 3)
    choose(state, {0: (2, 3), 1: (4, 1), 2: (2, 3)}, commits={0: [name]})
    assert state.silver[0] == 3 and state.field[k] == 0 and state.field[k + 1] == 2
    assert "take the gold on field 5" in texts(state, 1) or "take the gold on field 6" in texts(
        state, 1)


def test_s8_a17_reds_resolve_in_seating_order_from_the_start_player():
    """§8 A17: all red Documents are revealed at once and resolved in seating order from the
    start player, before the action cards are revealed."""
    state = table(3, start=1, docs=[["Tax silver"], ["Windfall"], ["Tax silver"]],
                  field=(4, 0, 0, 0))
    choose(state, {0: (2, 3), 1: (2, 3), 2: (2, 3)},
           commits={0: ["Tax silver"], 1: ["Windfall"], 2: ["Tax silver"]})
    keys = [e["key"] for e in state.log(None)]
    assert keys.index("red") < keys.index("reveal")
    assert [[e["args"]["seat"], e["args"]["doc"]] for e in state.log(None)
            if e["key"] == "red"] == [[1, "Windfall"], [2, "Tax silver"], [0, "Tax silver"]]
    assert state.silver[2] == 6 and state.silver[0] == 2  # seat 2 skimmed first


def test_s8_a17_red_limit_option():
    """§8 A17 option red_limit: at most that many red Documents per player and round."""
    state = table(3, docs=[["Windfall", "Blockade"], [], []], red_limit=1)
    state.apply(0, "commit Windfall")
    assert not any(t.startswith("commit") for t in texts(state, 0))


def test_s5_y2_gift_gives_coins_and_can_push_over_the_cap():
    """§5 Y2: give any number of coins to another player, one at a time; the receiver's coin cap
    applies at once."""
    state = table(3, docs=[["Gift"], [], []], silver=[3, 7, 2])
    state.apply(0, "play Gift to seat 1")
    assert texts(state, 0) == ["give 1 silver", "give 1 gold", "stop giving"]
    assert state.to_move() == [0, 1, 2]
    state.apply(0, "give 1 silver")
    assert state.silver[:2] == [2, 4]  # 8 silver → 4 back to the bag
    state.apply(0, "give 1 gold")
    state.apply(0, "stop giving")
    assert state.gold[:2] == [1, 3] and state.docs[0] == []
    assert any(t.startswith("choose") for t in texts(state, 0))


def test_s5_y2_gift_answers_a_money_raid():
    """§5 Y2 in the theft window: the victim of a money raid may give coins away first."""
    state = table(3, docs=[[], ["Gift"], []], dice=[0])
    choose(state, {0: (4, 1), 1: (5, 6), 2: (5, 6)})
    state.apply(0, "raid seat 1")
    assert state.to_move() == [1]
    assert texts(state, 1) == ["play Gift to seat 0", "play Gift to seat 2", "let the theft happen"]
    state.apply(1, "play Gift to seat 2")
    state.apply(1, "give 1 gold")
    state.apply(1, "give 1 gold")
    state.apply(1, "stop giving")
    # no Document left: the theft goes on, taking the silver (no gold left)
    assert state.gold[1] == 0 and state.silver[1] == 0 and state.gold[2] == 4


def test_s5_y3_champion_wins_the_duel():
    """§5 Y3, §8 A15: Champion played before the roll wins the duel outright."""
    state = table(3, docs=[[], ["Champion"], []])
    choose(state, {0: (4, 5), 1: (4, 6), 2: QUIET})
    assert state.to_move() == [1]  # seat 0 holds no Document: no window for it
    assert texts(state, 1) == ["play Champion", "roll the dice"]
    state.apply(1, "play Champion")
    assert state.jailed == [True, False, False] and state.to_move() == [1]
    assert [e["args"]["by"] for e in state.log(None) if e["key"] == "duel_won"] == ["Champion"]


def test_s8_a15_two_champions_cancel_and_the_dice_decide():
    """§8 A15: if both play Champion they cancel; a duellist who let the chance pass is asked
    again when the other plays one."""
    state = table(3, docs=[["Champion"], ["Champion"], []], dice=[0, 5])
    choose(state, {0: (4, 5), 1: (4, 6), 2: QUIET})
    assert state.to_move() == [0]
    state.apply(0, "roll the dice")
    state.apply(1, "play Champion")
    assert state.to_move() == [0] and texts(state, 0) == ["play Champion", "roll the dice"]
    state.apply(0, "play Champion")
    # 1 vs 6: seat 1 wins by the dice
    won = [e["args"] for e in state.log(None) if e["key"] == "duel_won"][0]
    assert won["by"] == "dice" and won["seat"] == 1 and state.jailed[0]


def test_s5_y4_pardon_frees_the_knight():
    """§5 Y4: Pardon frees the jailed Black Knight card at no cost."""
    state = table(3, docs=[["Pardon"], [], []], jailed=[True, False, False])
    assert "play Pardon" in texts(state, 0)
    state.apply(0, "play Pardon")
    assert state.jailed[0] is False and state.ducats(0) == 6
    assert "choose 4 and 5" in texts(state, 0)


def test_s7_2_documents_reshuffle_when_the_deck_is_empty():
    """§7.2 PROPOSED: the used Documents are reshuffled when the deck is empty."""
    state = table(3)
    state.doc_discard = state.doc_deck[:-1]
    state.doc_deck = []
    choose(state, {0: (1, 5), 1: (2, 3), 2: (2, 3)})
    assert len(state.docs[0]) == 1 and len(state.doc_deck) == 23 and state.doc_discard == []


# -- §8 A19 the end ----------------------------------------------------------------------------


def test_s8_a19_castle_complete_at_end_of_round_wins():
    """§1, §8 A19: four walls and four towers at the end of a round end the game."""
    state = table(3, walls=[4, 0, 0], towers=[3, 0, 0], silver=[2, 0, 0], gold=[3, 0, 0])
    choose(state, {0: (3, 1), 1: (2, 5), 2: (2, 6)})
    state.apply(0, "buy 1 tower for 5")
    assert state.is_over() and state.result().winners == [0]
    assert state.to_move() == [] and state.result().ranks[0] == 1
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, "choose 1 and 2")


def test_s8_a19_tie_between_complete_castles_most_ducats():
    """§8 A19: several complete castles in one round: most ducats wins; equal ducats share."""
    state = table(3, walls=[4, 4, 0], towers=[4, 4, 0], silver=[2, 2, 0], gold=[3, 2, 0])
    choose(state, {0: (2, 3), 1: (2, 3), 2: (2, 3)})
    assert state.is_over() and state.result().winners == [0]
    assert state.result().ranks == (1, 2, 3)
    tie = table(3, walls=[4, 4, 0], towers=[4, 4, 0], silver=[2, 2, 0], gold=[2, 2, 0])
    choose(tie, {0: (2, 3), 1: (2, 3), 2: (2, 3)})
    assert tie.result().winners == [0, 1] and tie.result().ranks == (1, 1, 3)


def test_s8_a19_castle_robbed_in_the_same_round_does_not_count():
    """§8 A19: completed on field 3, robbed by the Black Knight on field 4 — no win."""
    state = table(3, walls=[4, 0, 0], towers=[3, 0, 0], silver=[2, 2, 0], gold=[3, 2, 0],
                  dice=[4])
    choose(state, {0: (3, 5), 1: (4, 5), 2: (2, 6)})
    state.apply(0, "buy 1 tower for 5")
    state.apply(1, "raid seat 0")
    state.apply(1, "steal a tower")
    assert not state.is_over() and state.towers[:2] == [3, 1]


# -- hidden information and determinization --------------------------------------------------


def test_determinize_keeps_committed_documents_red_and_choices_legal():
    """§8 A20: a determinization deals only red Documents to others' committed piles and gives
    others a pair of cards they could have chosen."""
    state = table(4, docs=[[], ["Windfall", "Gift"], [], []], jailed=[False, True, False, False],
                  silver=[2, 2, 2, 2], gold=[2, 2, 2, 2])
    state.apply(1, "commit Windfall")
    state.apply(1, "choose 2 and 3")
    for i in range(30):
        other = state.determinize(0, random.Random(i))
        assert len(other.committed[1]) == 1 and RED[other.committed[1][0]]
        assert 4 not in other.choice[1] and len(set(other.choice[1])) == 2
        assert len(other.docs[1]) == 1
        assert other.view(0) == state.view(0)


def test_document_names_are_unique():
    """§5: every Document has its own name for the action texts."""
    assert len(set(DOC_NAMES)) == len(DOC_NAMES) == 10


def test_s8_a18_safeguard_option_knight_only():
    """§8 A18 option safeguard=knight-only: a Demolition is not a theft Safeguard answers, so no
    window opens and the piece goes."""
    state = table(3, docs=[["Demolition"], ["Safeguard"], []], walls=[0, 2, 0],
                  safeguard="knight-only")
    choose(state, {0: QUIET, 1: QUIET, 2: QUIET}, commits={0: ["Demolition"]})
    assert state.walls[1] == 1 and state.docs[1] == [DOC["Safeguard"]] and state.round == 2


def test_s7_1_ducats_reshuffle_takes_all_eighteen_cards():
    """§7.1: when the Ducats deck runs out, every used card (last round's included) is
    reshuffled, so the new deck holds all 18."""
    import donjon

    state = donjon.load("gluecksritter").new_game(3, seed=2)
    state.ducat_discard = state.ducat_discard + state.ducat_deck
    state.ducat_deck = []
    state._new_round()
    assert len(state.ducat_deck) + 1 == 18 and state.ducat_discard == []
