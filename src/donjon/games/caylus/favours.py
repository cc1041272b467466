"""Caylus royal favours (§5): the favour table's four tracks, the trade, the beginners' variant.

A favour is a decision: choose a track not used yet this phase; its marker moves right if the
open columns allow; then take the effect of that column or of any column to its left.
"""

from __future__ import annotations

from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import (
    ACTIONS,
    F_BUILD,
    F_FAVOUR,
    F_GIVE,
    F_LAWYER,
    F_TAKE,
    TRADE_PAIRS,
)
from donjon.games.caylus.buildings import CUBES, KIND_CODE


class Favours:
    """Royal favours and the trade of the resources track (column 4)."""

    __slots__ = ()

    def _favour(self, seat: int) -> None:
        if self.options["favours"] == "simple":  # beginners' variant: 3 PP each
            self.score[seat] += B.SIMPLE_FAVOUR_PP
            self.emit("favour", seat=seat, track="simple", column=0,
                      choice=f"{B.SIMPLE_FAVOUR_PP} PP")
            return
        self.stack.append((F_FAVOUR, seat, 0, 0))

    def favour_options(self, seat: int) -> list:
        """§5: choose an unused track; its marker moves right if it can; take one column."""
        acts = []
        used = self.fav_used[seat]
        top = B.UNLOCKED[self.scored]
        c = self.cubes[seat]
        for track in range(4):
            if used >> track & 1:
                continue
            m = self.fav[seat][track]
            m = m + 1 if m < top else m
            if track == B.PRESTIGE_T:
                acts.append(ACTIONS("favour", track, m, f"{B.FAVOUR_PP[m]} PP"))
            elif track == B.DENIERS_T:
                acts.append(ACTIONS("favour", track, m, f"{B.FAVOUR_DENIERS[m]} deniers"))
            elif track == B.RESOURCES_T:
                for col in range(1, m + 1):
                    if col == B.TRADE_COLUMN:
                        if any(c):
                            acts.append(ACTIONS("favour", track, col, "trade"))
                    else:
                        for word, _ in B.FAVOUR_RESOURCES[col]:
                            acts.append(ACTIONS("favour", track, col, word))
            else:
                for col in range(1, m + 1):
                    word, kind, discount = B.FAVOUR_BUILDINGS[col]
                    if col == 1:
                        acts.append(ACTIONS("favour", track, col, "building track, no effect"))
                    elif kind == B.RESIDENCE:
                        if c[B.CLOTH] >= B.RESIDENCE_CLOTH and self.lawyer_targets(seat):
                            acts.append(ACTIONS("favour", track, col, word))
                    elif self.build_options(seat, KIND_CODE[kind],
                                            -1 if discount is None else discount):
                        acts.append(ACTIONS("favour", track, col, word))
        return acts

    def _options_favour(self, seat: int, a: int, b: int) -> list:
        return self.favour_options(seat)

    def _resolve_favour(self, seat: int, a: int, b: int, action) -> None:
        track, col, word = action.args
        self._take_favour(seat, track, col, word)

    def _take_favour(self, seat: int, track: int, col: int, word: str) -> None:
        self.fav_used[seat] |= 1 << track
        marks = self.fav[seat]
        top = B.UNLOCKED[self.scored]
        if marks[track] < top:
            marks[track] += 1
        self.emit("favour", seat=seat, track=B.TRACKS[track], column=col, choice=word)
        if track == B.PRESTIGE_T:
            self.score[seat] += B.FAVOUR_PP[col]
        elif track == B.DENIERS_T:
            self.deniers[seat] += B.FAVOUR_DENIERS[col]
        elif track == B.RESOURCES_T:
            if col == B.TRADE_COLUMN:
                self.stack.append((F_GIVE, seat, 0, 0))
            else:
                for name, gain in B.FAVOUR_RESOURCES[col]:
                    if name == word:
                        self._gain(seat, gain)
        else:
            _, kind, discount = B.FAVOUR_BUILDINGS[col]
            if kind == B.RESIDENCE:
                self.stack.append((F_LAWYER, seat, 1, 0))
            elif kind is not None:
                self.stack.append((F_BUILD, seat, KIND_CODE[kind],
                                   -1 if discount is None else discount))

    # -- the trade (resources track, column 4): give one cube, take two (no gold) --------------

    def _options_give(self, seat: int, a: int, b: int) -> list:
        c = self.cubes[seat]
        return [ACTIONS("give", t) for t in range(5) if c[t]]

    def _resolve_give(self, seat: int, a: int, b: int, action) -> None:
        self.cubes[seat][action.args[0]] -= 1
        self.stack.append((F_TAKE, seat, 0, 0))

    def _options_take(self, seat: int, a: int, b: int) -> list:
        return [ACTIONS("gain2", x, y) for x, y in TRADE_PAIRS]

    def _resolve_take(self, seat: int, a: int, b: int, action) -> None:
        x, y = action.args
        c = self.cubes[seat]
        c[x] += 1
        c[y] += 1
        self.emit("trade", seat=seat, took=[CUBES[x], CUBES[y]])
