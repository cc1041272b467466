"""The options that settle points the rules reference leaves open (PROPOSED / UNCONFIRMED): each
value changes play, shown on a scenario; the cast checked against the player count; actions
named by stable ids."""

from __future__ import annotations

import pytest

import donjon
from tests.citadels.scenario import GAME, C, d, do, new, setup_seat, texts, turn


def test_s6_framework_and_necropolis_builds_use_a_build_unless_the_option_says_not():
    """§6 (UNCONFIRMED): a Framework build counts toward the building limit (default); with
    free_builds_use_a_build=False it does not, and one more district may be built."""
    for counts, more in ((True, False), (False, True)):
        st = new(4, free_builds_use_a_build=counts)
        setup_seat(st, 0, city=["Framework"], hand=["Cathedral", "Manor"], gold=1)
        turn(st, 0, "Bishop")
        do(st, "take gold", "build Cathedral by destroying the Framework")
        assert ("build Manor" in texts(st)) is more
        assert st.builds_left == (0 if counts else 1)


def test_s6_necropolis_needs_no_build_left_when_free_builds_do_not_count():
    st = new(4, free_builds_use_a_build=False)
    setup_seat(st, 0, city=["Tavern"], hand=["Manor", "Necropolis"], gold=1)
    turn(st, 0, "Bishop")
    do(st, "take gold", "build Manor")
    assert "build Necropolis by destroying Tavern" in texts(st)
    st = new(4)
    setup_seat(st, 0, city=["Tavern"], hand=["Manor", "Necropolis"], gold=1)
    turn(st, 0, "Bishop")
    do(st, "take gold", "build Manor")
    assert not any("Necropolis" in t for t in texts(st))


def test_s6_framework_and_necropolis_builds_are_taxed_unless_the_option_says_not():
    """§6 (UNCONFIRMED) with §2.3 Tax Collector: a Framework build is taxed (default); with
    free_builds_taxed=False it is not."""
    for taxed, pool in ((True, 1), (False, 0)):
        st = new(4, "Tax Collector", rank9="yes", free_builds_taxed=taxed)
        setup_seat(st, 0, city=["Framework"], hand=["Cathedral"], gold=0)
        turn(st, 0, "Bishop")
        do(st, "take gold", "build Cathedral by destroying the Framework")
        assert st.tax_pool == pool and st.gold[0] == 2 - pool


def test_s2_3_scholar_with_a_short_deck():
    """§2.3 Scholar (UNCONFIRMED): with fewer than 7 cards left he draws what is left (default),
    or, with scholar_short_deck=needs-seven, cannot use the ability."""
    for rule, offered in (("draw-what-is-left", True), ("needs-seven", False)):
        st = new(4, "Scholar", scholar_short_deck=rule)
        st.deck = st.deck[:5]
        turn(st, 0, "Scholar")
        do(st, "take gold")
        assert ("use the Scholar" in texts(st)) is offered
        if offered:
            do(st, "use the Scholar")
            assert len(st.offer) == 5


def test_s6_marshal_limit_reads_the_beautified_cost_unless_the_option_says_not():
    """§6 (UNCONFIRMED): a beautified Manor costs 4, out of the Marshal's reach (default); with
    marshal_limit_counts_beautified=False its printed 3 counts, and he pays 4 for it."""
    for counts, offered in ((True, False), (False, True)):
        st = new(4, "Marshal", marshal_limit_counts_beautified=counts)
        setup_seat(st, 1, city=["Manor", "Temple"])
        st.beautified[1] = [True, False]
        setup_seat(st, 3, gold=3)
        turn(st, 3, "Marshal")
        do(st, "take gold")
        assert ("seize Manor* of seat 1 for 4 gold" in texts(st)) is offered
        assert "seize Temple of seat 1 for 1 gold" in texts(st)


def test_s6_artist_gold_follows_the_card_or_goes_back_to_its_owner():
    """§6 (UNCONFIRMED): the Artist's gold on a destroyed district goes to the bank and travels
    with a seized one (default); with artist_gold=back-to-owner it returns to the owner's stash
    either way, and the seized district arrives plain."""
    for rule, back in (("follows-card", 0), ("back-to-owner", 1)):
        st = new(4, artist_gold=rule)
        setup_seat(st, 1, city=["Manor", "Temple"], gold=0)
        st.beautified[1] = [True, False]
        setup_seat(st, 3, gold=2)
        turn(st, 3, "Warlord")
        do(st, "take gold", "destroy Manor* of seat 1 for 3 gold")
        assert st.gold[1] == back
    for rule, back, arrives in (("follows-card", 2, True), ("back-to-owner", 3, False)):
        st = new(4, "Marshal", artist_gold=rule)
        setup_seat(st, 1, city=["Temple"], gold=0)
        st.beautified[1] = [True]
        setup_seat(st, 3, gold=0)
        turn(st, 3, "Marshal")
        do(st, "take gold", "seize Temple* of seat 1 for 2 gold")
        assert st.gold[1] == back and st.beautified[3] == [arrives]


def test_s6_thieves_den_with_a_factory_any_mix_or_full_price_with_cards():
    """§6 (UNCONFIRMED): with a Factory the Thieves' Den costs 5 in any mix of gold and cards
    (default); with den_with_factory=full-price-with-cards the 1 less is lost once a card
    pays."""
    for rule, remaining in (("any-mix", 4), ("full-price-with-cards", 5)):
        st = new(4, den_with_factory=rule)
        setup_seat(st, 0, city=["Factory"], hand=["Thieves' Den", "Manor"], gold=3)
        turn(st, 0, "Bishop")
        do(st, "take gold", "build Thieves' Den paying with cards", "pay with Manor")
        assert texts(st) == [f"pay the remaining {remaining} gold"]
        do(st, f"pay the remaining {remaining} gold")
        assert st.gold[0] == 5 - remaining and d("Thieves' Den")[0] in st.cities[0]


def test_s5_a_tie_left_after_the_tie_break_is_shared_or_goes_to_the_richest():
    """§5 (UNCONFIRMED): players tied on points and on the highest rank revealed share the win
    (default); with residual_tie=most-gold the richer one wins."""
    for rule, ranks in (("shared", (1, 1)), ("most-gold", (2, 1))):
        st = new(4, residual_tie=rule)
        city = ["Manor", "Castle", "Palace", "Temple", "Church", "Monastery"]
        setup_seat(st, 0, city=city, hand=["Tavern"], gold=1)
        setup_seat(st, 2, city=city, hand=["Tavern"], gold=1)
        st.first_complete, st.last_round = 1, True  # someone else completed first
        turn(st, 0, "Warlord", {2: "Warlord"})
        st.characters[2] = []
        st.highest_revealed_rank = [8, 0, 8, 0]
        st.gold[2] = 4
        st.changed()
        do(st, "take gold", "end turn")
        r = st.result()
        assert r.scores[0] == r.scores[2] and (r.ranks[0], r.ranks[2]) == ranks


# -- §2.1: the cast against the player count -----------------------------------------------------

EMPEROR_CAST = "Assassin, Thief, Magician, Emperor, Bishop, Merchant, Architect, Warlord"


def test_s2_1_a_cast_that_cannot_be_played_is_refused_when_the_table_is_made():
    """§2.1: no Emperor with 2 players, no Queen below 5, no rank 9 with 2, one with 3 and 8:
    ``Game.check`` refuses them, naming the option and what is allowed."""
    game = donjon.load("citadels")
    with pytest.raises(ValueError, match="characters.*Emperor.*King or the Patrician"):
        game.check(2, {"characters": EMPEROR_CAST})
    assert game.check(3, {"characters": EMPEROR_CAST + ", Artist"})["characters"]
    with pytest.raises(ValueError, match="characters.*Queen"):
        game.check(4, {"characters": EMPEROR_CAST + ", Queen"})
    with pytest.raises(ValueError, match="characters.*rank 9"):
        game.check(3, {"characters": EMPEROR_CAST})
    with pytest.raises(ValueError, match="characters.*rank 9"):
        game.check(2, {"characters": EMPEROR_CAST.replace("Emperor", "King") + ", Artist"})
    with pytest.raises(ValueError, match="Emperor"):
        game.new_game(2, seed=1, characters=EMPEROR_CAST)
    # the presets replace what the player count excludes
    assert C("Emperor") not in game.new_game(2, seed=1, characters="cunning-agents").cast
    assert C("Queen") not in game.new_game(4, seed=1, characters="ambitious-aristocrats",
                                           rank9="yes").cast


# -- action identity -----------------------------------------------------------------------------


def test_actions_name_characters_and_districts_by_stable_ids():
    """Engine contract v2: an action's identity is its kind and args, by catalogue ids, seats
    and amounts; its text is the first release's."""
    st = GAME.new_game(4, seed=1)
    pick = st.legal_actions(st.to_move()[0])[0]
    assert pick.identity == ("pick", ("assassin",)) and pick.text == "pick Assassin"
    st = new(4, "Tax Collector", rank9="yes")
    setup_seat(st, 1, city=["Thieves' Den", "Manor"])
    st.beautified[1] = [False, True]
    setup_seat(st, 3, gold=20)
    turn(st, 3, "Warlord")
    do(st, "take gold")
    destroy = next(a for a in st.legal_actions(3) if a.text == "destroy Manor* of seat 1 for 3 gold")
    assert destroy.to_json() == {"kind": "destroy", "args": [1, "manor", True, 3]}
    den = next(a for a in st.legal_actions(3) if "Thieves' Den" in a.text)
    assert den.args[1] == "thieves-den"
    st = new(4, "Spy")
    turn(st, 1, "Spy")
    do(st, "take gold")
    spy = next(a for a in st.legal_actions(1) if a.text == "spy on seat 2 for noble")
    assert spy.identity == ("spy", (2, "noble"))
    st.apply(1, {"kind": "spy", "args": [2, "noble"]})  # its identity, as the web sends it
    spied = [e["args"] for e in st.log(None) if e["key"] == "spy"]
    assert spied and spied[-1]["target"] == 2 and spied[-1]["type"] == "noble"


def test_the_rulings_are_made_once_per_set_up_and_follow_every_option():
    """The typed rulings (``rule_options``) are kept per set-up: games set up alike share them,
    and any option or legacy behaviour that differs gets its own."""
    from donjon.games.citadels.rulings import _MADE, VERSION_1_LEGACY, rule_options

    # the memo is bounded (emptied when full): the tests run before in this process may have
    # nearly filled it, which would make a new one of the rulings kept below
    _MADE.clear()
    options = GAME.check(5)
    same = rule_options(dict(options), frozenset())
    assert rule_options(options, frozenset()) is same and same.gather_first
    other = rule_options({**options, "ability_timing": "any-time"}, frozenset())
    assert not other.gather_first and other is not same
    assert rule_options(options, VERSION_1_LEGACY).confiscation_asks_every_warrant is False
    assert rule_options(options, frozenset()) is same
    unhashable = rule_options({**options, "characters": ["not", "hashable"]}, frozenset())
    assert unhashable == same
    assert new(5).rules is new(5).rules
