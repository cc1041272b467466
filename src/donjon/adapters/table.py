"""One game in progress as the research adapters see it: a donjon state with its research
description, each seat's view and information trail cached, copied cheaply and pickled as its
record.

A game reaching its research module's ``max_game_length`` without ending (only games whose rules
allow endless play declare a cap they could reach) is cut there: it is over for the adapters,
a draw worth ``DRAW`` to every seat.

Everything a seat is shown comes from ``view(seat)`` and ``log(seat)``, never from the true
state: the observation string is the view, the information-state string adds the seat's trail
(every event as the seat saw it, and its own moves, in order), the tensor encodes the view.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson

from donjon.engine.action import Action, freeze
from donjon.engine.registry import load
from donjon.engine.research import Research, research
from donjon.engine.state import State


def compact(value: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, non-ASCII as is (equal values give equal
    strings)."""
    try:
        # for strings, integers, flags, None, lists and dicts with string keys (every view
        # and event) orjson writes exactly what the standard module writes, several times
        # faster: OpenSpiel asks for every seat's strings at every step
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
    except TypeError:  # a key that is not a string: orjson would sort it as its text
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


#: the player count an adapter uses when none is given (within the game's range)
DEFAULT_PLAYERS = 4

#: each seat's reward in a game cut at its maximum length: the mean of the rank rewards
DRAW = 0.5


def default_players(game: str) -> int:
    """``DEFAULT_PLAYERS``, or the nearest count the game allows."""
    rules = load(game)
    return min(max(DEFAULT_PLAYERS, rules.min_players), rules.max_players)


def rank_rewards(ranks: tuple[int, ...] | list[int]) -> list[float]:
    """A finished game's reward per seat from its ranks: 1 for first place, 0 for last, evenly
    spaced between, ties sharing their rank's value (the ISMCTS bot's rewards)."""
    n = len(ranks)
    return [(n - r) / (n - 1) for r in ranks]


class Table:
    """A donjon state under a research description (see the module doc)."""

    __slots__ = ("research", "state", "_views", "_arrays", "_strings", "_events_after",
                 "_trails", "_digest", "_digested", "_counts")

    def __init__(self, description: Research, state: State):
        self.research = description
        self.state = state
        self._views: dict[int | None, dict[str, Any]] = {}
        #: each seat's tensor (a read-only float32 numpy array, which the adapters copy into
        #: their buffers: filling one from a list converted each number every time) and string
        #: of its view since the last move: OpenSpiel asks for both twice a step (the
        #: observation's and the information state's), for every seat
        self._arrays: dict[int | None, Any] = {}
        self._strings: dict[int | None, str] = {}
        #: how many events stood after each move (index 0: after the set-up)
        self._events_after = [len(state.events)]
        #: each seat's trail so far, and how many moves it covers
        self._trails: dict[int, tuple[list[str], int]] = {}
        #: the moves' digest so far (``describe``), fed as the moves' JSON list is written, and
        #: how many moves it has read: OpenSpiel prints a state at every step, so a digest
        #: rebuilt from the first move made each step cost the whole history
        self._digest = hashlib.sha1(b"[")
        self._digested = 0
        #: each seat's action counts so far, and how many moves they cover (like the trails)
        self._counts: dict[int, tuple[list[float], int]] = {}

    @classmethod
    def new(cls, name: str, players: int, options: dict[str, Any], seed: int) -> Table:
        description = research(name, players, options)
        state = description.game.new_game(players, seed=seed, **description.options)
        return cls(description, state)

    # -- play -----------------------------------------------------------------------------------

    def movers(self) -> list[int]:
        """The seats to move, ascending."""
        return sorted(self.state.to_move())

    def legal_indices(self, seat: int) -> list[int]:
        return self.research.legal_indices(self.state, seat)

    def apply_index(self, seat: int, number: int) -> None:
        self.apply(seat, self.research.action(self.state, seat, number))

    def apply(self, seat: int, action: Action) -> None:
        self.state.apply(seat, action)
        self._events_after.append(len(self.state.events))
        self._views.clear()
        self._arrays.clear()
        self._strings.clear()

    @property
    def truncated(self) -> bool:
        """Cut at the maximum length without having ended."""
        state = self.state
        return len(state.moves) >= self.research.max_game_length and not state.is_over()

    def is_over(self) -> bool:
        """Ended, or cut at the maximum length."""
        return self.state.is_over() or self.truncated

    def returns(self) -> list[float]:
        """Each seat's reward: 0 until the game is over, then ``rank_rewards`` (``DRAW`` each
        when it was cut)."""
        players = self.state.players
        if self.state.is_over():
            return rank_rewards(self.state.result().ranks)
        return [DRAW] * players if self.truncated else [0.0] * players

    # -- what a seat is shown -----------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def observation(self, seat: int | None) -> list[float]:
        """The tensor of ``seat``'s view, a fresh list of its exact values (the adapters read
        ``observation_array``, kept until the next move)."""
        return self.research.observe(self.view(seat))

    def observation_array(self, seat: int | None) -> Any:
        """The tensor of ``seat``'s view as a read-only numpy float32 array, shared: copy it
        (``buffer[:] = ...``, ``np.array(...)``) before changing it. Needs numpy (the research
        extra), as the adapters that call it do."""
        array = self._arrays.get(seat)
        if array is None:
            import numpy as np  # only the adapters ask for arrays: the engine needs no numpy

            array = self._arrays[seat] = np.array(self.observation(seat), np.float32)
            array.flags.writeable = False
        return array

    def observation_string(self, seat: int | None) -> str:
        text = self._strings.get(seat)
        if text is None:
            text = self._strings[seat] = compact(self.view(seat))
        return text

    def trail(self, seat: int) -> list[str]:
        """What ``seat`` has seen, in order: each event as it saw it (``event {...}``) and its
        own moves (``> kind [args]``); extended as moves are made, never rebuilt."""
        lines, covered = self._trails.get(seat, ([], -1))
        moves = self.state.moves
        if covered == len(moves):
            return lines
        after = self._events_after
        start = 0 if covered < 0 else after[covered]
        events = self.state.log(seat, since=start)
        position = start
        lines = lines.copy()  # copies share their lists until either extends
        if covered < 0:
            lines.extend("event " + compact(e) for e in events[:after[0] - start])
            position = after[0]
            covered = 0
        for number in range(covered, len(moves)):
            mover, action = moves[number]
            if mover == seat:
                lines.append(f"> {action.kind} {compact(action.to_json()['args'])}")
            end = after[number + 1]
            lines.extend("event " + compact(e) for e in events[position - start:end - start])
            position = end
        self._trails[seat] = (lines, len(moves))
        return lines

    def information_string(self, seat: int) -> str:
        """``seat``'s information state: who it is, its view now, and its whole trail."""
        head = f"{self.research.game.name} {self.state.players}p seat {seat}"
        return "\n".join([head, "view " + self.observation_string(seat), *self.trail(seat)])

    def own_action_counts(self, seat: int) -> list[float]:
        """How many times ``seat`` took each action of the space so far (a fresh list)."""
        counted, covered = self._counts.get(seat, (None, 0))
        moves = self.state.moves
        if counted is None or covered < len(moves):
            # a new list: copies of this table share the one counted so far
            values = [0.0] * len(self.research.actions) if counted is None else counted.copy()
            index = self.research.index
            for number in range(covered, len(moves)):
                mover, action = moves[number]
                if mover == seat:
                    values[index(action)] += 1
            self._counts[seat] = (values, len(moves))
            counted = values
        return counted.copy()

    def describe(self) -> str:
        """The whole true state in brief, for debugging and equality checks: game, seed, the
        moves' digest, and the spectator's view."""
        state = self.state
        moves = state.moves
        digest = self._digest
        for number in range(self._digested, len(moves)):
            seat, action = moves[number]
            entry = compact([seat, action.kind, action.to_json()["args"]])
            digest.update((entry if number == 0 else "," + entry).encode())
        self._digested = len(moves)
        ended = digest.copy()
        ended.update(b"]")  # the whole list: ``[[seat, kind, args], ...]``
        digest_text = ended.hexdigest()[:16]
        return (f"{state.game.name} {state.players}p seed {state.seed}, {len(state.moves)} "
                f"moves (digest {digest_text}), to move {state.to_move()}\n"
                + self.observation_string(None))

    # -- copies and pickling ------------------------------------------------------------------

    def copy(self) -> Table:
        other = Table(self.research, self.state.clone())
        # what was derived from the state as it stands holds for its clone until either moves
        # (each clears its own): searches and OpenSpiel's tests observe copies at every step
        other._views = dict(self._views)
        other._arrays = dict(self._arrays)
        other._strings = dict(self._strings)
        other._events_after = self._events_after.copy()
        other._trails = dict(self._trails)
        other._digest = self._digest.copy()
        other._digested = self._digested
        other._counts = dict(self._counts)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its record: game, players, options, seed and moves (identities)."""
        record = self.state.record()
        moves = [[seat, kind, args] for seat, kind, args, _ in record["moves"]]
        return (_restore, (record["game"], record["players"], record["options"],
                           record["seed"], moves))


def _restore(name: str, players: int, options: dict[str, Any], seed: int,
             moves: list[list[Any]]) -> Table:
    table = Table.new(name, players, options, seed)
    for seat, kind, args in moves:
        table.apply(seat, Action(kind, freeze(args)))
    return table
