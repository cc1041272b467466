"""The kind of frame every Citadels decision is (``donjon.engine.decisions``).

Everything a seat decides waits on the state's stack as a frame: the draft choice, the turn's
menu, and the decisions abilities and payments lead to (a blank warrant, a bribe, a card to
give...). Each frame class sits with the rules it belongs to; its ``name`` is what views show as
``pending`` (the draft and the turn menu are shown otherwise, so they are not ``shown``).

No Citadels decision resolves by itself: even a single possible answer is a move, as in the
records of the first release (``forced`` is off).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from donjon.engine import Action, Frame

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


@dataclass(frozen=True, slots=True)
class Decision(Frame):
    """A decision of ``seat``; views name it as ``pending`` when ``shown``."""

    @abstractmethod
    def options(self, state: CitadelsState) -> Sequence[Action]:
        """The legal answers, in a stable order."""

    @abstractmethod
    def resolve(self, state: CitadelsState, action: Action) -> None:
        """Carry out ``action``, one of ``options(state)``; the frame is already off the stack."""

    def pending_name(self) -> str:
        """The decision's name in views (``pending``)."""
        return self.name


Decision.forced = False
Decision.shown = True
