"""One test per character (rules reference §2.3), on scenario states."""

from __future__ import annotations

import pytest

from donjon import IllegalAction
from donjon.games.citadels.cards import DISTRICT_ID
from tests.citadels.scenario import C, d, do, new, setup_seat, texts, turn


def test_s2_3_assassin_kills_and_the_killed_character_is_silent():
    """§2.3 Assassin / §4.1: the killed character is not revealed and skips its turn."""
    st = new(4)
    turn(st, 0, "Assassin", {1: "Merchant", 2: "Architect", 3: "Warlord"})
    do(st, "take gold")
    assert "kill Assassin" not in texts(st)
    do(st, "kill Merchant", "end turn")
    # rank 2..6 pass; the Merchant (seat 1) is silent; next to play is the Architect
    assert st.to_move() == [2] and st.turn_character == C("Architect")
    assert st.revealed[1] == [] and st.highest_revealed_rank[1] == 0


def test_s4_6_killed_king_still_takes_the_crown_at_end_of_round():
    """§2.3 King / §4.6: a killed King is revealed at the end of the round and takes the crown."""
    st = new(4)
    st.crown = 3
    turn(st, 0, "Assassin", {1: "King"})
    do(st, "take gold", "kill King", "end turn")
    assert st.crown == 1 and st.round == 2
    assert {"key": "heir", "args": {"seat": 1, "character": "King"}} in st.log(None)


def test_s2_3_witch_bewitches_and_resumes_as_the_character():
    """§2.3 Witch: gather, bewitch, suspend; the bewitched player only gathers; the Witch plays
    the rest of the turn with the character's powers and her own city."""
    st = new(4, "Witch")
    setup_seat(st, 0, city=["Tavern", "Market"], gold=0, hand=["Docks"])
    setup_seat(st, 1, city=["Harbor"], gold=0)
    turn(st, 0, "Witch", {1: "Merchant"})
    assert texts(st) == ["take gold", "draw cards"]
    do(st, "take gold")
    assert all(t.startswith("bewitch") for t in texts(st))
    do(st, "bewitch Merchant")
    # the Merchant's player: gather only, then the turn ends
    assert st.to_move() == [1] and texts(st) == ["take gold", "draw cards"]
    do(st, "take gold")
    assert st.gold[1] == 2  # no Merchant +1 for the bewitched player
    # the Witch resumes as the Merchant: +1 gold, income from HER trade districts
    assert st.to_move() == [0] and st.turn_character == C("Merchant") and st.gathered
    assert st.gold[0] == 3
    assert "collect 2 gold" in texts(st)
    assert "take gold" not in texts(st)
    do(st, "collect 2 gold", "build Docks", "end turn")
    assert DISTRICT_ID["Docks"] in st.cities[0]


def test_s2_3_witch_never_resumes_if_the_character_is_absent():
    """§2.3 Witch: naming a character nobody holds ends her turn for good (no Park/Poor House)."""
    st = new(4, "Witch")
    setup_seat(st, 0, city=["Poor House"], gold=0)
    turn(st, 0, "Witch", {1: "King"})
    do(st, "take gold")
    st.gold[0] = 0
    do(st, "bewitch Merchant")
    assert st.gold[0] == 0  # the Poor House never triggered
    assert st.to_move() == [1] and st.turn_character == C("King")


def test_s2_3_magistrate_confiscates_the_first_paid_build():
    """§2.3 Magistrate: warrants on 3 characters, the signed one's first paid build is taken,
    its gold refunded; the Magistrate builds it free."""
    st = new(4, "Magistrate")
    setup_seat(st, 1, hand=["Manor", "Temple"], gold=6)
    turn(st, 0, "Magistrate", {1: "Merchant"})
    do(st, "take gold", "signed warrant on Merchant", "blank warrant on King",
       "blank warrant on Bishop")
    assert st.warrants == [C("King"), C("Bishop"), C("Merchant")]  # in rank order
    assert st.view(1)["signed_warrant"] is None and st.view(0)["signed_warrant"] == "Merchant"
    do(st, "end turn")
    assert st.to_move() == [1]
    do(st, "take gold", "build Manor")  # 6 + 1 + 2 - 3 = 6
    assert st.to_move() == [0] and texts(st) == ["confiscate Manor", "do not confiscate"]
    do(st, "confiscate Manor")
    assert DISTRICT_ID["Manor"] in st.cities[0] and DISTRICT_ID["Manor"] not in st.cities[1]
    assert st.gold[1] == 9 and st.builds_left == 0
    assert "build Temple" not in texts(st)


def test_s2_3_thief_robs_at_reveal_and_cannot_target_rank1_or_the_killed():
    """§2.3 Thief: all the robbed player's gold at the start of its turn; not rank 1."""
    st = new(4)
    setup_seat(st, 2, gold=5)
    st.killed = C("King")
    turn(st, 1, "Thief", {2: "Merchant"})
    do(st, "take gold")
    options = texts(st)
    assert "rob Assassin" not in options and "rob King" not in options and "rob Merchant" in options
    do(st, "rob Merchant", "end turn")
    assert st.to_move() == [2]
    assert st.gold[2] == 1 and st.gold[1] == 2 + 2 + 5  # robbed before the Merchant's +1


def test_s2_3_spy_takes_gold_and_cards_per_matching_card():
    """§2.3 Spy: per matching card, 1 gold from the target (while he has any) and 1 card."""
    st = new(4, "Spy")
    setup_seat(st, 2, hand=["Manor", "Castle", "Temple"], gold=1)
    setup_seat(st, 1, hand=[], gold=0)
    turn(st, 1, "Spy")
    do(st, "take gold", "spy on seat 2 for noble")
    assert st.gold == [2, 3, 0, 2] and len(st.hands[1]) == 2
    assert st.log(1)[-2]["args"]["hand"] == ["Manor", "Castle", "Temple"]
    assert st.log(3)[-2]["args"]["hand"] == 3


def test_s2_3_blackmailer_bribe_and_revealed_threat():
    """§2.3 Blackmailer: the threatened player gathers, then bribes (half his gold) or refuses;
    a revealed real threat takes all his gold."""
    st = new(5, "Blackmailer")
    setup_seat(st, 2, gold=4)
    setup_seat(st, 3, gold=7)
    turn(st, 1, "Blackmailer", {2: "King", 3: "Merchant"})
    do(st, "take gold")
    assert "real threat on Assassin" not in texts(st)
    do(st, "real threat on Merchant", "blank threat on King", "end turn")
    # the King: gather first, nothing else until the threat is settled
    assert st.to_move() == [2] and texts(st) == ["take gold", "draw cards"]
    do(st, "take gold")
    assert texts(st) == ["pay bribe of 3 gold", "refuse bribe"]
    do(st, "pay bribe of 3 gold")
    assert st.gold[2] == 3 and st.gold[1] == 4 + 3
    do(st, "end turn")
    assert st.to_move() == [3]
    do(st, "take gold", "refuse bribe")
    assert st.to_move() == [1]
    do(st, "reveal the threat")
    assert st.gold[1] == 7 + 9
    assert st.to_move() == [3] and st.gold[3] == 1  # the Merchant's +1 comes after the threat


def test_s2_3_magician_swaps_hands_or_redraws():
    """§2.3 Magician: swap the whole hand, or discard any number and draw as many."""
    st = new(4)
    setup_seat(st, 0, hand=["Manor"])
    setup_seat(st, 2, hand=["Temple", "Church", "Castle"])
    turn(st, 0, "Magician")
    do(st, "take gold", "swap hands with seat 2")
    assert st.hands[0] == d("Temple", "Church", "Castle") and st.hands[2] == d("Manor")
    st = new(4)
    setup_seat(st, 0, hand=["Manor", "Temple"])
    turn(st, 0, "Magician")
    bottom = len(st.deck)
    do(st, "take gold", "discard cards to draw as many", "discard Manor", "discard Temple",
       "finish discarding")
    assert len(st.hands[0]) == 2 and st.deck[:2] == d("Temple", "Manor")
    assert len(st.deck) == bottom


def test_s2_3_wizard_takes_a_card_and_builds_it_outside_the_limit():
    """§2.3 Wizard: take one card from a hand; build it at once (not counted) or keep it;
    duplicates are allowed this turn."""
    st = new(4, "Wizard")
    setup_seat(st, 0, hand=["Manor"], city=["Manor"], gold=10)
    setup_seat(st, 1, hand=["Castle", "Temple"])
    turn(st, 0, "Wizard")
    do(st, "take gold", "look at seat 1's hand")
    assert st.view(0)["looking_at"] == {"seat": 1, "cards": ["Castle", "Temple"]}
    do(st, "take Castle", "build Castle now")
    assert st.builds_left == 1 and DISTRICT_ID["Castle"] in st.cities[0]
    assert "build Manor" in texts(st)  # a duplicate, allowed this turn
    do(st, "build Manor")
    assert st.cities[0].count(DISTRICT_ID["Manor"]) == 2


def test_s2_3_seer_takes_and_gives_back_and_builds_twice():
    """§2.3 Seer: one random card from each other player with cards, one given back to each;
    building limit 2."""
    st = new(4, "Seer")
    setup_seat(st, 0, hand=["Tavern", "Temple"], gold=10)
    setup_seat(st, 1, hand=["Manor"])
    setup_seat(st, 2, hand=[])
    setup_seat(st, 3, hand=["Castle", "Palace"])
    turn(st, 0, "Seer")
    do(st, "take gold", "use the Seer")
    assert len(st.hands[0]) == 4 and st.hands[1] == [] and len(st.hands[3]) == 1
    assert all(t.endswith("to seat 1") for t in texts(st))
    do(st, "give Tavern to seat 1", "give Temple to seat 3")
    assert st.hands[1] == d("Tavern") and len(st.hands[3]) == 2 and len(st.hands[0]) == 2
    assert st.builds_left == 2


def test_s2_3_king_takes_the_crown_and_noble_income():
    """§2.3 King: 1 gold per noble district; takes the crown when revealed."""
    st = new(4)
    st.crown = 2
    setup_seat(st, 1, city=["Manor", "Castle", "Temple"], gold=0)
    turn(st, 1, "King")
    assert st.crown == 1
    do(st, "take gold", "collect 2 gold")
    assert st.gold[1] == 4


def test_s2_3_emperor_must_give_the_crown_and_takes_a_resource():
    """§2.3 Emperor: must move the crown to another player (not himself, not the holder) and
    take 1 gold or 1 random card from the new holder."""
    st = new(4, "Emperor")
    st.crown = 2
    setup_seat(st, 3, gold=3)
    turn(st, 1, "Emperor")
    do(st, "take gold")
    options = texts(st)
    assert "end turn" not in options
    assert "give the crown to seat 2" not in options and "give the crown to seat 1" not in options
    do(st, "give the crown to seat 3", "take 1 gold from seat 3")
    assert st.crown == 3 and st.gold[3] == 2 and st.gold[1] == 2 + 2 + 1
    assert "end turn" in texts(st)


def test_s2_3_emperor_is_not_used_with_two_players():
    """§2.1: no Emperor with 2 players; a preset replaces him (emperor_substitute)."""
    with pytest.raises(ValueError, match="Emperor"):
        new(2, "Emperor")
    st = new(2, characters="cunning-agents")
    assert C("Emperor") not in st.cast and C("King") in st.cast


def test_s2_3_patrician_takes_cards_per_noble_and_the_crown():
    """§2.3 Patrician: 1 card per noble district; takes the crown."""
    st = new(4, "Patrician")
    setup_seat(st, 1, city=["Manor", "Palace"], hand=[])
    turn(st, 1, "Patrician")
    assert st.crown == 1
    do(st, "take gold", "collect 2 cards")
    assert len(st.hands[1]) == 2


def test_s2_3_bishop_protects_from_rank8_unless_killed():
    """§2.3 Bishop: the rank 8 cannot target his districts; a killed Bishop gives no protection
    (seed 003)."""
    st = new(4)
    setup_seat(st, 1, city=["Temple"])
    setup_seat(st, 3, gold=5)
    turn(st, 1, "Bishop", {3: "Warlord"})
    do(st, "take gold", "collect 1 gold", "end turn")
    assert st.turn_character == C("Warlord")
    assert not any("of seat 1" in t for t in texts(st))
    st = new(4)
    setup_seat(st, 1, city=["Temple"])
    setup_seat(st, 3, gold=5)
    st.killed = C("Bishop")
    turn(st, 3, "Warlord", {1: "Bishop"})
    do(st, "take gold")
    assert "destroy Temple of seat 1 for 0 gold" in texts(st)


def test_s2_3_abbot_mixes_income_and_takes_from_the_richest():
    """§2.3 Abbot: gold or cards per religious district, any mix; 1 gold from the richest."""
    st = new(4, "Abbot")
    setup_seat(st, 1, city=["Temple", "Church"], gold=1, hand=[])
    setup_seat(st, 2, gold=5)
    setup_seat(st, 3, gold=5)
    turn(st, 1, "Abbot")
    do(st, "take gold")  # 3 gold, still not the richest
    options = texts(st)
    assert {"collect 2 gold", "collect 1 gold and 1 cards", "collect 2 cards"} <= set(options)
    assert {"take 1 gold from seat 2, the richest", "take 1 gold from seat 3, the richest"} <= set(options)
    do(st, "collect 1 gold and 1 cards", "take 1 gold from seat 3, the richest")
    assert st.gold[1] == 5 and st.gold[3] == 4 and len(st.hands[1]) == 1
    assert not any("richest" in t for t in texts(st))


def test_s2_3_cardinal_borrows_the_missing_gold_against_cards():
    """§2.3 Cardinal: take the missing gold from a player, giving him one card per gold."""
    st = new(4, "Cardinal")
    setup_seat(st, 1, hand=["Palace", "Temple", "Tavern"], gold=1)
    setup_seat(st, 2, gold=6)
    turn(st, 1, "Cardinal")
    do(st, "take gold")  # 3 gold, the Palace costs 5
    assert "build Palace taking 2 gold from seat 2" in texts(st)
    do(st, "build Palace taking 2 gold from seat 2", "give Temple to seat 2", "give Tavern to seat 2")
    assert st.gold[1] == 0 and st.gold[2] == 4 and st.hands[2][-2:] == d("Temple", "Tavern")
    assert DISTRICT_ID["Palace"] in st.cities[1]


def test_s2_3_merchant_gets_one_more_gold_and_trade_income():
    """§2.3 Merchant: +1 gold whatever she gathers; 1 gold per trade district."""
    st = new(4)
    setup_seat(st, 0, city=["Tavern", "Docks"], gold=0)
    turn(st, 0, "Merchant")
    assert st.gold[0] == 1
    do(st, "draw cards")
    do(st, texts(st)[0], "collect 2 gold")
    assert st.gold[0] == 3


def test_s2_3_alchemist_refunds_build_costs_at_end_of_turn():
    """§2.3 Alchemist: gets back all gold paid to build this turn, at the end of the turn."""
    st = new(4, "Alchemist")
    setup_seat(st, 0, hand=["Palace"], gold=3)
    turn(st, 0, "Alchemist")
    do(st, "take gold", "build Palace")
    assert st.gold[0] == 0
    do(st, "end turn")
    assert st.gold[0] == 5


def test_s2_3_trader_builds_trade_districts_outside_the_limit():
    """§2.3 Trader: trade districts do not count toward the building limit."""
    st = new(4, "Trader")
    setup_seat(st, 0, hand=["Tavern", "Market", "Temple", "Church"], gold=20)
    turn(st, 0, "Trader")
    do(st, "take gold", "build Tavern", "build Market", "build Temple")
    assert "build Church" not in texts(st)


def test_s2_3_architect_draws_two_and_builds_three():
    """§2.3 Architect: 2 extra cards; up to 3 builds."""
    st = new(4)
    setup_seat(st, 0, hand=["Tavern", "Temple", "Manor", "Castle"], gold=20)
    turn(st, 0, "Architect")
    assert len(st.hands[0]) == 6
    do(st, "take gold", "build Tavern", "build Temple", "build Manor")
    assert "build Castle" not in texts(st)


def test_s2_3_navigator_takes_four_and_cannot_build():
    """§2.3 Navigator: 4 gold or 4 cards; no building at all, not even the Stables."""
    st = new(4, "Navigator")
    setup_seat(st, 0, hand=["Stables", "Tavern"], gold=10)
    turn(st, 0, "Navigator")
    do(st, "take gold", "take 4 gold")
    assert st.gold[0] == 16 and not any(t.startswith("build") for t in texts(st))


def test_s2_3_scholar_draws_seven_keeps_one_and_shuffles_back():
    """§2.3 Scholar: draw 7, keep 1, the rest shuffled into the deck; building limit 2."""
    st = new(4, "Scholar")
    turn(st, 0, "Scholar")
    size = len(st.deck)
    before = len(st.hands[0])
    do(st, "take gold", "use the Scholar")
    assert len(st.offer) == 7
    do(st, texts(st)[0])
    assert len(st.hands[0]) == before + 1 and len(st.deck) == size - 1 and st.builds_left == 2


def test_s2_3_warlord_destroys_for_cost_minus_one_seed003_dragon_gate_is_5():
    """§2.3 Warlord + seed 003: pay cost − 1 (the Dragon Gate costs 5); not in a completed city;
    the Keep is immune; the Great Wall adds 1."""
    st = new(4)
    setup_seat(st, 3, gold=3)
    setup_seat(st, 1, city=["Dragon Gate", "Keep", "Tavern"])
    setup_seat(st, 2, city=["Great Wall", "Temple"])
    turn(st, 3, "Warlord")
    do(st, "take gold")  # 5 gold
    options = texts(st)
    assert "destroy Dragon Gate of seat 1 for 5 gold" in options
    assert "destroy Tavern of seat 1 for 0 gold" in options
    assert not any("Keep of" in t for t in options)
    assert "destroy Temple of seat 2 for 1 gold" in options
    do(st, "destroy Dragon Gate of seat 1 for 5 gold")
    assert st.gold[3] == 0 and st.deck[0] == DISTRICT_ID["Dragon Gate"]
    st = new(4)
    setup_seat(st, 1, city=["Tavern", "Temple", "Manor", "Castle", "Market", "Church", "Prison"])
    turn(st, 3, "Warlord")
    do(st, "take gold")
    assert not any("of seat 1" in t for t in texts(st))


def test_s2_3_diplomat_exchanges_and_pays_the_difference():
    """§2.3 Diplomat: exchange one of his districts for another player's, paying the difference."""
    st = new(4, "Diplomat")
    setup_seat(st, 3, city=["Tavern"], gold=2)
    setup_seat(st, 1, city=["Castle"], gold=0)
    turn(st, 3, "Diplomat")
    do(st, "take gold", "exchange for Castle of seat 1")
    assert texts(st) == ["give Tavern paying 3 gold"]
    do(st, "give Tavern paying 3 gold")
    assert st.cities[3] == d("Castle") and st.cities[1] == d("Tavern") and st.gold == [2, 3, 2, 1]


def test_s2_3_marshal_seizes_a_cheap_district_paying_its_owner():
    """§2.3 Marshal: seize a district of cost ≤ 3 from another city, paying its cost to the owner."""
    st = new(4, "Marshal")
    setup_seat(st, 3, gold=1)
    setup_seat(st, 1, city=["Manor", "Castle"], gold=0)
    turn(st, 3, "Marshal")
    do(st, "take gold")
    options = texts(st)
    assert "seize Manor of seat 1 for 3 gold" in options and not any("Castle" in t for t in options)
    do(st, "seize Manor of seat 1 for 3 gold")
    assert st.cities[3] == d("Manor") and st.gold[1] == 3 and st.gold[3] == 0


def test_s2_3_queen_gains_three_next_to_the_rank4_player():
    """§2.3 Queen: +3 gold when sitting next to the player who revealed the rank 4."""
    st = new(5, "Queen", rank9="yes")
    turn(st, 2, "King", {3: "Queen"})
    do(st, "take gold", "end turn")
    assert st.turn_character == C("Queen") and st.turn_seat == 3 and st.gold[3] == 5


def test_s2_3_artist_beautifies_up_to_two_districts():
    """§2.3 Artist: move 1 gold onto up to 2 districts, each +1 cost for ever."""
    st = new(4, "Artist", rank9="yes")
    setup_seat(st, 0, city=["Manor", "Temple", "Tavern"], gold=3)
    turn(st, 0, "Artist")
    do(st, "take gold", "beautify Manor", "beautify Temple")
    assert st.beautified[0] == [True, True, False] and st.gold[0] == 3
    assert not any(t.startswith("beautify") for t in texts(st))
    assert st.score(0)[1]["districts"] == 3 + 1 + 1 + 1 + 1
    assert st.view(1)["cities"][0][0] == {"name": "Manor", "type": "noble", "cost": 4, "beautified": True}


def test_s2_3_tax_collector_taxes_every_build_and_collects():
    """§2.3 Tax Collector: while in the cast, each build costs the builder 1 gold to the token
    (even when he is not chosen); the Tax Collector collects it on his turn."""
    st = new(4, "Tax Collector", rank9="yes")
    setup_seat(st, 1, hand=["Temple"], gold=1)
    setup_seat(st, 2, hand=["Tavern"], gold=3)
    turn(st, 1, "Bishop", {2: "Merchant", 3: "Tax Collector"})
    do(st, "take gold", "build Temple")
    assert st.gold[1] == 1 and st.tax_pool == 1
    do(st, "end turn", "take gold", "build Tavern")
    assert st.tax_pool == 2
    do(st, "end turn")
    assert st.turn_character == C("Tax Collector")
    do(st, "take gold", "collect 2 gold of taxes")
    assert st.gold[3] == 6 and st.tax_pool == 0


def test_s4_3_gather_is_mandatory_before_end_and_building():
    """§4.3: gathering happens exactly once and before any build; end turn needs it."""
    st = new(4)
    setup_seat(st, 0, hand=["Tavern"], gold=5)
    turn(st, 0, "Merchant")
    assert "end turn" not in texts(st) and "build Tavern" not in texts(st)
    do(st, "take gold")
    assert "take gold" not in texts(st) and "build Tavern" in texts(st)
    with pytest.raises(IllegalAction):
        st.apply(0, "take gold")
