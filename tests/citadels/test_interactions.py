"""Interactions between characters and districts (rules reference §2.5, §4.6, §6)."""

from __future__ import annotations

import random

import pytest

from donjon import IllegalAction
from tests.citadels.scenario import C, d, do, new, restart_round, setup_seat, texts, turn


def test_s4_6_killed_emperor_still_moves_the_crown_without_a_resource():
    """§4.6: a killed Emperor is revealed at the end of the round and, as advisor, gives the
    crown to another player (not himself, not the holder) without taking anything."""
    st = new(4, "Emperor")
    st.crown = 3
    turn(st, 0, "Assassin", {1: "Emperor"})
    do(st, "take gold", "kill Emperor", "end turn")
    assert st.to_move() == [1]
    assert texts(st) == ["give the crown to seat 0", "give the crown to seat 2"]
    gold = list(st.gold)
    do(st, "give the crown to seat 2")
    assert st.crown == 2 and st.gold == gold and st.round == 2


def test_s2_3_queen_gains_at_the_end_of_round_next_to_a_killed_rank4():
    """§2.3 Queen / §4.6: next to a killed rank 4, the Queen gains 3 when it is revealed."""
    st = new(5, "Queen", rank9="yes")
    turn(st, 0, "Assassin", {2: "King", 3: "Queen"})
    do(st, "take gold", "kill King", "end turn")
    assert st.turn_character == C("Queen") and st.gold[3] == 2
    do(st, "take gold", "end turn")
    assert st.round == 2 and st.gold[3] == 2 + 2 + 3 and st.crown == 2


def test_s2_3_bewitched_king_player_still_takes_the_crown():
    """§2.3 Witch: a bewitched King's player still takes the crown; the Witch gets the income."""
    st = new(4, "Witch")
    st.crown = 3
    setup_seat(st, 0, city=["Manor", "Castle"], gold=0)
    turn(st, 0, "Witch", {2: "King"})
    do(st, "take gold", "bewitch King")
    assert st.crown == 2 and st.to_move() == [2]
    do(st, "draw cards")
    do(st, texts(st)[0])
    assert st.to_move() == [0] and "collect 2 gold" in texts(st)


def test_s2_3_bewitched_emperor_lets_the_witch_move_the_crown():
    """§2.3 Witch: with a bewitched Emperor the Witch chooses the new holder and the resource."""
    st = new(4, "Witch", "Emperor")
    st.crown = 3
    turn(st, 0, "Witch", {2: "Emperor"})
    do(st, "take gold", "bewitch Emperor", "take gold")
    assert st.to_move() == [0] and "end turn" not in texts(st)
    assert "give the crown to seat 0" not in texts(st)
    do(st, "give the crown to seat 1")
    assert st.crown == 1


def test_s2_5_bewitched_bishop_protects_the_witch_not_the_bishop_player():
    """§2.5: with a bewitched Bishop the rank 8 may target the Bishop player, not the Witch."""
    st = new(4, "Witch")
    setup_seat(st, 0, city=["Tavern"])
    setup_seat(st, 1, city=["Temple"])
    setup_seat(st, 3, gold=5)
    turn(st, 0, "Witch", {1: "Bishop", 3: "Warlord"})
    do(st, "take gold", "bewitch Bishop", "take gold", "end turn")
    assert st.turn_character == C("Warlord")
    do(st, "take gold")
    assert "destroy Temple of seat 1 for 0 gold" in texts(st)
    assert not any("of seat 0" in t for t in texts(st))


def test_s6_diplomat_great_wall_literal_and_difference():
    """§6: the Diplomat taking from a Great Wall city pays the difference + 1 (literal) or
    max(0, difference + 1) (option diplomat_great_wall='difference')."""
    for rule, price in (("literal", 1), ("difference", 0)):
        st = new(4, "Diplomat", diplomat_great_wall=rule)
        setup_seat(st, 3, city=["Palace"], gold=5)
        setup_seat(st, 1, city=["Great Wall", "Tavern"])
        turn(st, 3, "Diplomat")
        do(st, "take gold", "exchange for Tavern of seat 1")
        assert texts(st) == [f"give Palace paying {price} gold"]


def test_s2_3_marshal_great_wall_extra_gold_goes_to_the_owner():
    """§2.3 Marshal: +1 with the Great Wall; paid to the owner by default (option: bank)."""
    for where, owner_gain in (("owner", 3), ("bank", 2)):
        st = new(4, "Marshal", marshal_great_wall_to=where)
        setup_seat(st, 3, gold=3)
        setup_seat(st, 1, city=["Great Wall", "Church"], gold=0)
        turn(st, 3, "Marshal")
        do(st, "take gold", "seize Church of seat 1 for 3 gold")
        assert st.gold[1] == owner_gain and st.gold[3] == 2


def test_s2_3_warlord_may_destroy_in_his_own_city():
    """§2.3 Warlord: may destroy one of his own districts."""
    st = new(4)
    setup_seat(st, 3, city=["Tavern"], gold=0)
    turn(st, 3, "Warlord")
    do(st, "take gold")
    assert "destroy Tavern of seat 3 for 0 gold" in texts(st)


def test_s2_5_alchemist_refund_excludes_gold_refunded_by_the_magistrate():
    """§2.5: an Alchemist whose build is confiscated gets that gold back once, not twice."""
    st = new(4, "Magistrate", "Alchemist")
    setup_seat(st, 2, hand=["Castle"], gold=4)
    turn(st, 0, "Magistrate", {2: "Alchemist"})
    do(st, "take gold", "signed warrant on Alchemist", "blank warrant on King",
       "blank warrant on Bishop", "end turn", "take gold", "build Castle", "confiscate Castle")
    assert st.gold[2] == 6
    do(st, "end turn")
    assert st.gold[2] == 6


def test_s6_faceup_characters_may_be_named_unless_the_option_forbids():
    """§6: naming a face-up discarded character is legal (wasted) unless
    name_faceup_characters=False."""
    st = new(4)
    turn(st, 0, "Assassin")
    do(st, "take gold")
    st.faceup = [C("Merchant")]
    st.changed()
    assert "kill Merchant" in texts(st)
    st = new(4, name_faceup_characters=False)
    turn(st, 0, "Assassin")
    do(st, "take gold")
    st.faceup = [C("Merchant")]
    st.changed()
    assert "kill Merchant" not in texts(st)


def test_s1_4_armory_cannot_reach_a_completed_city():
    """§6: the Armory cannot destroy a district in a completed city."""
    st = new(4)
    setup_seat(st, 0, city=["Armory"])
    setup_seat(st, 1, city=["Manor", "Castle", "Palace", "Temple", "Church", "Monastery", "Tavern"])
    turn(st, 0, "Bishop")
    assert not any("of seat 1" in t for t in texts(st))


def test_s6_museum_cards_follow_it_and_go_to_the_deck_when_destroyed():
    """§6 Museum: seized/exchanged it keeps its cards; destroyed, they go under the deck."""
    st = new(4)
    setup_seat(st, 1, city=["Museum"])
    st.museum[1] = d("Manor", "Temple")
    st.museum_known_by[1] = [1 << 1, 1 << 1]  # put there by seat 1
    setup_seat(st, 3, gold=5)
    turn(st, 3, "Warlord")
    do(st, "take gold", "destroy Museum of seat 1 for 3 gold")
    assert st.museum[1] == [] and set(st.deck[:3]) == set(d("Museum", "Manor", "Temple"))
    assert st.museum_known_by[1] == [] and st.view(1)["museum"][1] == []


def test_s3_6_theater_two_players_gives_a_chosen_character_takes_a_random_one():
    """§3.5 / §3.6: with 2 players the Theater owner chooses which of his two to give."""
    st = new(2)
    setup_seat(st, 0, city=["Theater"])
    restart_round(st, crown=1)
    while st.phase == 0:
        seat = st.to_move()[0]
        st.apply(seat, texts(st, seat)[0])
    assert st.to_move() == [0]
    options = texts(st)
    assert len(options) == 3 and options[-1] == "Theater: keep my character"


def test_s4_2_wrong_seat_and_unknown_text_raise_and_change_nothing():
    """Contract: wrong seat / unknown action raise IllegalAction and leave the state equal."""
    st = new(4)
    before = st.clone()
    mover = st.to_move()[0]
    with pytest.raises(IllegalAction):
        st.apply((mover + 1) % 4, texts(st)[0])
    with pytest.raises(IllegalAction):
        st.apply(mover, "build a castle in the sky")
    assert st == before


def test_s4_7_hidden_information_in_views():
    """§4.7: hands, chosen characters, face-down discards are hidden; gold and cities public."""
    st = new(5)
    while st.phase == 0 and st.draft_step < 2:
        seat = st.to_move()[0]
        st.apply(seat, texts(st, seat)[0])
    picker = st.draft_steps[0][0]
    other = (picker + 2) % 5
    assert isinstance(st.view(picker)["characters"][picker], list)
    assert st.view(other)["characters"][picker] == 1
    assert isinstance(st.view(other)["hands"][picker], int)
    assert st.view(None)["facedown"] == 1 and st.view(None)["facedown_known"] == []
    world = st.determinize(other, random.Random(3))
    assert world.view(other) == st.view(other)


def test_s6_thieves_den_confiscated_refunds_only_gold():
    """§6: a confiscated Thieves' Den refunds only the gold part; cards stay discarded."""
    st = new(4, "Magistrate")
    setup_seat(st, 1, hand=["Thieves' Den", "Manor", "Temple"], gold=2)
    turn(st, 0, "Magistrate", {1: "Thief"})
    do(st, "take gold", "signed warrant on Thief", "blank warrant on King",
       "blank warrant on Bishop", "end turn")
    do(st, "take gold", "build Thieves' Den paying with cards", "pay with Manor", "pay with Temple",
       "pay the remaining 4 gold", "confiscate Thieves' Den")
    assert st.gold[1] == 4 and st.hands[1] == [] and d("Thieves' Den")[0] in st.cities[0]


def test_s2_3_framework_build_cannot_be_confiscated_but_the_next_paid_one_can():
    """§6: builds made without paying are not confiscated; the next paid build is."""
    st = new(4, "Magistrate", "Architect")
    setup_seat(st, 1, hand=["Cathedral", "Manor"], city=["Framework"], gold=6)
    turn(st, 0, "Magistrate", {1: "Architect"})
    do(st, "take gold", "signed warrant on Architect", "blank warrant on King",
       "blank warrant on Bishop", "end turn")
    do(st, "take gold", "build Cathedral by destroying the Framework")
    assert st.to_move() == [1] and st.cities[1] == d("Cathedral")
    do(st, "build Manor")
    assert st.to_move() == [0] and "confiscate Manor" in texts(st)


def test_s2_3_cardinal_borrowing_with_a_tax_collector():
    """§2.3 Cardinal + Tax Collector: the borrowed build is taxed like any other."""
    st = new(4, "Cardinal", "Tax Collector", rank9="yes")
    setup_seat(st, 1, hand=["Castle", "Temple", "Tavern"], gold=0)
    setup_seat(st, 2, gold=5)
    turn(st, 1, "Cardinal")
    do(st, "take gold", "build Castle taking 2 gold from seat 2", "give Temple to seat 2",
       "give Tavern to seat 2")
    assert st.tax_pool == 0 and st.gold[1] == 0  # no gold left to pay the tax


def test_s5_monument_sacrificed_edge_case_keeps_the_first_bonus():
    """§5 edge case (a): the first completer who drops below the threshold keeps +4 by default
    (first_completer_keeps_bonus); without it he scores as incomplete."""
    for keep, bonus in ((True, 4), (False, None)):
        st = new(4, first_completer_keeps_bonus=keep)
        setup_seat(st, 0, city=["Manor", "Castle", "Palace", "Temple", "Monument"],
                   hand=["Necropolis"], gold=0)
        st.first_complete = 0
        st.last_round = True
        turn(st, 0, "Bishop")
        do(st, "take gold", "build Necropolis by destroying Monument")
        assert st.size(0) == 5
        assert st.score(0)[1].get("first_complete") == bonus


def test_s2_3_spy_takes_what_the_target_has():
    """§2.3 Spy: if the target runs out of gold, take what he has; cards always in full."""
    st = new(4, "Spy")
    setup_seat(st, 2, hand=["Tavern", "Market", "Docks"], gold=1)
    setup_seat(st, 1, hand=[], gold=0)
    turn(st, 1, "Spy")
    do(st, "take gold", "spy on seat 2 for trade")
    assert st.gold[1] == 3 and st.gold[2] == 0 and len(st.hands[1]) == 3


def test_s2_3_diplomat_receiving_a_monument_can_complete_his_city():
    """§2.3 Diplomat: a district gained by exchange counts toward completion (Monument = 2)."""
    st = new(4, "Diplomat")
    setup_seat(st, 3, city=["Manor", "Castle", "Palace", "Temple", "Tavern", "Church"], gold=5)
    setup_seat(st, 1, city=["Monument"], gold=0)
    turn(st, 3, "Diplomat")
    do(st, "take gold", "exchange for Monument of seat 1", "give Tavern paying 3 gold")
    assert st.size(3) == 7 and st.first_complete == 3 and st.last_round


def test_s2_3_witch_resumed_turn_triggers_her_end_of_turn_districts():
    """§4.5: the Witch's Park / Poor House trigger at the end of her resumed turn."""
    st = new(4, "Witch")
    setup_seat(st, 0, city=["Poor House"], hand=[], gold=0)
    turn(st, 0, "Witch", {1: "Merchant"})
    do(st, "draw cards")
    do(st, texts(st)[0])
    do(st, "bewitch Merchant", "take gold")
    assert st.to_move() == [0]
    assert st.gold[0] == 1  # the Merchant's +1, for the Witch
    st.gold[0] = 0
    do(st, "end turn")
    assert st.gold[0] == 1  # her Poor House


def test_s6_second_monument_with_quarry_counts_real_cards_by_default():
    """§6 (UNCONFIRMED): with a Quarry, a second Monument checks 'fewer than 5' on real cards;
    option monument_counts_districts counts the first Monument twice."""
    for counts, allowed in ((False, True), (True, False)):
        st = new(4, monument_counts_districts=counts)
        setup_seat(st, 0, city=["Quarry", "Monument", "Manor", "Temple"], hand=["Monument"], gold=9)
        turn(st, 0, "Bishop")
        do(st, "take gold")
        assert ("build Monument" in texts(st)) is allowed


def test_s5_end_trigger_sticky_or_recheck():
    """§5 edge case (b): by default the game ends after the round once a city was completed,
    even if it is no longer complete; option end_trigger='recheck' requires one still complete."""
    for rule, over in (("sticky", True), ("recheck", False)):
        st = new(4, end_trigger=rule)
        setup_seat(st, 1, city=["Manor", "Castle", "Palace", "Temple", "Church", "Monastery",
                                "Tavern"])
        st.first_complete = 1
        st.last_round = True
        setup_seat(st, 3, gold=9)
        turn(st, 3, "Warlord")
        st.cities[1].pop()  # a completed city loses a district (e.g. by a Diplomat's Monument)
        st.beautified[1].pop()
        st.changed()
        do(st, "take gold", "end turn")
        assert st.is_over() is over


def test_s4_7_cards_seen_in_other_hands_stay_known_in_determinizations():
    """§4.7 partial information: the Spy sees a hand, the Magician knows the hand he gave away;
    a determinization keeps those cards where the seat saw them until they leave unseen."""
    st = new(4, "Spy")
    setup_seat(st, 2, hand=["Manor", "Castle", "Temple"], gold=0)
    setup_seat(st, 3, hand=["Tavern"], gold=0)
    turn(st, 1, "Spy")
    do(st, "take gold", "spy on seat 2 for religious")
    assert sorted(st.view(1)["known_cards"][2]) == ["Castle", "Manor", "Temple"]
    assert st.view(3)["known_cards"][2] == []
    for k in range(5):
        world = st.determinize(1, random.Random(k))
        assert sorted(world.hands[2]) == sorted(st.hands[2])
    st = new(4)
    setup_seat(st, 0, hand=["Palace", "Market"])
    setup_seat(st, 3, hand=["Watchtower"])
    turn(st, 0, "Magician")
    do(st, "take gold", "swap hands with seat 3")
    assert st.view(3)["known_cards"][0] == ["Watchtower"]
    assert sorted(st.view(0)["known_cards"][3]) == ["Market", "Palace"]
    do(st, "build Watchtower")
    assert st.view(3)["known_cards"][0] == []
    for k in range(5):
        assert sorted(st.determinize(0, random.Random(k)).hands[3]) == sorted(d("Palace", "Market"))
