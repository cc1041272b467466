"""Cities (rules reference §1.4, §5): their size toward completion, what a district costs,
districts joining and leaving a city, and the first completed city.

Each city is a list of districts with a parallel list of beautification flags (§2.3 Artist), and
the set of its districts as bits (``CitadelsState.city_kinds``), which the functions here keep.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from donjon.games.citadels.cards import (
    DISTRICT_COST,
    DISTRICT_TYPE,
    FACTORY,
    GREAT_WALL,
    MONUMENT,
    MUSEUM,
    UNIQUE,
)
from donjon.games.citadels.deck import to_bottom

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


def kinds(city: Iterable[int]) -> int:
    """The districts of ``city`` as bits (``CitadelsState.city_kinds``)."""
    bits = 0
    for d in city:
        bits |= 1 << d
    return bits


def _left(st: CitadelsState, seat: int, d: int) -> None:
    """A district ``d`` has left ``seat``'s city: its bit goes unless another one stands."""
    if d not in st.cities[seat]:
        st.city_kinds[seat] &= ~(1 << d)


def size(st: CitadelsState, seat: int) -> int:
    """Districts toward a completed city (the Monument counts twice, §1.4)."""
    city = st.cities[seat]
    return len(city) + city.count(MONUMENT)


def complete(st: CitadelsState, seat: int) -> bool:
    return size(st, seat) >= st.complete_at


def build_cost(st: CitadelsState, seat: int, d: int) -> int:
    """What ``seat`` pays to build ``d`` (Factory: 1 less for other uniques)."""
    cost = DISTRICT_COST[d]
    if DISTRICT_TYPE[d] == UNIQUE and d != FACTORY and st.city_kinds[seat] >> FACTORY & 1:
        cost -= 1
    return cost


def monument_room(st: CitadelsState, seat: int) -> bool:
    """§1.4 Monument: not buildable with 5 or more districts (real cards by default; option
    monument_counts_districts counts a first Monument twice)."""
    count = size(st, seat) if st.rules.monument_counts_districts else len(st.cities[seat])
    return count < 5


def great_wall(st: CitadelsState, seat: int, d: int) -> int:
    """§2.3 rank 8, §6: the extra gold the Great Wall of ``seat``'s city asks for ``d``."""
    if st.city_kinds[seat] >> GREAT_WALL & 1 and (
            d != GREAT_WALL or st.rules.great_wall_protects_itself):
        return 1
    return 0


def position(st: CitadelsState, seat: int, d: int, beautified: bool) -> int:
    """Where district ``d`` (beautified or not) stands in ``seat``'s city."""
    marks = st.beautified[seat]
    for pos, x in enumerate(st.cities[seat]):
        if x == d and marks[pos] == beautified:
            return pos
    raise ValueError("no such district")  # pragma: no cover - legal actions guarantee it


def destroy(st: CitadelsState, seat: int, pos: int) -> int:
    """District ``pos`` of ``seat``'s city goes under the deck, with the cards under a Museum
    (§6); an Artist's gold on it goes to the bank, or back to its owner (option artist_gold)."""
    d = st.cities[seat].pop(pos)
    _left(st, seat, d)
    if st.beautified[seat].pop(pos) and st.rules.artist_gold_to_owner:
        st.gold[seat] += 1
    st.deck.insert(0, d)
    if d == MUSEUM and st.museum[seat]:
        to_bottom(st, st.museum[seat])
        st.museum[seat] = []
        st.museum_known_by[seat] = []
    return d


def add(st: CitadelsState, seat: int, d: int, beautified: bool = False) -> None:
    st.cities[seat].append(d)
    kinds = st.city_kinds  # not ``|=`` on the item: compiled, that is generic (``draft``)
    kinds[seat] = kinds[seat] | 1 << d
    st.beautified[seat].append(beautified)
    check_completion(st, seat)


def check_completion(st: CitadelsState, seat: int) -> None:
    """§5 the first city to reach the threshold: the game ends after this round."""
    if st.first_complete < 0 and size(st, seat) >= st.complete_at:
        st.first_complete = seat
        st.last_round = True
        st.emit("complete", seat=seat, first=True)


def take_out(st: CitadelsState, src: int, pos: int) -> tuple[int, bool, list[int], list[int]]:
    """District ``pos`` leaves ``src``'s city to join another (seized or exchanged): the
    district, whether it stays beautified, and the Museum's cards and who knows them (§6: they
    move with it). An Artist's gold goes with it, or back to ``src`` (option artist_gold)."""
    d = st.cities[src].pop(pos)
    _left(st, src, d)
    beautified = st.beautified[src].pop(pos)
    if beautified and st.rules.artist_gold_to_owner:
        st.gold[src] += 1
        beautified = False
    cards: list[int] = []
    known_by: list[int] = []
    if d == MUSEUM:
        cards, known_by = st.museum[src], st.museum_known_by[src]
        st.museum[src] = []
        st.museum_known_by[src] = []
    return d, beautified, cards, known_by


def bring_in(st: CitadelsState, dst: int, moved: tuple[int, bool, list[int], list[int]]) -> None:
    """A district taken out of another city joins ``dst``'s; the Museum's cards stay face
    down: the new owner does not learn them (§4.7). Completion is checked by the caller."""
    d, beautified, cards, known_by = moved
    st.cities[dst].append(d)
    st.city_kinds[dst] |= 1 << d
    st.beautified[dst].append(beautified)
    if cards:
        st.museum[dst].extend(cards)
        st.museum_known_by[dst].extend(known_by)
