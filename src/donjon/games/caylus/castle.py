"""Caylus: the provost (§2 phase 4, the Merchants' Guild), the castle (§2 phase 6, §4), and the
bailiff at the end of the turn (§2 phase 7).
"""

from __future__ import annotations

from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import ACTIONS, F_BRIBE, F_CASTLE, NO_BRIBE, P_END, P_ROAD, STOP
from donjon.games.caylus.buildings import BATCHES


class Castle:
    """The provost's moves, deliveries to the castle, and the bailiff's walk."""

    __slots__ = ()

    # -- the provost: phase 4 bribes (§2 phase 4) and the Merchants' Guild (§3.1) ------------

    def _provost_moves(self, reach: int, money: int | None) -> list[int]:
        p = self.provost
        out = []
        for k in range(-reach, reach + 1):
            if 0 <= p + k <= B.LAST and (money is None or abs(k) <= money):
                out.append(k)
        return out

    def _step_bribe(self) -> None:
        c = self.cursor
        if c >= len(self.passed):
            self._begin(P_ROAD)
            return
        self.cursor = c + 1
        self.stack.append((F_BRIBE, self.passed[c], 0, 0))

    def _options_bribe(self, seat: int, a: int, b: int) -> list:
        acts = [NO_BRIBE]
        for k in self._provost_moves(B.BRIBE_REACH, self.deniers[seat]):
            if k:
                acts.append(ACTIONS("bribe", k))
        return acts

    def _resolve_bribe(self, seat: int, a: int, b: int, action) -> None:
        if action.kind != "nobribe":
            k = action.args[0]
            self.deniers[seat] -= abs(k)
            self.provost += k
            self.emit("provost", seat=seat, moved=k, space=self.provost + 1, paid=abs(k))

    def _resolve_guild(self, seat: int, a: int, b: int, action) -> None:
        k = action.args[0]
        self.provost += k
        self.emit("provost", seat=seat, moved=k, space=self.provost + 1, paid=0)

    # -- phase 6: the castle (§2 phase 6, §4) ---------------------------------------------------

    def _step_castle(self) -> None:
        c = self.cursor
        q = self.castle_q
        if c < len(q):
            self.cursor = c + 1
            self.stack.append((F_CASTLE, q[c], 0, 0))
            return
        if c == len(q) and q:
            self.cursor = c + 1
            batches = self.batches
            best, most = -1, B.BEST_BUILDER_MIN - 1
            for seat in q:  # ties go to the earliest arrival
                if batches[seat] > most:
                    best, most = seat, batches[seat]
            if best >= 0:
                self.emit("best_builder", seat=best, batches=most)
                self._favour(best)
            return
        self.castle_q = []
        self._begin(P_END)

    def room(self) -> int:
        """The first section with a free space, from the current one; 3 if the castle is full."""
        s = self.section
        filled = self.filled
        while s < 3 and filled[s] >= B.SECTION_SIZE[s]:
            s += 1
        return s

    def _options_castle(self, seat: int, a: int, b: int) -> list:
        acts = [STOP]
        if self.room() < 3:
            c = self.cubes[seat]
            for k, (x, y, z) in enumerate(BATCHES):
                if c[x] and c[y] and c[z]:
                    acts.append(ACTIONS("deliver", k))
        return acts

    def _resolve_castle(self, seat: int, a: int, b: int, action) -> None:
        if action.kind == "deliver":
            batch = BATCHES[action.args[0]]
            c = self.cubes[seat]
            for t in batch:
                c[t] -= 1
            s = self.room()
            self.filled[s] += 1
            self.houses[s][seat] += 1
            points = B.SECTION_POINTS[s]
            self.score[seat] += points
            self.batches[seat] += 1
            self.emit("castle", seat=seat, section=B.SECTIONS[s], pp=points)
            self.stack.append((F_CASTLE, seat, 0, 0))
        elif self.batches[seat] == 0 and self.room() < 3:
            self.score[seat] = max(0, self.score[seat] - B.EMPTY_CASTLE_PENALTY)
            self.emit("castle_empty", seat=seat, penalty=B.EMPTY_CASTLE_PENALTY)

    # -- phase 7: bailiff, provost, section scoring (§2 phase 7, §4.2) ------------------------

    def _step_end(self) -> None:
        c = self.cursor
        if c == 0:
            step = 2 if self.provost > self.bailiff else 1
            self.bailiff = min(self.bailiff + step, B.LAST)
            self.provost = self.bailiff
            self.emit("bailiff", space=self.bailiff + 1)
            self.cursor = 1
        elif c == 1:
            s = self.section
            if s < 3 and (self.bailiff >= B.SECTION_TRIGGER[s]
                          or self.filled[s] >= B.SECTION_SIZE[s]):
                self._score_section(s)
                self.cursor = 2
            else:
                self.cursor = 3
        elif c == 2:
            self.scored += 1
            self.section += 1
            self.scoring = -1
            if self.section >= 3:
                self._game_end()
                return
            self.cursor = 1 if self.options["scoring"] == "sequential" else 3
        else:
            if self.pending_conv:
                self._flush_conversions()
            self._new_turn()
