"""Every donjon game with a research module as a PettingZoo AEC environment.

>>> from donjon.adapters.pettingzoo import env
>>> table = env("citadels", players=5)
>>> table.reset(seed=1)
>>> for agent in table.agent_iter():
...     observation, reward, terminated, truncated, info = table.last()
...     action = None if terminated or truncated else table.action_space(agent).sample(
...         observation["action_mask"])
...     table.step(action)

Agents are ``player_0`` … ``player_<n-1>`` (the seats). Each observation is a dict:
``observation``, the research tensor of the agent's view (float32, within the layout's bounds),
and ``action_mask``, 1 for each legal action of the research action space (int8; all zeros
unless the agent is the one to act). Rewards come at the end (``rank_rewards``: 1 for first
place, 0 for last); a game cut at its maximum length, which only games that could go on forever
declare, is truncated, a draw (``DRAW`` each). Several seats to move at once (Die Glücksritter's
secret choices) act one after the other, lowest seat first; none sees another's secret choice
before the game reveals it, since every observation comes from the agent's own view.
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]  # PettingZoo ships no types
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as error:  # pragma: no cover - depends on the environment
    from donjon.adapters import EXTRA_HINT

    raise ImportError(f"donjon.adapters.pettingzoo needs PettingZoo: {EXTRA_HINT}") from error

from donjon.adapters.table import Table, compact, default_players
from donjon.engine.research import research


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class DonjonEnv(AECEnv):
    """One donjon game as an AEC environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"], "name": "donjon", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any):
        super().__init__()
        players = players if players is not None else default_players(game)
        self.research = research(game, players, options)
        self.metadata = {**self.metadata, "name": f"donjon_{game.replace('-', '_')}"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(players)]
        low, high = self.research.bounds()
        size = len(self.research.actions)
        observation_space = spaces.Dict({
            "observation": spaces.Box(np.array(low, np.float32), np.array(high, np.float32),
                                      dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
        })
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.table: Table | None = None

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` makes it (and the seeds of the resets after it) reproducible;
        ``options`` are ignored: game options are given to the constructor."""
        if seed is not None:
            self._seeds = random.Random(seed)
        description = self.research
        self.table = Table.new(description.game.name, description.players,
                               dict(description.options), self._seeds.getrandbits(63))
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.table.movers()[0])

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("call reset() before using the environment")
        return self.table

    def observe(self, agent: str) -> dict[str, Any]:
        table = self._table()
        seat = self.possible_agents.index(agent)
        mask = np.zeros(len(self.research.actions), np.int8)
        if agent == self.agent_selection and not table.is_over():
            mask[table.legal_indices(seat)] = 1
        return {"observation": np.array(table.observation_array(seat)),
                "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table()
        self._cumulative_rewards[agent] = 0.0
        table.apply_index(self.possible_agents.index(agent), int(action))
        if table.is_over():
            for a, reward in zip(self.agents, table.returns(), strict=True):
                self.rewards[a] = reward
            if table.truncated:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._clear_rewards()
            self.agent_selection = agent_name(table.movers()[0])
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The spectator's view as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.table is None:
            return None
        return compact(self.table.view(None))

    def close(self) -> None:
        pass


def raw_env(game: str, players: int | None = None, render_mode: str | None = None,
            **options: Any) -> DonjonEnv:
    """The environment without PettingZoo's checking wrappers."""
    return DonjonEnv(game, players, render_mode, **options)


def env(game: str, players: int | None = None, render_mode: str | None = None,
        **options: Any) -> Any:
    """The environment of ``game`` at ``players`` (4 by default, within the game's range)
    with game ``options``, wrapped in PettingZoo's order and bounds checks."""
    inner = raw_env(game, players, render_mode, **options)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(inner))
