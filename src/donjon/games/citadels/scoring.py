"""End of game and scoring (rules reference §5): district values, the five-types bonus,
the uniques that score (``DISTRICT_BONUSES``), the completion bonuses, and the tie-break on the
highest rank revealed in the last round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from donjon.engine import Result, ranks_from_keys
from donjon.games.citadels.actions import OVER
from donjon.games.citadels.cards import (
    BASILICA,
    CAPITOL,
    DISTRICT_COST,
    DISTRICT_TYPE,
    DRAGON_GATE,
    HAUNTED,
    IVORY,
    MAP_ROOM,
    MUSEUM,
    STATUE,
    TREASURY,
    TYPES,
    UNIQUE,
    VAULT,
    WELL,
)
from donjon.games.citadels.cities import size

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState

#: the points of a unique: (state, seat, city, district values, type counts) -> points, or
#: None when it scores nothing
Bonus = Callable[["CitadelsState", int, list[int], list[int], list[int]], "int | None"]


def score(st: CitadelsState, seat: int) -> tuple[int, dict[str, int | str]]:
    """The seat's score and its breakdown; the Haunted Quarter takes the best type."""
    city = st.cities[seat]
    marks = st.beautified[seat]
    values = [DISTRICT_COST[d] + marks[i] for i, d in enumerate(city)]
    base = sum(values)
    vault = VAULT in st.hands[seat]
    vault_diversity = vault and st.rules.secret_vault_counts_for_diversity
    bonuses = [(label, points) for d, label, points in DISTRICT_BONUSES if d in city]
    choices = range(5) if HAUNTED in city else (UNIQUE,)
    best: tuple[int, dict[str, int], int] | None = None
    for choice in choices:
        types = [choice if d == HAUNTED else DISTRICT_TYPE[d] for d in city]
        counts = [0] * 5
        for t in types:
            counts[t] += 1
        parts = {"districts": base}
        present = set(types)
        if vault_diversity:
            present.add(UNIQUE)
        if len(present) == 5:
            parts["five_types"] = 3
        for label, points in bonuses:
            got = points(st, seat, city, values, counts)
            if got is not None:
                parts[label] = got
        if vault:
            parts["Secret Vault"] = 3 * st.hands[seat].count(VAULT)
        total = sum(parts.values())
        if best is None or total > best[0]:
            best = (total, parts, choice)
    assert best is not None
    total, points_of, choice = best
    breakdown: dict[str, int | str] = dict(points_of)
    complete = size(st, seat) >= st.complete_at
    if seat == st.first_complete and (complete or st.rules.first_completer_keeps_bonus):
        breakdown["first_complete"] = 4
        total += 4
    elif complete:
        breakdown["complete"] = 2
        total += 2
    if HAUNTED in city:
        breakdown["haunted_quarter_as"] = TYPES[choice]
    return total, breakdown


#: ``Result.tiebreak`` when equal scores were told apart (the presentation words them)
TIEBREAK_RANK: Final = "highest rank revealed in the last round"
TIEBREAK_GOLD: Final = "highest rank revealed in the last round, then the most gold"
#: the breakdown's categories other than the districts' costs and the uniques' bonuses
_CATEGORY: Final = {"five_types": "five-types", "first_complete": "first-complete",
                    "complete": "complete"}


def result(st: CitadelsState) -> Result:
    if st.phase != OVER:
        raise ValueError("the game is not over")
    scores = []
    details = []
    for seat in range(st.players):
        total, parts = score(st, seat)
        scores.append(total)
        details.append(parts)
    rank = st.highest_revealed_rank
    # §5: the highest rank revealed in the last round (a killed character is not revealed);
    # option residual_tie: then the most gold
    gold = st.gold if st.rules.residual_tie_by_gold else [0] * st.players
    keys = [(scores[s], rank[s], gold[s]) for s in range(st.players)]
    return Result(
        scores=tuple(scores),
        ranks=ranks_from_keys(keys),
        tiebreak=_tiebreak(keys),
        breakdown=tuple(_categories(parts) for parts in details),
        details={"breakdown": details, "last_round_rank": list(rank),
                 "first_complete": st.first_complete},
    )


def _tiebreak(keys: list[tuple[int, int, int]]) -> str:
    """Which tie-break told equal scores apart, or "" when none had to (nobody tied, or the
    tied players share their place)."""
    tied = [(a, b) for i, a in enumerate(keys) for b in keys[:i] if a[0] == b[0] and a != b]
    if not tied:
        return ""
    return TIEBREAK_GOLD if any(a[1] == b[1] for a, b in tied) else TIEBREAK_RANK


def _categories(parts: dict[str, int | str]) -> dict[str, int]:
    """The score by category (``presentation.CATEGORIES``): the districts' costs, the five
    types, every unique's bonus together, the completion bonuses; they add up to the score."""
    out: dict[str, int] = {}
    for name, points in parts.items():
        if not isinstance(points, int) or not points:
            continue  # the Haunted Quarter's chosen type, or nothing scored
        category = "districts" if name == "districts" else _CATEGORY.get(name, "uniques")
        out[category] = out.get(category, 0) + points
    return out


def _count(d: int) -> Bonus:
    return lambda st, seat, city, values, counts: 2 * city.count(d)


#: §1.4 the uniques that score extra points at the end, in the order the breakdown lists them
DISTRICT_BONUSES: Final[tuple[tuple[int, str, Bonus], ...]] = (
    (DRAGON_GATE, "Dragon Gate", _count(DRAGON_GATE)),
    (BASILICA, "Basilica", lambda st, seat, city, values, counts:
        sum(1 for v in values if v % 2) * city.count(BASILICA)),
    (CAPITOL, "Capitol", lambda st, seat, city, values, counts: 3 if max(counts) >= 3 else None),
    (TREASURY, "Imperial Treasury", lambda st, seat, city, values, counts: st.gold[seat]),
    (IVORY, "Ivory Tower", lambda st, seat, city, values, counts:
        5 if counts[UNIQUE] == 1 else None),
    (MAP_ROOM, "Map Room", lambda st, seat, city, values, counts: len(st.hands[seat])),
    (MUSEUM, "Museum", lambda st, seat, city, values, counts: len(st.museum[seat])),
    (STATUE, "Statue", lambda st, seat, city, values, counts: 5 if st.crown == seat else None),
    (WELL, "Wishing Well", lambda st, seat, city, values, counts: counts[UNIQUE]),
)
