"""End of game and scoring (rules reference §5): district values, the five-types bonus,
the uniques that score (``DISTRICT_BONUSES``), the completion bonuses, and the tie-break on the
highest rank revealed in the last round.
"""

from __future__ import annotations

from typing import Any

from donjon.engine import Result, ranks_from_keys
from donjon.games.citadels.actions import (
    OVER,
)
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


class Scoring:
    """End of game: scores and the tie-break (§5)."""

    __slots__ = ()

    def score(self, seat: int) -> tuple[int, dict[str, Any]]:
        """The seat's score and its breakdown; the Haunted Quarter takes the best type."""
        city = self.city[seat]
        beaut = self.beaut[seat]
        values = [DISTRICT_COST[d] + beaut[i] for i, d in enumerate(city)]
        base = sum(values)
        vault = VAULT in self.hands[seat]
        vault_diversity = vault and self.opt["secret_vault_counts_for_diversity"]
        bonuses = [(label, points) for d, label, points in DISTRICT_BONUSES if d in city]
        choices = range(5) if HAUNTED in city else (UNIQUE,)
        best = None
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
                got = points(self, seat, city, values, counts)
                if got is not None:
                    parts[label] = got
            if vault:
                parts["Secret Vault"] = 3 * self.hands[seat].count(VAULT)
            total = sum(parts.values())
            if best is None or total > best[0]:
                best = (total, parts, choice)
        total, parts, choice = best
        complete = self.size(seat) >= self.threshold
        if seat == self.first_done and (complete or self.opt["first_completer_keeps_bonus"]):
            parts["first_complete"] = 4
            total += 4
        elif complete:
            parts["complete"] = 2
            total += 2
        if HAUNTED in city:
            parts["haunted_quarter_as"] = TYPES[choice]
        return total, parts

    def result(self) -> Result:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        scores = []
        details = []
        for seat in range(self.players):
            total, parts = self.score(seat)
            scores.append(total)
            details.append(parts)
        keys = [(scores[s], self.rev_rank[s]) for s in range(self.players)]
        return Result(
            scores=tuple(scores),
            ranks=ranks_from_keys(keys),
            tiebreak="highest rank revealed in the last round (a killed character is not revealed)",
            details={"breakdown": details, "last_round_rank": list(self.rev_rank),
                     "first_complete": self.first_done},
        )


#: §1.4 the uniques that score extra points at the end, in the order the breakdown lists them:
#: (district, label, points(state, seat, city, values, type counts) -> int, or None for none)
DISTRICT_BONUSES = (
    (DRAGON_GATE, "Dragon Gate", lambda st, seat, city, values, counts: 2 * city.count(DRAGON_GATE)),
    (BASILICA, "Basilica", lambda st, seat, city, values, counts:
        sum(1 for v in values if v % 2) * city.count(BASILICA)),
    (CAPITOL, "Capitol", lambda st, seat, city, values, counts: 3 if max(counts) >= 3 else None),
    (TREASURY, "Imperial Treasury", lambda st, seat, city, values, counts: st.gold[seat]),
    (IVORY, "Ivory Tower", lambda st, seat, city, values, counts: 5 if counts[UNIQUE] == 1 else None),
    (MAP_ROOM, "Map Room", lambda st, seat, city, values, counts: len(st.hands[seat])),
    (MUSEUM, "Museum", lambda st, seat, city, values, counts: len(st.museum[seat])),
    (STATUE, "Statue", lambda st, seat, city, values, counts: 5 if st.crown == seat else None),
    (WELL, "Wishing Well", lambda st, seat, city, values, counts: counts[UNIQUE]),
)
