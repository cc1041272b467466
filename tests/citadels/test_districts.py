"""One test per unique district (rules reference §1.4, §6), plus the basic deck (§1.3)."""

from __future__ import annotations

from donjon.games.citadels.cards import (
    BASIC_COPIES,
    CHARACTER_NAMES,
    DISTRICT_COST,
    DISTRICT_ID,
    N_BASIC,
    UNIQUE_DISTRICTS,
    UNIQUE_SETS,
)
from tests.citadels.scenario import d, do, new, restart_round, setup_seat, texts, turn

D = DISTRICT_ID


def test_s1_3_deck_is_54_basics_plus_14_uniques():
    """§1.3 / §3.1: 54 basic districts (152 cost points) + 14 uniques = 68; 4 cards and 2 gold."""
    assert sum(BASIC_COPIES) == 54
    assert sum(c * DISTRICT_COST[i] for i, c in enumerate(BASIC_COPIES)) == 152
    assert len(UNIQUE_DISTRICTS) == 30
    st = new(5)
    assert len(st.deck) + sum(map(len, st.hands)) == 68
    assert all(len(h) == 4 for h in st.hands) and st.gold == [2] * 5
    assert sorted(st.uniques) == sorted(D[n] for n in UNIQUE_SETS["first-game"])
    st = new(5, districts="random", seed=4)
    assert len(st.uniques) == 14 and all(u >= N_BASIC for u in st.uniques)


def test_s1_4_armory_destroys_itself_and_a_district():
    """§1.4 Armory: destroy the Armory to destroy any district not in a completed city."""
    st = new(4)
    setup_seat(st, 0, city=["Armory", "Tavern"])
    setup_seat(st, 2, city=["Keep", "Cathedral"])
    turn(st, 0, "Merchant")
    do(st, "take gold")
    assert "destroy the Armory to destroy Keep of seat 2" in texts(st)  # Keep: rank 8 only (§6)
    do(st, "destroy the Armory to destroy Cathedral of seat 2")
    assert st.cities[0] == d("Tavern") and st.cities[2] == d("Keep")
    assert set(st.deck[:2]) == {D["Armory"], D["Cathedral"]}


def test_s1_4_basilica_scores_odd_cost_districts():
    """§1.4 Basilica: +1 per district of odd cost."""
    st = new(4)
    setup_seat(st, 0, city=["Basilica", "Temple", "Manor", "Church"])
    assert st.score(0)[1]["Basilica"] == 2


def test_s1_4_capitol_three_of_a_type_once():
    """§1.4 Capitol: +3 with at least 3 districts of one type, only once."""
    st = new(4)
    setup_seat(st, 0, city=["Capitol", "Manor", "Castle", "Palace", "Temple", "Church", "Monastery"])
    assert st.score(0)[1]["Capitol"] == 3
    setup_seat(st, 0, city=["Capitol", "Manor", "Castle", "Temple"])
    assert "Capitol" not in st.score(0)[1]


def test_s1_4_dragon_gate_scores_two_more():
    """§1.4 Dragon Gate: cost 6, +2 at the end."""
    st = new(4)
    setup_seat(st, 0, city=["Dragon Gate"])
    assert st.score(0)[0] == 8


def test_s1_4_factory_discounts_other_uniques():
    """§1.4 Factory: 1 gold less for other unique districts."""
    st = new(4)
    setup_seat(st, 0, city=["Factory"], hand=["Library", "Palace"], gold=3)
    turn(st, 0, "Merchant")
    do(st, "take gold")  # 3 + 1 + 2 = 6: Library 6 - 1 = 5
    do(st, "build Library")
    assert st.gold[0] == 1


def test_s1_4_framework_builds_for_free_by_destroying_itself():
    """§1.4 Framework: build a district by destroying the Framework instead of paying."""
    st = new(4)
    setup_seat(st, 0, city=["Framework"], hand=["Cathedral"], gold=0)
    turn(st, 1 - 1, "Bishop")
    do(st, "draw cards")
    do(st, texts(st)[0])
    do(st, "build Cathedral by destroying the Framework")
    assert st.cities[0] == d("Cathedral") and st.deck[0] == D["Framework"]


def test_s1_4_gold_mine_gives_one_more_gold_when_gathering_gold():
    """§1.4 Gold Mine: +1 gold when taking gold to gather."""
    st = new(4)
    setup_seat(st, 0, city=["Gold Mine"], gold=0)
    turn(st, 0, "Bishop")
    do(st, "take gold")
    assert st.gold[0] == 3


def test_s1_4_great_wall_costs_rank8_one_more_including_itself():
    """§1.4 Great Wall (+ §6 2016 wording): the rank 8 pays 1 more, also for the Great Wall."""
    st = new(4)
    setup_seat(st, 1, city=["Great Wall", "Tavern"])
    setup_seat(st, 3, gold=10)
    turn(st, 3, "Warlord")
    do(st, "take gold")
    assert "destroy Tavern of seat 1 for 1 gold" in texts(st)
    assert "destroy Great Wall of seat 1 for 6 gold" in texts(st)
    st = new(4, great_wall_protects_itself=False)
    setup_seat(st, 1, city=["Great Wall"])
    setup_seat(st, 3, gold=10)
    turn(st, 3, "Warlord")
    do(st, "take gold")
    assert "destroy Great Wall of seat 1 for 5 gold" in texts(st)


def test_s1_4_haunted_quarter_counts_as_the_best_type():
    """§1.4 / §5 Haunted Quarter: one type of its owner's choice for scoring (the best)."""
    st = new(4)
    setup_seat(st, 0, city=["Haunted Quarter", "Manor", "Temple", "Tavern", "Watchtower"])
    total, parts = st.score(0)
    assert parts["five_types"] == 3 and parts["haunted_quarter_as"] == "unique"
    setup_seat(st, 0, city=["Haunted Quarter", "Library", "Temple", "Tavern", "Watchtower"])
    assert st.score(0)[1]["haunted_quarter_as"] == "noble" and st.score(0)[1]["five_types"] == 3


def test_s1_4_imperial_treasury_scores_gold_in_stash():
    """§1.4 Imperial Treasury: +1 per gold in the stash."""
    st = new(4)
    setup_seat(st, 0, city=["Imperial Treasury"], gold=7)
    assert st.score(0)[1]["Imperial Treasury"] == 7


def test_s1_4_ivory_tower_only_unique():
    """§1.4 Ivory Tower: +5 if it is the only unique (a Haunted Quarter counted otherwise is fine)."""
    st = new(4)
    setup_seat(st, 0, city=["Ivory Tower", "Manor"])
    assert st.score(0)[1]["Ivory Tower"] == 5
    setup_seat(st, 0, city=["Ivory Tower", "Library"])
    assert "Ivory Tower" not in st.score(0)[1]
    setup_seat(st, 0, city=["Ivory Tower", "Haunted Quarter"])
    assert st.score(0)[1]["Ivory Tower"] == 5


def test_s1_4_keep_is_immune_to_rank8():
    """§1.4 Keep: the rank-8 character cannot use its ability on it."""
    st = new(4, "Marshal")
    setup_seat(st, 1, city=["Keep"])
    setup_seat(st, 3, gold=10)
    turn(st, 3, "Marshal")
    do(st, "take gold")
    assert not any("Keep of" in t for t in texts(st))


def test_s1_4_laboratory_discards_a_card_for_two_gold():
    """§1.4 Laboratory: once per turn, discard a card for 2 gold."""
    st = new(4)
    setup_seat(st, 0, city=["Laboratory"], hand=["Manor", "Temple"], gold=0)
    turn(st, 0, "Bishop")
    do(st, "take gold", "discard Manor for 2 gold (Laboratory)")
    assert st.gold[0] == 4 and st.hands[0] == d("Temple") and st.deck[0] == D["Manor"]
    assert not any("Laboratory" in t for t in texts(st))
    assert st.log(1)[-1]["args"]["card"] == "hidden"


def test_s1_4_library_keeps_all_drawn_cards():
    """§1.4 Library (+ Observatory): keep every card drawn."""
    st = new(4)
    setup_seat(st, 0, city=["Library", "Observatory"], hand=[])
    turn(st, 0, "Bishop")
    do(st, "draw cards")
    assert len(st.hands[0]) == 3 and st.view(0)["pending"] is None


def test_s1_4_map_room_scores_cards_in_hand():
    """§1.4 Map Room: +1 per card in hand."""
    st = new(4)
    setup_seat(st, 0, city=["Map Room"], hand=["Manor", "Temple", "Tavern"])
    assert st.score(0)[1]["Map Room"] == 3


def test_s1_4_monument_needs_at_most_four_districts_and_counts_double():
    """§1.4 Monument: not buildable with 5+ districts; counts as 2 toward completion."""
    st = new(4)
    setup_seat(st, 0, city=["Manor", "Castle", "Palace", "Temple", "Church"], hand=["Monument"],
               gold=10)
    turn(st, 0, "Bishop")
    do(st, "take gold")
    assert "build Monument" not in texts(st)
    st = new(4)
    setup_seat(st, 0, city=["Manor", "Castle", "Palace", "Temple", "Church"])
    assert st.size(0) == 5
    setup_seat(st, 0, city=["Manor", "Castle", "Palace", "Temple", "Monument"])
    assert st.size(0) == 6
    setup_seat(st, 0, city=["Manor", "Castle", "Palace", "Temple"], hand=["Monument", "Church"], gold=10)
    turn(st, 0, "Architect")
    do(st, "take gold", "build Monument", "build Church")
    assert st.complete(0) and st.first_complete == 0 and st.last_round


def test_s1_4_museum_keeps_cards_and_scores_them():
    """§1.4 Museum: once per turn, a card under it; +1 each at the end; hidden from others."""
    st = new(4)
    setup_seat(st, 0, city=["Museum"], hand=["Manor", "Temple"])
    turn(st, 0, "Bishop")
    do(st, "take gold", "put Manor under the Museum")
    assert st.museum[0] == d("Manor") and st.score(0)[1]["Museum"] == 1
    assert st.view(1)["museum"][0] == 1 and st.view(0)["museum"][0] == ["Manor"]


def test_s1_4_necropolis_built_by_sacrificing_a_district():
    """§1.4 Necropolis: built by destroying one of your districts instead of paying."""
    st = new(4)
    setup_seat(st, 0, city=["Tavern"], hand=["Necropolis"], gold=0)
    turn(st, 0, "Bishop")
    do(st, "take gold", "build Necropolis by destroying Tavern")
    assert st.cities[0] == d("Necropolis") and st.gold[0] == 2


def test_s1_4_observatory_draws_three_keeps_one():
    """§1.4 Observatory: draw 3 instead of 2, keep 1."""
    st = new(4)
    setup_seat(st, 0, city=["Observatory"], hand=[])
    turn(st, 0, "Bishop")
    do(st, "draw cards")
    assert len(st.offer) == 3
    do(st, texts(st)[0])
    assert len(st.hands[0]) == 1


def test_s1_4_park_draws_two_with_an_empty_hand_at_end_of_turn():
    """§1.4 Park / §4.5: no card in hand at the end of the turn: gain 2 cards."""
    st = new(4)
    setup_seat(st, 0, city=["Park"], hand=["Temple"], gold=1)
    turn(st, 0, "Bishop")
    do(st, "take gold", "build Temple", "end turn")
    assert len(st.hands[0]) == 2


def test_s1_4_poor_house_gives_gold_with_an_empty_stash():
    """§1.4 Poor House / §4.5: no gold at the end of the turn: gain 1 gold."""
    st = new(4)
    setup_seat(st, 0, city=["Poor House"], hand=["Castle"], gold=2)
    turn(st, 0, "Bishop")
    do(st, "take gold", "build Castle", "end turn")
    assert st.gold[0] == 1


def test_s1_4_quarry_allows_duplicates():
    """§1.4 Quarry: build districts identical to ones in the city."""
    st = new(4)
    setup_seat(st, 0, city=["Manor"], hand=["Manor"], gold=5)
    turn(st, 0, "Bishop")
    do(st, "take gold")
    assert "build Manor" not in texts(st)
    setup_seat(st, 0, city=["Manor", "Quarry"])
    st.changed()
    assert "build Manor" in texts(st)


def test_s1_4_school_of_magic_counts_for_income():
    """§1.4 School of Magic: counts as the type of the character's income."""
    st = new(4)
    setup_seat(st, 0, city=["School of Magic", "Tavern"], gold=0)
    turn(st, 0, "Merchant")
    do(st, "take gold")
    assert "collect 2 gold" in texts(st)


def test_s6_secret_vault_cannot_be_built_and_scores_from_hand_seed003():
    """§1.4 / §6 Secret Vault: never built; +3 in hand; seed 003: counts for the five types
    (option secret_vault_counts_for_diversity=False restores the rulebook)."""
    st = new(4)
    setup_seat(st, 0, hand=["Secret Vault"], gold=10, city=["Manor", "Temple", "Tavern", "Prison"])
    turn(st, 0, "Bishop")
    do(st, "take gold")
    assert "build Secret Vault" not in texts(st)
    parts = st.score(0)[1]
    assert parts["Secret Vault"] == 3 and parts["five_types"] == 3
    st = new(4, secret_vault_counts_for_diversity=False)
    setup_seat(st, 0, hand=["Secret Vault"], city=["Manor", "Temple", "Tavern", "Prison"])
    assert "five_types" not in st.score(0)[1]


def test_s1_4_smithy_pays_two_for_three_cards():
    """§1.4 Smithy: once per turn, pay 2 gold for 3 cards."""
    st = new(4)
    setup_seat(st, 0, city=["Smithy"], hand=[], gold=0)
    turn(st, 0, "Bishop")
    do(st, "take gold", "pay 2 gold for 3 cards (Smithy)")
    assert st.gold[0] == 0 and len(st.hands[0]) == 3


def test_s1_4_stables_do_not_count_toward_the_limit():
    """§1.4 Stables: building them does not use a build."""
    st = new(4)
    setup_seat(st, 0, hand=["Stables", "Temple"], gold=10)
    turn(st, 0, "Bishop")
    do(st, "take gold", "build Temple", "build Stables")
    assert len(st.cities[0]) == 2


def test_s1_4_statue_scores_with_the_crown():
    """§1.4 Statue: +5 if you hold the crown at the end."""
    st = new(4)
    setup_seat(st, 0, city=["Statue"])
    st.crown = 0
    assert st.score(0)[1]["Statue"] == 5
    st.crown = 1
    assert "Statue" not in st.score(0)[1]


def test_s3_6_theater_swaps_characters_blind_after_the_draft():
    """§1.4 Theater / §3.6: after selection its owner may swap characters with an opponent."""
    st = new(4)
    setup_seat(st, 2, city=["Theater"])
    restart_round(st, crown=0)
    while st.phase == 0:
        seat = st.to_move()[0]
        st.apply(seat, texts(st, seat)[0])
    assert st.to_move() == [2] and "Theater: keep my character" in texts(st)
    mine, theirs = list(st.characters[2]), list(st.characters[0])
    do(st, f"Theater: give {CHARACTER_NAMES[mine[0]]} to seat 0")
    assert st.characters[2] + st.revealed[2] == theirs and st.characters[0] + st.revealed[0] == mine
    seen = {s: [e for e in st.log(s) if e["key"] == "theater"][0]["args"] for s in (0, 1)}
    assert seen[1]["gave"] == "hidden" and seen[0]["gave"] == CHARACTER_NAMES[mine[0]]


def test_s6_thieves_den_paid_with_cards_and_gold():
    """§1.4 Thieves' Den: pay part of its cost with cards (1 card = 1 gold, to the deck bottom)."""
    st = new(4)
    setup_seat(st, 0, hand=["Thieves' Den", "Manor", "Temple", "Tavern"], gold=1)
    turn(st, 0, "Bishop")
    do(st, "take gold", "build Thieves' Den paying with cards", "pay with Manor", "pay with Temple",
       "pay with Tavern", "pay the remaining 3 gold")
    assert st.cities[0] == d("Thieves' Den") and st.gold[0] == 0 and st.hands[0] == []


def test_s1_4_wishing_well_counts_uniques_including_itself():
    """§1.4 Wishing Well: +1 per unique district, itself included."""
    st = new(4)
    setup_seat(st, 0, city=["Wishing Well", "Keep", "Manor"])
    assert st.score(0)[1]["Wishing Well"] == 2


def test_s1_4_the_districts_a_city_holds_follow_every_move():
    """§1.4: the rules ask whether a city holds a district (duplicates, the Quarry, the
    Theater, the Great Wall...) through ``city_kinds``, kept beside the cities: after every move
    of random games with random characters and districts (destroyed, exchanged, seized,
    sacrificed districts included) it names exactly the districts standing in each city."""
    import random

    from donjon.games.citadels.cities import kinds

    left = 0
    for seed in range(24):
        players = 2 + seed % 7
        st = new(players, seed=seed, characters="random", districts="random")
        rng = random.Random(seed)
        while not st.is_over():
            seat = st.to_move()[0]
            before = sum(map(len, st.cities))
            st.apply(seat, rng.choice(st.legal_actions(seat)))
            left += sum(map(len, st.cities)) < before
            assert st.city_kinds == [kinds(city) for city in st.cities], (seed, st.moves[-1])
    assert left > 0  # districts did leave cities
