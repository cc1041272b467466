"""The two kinds of frame the round's resolution stacks (``donjon.engine.decisions``).

A **decision** waits for its seat: ``options`` lists the answers, ``resolve`` carries one out.
A **step** is an automatic part of the round (reveal the action cards, resolve field 3, roll the
duel): nobody answers it, so its ``options`` are empty and the driver carries it out through
``lapse`` (a decision nobody can take lapses; a step, when it lapses, is done). The round's resolution is then one stack: a step may push the
decisions and steps it leads to, and the state's driver works through them in order.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from donjon.engine import Action, Frame

if TYPE_CHECKING:
    from donjon.games.gluecksritter.state import GluecksritterState

#: The round's phases: the simultaneous secret choice, then the resolution driven by the stack.
CHOICE: Final = 0
RESOLUTION: Final = 1

NO_ACTIONS: Final[tuple[Action, ...]] = ()


@dataclass(frozen=True, slots=True)
class Decision(Frame):
    """A decision of ``seat`` in the resolution of a round."""

    def details(self) -> dict[str, Any] | None:
        """What the views tell about this decision besides its name and seat (None: the views
        show the decision under it instead)."""
        return {}


@dataclass(frozen=True, slots=True)
class Step(Frame):
    """An automatic step of the round; its ``seat`` is the one it belongs to, or -1. Nobody
    answers it: ``lapse`` carries it out (once it is off the stack)."""

    def options(self, state: GluecksritterState) -> Sequence[Action]:
        return NO_ACTIONS

    def resolve(self, state: GluecksritterState, action: Action) -> None:
        raise AssertionError(f"the step {self!r} takes no answer")

    @abstractmethod
    def lapse(self, state: GluecksritterState) -> None:
        """Carry the step out."""
