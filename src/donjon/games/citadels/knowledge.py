"""What seats learn of other hands (rules reference §4.7 partial information).

``known_cards[x][o]`` holds the cards seat ``x`` knows to be in seat ``o``'s hand, learnt from the
Spy, the Wizard, the Magician, the Seer, the Cardinal or the Emperor. The tuples are immutable
and replaced when they change, so clones share them. ``determinize`` keeps what they say.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


def know(st: CitadelsState, x: int, o: int, cards: Iterable[int]) -> None:
    """Seat ``x`` now knows exactly ``cards`` in seat ``o``'s hand."""
    row = list(st.known_cards[x])
    row[o] = tuple(cards)
    known = list(st.known_cards)
    known[x] = tuple(row)
    st.known_cards = tuple(known)


def card_left(st: CitadelsState, o: int, d: int, seen_by: tuple[int, ...] | None) -> None:
    """Card ``d`` left seat ``o``'s hand; ``seen_by`` saw which (None: everybody)."""
    known = st.known_cards
    for row in known:  # most often nobody knows a card of the hand: one look at each row
        if row[o]:
            break
    else:
        return
    for x in range(st.players):
        cards = known[x][o]
        if not cards or x == o:
            continue
        if seen_by is None or x in seen_by:
            if d in cards:
                rest = list(cards)
                rest.remove(d)
                know(st, x, o, rest)
        else:
            know(st, x, o, ())  # one of the cards it knew may be gone


def card_joined(st: CitadelsState, o: int, d: int, seen_by: tuple[int, ...]) -> None:
    """Card ``d`` joined seat ``o``'s hand, seen by ``seen_by``."""
    for x in seen_by:
        if x != o:
            know(st, x, o, st.known_cards[x][o] + (d,))


def hands_swapped(st: CitadelsState, seat: int, other: int) -> None:
    """§2.3 Magician: two hands were swapped; each of the two knows the hand it gave away."""
    hands = st.hands
    rows = [list(row) for row in st.known_cards]
    for x in range(st.players):
        rows[x][seat], rows[x][other] = rows[x][other], rows[x][seat]
    rows[seat][other] = tuple(hands[other])
    rows[other][seat] = tuple(hands[seat])
    rows[seat][seat] = rows[other][other] = ()
    st.known_cards = tuple(tuple(row) for row in rows)
