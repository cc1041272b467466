"""Multi-step decisions as a stack of small frames, driven by the state itself.

A character power, a building's activation or a favour is not one huge combinatorial action but a
sequence of simple decisions (TAG's "extended action sequences"). Each pending decision is a
**frame**: a small immutable value naming who decides (``seat``) and the context it needs, whose
class knows the legal answers (``options``) and what an answer does (``resolve``). Frames wait on
a stack, the last one first; resolving one may push others (a power that asks for a target, then
for a card).

``StackState`` drives the stack: after every move it resolves by itself each frame with a single
possible answer (``forced``; such answers are not moves and are not recorded) and lapses frames
with none, until a decision with a real choice is awaited; with nothing pending it asks the game
to move on (``_advance``: the next phase, turn or round).

A frame class is a frozen slots dataclass: its fields are the context the decision needs; its
class attributes ``name`` (and ``forced``, when it is not the default) are set after the class,
not in its body, where mypyc would take them for fields (mypyc issue #1122)::

    @dataclass(frozen=True, slots=True)
    class Buy(Frame):
        left: int
        price: int

        def options(self, state: CaylusState) -> list[Action]: ...

    Buy.name = "buy"

A worked example is in ``docs/writing-a-game.md``.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from math import floor
from typing import Any, ClassVar

from donjon.engine.action import Action
from donjon.engine.state import State


class Decision:
    """What every frame's class says of its decisions, as class attributes. They are declared
    here, in a class that is not a dataclass, and set on each frame class after its body: in a
    dataclass's body mypyc would make fields of them (mypyc issue #1122)."""

    __slots__ = ()

    #: the decision's name in views and logs
    name: ClassVar[str] = "decision"
    #: a single possible answer resolves by itself, without being a move (False: always ask)
    forced: ClassVar[bool] = True
    #: views name the decision as pending (False: the game shows it otherwise)
    shown: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Frame(Decision):
    """One pending decision of ``seat``. Subclasses add named fields (frozen: frames are shared
    between clones) and set ``name``, the decision's name in views (``"confiscate"``). Each game
    narrows ``state`` to its own state class in its frames' methods (not a type parameter: mypyc
    cannot build a generic dataclass on a base class)."""

    seat: int

    @abstractmethod
    def options(self, state: Any) -> Sequence[Action]:
        """The legal answers, in a stable order."""

    @abstractmethod
    def resolve(self, state: Any, action: Action) -> None:
        """Carry out ``action``, one of ``options(state)``; the frame is already off the stack."""

    def lapse(self, state: Any) -> None:  # noqa: B027 - most decisions lapse silently
        """No answer is possible: the decision lapses (the frame is already off the stack)."""


class StackState(State):
    """A state whose decisions wait on ``stack``; the top frame's seat is to move.

    A frame comes off the stack by ``clear()`` when it is the last one, not by ``pop()``:
    CPython shrinks a list that ``pop`` empties to a one-byte block of the C library's
    allocator, which the next push reallocates, twice a move where most moves leave the stack
    empty; ``clear`` gives the block back to Python's own allocator (compiled, 2–3 % of a random
    game; pure, the same). The loops below, and the games' own where the stack is often left
    empty, write it out, four lines rather than a call: a call would cost the pure game what
    ``clear`` saves."""

    __slots__ = ("stack",)

    stack: list[Frame]

    def to_move(self) -> list[int]:
        stack = self.stack
        return [stack[-1].seat] if stack else []

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        return self.stack[-1].options(self)

    def _apply(self, seat: int, action: Action) -> None:
        options = self._step(seat, action)
        if options:
            self._offer(self.stack[-1].seat, options)

    def _drive(self) -> None:
        """Advance until a decision with a real choice is awaited, and offer its answers (or
        the game ends)."""
        options = self._drive_on()
        if options:
            self._offer(self.stack[-1].seat, options)

    def _step(self, seat: int, action: Action) -> Sequence[Action]:
        """Resolve ``seat``'s ``action`` (the top frame's answer) and drive on to the next
        decision with a real choice; returns its answers, without offering them (the decision
        is on top of the stack), or nothing when the game is over. ``_apply`` offers them; the
        random play draws from them. A game may write its own, the same steps faster."""
        stack = self.stack
        if len(stack) == 1:  # the last frame off by ``clear`` (the class's docstring)
            frame = stack[0]
            stack.clear()
        else:
            frame = stack.pop()
        frame.resolve(self, action)
        return self._drive_on()

    def _drive_on(self) -> Sequence[Action]:
        """Resolve by itself each frame with a single possible answer and lapse those with
        none, asking ``_advance`` for more when nothing is pending, until a decision with a
        real choice is awaited: its answers; nothing when the game is over."""
        stack = self.stack
        while True:
            if stack:
                frame = stack[-1]
                options = frame.options(self)
                if len(options) > 1 or (options and not frame.forced):
                    return options
                if len(stack) == 1:  # the last frame off by ``clear`` (the class's docstring)
                    stack.clear()
                else:
                    stack.pop()
                if options:
                    frame.resolve(self, options[0])
                else:
                    frame.lapse(self)
            elif not self._advance():
                return ()

    def _play_random(self, rng: random.Random, limit: int) -> int:
        """``playout.play_random`` for a state whose top frame's seat is to move: the answers
        ``_step`` returns are drawn from and played on, without what ``apply`` keeps between
        two calls (the cache of legal actions, a tuple in a dict; the search of the action
        among them): a tenth of a random Caylus or Citadels game's instructions. The moves,
        the draws and the state are those of ``apply`` (tests/engine/test_playout.py). A game
        whose ``to_move`` is its own (several seats at once) is played by the engine's loop."""
        stack = self.stack
        if type(self).to_move is not StackState.to_move:
            return -1
        if not stack or limit == 0:
            return 0
        moves = self.moves
        draw = rng.random
        commits = self._commits
        seat = stack[-1].seat
        options = self._answers_now()
        decisions = 0
        count = len(options)
        while True:
            # floor, not int: a call of the int type cost a pure random game 1-2 %; compiled,
            # math.floor is as native as int
            action = options[0] if count == 1 else options[floor(draw() * count)]
            moves.append((seat, action))
            options = self._step(seat, action)
            decisions += 1
            if action.kind in commits:
                self._barrier = len(moves)
            # the answers' count, not their truth: compiled, the truth of any Sequence is a
            # generic call, and the count is needed anyway
            count = len(options)
            if not count:  # the game is over
                return decisions
            seat = stack[-1].seat
            if decisions == limit:  # the decision the play stops at is offered, as by apply
                self._offer(seat, options)
                return decisions

    def _answers_now(self) -> Sequence[Action]:
        """The answers the top frame awaits, as a random play starts from them: those offered
        by ``apply`` (the cache, which the play's first move drops), else the frame's own."""
        cache = self._legal
        options = cache.get(self.stack[-1].seat) if cache is not None else None
        if options is None:
            options = self.stack[-1].options(self)
        self._legal = None
        return options

    @abstractmethod
    def _advance(self) -> bool:
        """Nothing is pending: move the game on (push the next decisions, change phase).
        Returns False when there is nothing more to do (the game is over)."""

    def pending(self) -> Frame | None:
        """The decision awaited now, if any."""
        return self.stack[-1] if self.stack else None
