"""Castle Rooms' planner, the policy its search plays for its own seat (``policy``)."""

from __future__ import annotations

import itertools
import random

import pytest

import donjon
from donjon.bots import decide, make_bot
from donjon.bots.ismcts import ISMCTSBot
from donjon.games.castle_rooms.bots import HeuristicBot, PlannerBot
from donjon.games.castle_rooms.cards import compile_deck
from donjon.games.castle_rooms.state import CastleRoomsState

GAME = donjon.load("castle-rooms")
CARDS = compile_deck("proposed")
T = {name: t for t, name in enumerate(CARDS.names)}


def _state(hand: list[str], rows: list[tuple[int, list[str]]]) -> CastleRoomsState:
    """Seat 0 to play with ``hand``, its rows ``(orientation, rooms)``; seat 1 has none."""
    state = GAME.new_game(2, seed=1)
    assert isinstance(state, CastleRoomsState)
    state.current = 0
    state.hands = [[T[c] for c in hand], []]
    laid = []
    for orientation, rooms in rows:
        exit_ = CARDS.effective[orientation][T[rooms[-1]]][1]
        laid.append([orientation, 0, 0, exit_, *(T[r] for r in rooms)])
    state.rows = [laid, []]
    state.last_built = [len(laid) - 1, -1]
    state.deck = [T["M-M"]] * 20
    state.final_turns = -1
    state.changed()
    return state


def test_the_planner_plays_first_the_room_after_which_the_hand_follows():
    # a helmet-up row leaving low: L-M and L-H both fit; only after L-H does H-L follow
    state = _state(["L-M", "L-H", "H-L"], [(0, ["M-L"])])
    assert PlannerBot(GAME, seed=1).choose(state, 0).text == "play L-H on row 1"


def test_forced_to_start_a_row_the_planner_starts_it_where_the_hand_follows():
    # nothing fits the helmet-up row leaving high; the new row faces swords up, where a room
    # turned over enters at its exit's mirror: only after M-M (leaving mid) do two rooms follow
    # (L-M, mid to high, then L-L, high to high)
    state = _state(["L-L", "M-M", "L-H", "L-M"], [(0, ["M-H"])])
    assert {a.kind for a in state.legal_actions(0)} == {"new"}
    picks = {HeuristicBot(GAME, seed=seed).choose(state, 0).args[0] for seed in range(20)}
    assert len(picks) > 1  # the heuristic starts it with any
    for seed in range(20):
        assert PlannerBot(GAME, seed=seed).choose(state, 0).text == "new swords-up row with M-M"


def test_the_planner_keeps_a_room_that_fits_only_a_shorter_row():
    # row 1 (three rooms) leaves high, row 2 (one room, swords up) leaves mid: M-M fits only
    # row 2; with two cards in hand the turn may end, and the planner keeps the room
    state = _state(["M-M", "H-L"], [(0, ["M-H", "H-H", "H-H"]), (1, ["M-M"])])
    assert HeuristicBot(GAME, seed=1).choose(state, 0).text == "play H-L on row 1"
    state.apply(0, _action(state, "play H-L on row 1"))
    assert HeuristicBot(GAME, seed=1).choose(state, 0).text == "play M-M on row 2"
    assert PlannerBot(GAME, seed=1).choose(state, 0).text == "end turn"
    # but not on its last turn: two players, and the other draws the last two cards
    last = state.clone()
    last.deck = last.deck[:2]
    last.changed()
    assert PlannerBot(GAME, seed=1).choose(last, 0).text == "play M-M on row 2"
    # with more than two cards it must shed one, and playing it there is the cheapest way
    state.hands[0] += [T["dragon"], T["knight"]]
    state.changed()
    assert PlannerBot(GAME, seed=1).choose(state, 0).kind != "end"


def _action(state: CastleRoomsState, text: str):
    return next(a for a in state.legal_actions(0) if a.text == text)


def test_the_planner_finishes_ahead_of_the_heuristic_more_often_than_not():
    perms = list(itertools.permutations(range(3)))
    ahead = 0.0
    games = 600
    for g in range(games):
        seed, perm = 900 + g // 6, perms[g % 6]
        state = GAME.new_game(3, seed=seed)
        entrants = [make_bot(GAME, "random", seed=seed), HeuristicBot(GAME, seed=seed + 1),
                    PlannerBot(GAME, seed=seed + 2)]
        bots = [entrants[perm[i]] for i in range(3)]
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, decide(bots[seat], state, seat, rng))
        ranks = state.result().ranks
        mine, theirs = ranks[perm.index(2)], ranks[perm.index(1)]
        ahead += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    assert ahead / games > 0.55


def test_the_search_plays_its_own_seat_with_the_named_policy():
    bot = make_bot(GAME, "ismcts:iterations=10,policy=heuristic", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.profile.policy == "heuristic"
    assert bot.name == "ismcts:iterations=10,policy=heuristic"
    hard = make_bot(GAME, "hard", seed=1)
    assert isinstance(hard, ISMCTSBot) and hard.profile.policy == "planner"
    state = GAME.new_game(3, seed=2)
    seat = state.to_move()[0]
    policies = hard._rollout_bots(state, seat)
    assert isinstance(policies[seat], PlannerBot)
    assert all(type(p) is HeuristicBot for s, p in enumerate(policies) if s != seat)
    with pytest.raises(ValueError, match="policy=genius is not one of castle-rooms's"):
        make_bot(GAME, "ismcts:policy=genius")
    with pytest.raises(ValueError, match="policy=planner is not one of caylus's"):
        make_bot(donjon.load("caylus"), "ismcts:policy=planner")
