"""Castle Rooms options (rules reference §5): each value of each option changes play as its
name says. The defaults are tested with the rules themselves (test_rules.py)."""

from __future__ import annotations

import json
import random

from donjon.engine import NOBODY, Action
from donjon.engine.text import LANGUAGES, describe
from donjon.games.castle_rooms.messages import MESSAGES
from donjon.games.castle_rooms.state import CastleRoomsState, OpenHandsState
from tests.castle_rooms.helpers import CARDS, DOWN, GAME, UP, rooms, scenario, texts


def news(state, card, seat=0):
    return [t for t in texts(state, seat) if t.startswith("new") and t.endswith(f" {card}")]


# -- action identity ---------------------------------------------------------------------------


def test_new_row_names_its_orientation_by_id_and_keeps_its_text():
    """§5 B1/B2: a new row's orientation is an id in the action, the text is unchanged."""
    state = scenario(hands=[["L-M"], []])
    new = [a for a in state.legal_actions(0) if a.kind == "new"]
    assert {a.args for a in new} == {("L-M", "helmet-up"), ("L-M", "swords-up")}
    action = next(a for a in new if a.args[1] == "swords-up")
    assert action.text == "new swords-up row with L-M"
    back = Action.from_json(json.loads(json.dumps(action.to_json())))
    state.apply(0, back)
    assert state.view(0)["rows"][0][0]["orientation"] == "swords-up"


def test_plays_in_a_turn_may_be_taken_back_but_ending_it_may_not():
    """Undo (Board Game Arena's rule): cards played this turn come back; the turn's end, which
    passes the turn and makes the next player draw, is final."""
    state = GAME.new_game(2, seed=3)
    me = state.current
    before = state.clone()
    state.apply(me, next(a for a in state.legal_actions(me) if a.kind == "new"))
    assert state.can_undo(me) and not state.can_undo(1 - me)
    state.undo(me)
    assert state == before
    while "end turn" not in texts(state, me):
        state.apply(me, next(a for a in state.legal_actions(me) if a.kind == "new"))
    state.apply(me, "end turn")
    assert not state.can_undo(me) and not state.can_undo(1 - me)


# -- §5 B1, B2: orientations -----------------------------------------------------------------


def test_s5_b1_first_row_helmet_up_fixes_it():
    """§5 B1 option first_row=helmet-up: the first row can only face helmet up."""
    state = scenario(hands=[["L-M"], []], first_row="helmet-up")
    assert news(state, "L-M") == ["new helmet-up row with L-M"]


def test_s5_b2_opposite_to_the_row_last_built_on():
    """§5 B2 option row_orientation=opposite-last-built: a new row faces opposite to the row the
    player last added a room to, not to the row started last."""
    rows = [[(UP, False, ["L-M"]), (DOWN, False, ["M-M"])], []]
    hands = [["M-H", "L-L", "H-H"], []]
    newest = scenario(hands=hands, rows=rows)
    newest.apply(0, "play M-H on row 1")
    assert news(newest, "L-L") == ["new helmet-up row with L-L"]  # opposite to row 2
    built = scenario(hands=hands, rows=rows, row_orientation="opposite-last-built")
    built.apply(0, "play M-H on row 1")
    assert news(built, "L-L") == ["new swords-up row with L-L"]  # opposite to row 1
    built.apply(0, "new swords-up row with L-L")
    assert news(built, "H-H") == ["new helmet-up row with H-H"]  # opposite to row 3


def test_s5_b2_free_orientation_for_every_new_row():
    """§5 B2 option row_orientation=free: every new row may face either way."""
    rows = [[(UP, False, ["L-M"])], []]
    assert news(scenario(hands=[["H-H"], []], rows=rows), "H-H") == [
        "new swords-up row with H-H"
    ]
    free = scenario(hands=[["H-H"], []], rows=rows, row_orientation="free")
    assert news(free, "H-H") == ["new helmet-up row with H-H", "new swords-up row with H-H"]


# -- §5 B3, B4: where rooms go ---------------------------------------------------------------


def test_s5_b3_only_the_newest_row_grows():
    """§5 B3 option open_rows=newest: once a new row is started, older rows are closed."""
    rows = [[(UP, False, ["L-M"]), (DOWN, False, ["M-M"])], []]
    state = scenario(hands=[["M-M"], []], rows=rows, open_rows="newest")
    plays = [t for t in texts(state) if t.startswith("play")]
    assert plays == ["play M-M on row 2"]


def test_s5_b4_new_row_only_for_a_room_that_fits_nowhere():
    """§5 B4 option new_row=when-stuck: a room that fits a row may not start a new one."""
    rows = [[(UP, False, ["L-M"])], []]
    hands = [["M-M", "H-H"], []]
    assert news(scenario(hands=hands, rows=rows), "M-M") == ["new swords-up row with M-M"]
    stuck = scenario(hands=hands, rows=rows, new_row="when-stuck")
    assert news(stuck, "M-M") == [] and "play M-M on row 1" in texts(stuck)
    assert news(stuck, "H-H") == ["new swords-up row with H-H"]
    # a blocked row takes nothing, so a room that would fit it may start a row
    blocked = scenario(hands=hands, rows=[[(UP, True, ["L-M"])], []], new_row="when-stuck")
    assert news(blocked, "M-M") == ["new swords-up row with M-M"]


# -- §5 B7, B8, B14: Dragons and Knights ------------------------------------------------------


def test_s5_b7_dragons_stack_and_each_needs_a_knight():
    """§5 B7 option dragons=stacking: a blocked row takes more Dragons; one Knight removes one
    (B8), so the row stays blocked until the last is gone."""
    rows = [[], [(UP, True, ["L-M"])]]
    one = scenario(hands=[["dragon"], []], rows=rows)
    assert not any(t.startswith("dragon on") for t in texts(one))
    state = scenario(hands=[["dragon"], ["knight", "knight", "M-M"]], rows=rows,
                     dragons="stacking")
    state.apply(0, "dragon on seat 1 row 1")
    assert state.view(None)["rows"][1][0]["dragons"] == 2
    state.current = 1
    state.changed()
    state.apply(1, "knight on row 1")
    assert "play M-M on row 1" not in texts(state, 1)
    state.apply(1, "knight on row 1")
    assert "play M-M on row 1" in texts(state, 1)
    assert sorted(state.discard) == [CARDS.dragon] * 2 + [CARDS.knight] * 2


def test_s5_b8_a_knight_may_guard_a_free_row():
    """§5 B8 option knight=guard: a Knight may wait on a free row of yours; the next Dragon set
    there is driven off at once, and both cards are discarded."""
    rows = [[(UP, False, ["L-M"])], []]
    rescue = scenario(hands=[["knight", "M-M"], []], rows=rows)
    assert not any(t.startswith("knight") for t in texts(rescue))
    state = scenario(hands=[["knight", "knight", "M-M"], ["dragon"]], rows=rows, knight="guard")
    state.apply(0, "knight guards row 1")
    assert state.view(1)["rows"][0][0]["guard"] is True
    assert "knight guards row 1" not in texts(state)  # one Knight guards a row
    state.apply(0, "end turn")
    state.apply(1, "dragon on seat 0 row 1")
    row = state.view(None)["rows"][0][0]
    assert row["dragon"] is False and row["guard"] is False
    assert sorted(state.discard) == sorted([CARDS.dragon, CARDS.knight])
    assert state.log(None)[-1]["key"] == "dragon_driven_off"


def test_s5_b14_a_row_one_room_short_of_winning_may_be_safe():
    """§5 B14 option dragon_near_win=forbidden: a Dragon may not block a row one room short of
    winning (a shorter row still may)."""
    rows = [[], [(UP, False, ["M-M"] * 9), (DOWN, False, ["M-M"] * 8)]]
    assert "dragon on seat 1 row 1" in texts(scenario(hands=[["dragon"], []], rows=rows))
    safe = scenario(hands=[["dragon"], []], rows=rows, dragon_near_win="forbidden")
    assert [t for t in texts(safe) if t.startswith("dragon on")] == ["dragon on seat 1 row 2"]
    short = scenario(hands=[["dragon"], []], rows=[[], [(UP, False, ["M-M"] * 4)]],
                     dragon_near_win="forbidden", win_rooms=5)
    assert not any(t.startswith("dragon on") for t in texts(short))


# -- §5 B9, B10, B11: the end ------------------------------------------------------------------


def test_s5_b9_blocked_rows_may_count_for_nothing():
    """§5 B9 option blocked_rows=ignored: a row under a Dragon is left out of the comparison."""
    rows = [[(UP, True, ["M-M"] * 5)], [(UP, False, ["M-M"] * 4)]]
    state = scenario(rows=rows, deck=[], blocked_rows="ignored")
    state.final_turns = 1
    state.apply(0, "end turn")
    result = state.result()
    assert result.ranks == (2, 1) and result.scores == (0, 4)


def test_s5_b10_a_full_row_wins_at_the_end_of_the_turn():
    """§5 B10 option win_timing=end-of-turn: the player finishes the turn (hand limit
    included), then wins."""
    state = scenario(hands=[["M-M", "M-M", "dragon", "L-L"], []],
                     rows=[[(UP, False, ["M-M"] * 9)], [(UP, False, ["L-L"])]],
                     win_timing="end-of-turn")
    state.apply(0, "play M-M on row 1")
    assert not state.is_over() and state.to_move() == [0]
    assert "end turn" not in texts(state)  # still three cards: the hand limit holds
    state.apply(0, "dragon on seat 1 row 1")
    state.apply(0, "end turn")
    assert state.is_over() and state.result().ranks == (1, 2)
    assert state.result().details["ended_by"] == "ten rooms"
    keys = [e["key"] for e in state.log(None)]
    assert "row_complete" in keys and keys[-2:] == ["end_turn", "win"]


def test_s5_b11_the_game_may_end_as_the_last_card_is_drawn():
    """§5 B11 option deck_out=at-once: drawing the last card ends the game; the drawer does not
    play."""
    state = scenario(hands=[[], ["L-L"]], deck=["M-M"], deck_out="at-once")
    state.apply(0, "end turn")
    assert state.is_over() and len(state.hands[1]) == 2 and state.rows[1] == []
    assert state.result().details["ended_by"] == "deck exhausted"


def test_s5_b11_every_other_player_may_play_one_last_turn():
    """§5 B11 option deck_out=last-turn-each: after the drawer's turn, every other player plays
    one last turn without drawing."""
    default = scenario(players=3, hands=[[], [], ["L-L"]], deck=["M-M"])
    default.apply(0, "end turn")  # seat 1 draws the last card
    default.apply(1, "end turn")
    assert default.is_over()
    state = scenario(players=3, hands=[["H-H"], [], ["L-L"]], deck=["M-M"],
                     deck_out="last-turn-each")
    state.apply(0, "end turn")  # seat 1 draws the last card
    assert state.view(None)["final_turns"] == 3
    state.apply(1, "end turn")
    assert not state.is_over() and state.current == 2 and len(state.hands[2]) == 1
    assert state.log(None)[-1]["key"] == "no_draw"
    state.apply(2, "new helmet-up row with L-L")
    state.apply(2, "end turn")
    state.apply(0, "new swords-up row with H-H")  # seat 0 too, before seat 1 again
    state.apply(0, "end turn")
    assert state.is_over() and rooms(state, 2) == [1] and rooms(state, 0) == [1]


def test_s5_b11_the_pile_always_runs_out_at_the_end_of_a_round():
    """§2/§4/§5 B11: each turn draws 2 and 56, 54, 56 cards remain after the deal at 2, 3, 4
    players (14, 9, 7 rounds), so the last card falls to the last player of a round: "the round
    is completed" would change nothing and is not an option."""
    for players in (2, 3, 4):
        for seed in range(5):
            state = GAME.new_game(players, seed=seed)
            first = state.current
            assert (len(state.deck) + 2) % (2 * players) == 0  # the first player drew 2
            rng = random.Random(seed)
            while state.view(None)["final_turns"] is None:
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
                if state.is_over():
                    break
            if not state.is_over():
                assert state.current == (first - 1) % players


# -- §5 B12, B13: set-up and what is seen ------------------------------------------------------


def test_s5_b12_the_tables_first_seat_may_begin():
    """§5 B12 option first_player=first-seat: the first seat always begins."""
    assert {GAME.new_game(4, seed=s, first_player="first-seat").current for s in range(20)} == {0}


def test_s5_b13_open_hands_are_seen_by_everyone():
    """§5 B13 option hands=open: every hand is shown in views and logs, and determinizations
    resample only the draw pile."""
    state = GAME.new_game(3, seed=5, hands="open")
    assert isinstance(state, OpenHandsState)
    assert [z.seen_by for z in type(state).ZONES] == [NOBODY]
    me = state.current
    other = (me + 1) % 3
    mine = [CARDS.names[t] for t in state.hands[me]]
    assert state.view(other)["hands"][me] == mine and state.view(None)["hands"][me] == mine
    draw = [e for e in state.log(other) if e["key"] == "draw"][0]
    assert draw["args"]["cards"] == mine[2:]
    world = state.determinize(other, random.Random(1))
    assert world.hands == state.hands and world.view(None) == state.view(None)
    assert sorted(world.deck) == sorted(state.deck)
    hidden = GAME.new_game(3, seed=5)
    assert type(hidden) is CastleRoomsState and hidden.view(other)["hands"][me] == 4


# -- log sentences -------------------------------------------------------------------------------


def _variants():
    for option in GAME.options:
        for value in option.choices or ():
            if value != option.default:
                yield {option.name: value}


#: option sets whose random games meet the rarer events (a row completed before the turn ends,
#: a last turn without drawing)
RARE = [
    {"win_timing": "end-of-turn", "win_rooms": 3},
    {"deck_out": "last-turn-each"},
]


def test_every_event_reads_in_every_language_without_seat_numbers():
    """Every event has a sentence in every language (strict under test), and no sentence
    speaks of seats: players are named."""
    seen = set()
    games = []
    for options in [{}, *_variants(), *RARE]:
        for players in (2, 3, 4):
            for seed in range(2):
                state = GAME.new_game(players, seed=seed, **options)
                rng = random.Random(seed)
                while not state.is_over():
                    seat = state.to_move()[0]
                    legal = state.legal_actions(seat)
                    state.apply(seat, legal[rng.randrange(len(legal))])
                games.append(state)
    # a pile of an odd size (no deck of ours has one) ends with a single card drawn
    last = scenario(hands=[[], []], deck=["M-M"])
    last.apply(0, "end turn")
    games.append(last)
    for state in games:
        for reader in [*range(state.players), None]:
            for event in state.log(reader):
                seen.add(event["key"])
                for lang in LANGUAGES:
                    sentence = describe(GAME, event, reader, lang).lower()
                    assert "seat" not in sentence and "siège" not in sentence
    assert seen == {key.partition(":")[0] for key in MESSAGES["en"] if key != "_names"}
