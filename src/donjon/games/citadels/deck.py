"""The district deck (rules reference §1.4, §6): drawing from its top, discarding under it,
and keeping one of the cards drawn.

The top of the deck is the end of the list. A draw shows cards to whoever draws them, so the move
that draws can no longer be taken back (``commit``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action
from donjon.engine.chance import shuffle
from donjon.games.citadels.actions import DISTRICT_INDEX, KEEP_CARD
from donjon.games.citadels.cards import DISTRICT_NAMES
from donjon.games.citadels.frames import Decision

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


def draw(st: CitadelsState, n: int) -> list[int]:
    """The ``n`` top cards, top first (fewer when the deck runs short)."""
    st.commit()
    deck = st.deck
    if n >= len(deck):
        out = deck[::-1]
        deck.clear()
        return out
    out = deck[-n:]
    del deck[-n:]
    out.reverse()
    return out


def draw_to_hand(st: CitadelsState, seat: int, n: int) -> None:
    cards = draw(st, n)
    st.hands[seat].extend(cards)
    st.events.append(("draw", (seat, [DISTRICT_NAMES[d] for d in cards])))


def to_bottom(st: CitadelsState, cards: Iterable[int]) -> None:
    """Discarded or destroyed cards go face down under the deck (§6 glossary)."""
    st.deck[0:0] = cards


@dataclass(frozen=True, slots=True)
class KeepOne(Decision):
    """§4.3 gathering by drawing (or §2.3 the Scholar's 7 cards): keep one of ``offer``. The
    others go under the deck, or with the Scholar back into it, which is shuffled."""

    scholar: bool

    def pending_name(self) -> str:
        return "scholar" if self.scholar else "keep"

    def options(self, state: CitadelsState) -> Sequence[Action]:
        acts = []
        offered = list(set(state.offer))  # sorted in place: ``sorted`` looks up list.sort
        offered.sort()
        for d in offered:  # a loop, not a comprehension: no call (3.11)
            acts.append(KEEP_CARD[d])
        return acts

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat, d = self.seat, DISTRICT_INDEX[action.args[0]]
        offer = state.offer
        offer.remove(d)
        state.hands[seat].append(d)
        state.events.append(("keep", (seat, DISTRICT_NAMES[d])))
        if self.scholar:
            state.deck.extend(offer)
            shuffle(state.rng, state.deck)
        else:
            state.deck[0:0] = offer  # to_bottom(state, offer): after most draws
        state.offer = []
        state.offer_seat = -1


KeepOne.name = "keep"


#: the decision of each seat after drawing (gathering, the Scholar), made once
KEEP_ONE: Final = tuple((KeepOne(s, False), KeepOne(s, True)) for s in range(8))


def offer_cards(st: CitadelsState, seat: int, cards: list[int], scholar: bool) -> None:
    """Cards drawn for ``seat`` to keep one of (only he sees them)."""
    st.offer = cards
    st.offer_seat = seat
    st.stack.append(KEEP_ONE[seat][scholar])
