"""The research contract (``donjon.engine.research``) for every game that has a research module,
at every player count: the action space holds every action the game offers, the tensor fits its
layout, is equal on every determinization of a seat (so it holds nothing hidden from it), and
tells apart any two moments whose views differ (so a constant tensor cannot pass)."""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import re
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import donjon
from donjon.engine import Action, Game
from donjon.engine.research import (
    ActionSpace,
    ActionSpaceError,
    ObservationError,
    Research,
    ResearchError,
    Segment,
    research,
    research_games,
    research_module,
)
from tests.adapters.helpers import CASES, IDS

pytestmark = pytest.mark.research

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def _random_step(state, rng: random.Random) -> None:
    movers = state.to_move()
    seat = movers[rng.randrange(len(movers))]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=2)
@given(seed=SEEDS)
def test_tensor_is_equal_on_determinizations_and_tells_views_apart(name, players, seed):
    description = research(name, players)
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    seen: list[dict[tuple[float, ...], str]] = [{} for _ in range(players)]
    steps = 0
    while True:
        for seat in range(players):
            view = state.view(seat)
            tensor = description.observe(view, check=True)
            assert len(tensor) == description.observation_size
            world = state.determinize(seat, random.Random(rng.random()))
            assert description.observe(world.view(seat)) == tensor, (
                f"seat {seat}'s tensor differs in a determinization at step {steps}"
            )
            text = json.dumps(view, sort_keys=True)
            before = seen[seat].setdefault(tuple(tensor), text)
            assert before == text, (
                f"two different views of seat {seat} give the same tensor (step {steps})"
            )
            mask = description.legal_mask(state, seat)
            assert len(mask) == len(description.actions)
            assert sum(mask) == len(state.legal_actions(seat))
        if state.is_over():
            break
        _random_step(state, rng)
        steps += 1
        assert steps <= description.max_game_length
    assert min(len(s) for s in seen) > 1, "the tensor never changed"


@pytest.mark.parametrize("name", research_games())
def test_every_offered_action_is_in_the_space_over_many_random_games(name):
    """The completeness proof: many random games at every player count, every legal action of
    every seat to move numbered, no game longer than declared."""
    game = donjon.load(name)
    offered: set[Action] = set()
    longest = 0
    for players in range(game.min_players, game.max_players + 1):
        description = research(name, players)
        for seed in range(40):
            state = game.new_game(players, seed=seed)
            rng = random.Random(seed)
            steps = 0
            while not state.is_over():
                for seat in state.to_move():
                    legal = state.legal_actions(seat)
                    numbers = description.legal_indices(state, seat)
                    assert len(set(numbers)) == len(legal)
                    offered.update(legal)
                    for number in numbers[:3]:
                        # numbered by its identity, or by its entry where the game projects
                        # amounts away (Citadels' ``entry``)
                        assert description.index(description.action(state, seat, number)) \
                            == number
                _random_step(state, rng)
                steps += 1
            assert steps <= description.max_game_length
            longest = max(longest, steps)
    space = research(name, game.min_players).actions
    assert len(offered) <= len(space)
    print(f"{name}: {len(offered)} distinct actions offered of {len(space)}; longest game "
          f"{longest} decisions")


def _option_variants() -> list[tuple[str, str, object]]:
    variants = []
    for name in research_games():
        for option in donjon.load(name).options:
            values = option.choices if option.choices is not None else (
                (not option.default,) if isinstance(option.default, bool) else ())
            variants += [(name, option.name, v) for v in values if v != option.default]
    return variants


VARIANTS = _option_variants()


@pytest.mark.parametrize(("name", "option", "value"), VARIANTS,
                         ids=[f"{n}-{o}={v}" for n, o, v in VARIANTS])
def test_every_option_value_keeps_the_declaration(name, option, value):
    game = donjon.load(name)
    played = 0
    for players in range(game.min_players, game.max_players + 1):
        try:
            description = research(name, players, {option: value})
        except ValueError:
            continue  # this value is not allowed at this player count
        for seed in range(3):
            state = game.new_game(players, seed=seed, **{option: value})
            rng = random.Random(seed)
            steps = 0
            while not state.is_over():
                for seat in state.to_move():
                    description.legal_mask(state, seat)
                if steps % 7 == 0:
                    for seat in range(players):
                        description.observe(state.view(seat), check=True)
                _random_step(state, rng)
                steps += 1
            assert steps <= description.max_game_length
            for seat in range(players):
                description.observe(state.view(seat), check=True)
            played += 1
    assert played, f"{option}={value!r} is refused at every player count"


# -- the engine's own checks ----------------------------------------------------------------------


def test_a_legal_action_missing_from_the_space_is_named():
    space = ActionSpace("castle-rooms", [("end", ())])
    with pytest.raises(ActionSpaceError, match=r"'discard dragon' \(discard \['dragon'\]\)"):
        space.index(Action("discard", ("dragon",), "discard dragon"))
    with pytest.raises(ActionSpaceError, match="actions 0 to 0"):
        space.identity(3)
    with pytest.raises(ResearchError, match="twice"):
        ActionSpace("castle-rooms", [("end", ()), ("end", [])])


def test_the_mask_names_a_legal_action_its_space_lacks_and_two_legal_actions_on_one_number():
    """The mask reads the space's own table; a miss is still named as ``index`` names it, and a
    research entry giving two legal actions one number is refused."""
    description = research("castle-rooms", 3)
    state = donjon.load("castle-rooms").new_game(3, seed=1)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    assert len(legal) >= 2
    missing = legal[-1]
    lacking = dataclasses.replace(description, actions=ActionSpace("castle-rooms", [
        identity for identity in description.actions.identities
        if identity != (missing.kind, missing.args)]))
    with pytest.raises(ActionSpaceError, match=re.escape(f"{str(missing)!r} ({missing.kind}")):
        lacking.legal_mask(state, seat)
    first = legal[0]
    merged = dataclasses.replace(description, module=SimpleNamespace(
        **vars(description.module), entry=lambda kind, args: (first.kind, first.args)))
    with pytest.raises(ResearchError, match="both legal now, the same number"):
        merged.legal_mask(state, seat)
    assert sum(description.legal_mask(state, seat)) == len(legal)


class Three(enum.IntEnum):
    THREE = 3


def test_an_encoding_that_breaks_its_layout_is_refused():
    layout = (Segment("a", 2, "two slots"), Segment("b", 1, "one slot", high=3))

    def describe(encoded):
        module = SimpleNamespace(encode=lambda view, players, options: encoded)
        return Research(game=donjon.load("castle-rooms"), players=2, options={},
                        actions=ActionSpace("castle-rooms", []), layout=layout,
                        max_game_length=1, module=module)

    assert describe({"a": [0, 1], "b": [3]}).observe({}, check=True) == [0, 1, 3]
    with pytest.raises(ObservationError, match="segment 'a'.*2 long"):
        describe({"a": [0], "b": [3]}).observe({})
    with pytest.raises(ObservationError, match="outside its bounds"):
        describe({"a": [0, 1], "b": [4]}).observe({}, check=True)
    # a check names the value at fault, whatever it is; flags and subclasses of numbers pass
    for wrong in (float("nan"), float("inf"), -0.5, "1", None, 1j):
        with pytest.raises(ObservationError, match=f"holds {wrong!r}, outside"):
            describe({"a": [0, 1], "b": [wrong]}).observe({}, check=True)
        with pytest.raises(ObservationError, match=f"holds {wrong!r}, outside"):
            describe({"a": [1, wrong], "b": [2]}).observe({}, check=True)
    # an int past a float's range beside floats (the tensor is checked whole)
    with pytest.raises(ObservationError, match="segment 'b' holds 1000"):
        describe({"a": [0.5, 1], "b": [10**400]}).observe({}, check=True)
    assert describe({"a": [True, 0.5], "b": [Three.THREE]}).observe({}, check=True) == [1, 0.5, 3]
    with pytest.raises(ObservationError, match="lacks"):
        describe({"a": [0, 1], "b": [3], "c": [1]}).observe({})


def test_a_game_without_research_module_says_so():
    bare = Game(name="bare", title="Bare", min_players=2, max_players=2, version="1",
                state_class=donjon.load("castle-rooms").state_class, package="")
    assert research_module(bare) is None
    with pytest.raises(ValueError, match="no game"):
        research("no-such-game", 2)
    for name in donjon.games():
        if name not in research_games():
            with pytest.raises(ResearchError, match="no research module"):
                research(name, donjon.load(name).min_players)


def test_options_are_validated_like_a_table():
    with pytest.raises(ValueError, match="choose one of"):
        research("castle-rooms", 2, {"hand_limit": "sometimes"})
    with pytest.raises(ValueError, match="2–4 players"):
        research("castle-rooms", 9)
    short = research("castle-rooms", 2, {"win_rooms": 4})
    assert short.options["win_rooms"] == 4 and short is research("castle-rooms", 2,
                                                                  {"win_rooms": 4})
