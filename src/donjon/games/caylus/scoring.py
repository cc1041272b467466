"""Caylus scoring: a castle section when it is due (§4.2) and the end of the game (§6)."""

from __future__ import annotations

from donjon.engine import Result, ranks_from_keys
from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import P_OVER
from donjon.games.caylus.buildings import GOLD


class Scoring:
    """Section scoring (houses, penalties, favours) and the final count of cubes and deniers."""

    __slots__ = ()

    def _score_section(self, s: int) -> None:
        self.scoring = s
        houses = self.houses[s]
        penalty = B.SECTION_PENALTY[s]
        table = B.SECTION_FAVOURS[s]
        awards = []
        for seat in self.order:  # §4.2: in turn order
            n = houses[seat]
            if n == 0:
                self.score[seat] = max(0, self.score[seat] - penalty)
                awards.append((seat, -penalty, 0))
            else:
                awards.append((seat, 0, table[min(n, len(table) - 1)]))
        self.emit("section_scored", section=B.SECTIONS[s],
                  results=[{"seat": a, "penalty": p, "favours": f} for a, p, f in awards])
        for seat, _, favours in reversed(awards):  # the first in turn order resolves first
            for _ in range(favours):
                self._favour(seat)

    def _game_end(self) -> None:
        if self.pending_conv:
            self._flush_conversions()
        final = []
        for seat in range(self.players):
            c = self.cubes[seat]
            gold = c[GOLD] * B.GOLD_PP
            others = (c[0] + c[1] + c[2] + c[3]) // B.CUBES_PER_PP
            money = self.deniers[seat] // B.DENIERS_PER_PP
            self.score[seat] += gold + others + money
            final.append({"gold": gold, "cubes": others, "deniers": money})
        self.final = final
        self.phase = P_OVER
        self.emit("game_over", scores=list(self.score), bonuses=final)

    def result(self) -> Result:
        if self.phase != P_OVER:
            raise ValueError("the game is not over")
        return Result(
            scores=tuple(self.score),
            ranks=ranks_from_keys(list(self.score)),
            tiebreak="none: tied players share the victory (rules §6)",
            details={"final_bonus": self.final, "turns": self.turn},
        )
