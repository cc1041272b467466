"""Every donjon game with a research module as an OpenSpiel Python game.

>>> import pyspiel
>>> import donjon.adapters.openspiel  # registers donjon_castle_rooms, donjon_citadels, ...
>>> game = pyspiel.load_game("donjon_citadels", {"players": 5})

Parameters: ``players`` (4 by default, within the game's range) and every game option whose
value is a number, a string or a flag, under its own name. Actions are the numbers of the game's
research action space; observation and information-state tensors and strings are derived from
``view(seat)`` and ``log(seat)`` only (see ``donjon.adapters.table``). Rewards come at the end
(``rank_rewards``: 1 for first place, 0 for last; a game cut at its maximum length, which only
games that could go on forever declare, is a draw, ``DRAW`` each).

Chance. A donjon game draws every chance outcome from its own generator, seeded once: the seed
decides the whole game's luck given the moves. So a new state starts with ``SEED_DRAWS`` explicit
chance nodes, each drawing one byte of the seed uniformly; after them every transition is a
deterministic function of the history, exactly as in a donjon record. The chance mode is
therefore EXPLICIT_STOCHASTIC, not SAMPLED_STOCHASTIC: OpenSpiel's Python games cannot serialise a
sampled-stochastic game (``Game::Serialize`` asks such a game for its generator's state, which a
Python game cannot provide: ``GetRNGState unimplemented``), and the explicit seed is an exact
model besides. Serialising a state pickles its donjon record.

Simultaneous moves. A game whose research module sets ``SIMULTANEOUS = True`` (Die
Glücksritter's secret choices) is registered with simultaneous dynamics: whenever several seats
are to move at once, the state is a simultaneous node and their choices are applied together, in
seat order. Other games are sequential; should several seats be to move, the lowest goes first
and nobody sees another's choice before the game reveals it (views hide it).

The information-state tensor is the observation tensor followed by how many times the seat has
taken each action: it is not of perfect recall (the information-state string is).
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type stubs
except ImportError as error:  # pragma: no cover - depends on the environment
    from donjon.adapters import EXTRA_HINT

    raise ImportError(f"donjon.adapters.openspiel needs OpenSpiel and numpy: {EXTRA_HINT}") from error

import donjon
from donjon.adapters.table import Table, compact, default_players
from donjon.bots import Bot, decide, make_bot
from donjon.engine.research import Research, research, research_games, research_module

#: chance nodes at the start of a game, each drawing one byte of the seed
SEED_DRAWS = 4
SEED_OUTCOMES = 256
_PARAMETER_TYPES = (bool, int, float, str)


def short_name(game: str) -> str:
    """OpenSpiel's name for a donjon game: ``castle-rooms`` → ``donjon_castle_rooms``."""
    return "donjon_" + game.replace("-", "_")


def _parameters(game: str) -> dict[str, Any]:
    """The parameter specification: players, and each option OpenSpiel can carry."""
    spec: dict[str, Any] = {"players": default_players(game)}
    for option in donjon.load(game).options:
        if type(option.default) in _PARAMETER_TYPES:
            spec[option.name] = option.default
    return spec


def _simultaneous(game: str) -> bool:
    module = research_module(donjon.load(game))
    return bool(getattr(module, "SIMULTANEOUS", False))


def game_type(game: str) -> Any:
    rules = donjon.load(game)
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"donjon {rules.title}",
        dynamics=dynamics.SIMULTANEOUS if _simultaneous(game) else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(game),
    )


class DonjonGame(pyspiel.Game):
    """One donjon game at a player count and options, as OpenSpiel sees it."""

    donjon_name = ""

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        name = self.donjon_name
        players = params.get("players", default_players(name))
        options = {k: v for k, v in params.items() if k != "players"}
        self.research: Research = research(name, players, options)
        super().__init__(
            game_type(name),
            pyspiel.GameInfo(
                num_distinct_actions=len(self.research.actions),
                max_chance_outcomes=SEED_OUTCOMES,
                num_players=players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=self.research.max_game_length,
            ),
            params,
        )

    def new_initial_state(self) -> DonjonState:
        return DonjonState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> DonjonObserver:
        return DonjonObserver(self.research, iig_obs_type, params)


class DonjonState(pyspiel.State):
    """A donjon game in progress: seed bytes drawn so far, then the table."""

    def __init__(self, game: DonjonGame):
        super().__init__(game)
        # Only these two attributes: OpenSpiel deep-copies and pickles the state's __dict__.
        self._seed_bytes: list[int] = []
        self._table: Table | None = None

    @property
    def table(self) -> Table:
        if self._table is None:
            raise ValueError("the seed is still being drawn: no game yet")
        return self._table

    def current_player(self) -> int:
        if self._table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._table.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        movers = self._table.movers()
        if len(movers) > 1 and self.get_game().get_type().dynamics == (
            pyspiel.GameType.Dynamics.SIMULTANEOUS
        ):
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return movers[0]

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal_indices(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / SEED_OUTCOMES
        return [(i, p) for i in range(SEED_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self._table is None:
            self._seed_bytes.append(int(action))
            if len(self._seed_bytes) == SEED_DRAWS:
                game: DonjonGame = self.get_game()
                research_ = game.research
                seed = int.from_bytes(bytes(self._seed_bytes), "big")
                self._table = Table.new(research_.game.name, research_.players,
                                        dict(research_.options), seed)
            return
        self._table.apply_index(self._table.movers()[0], int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        table = self.table
        for seat in table.movers():
            table.apply_index(seat, int(actions[seat]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        game: DonjonGame = self.get_game()
        kind, args = game.research.actions.identity(int(action))
        return f"{kind} {compact(list(args))}"

    def is_terminal(self) -> bool:
        return self._table is not None and self._table.is_over()

    def returns(self) -> list[float]:
        if self._table is None:
            return [0.0] * self.num_players()
        return self._table.returns()

    def __str__(self) -> str:
        if self._table is None:
            return f"seed bytes drawn: {self._seed_bytes}"
        return self._table.describe()


class DonjonObserver:
    """Tensors and strings of a seat (or, for public observations, of a spectator): the
    default observation is the seat's view; ``perfect_recall`` adds its trail (strings) and its
    action counts (tensors)."""

    def __init__(self, description: Research, iig_obs_type: Any, params: dict[str, Any] | None):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        private = kind.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("donjon observes one seat at a time, never every seat's secrets")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.recall = bool(kind.perfect_recall) and not self.public
        self.research = description
        size = description.observation_size
        total = size + (len(description.actions) if self.recall else 0)
        self.tensor = np.zeros(total, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if self.recall:
            self.dict["actions_taken"] = self.tensor[size:]

    def set_from(self, state: DonjonState, player: int) -> None:
        table = state._table
        if table is None:
            self.tensor.fill(0)
            return
        seat = None if self.public else player
        self.dict["observation"][:] = table.observation_array(seat)
        if self.recall:
            self.dict["actions_taken"][:] = table.own_action_counts(player)

    def string_from(self, state: DonjonState, player: int) -> str:
        table = state._table
        if table is None:
            return f"seat {player}: the seed is being drawn ({len(state._seed_bytes)} bytes)"
        if self.public:
            return table.observation_string(None)
        if self.recall:
            return table.information_string(player)
        return table.observation_string(player)


class DonjonBot(pyspiel.Bot):
    """A donjon bot (``heuristic``, ``ismcts:ms=200``...) as an OpenSpiel bot: it is shown only
    a determinization of what its seat may know, like every donjon bot."""

    def __init__(self, game: DonjonGame, player_id: int, bot: str = "heuristic", seed: int = 0):
        pyspiel.Bot.__init__(self)
        self._player_id = player_id
        self._research = game.research
        self._bot: Bot = make_bot(game.research.game, bot, seed=seed)
        self._rng = random.Random(seed)

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: DonjonState) -> None:
        pass

    def inform_action(self, state: DonjonState, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False

    def step(self, state: DonjonState) -> int:
        table = state.table
        action = decide(self._bot, table.state, self._player_id, self._rng)
        return self._research.index(action)


def register() -> list[str]:
    """Register every donjon game that has a research module (again: nothing happens);
    returns their OpenSpiel names."""
    names = []
    known = set(pyspiel.registered_names())
    for game in research_games():
        name = short_name(game)
        names.append(name)
        if name not in known:
            factory = type(f"DonjonGame_{game.replace('-', '_')}", (DonjonGame,),
                           {"donjon_name": game})
            pyspiel.register_game(game_type(game), factory)
    return names


GAMES = register()
