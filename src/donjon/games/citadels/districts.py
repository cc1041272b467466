"""The unique districts used during a turn (rules reference §1.4): the Armory, the
Laboratory, the Museum and the Smithy. Districts that change other rules are read where those
rules are: gathering (Gold Mine, Observatory, Library), building (Factory, Quarry, Framework,
Necropolis, Thieves' Den, Stables, Monument), the end of a turn (Poor House, Park) and
scoring (``scoring``).
"""

from __future__ import annotations

from donjon.games.citadels.actions import (
    A_SMITHY,
    ACT,
    DN,
    LAB,
    MUSEUM_PUT,
    U_ARMORY,
    U_LAB,
    U_MUSEUM,
    U_SMITHY,
)
from donjon.games.citadels.cards import (
    ARMORY,
    KEEP,
    LABORATORY,
    MUSEUM,
    SMITHY,
)


class Districts:
    """The once-per-turn unique districts (§1.4): Armory, Laboratory, Museum, Smithy."""

    __slots__ = ()

    def _unique_actions(self, acts, seat, mine, uniques, distinct) -> None:
        used = self.used
        if ARMORY in uniques and not used & U_ARMORY:
            keep_ok = self.opt["armory_can_destroy_keep"]
            targets = set()
            for s in range(self.players):
                if self.complete(s):
                    continue
                b = self.beaut[s]
                for i, d in enumerate(self.city[s]):
                    if (d == ARMORY and s == seat) or (d == KEEP and not keep_ok):
                        continue
                    targets.add((s, d, b[i]))
            acts.extend(ACT("armory", *x) for x in sorted(targets))
        if distinct:
            if LABORATORY in uniques and not used & U_LAB:
                acts.extend(LAB[d] for d in distinct)
            if MUSEUM in uniques and not used & U_MUSEUM:
                acts.extend(MUSEUM_PUT[d] for d in distinct)
        if SMITHY in uniques and not used & U_SMITHY and mine >= 2:
            acts.append(A_SMITHY)

    def _armory(self, seat: int, t: int, d: int, b: int) -> None:
        self.used |= U_ARMORY
        self._remove_from_city(t, self._pos(t, d, b), to_deck=True)
        self._remove_from_city(seat, self.city[seat].index(ARMORY), to_deck=True)
        self.emit("armory", seat=seat, target=t, district=DN[d])

    def _lab(self, seat: int, d: int) -> None:
        self.used |= U_LAB
        self.hands[seat].remove(d)
        self._card_left(seat, d, (seat,))
        self.deck.insert(0, d)
        self.gold[seat] += 2
        self.emit("laboratory", seat=seat, card=DN[d])

    def _museum(self, seat: int, d: int) -> None:
        self.used |= U_MUSEUM
        self.hands[seat].remove(d)
        self._card_left(seat, d, (seat,))
        self.museum[seat].append(d)
        self.museum_by[seat].append(1 << seat)  # face down: only its owner knows it
        self.emit("museum", seat=seat, card=DN[d])

    def _smithy(self, seat: int) -> None:
        self.used |= U_SMITHY
        self.gold[seat] -= 2
        self._draw_to_hand(seat, 3)
