"""The rank 8 characters (rules reference §2.3, §6): the Warlord destroys, the Diplomat
exchanges and the Marshal seizes a district of another city, never in a completed city, never
the Keep, never the Bishop's; the Great Wall makes it dearer.
"""

from __future__ import annotations

from donjon.games.citadels.actions import (
    ACT,
    DN,
    S_DIPLOMAT,
    U_ABILITY,
)
from donjon.games.citadels.cards import (
    DIPLOMAT,
    DISTRICT_COST,
    GREAT_WALL,
    KEEP,
    MARSHAL,
    MONUMENT,
    MUSEUM,
    WARLORD,
)


class Rank8:
    """The rank 8 characters, who act on cities (§2.3): Warlord, Diplomat, Marshal."""

    __slots__ = ()

    def _rank8_targets(self, seat: int, kind: int):
        """(target seat, position) pairs the rank-8 character may touch (§2.3 rank 8)."""
        out = []
        protected = self.bishop_seat
        for t in range(self.players):
            if t == protected or self.complete(t):
                continue
            if kind != WARLORD and t == seat:
                continue
            city = self.city[t]
            for pos, d in enumerate(city):
                if d == KEEP:
                    continue
                out.append((t, pos))
        return out

    def _wall(self, t: int, d: int) -> int:
        city = self.city[t]
        if GREAT_WALL in city and (d != GREAT_WALL or self.opt["great_wall_protects_itself"]):
            return 1
        return 0

    def _destroy_targets(self, acts, seat, mine, hand, city) -> None:
        # _rank8_targets(seat, WARLORD) and _wall inlined: the Warlord may touch his own city
        found = set()
        protected = self.bishop_seat
        threshold = self.threshold
        cities, beauts = self.city, self.beaut
        wall_self = None
        for t in range(self.players):
            if t == protected:
                continue
            tcity = cities[t]
            if len(tcity) + tcity.count(MONUMENT) >= threshold:  # complete(t)
                continue
            b_t = beauts[t]
            wall = GREAT_WALL in tcity
            for pos, d in enumerate(tcity):
                if d == KEEP:
                    continue
                b = b_t[pos]
                cost = DISTRICT_COST[d] + b - 1
                if wall:
                    if d != GREAT_WALL:
                        cost += 1
                    else:
                        if wall_self is None:
                            wall_self = self.opt["great_wall_protects_itself"]
                        if wall_self:
                            cost += 1
                if cost <= mine:
                    found.add((t, d, b, cost if cost > 0 else 0))
        if found:
            acts.extend([ACT("destroy", *x) for x in sorted(found)])

    def _exchange_targets(self, acts, seat, mine, hand, city) -> None:
        found = set()
        for t, pos in self._rank8_targets(seat, DIPLOMAT):
            d = self.city[t][pos]
            b = self.beaut[t][pos]
            if d in city or (t, d, b) in found:
                continue
            if self._diplomat_gives(seat, t, d, b):
                found.add((t, d, b))
        acts.extend(ACT("dtake", *x) for x in sorted(found))

    def _seize_targets(self, acts, seat, mine, hand, city) -> None:
        found = set()
        to_owner = self._wall
        for t, pos in self._rank8_targets(seat, MARSHAL):
            d = self.city[t][pos]
            b = self.beaut[t][pos]
            value = DISTRICT_COST[d] + b
            if value > 3 or d in city:
                continue
            pay = value + to_owner(t, d)
            if pay <= mine:
                found.add((t, d, b, pay))
        acts.extend(ACT("seize", *x) for x in sorted(found))

    def _diplomat_gives(self, seat: int, t: int, d: int, b: int) -> list[tuple[int, int, int]]:
        """(district, beautified, price) the Diplomat may give for ``d`` of seat ``t``."""
        out = set()
        theirs = self.city[t]
        keep_ok = self.opt["diplomat_can_give_keep"]
        literal = self.opt["diplomat_great_wall"] == "literal"
        wall = self._wall(t, d)
        value = DISTRICT_COST[d] + b
        mine = self.gold[seat]
        mb = self.beaut[seat]
        for i, m in enumerate(self.city[seat]):
            if m in theirs or (m == KEEP and not keep_ok):
                continue
            diff = value - DISTRICT_COST[m] - mb[i]
            pay = (max(0, diff) + wall) if literal else max(0, diff + wall)
            if pay <= mine:
                out.add((m, mb[i], pay))
        return sorted(out)

    def _destroy(self, seat: int, t: int, d: int, b: int, cost: int) -> None:
        self.used |= U_ABILITY
        self.gold[seat] -= cost
        self._remove_from_city(t, self._pos(t, d, b), to_deck=True)
        self.emit("destroy", seat=seat, target=t, district=DN[d], gold=cost)

    def _dtake(self, seat: int, t: int, d: int, b: int) -> None:
        self.stack.append((S_DIPLOMAT, seat, t, d, b))

    def _move_district(self, src: int, pos: int, dst: int) -> None:
        d, b = self._remove_from_city(src, pos, to_deck=False)
        if d == MUSEUM:  # §6 the Museum's cards move with it
            self.museum[dst].extend(self.museum[src])
            self.museum[src] = []
            # the cards stay face down: the new owner does not learn them (§4.7)
            self.museum_by[dst].extend(self.museum_by[src])
            self.museum_by[src] = []
        self._add_to_city(dst, d, b)

    def _seize(self, seat: int, t: int, d: int, b: int, pay: int) -> None:
        self.used |= U_ABILITY
        self.gold[seat] -= pay
        value = DISTRICT_COST[d] + b
        self.gold[t] += pay if self.opt["marshal_great_wall_to"] == "owner" else value
        self._move_district(t, self._pos(t, d, b), seat)
        self.emit("seize", seat=seat, target=t, district=DN[d], gold=pay)

    def _exchange_options(self, seat: int, top: tuple) -> list:
        _, _, t, d, b = top
        return [ACT("dgive", *x) for x in self._diplomat_gives(seat, t, d, b)]

    def _on_exchange(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        _, _, t, d, b = top
        m, mb, pay = a
        self.used |= U_ABILITY
        self.gold[seat] -= pay
        self.gold[t] += pay
        pos_d = self._pos(t, d, b)
        pos_m = self._pos(seat, m, mb)
        self._move_district(seat, pos_m, t)
        self._move_district(t, pos_d, seat)
        self.emit("exchange", seat=seat, target=t, took=DN[d], gave=DN[m], gold=pay)
