"""Castle Rooms rules, each test naming its section of shared/rules/castle-rooms.md."""

from __future__ import annotations

from collections import Counter

import pytest

from donjon import IllegalAction
from donjon.engine.text import describe
from donjon.games.castle_rooms.cards import DECKS
from tests.castle_rooms.helpers import CARDS, DOWN, GAME, UP, T, scenario, texts


def test_s2_components_by_player_count():
    """§2: 54 rooms, 6 Dragons and 4 Knights; 2 of each removed for 2–3 players."""
    for players, total, dragons, knights in ((2, 60, 4, 2), (3, 60, 4, 2), (4, 64, 6, 4)):
        state = GAME.new_game(players, seed=players)
        everything = Counter(state.deck) + sum((Counter(h) for h in state.hands), Counter())
        assert sum(everything.values()) == total
        assert everything[CARDS.dragon] == dragons and everything[CARDS.knight] == knights
        assert sum(n for t, n in everything.items() if t < CARDS.dragon) == 54


def test_s3_proposed_deck_is_nine_pairs_of_six_and_symmetric_under_the_flip():
    """§3 PROPOSED: 6 × each (entry, exit) of 3 levels; the flip maps the deck onto itself."""
    deck = DECKS["proposed"]
    assert len(deck.counts) == 9 and set(deck.counts.values()) == {6}
    flipped = Counter(
        (deck.mirror[x], deck.mirror[e]) for (e, x), n in deck.counts.items() for _ in range(n)
    )
    assert flipped == Counter({pair: n for pair, n in deck.counts.items()})


def test_s3_orientation_flip_swaps_sides_and_mirrors_heights():
    """§3: turned swords-up, entry' = mirror(exit) and exit' = mirror(entry)."""
    low, mid, high = 0, 1, 2
    assert CARDS.effective[UP][T["L-M"]] == (low, mid)
    assert CARDS.effective[DOWN][T["L-M"]] == (mid, high)
    assert CARDS.effective[DOWN][T["H-H"]] == (low, low)
    assert CARDS.effective[DOWN][T["M-M"]] == (mid, mid)


def test_s3_match_rule_in_a_helmet_up_row():
    """§3 match: a room goes on the right end iff its entry equals the row's exit."""
    state = scenario(hands=[["M-H", "L-M", "H-L"], []], rows=[[(UP, False, ["L-M"])], []])
    legal = texts(state)
    assert "play M-H on row 1" in legal
    assert "play L-M on row 1" not in legal and "play H-L on row 1" not in legal


def test_s3_match_rule_in_a_swords_up_row():
    """§3: in a swords-up row, cards connect by their flipped connectors."""
    # Row exit: L-M flipped is (M, H), so the exit is H. A card fits if mirror(exit) == H,
    # i.e. its printed exit is L: "M-L" flipped is (H, M).
    state = scenario(hands=[["M-L", "H-M", "L-H"], []], rows=[[(DOWN, False, ["L-M"])], []])
    legal = texts(state)
    assert "play M-L on row 1" in legal
    assert "play H-M on row 1" not in legal
    state.apply(0, "play M-L on row 1")
    assert state.view(0)["rows"][0][0]["exit"] == "M"


def test_s4_setup_deals_two_cards_each_and_the_first_player_draws_two():
    """§4 setup: 2 face-down cards each; §4 turn 1: the first player draws 2."""
    state = GAME.new_game(4, seed=11)
    first = state.current
    for seat in range(4):
        assert len(state.hands[seat]) == (4 if seat == first else 2)
    assert len(state.deck) == 64 - 8 - 2
    assert [e["key"] for e in state.log(None)][:6] == ["deal"] * 4 + ["first", "draw"]


def test_s4_turn_draws_two_at_the_start_of_each_turn():
    """§4 turn step 1: the next player draws 2 cards when the turn passes."""
    state = scenario(hands=[["L-L"], ["M-M"]])
    state.apply(0, "end turn")
    assert state.current == 1 and len(state.hands[1]) == 3 and len(state.deck) == 18


def test_s4_hand_limit_forbids_ending_with_more_than_two():
    """§4 turn step 3 / §5 B6: the turn may end only with at most 2 cards in hand."""
    state = scenario(hands=[["L-L", "M-M", "H-H"], []])
    assert "end turn" not in texts(state)
    with pytest.raises(IllegalAction, match="legal"):
        state.apply(0, "end turn")
    state.apply(0, "new helmet-up row with L-L")
    assert "end turn" in texts(state)


def test_s4_forced_new_row_for_rooms_that_fit_nowhere():
    """§4 turn step 4: a room that cannot attach can always start a new row."""
    state = scenario(hands=[["H-H", "H-L", "H-M"], []], rows=[[(UP, False, ["L-L"])], []])
    legal = texts(state)
    assert not any(t.startswith("play") for t in legal)
    assert "new swords-up row with H-H" in legal  # opposite to the previous row (§5 B2)


def test_s4_unplayable_specials_are_discarded_only_above_the_limit():
    """§4 turn step 5: a Dragon or Knight that cannot be played is discarded if over 2 cards."""
    state = scenario(hands=[["knight", "dragon", "L-L"], []])
    legal = texts(state)
    assert "discard knight" in legal and "discard dragon" in legal  # nothing to target
    state.apply(0, "discard knight")
    assert state.discard == [CARDS.knight]
    assert "discard dragon" not in texts(state)  # at 2 cards, no more discarding


def test_s4_playable_specials_may_not_be_discarded():
    """§4 turn step 5: only specials you cannot play are discarded."""
    state = scenario(hands=[["dragon", "L-L", "M-M"], []], rows=[[], [(UP, False, ["L-L"])]])
    legal = texts(state)
    assert "dragon on seat 1 row 1" in legal and "discard dragon" not in legal


def test_s5_b1_first_row_orientation_is_the_players_choice():
    """§5 B1: the first row's orientation is chosen; option first_row fixes it."""
    state = scenario(hands=[["L-M"], []])
    assert {"new helmet-up row with L-M", "new swords-up row with L-M"} <= set(texts(state))
    fixed = scenario(hands=[["L-M"], []], first_row="swords-up")
    assert [t for t in texts(fixed) if t.startswith("new")] == ["new swords-up row with L-M"]


def test_s5_b2_rows_alternate_orientation_in_start_order():
    """§5 B2: each new row faces opposite to the row started most recently."""
    state = scenario(hands=[["L-L", "M-M", "H-H", "L-H"], []])
    state.apply(0, "new swords-up row with L-L")
    assert [t for t in texts(state) if "M-M" in t and t.startswith("new")] == [
        "new helmet-up row with M-M"
    ]
    state.apply(0, "new helmet-up row with M-M")
    assert "new swords-up row with H-H" in texts(state)
    assert "new helmet-up row with H-H" not in texts(state)


def test_s5_b3_older_rows_can_still_grow():
    """§5 B3: any unblocked row may be extended after newer rows are started."""
    state = scenario(
        hands=[["M-M", "L-L"], []], rows=[[(UP, False, ["L-M"]), (DOWN, False, ["M-M"])], []]
    )
    assert "play M-M on row 1" in texts(state) and "play M-M on row 2" in texts(state)


def test_s5_b4_new_row_allowed_even_when_a_card_fits():
    """§5 B4: starting a new row is always allowed."""
    state = scenario(hands=[["M-M"], []], rows=[[(UP, False, ["L-M"])], []])
    assert {"play M-M on row 1", "new swords-up row with M-M"} <= set(texts(state))


def test_s5_b6_exactly_two_option_stops_plays_at_two_cards():
    """§5 B6 option hand_limit=exactly: plays only while above 2 cards, end at exactly 2."""
    state = scenario(hands=[["L-L", "M-M", "H-H"], []], hand_limit="exactly")
    state.apply(0, "new helmet-up row with L-L")
    assert texts(state) == ["end turn"]
    free = scenario(hands=[["L-L", "M-M", "H-H"], []])
    free.apply(0, "new helmet-up row with L-L")
    assert "new swords-up row with M-M" in texts(free) and "end turn" in texts(free)


def test_s5_b7_dragon_blocks_an_opponent_row():
    """§5 B7: a Dragon goes on an opponent's unblocked row; that row cannot grow."""
    state = scenario(
        players=3, hands=[["dragon", "dragon"], ["M-M"], []],
        rows=[[(UP, False, ["L-M"])], [(UP, False, ["L-M"])], [(UP, True, ["L-M"])]],
    )
    legal = texts(state)
    assert "dragon on seat 1 row 1" in legal
    assert "dragon on seat 0 row 1" not in legal  # never on your own row
    assert "dragon on seat 2 row 1" not in legal  # one Dragon per row
    state.apply(0, "dragon on seat 1 row 1")
    assert state.view(1)["rows"][1][0]["dragon"] is True
    state.current = 1
    state.changed()
    assert "play M-M on row 1" not in texts(state, 1)


def test_s5_b8_knight_frees_your_row_and_both_cards_are_discarded():
    """§5 B8: a Knight removes a Dragon from your own row; both go to the discard pile."""
    state = scenario(hands=[["knight", "M-M"], []], rows=[[(UP, True, ["L-M"])], []])
    assert "play M-M on row 1" not in texts(state)
    state.apply(0, "knight on row 1")
    assert sorted(state.discard) == sorted([CARDS.dragon, CARDS.knight])
    assert "play M-M on row 1" in texts(state)
    no_target = scenario(hands=[["knight"], []], rows=[[(UP, False, ["L-M"])], []])
    assert not any(t.startswith("knight") for t in texts(no_target))


def test_s5_b9_blocked_rows_still_count():
    """§5 B9: a blocked row's rooms count for length."""
    state = scenario(rows=[[(UP, True, ["M-M"] * 5)], [(UP, False, ["M-M"] * 4)]], deck=[])
    state.final_turns = 1
    state.apply(0, "end turn")
    assert state.result().ranks == (1, 2)


def test_s5_b10_the_tenth_room_wins_at_once():
    """§4 victory, §5 B10: placing the 10th room of a row ends the game immediately."""
    state = scenario(hands=[["M-M", "M-M", "M-M"], []], rows=[[(UP, False, ["M-M"] * 9)], []])
    state.apply(0, "play M-M on row 1")
    assert state.is_over() and state.to_move() == []
    assert state.result().ranks == (1, 2)
    assert state.result().details["ended_by"] == "ten rooms"
    short = scenario(hands=[["M-M"], []], rows=[[(UP, False, ["M-M"] * 4)], []], win_rooms=5)
    short.apply(0, "play M-M on row 1")
    assert short.is_over()


def test_s5_b11_deck_exhaustion_ends_after_the_drawers_turn():
    """§5 B11: whoever draws the last card finishes the turn, then the game ends."""
    state = scenario(hands=[[], ["L-L"]], deck=["M-M"])
    state.apply(0, "end turn")  # seat 1 draws the last card
    assert state.current == 1 and state.final_turns == 1 and not state.is_over()
    state.apply(1, "new helmet-up row with M-M")
    state.apply(1, "end turn")
    assert state.is_over()
    assert state.result().details["ended_by"] == "deck exhausted"


def test_s5_b11_ranking_compares_rows_longest_first_and_ties_share():
    """§4 (seed) / §5 B11: longest row wins, then second-longest...; exact ties share."""
    rows = [
        [(UP, False, ["M-M"] * 6), (DOWN, False, ["M-M"] * 3)],
        [(UP, False, ["M-M"] * 6), (DOWN, False, ["M-M"] * 2), (UP, False, ["M-M"] * 2)],
        [(UP, False, ["M-M"] * 6), (DOWN, False, ["M-M"] * 3)],
        [(UP, False, ["M-M"] * 5)],
    ]
    state = scenario(players=4, rows=rows, deck=[])
    state.final_turns = 1
    state.apply(0, "end turn")
    assert state.result().ranks == (1, 3, 1, 4)
    assert state.result().winners == [0, 2]


def test_s5_b12_first_player_is_random():
    """§5 B12: the first player is drawn at random (by the game's seed)."""
    firsts = {GAME.new_game(4, seed=s).current for s in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_s5_b13_hands_hidden_rows_discard_and_deck_size_public():
    """§5 B13: hands are hidden (counts only); rows, discard and deck size are public."""
    state = GAME.new_game(3, seed=5)
    me = state.current
    other = (me + 1) % 3
    view = state.view(other)
    assert isinstance(view["hands"][other], list) and view["hands"][me] == 4
    assert view["deck"] == len(state.deck)
    spectator = state.view(None)
    assert all(isinstance(h, int) for h in spectator["hands"])
    draw = [e for e in state.log(other) if e["key"] == "draw"][0]
    assert draw["args"]["cards"] == 2  # someone else's draw: a count, not the cards
    assert isinstance([e for e in state.log(me) if e["key"] == "draw"][0]["args"]["cards"], list)


def test_s5_b14_dragon_can_stop_a_row_of_nine():
    """§5 B14: a Dragon may block an opponent's row of 9 rooms."""
    state = scenario(hands=[["dragon"], []], rows=[[], [(UP, False, ["M-M"] * 9)]])
    assert "dragon on seat 1 row 1" in texts(state)


def test_log_reads_as_sentences_in_both_languages():
    """The log is told in the game's words, in English and French, without secrets."""
    state = GAME.new_game(2, seed=3)
    me = state.current
    events = state.log(1 - me)
    draw = [e for e in events if e["key"] == "draw"][0]
    assert describe(GAME, draw, 1 - me) == f"Player {me + 1} draws 2 cards"
    assert describe(GAME, draw, 1 - me, "fr") == f"Joueur {me + 1} pioche 2 cartes"
    mine = [e for e in state.log(me) if e["key"] == "draw"][0]
    assert describe(GAME, mine, me).startswith("You draw ")
