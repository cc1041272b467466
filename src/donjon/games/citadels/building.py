"""Cities and building (rules reference §1.4, §4.4): costs, the build options of the turn
menu with every alternative payment (Framework, Necropolis, Thieves' Den, Cardinal), placing
a district, the Magistrate's confiscation check (§2.3) and the Tax Collector's tax.
"""

from __future__ import annotations

from donjon.games.citadels.actions import (
    A_DEN,
    ACT,
    BUILD,
    BUILD_FRAMEWORK,
    DN,
    M_RESUMED,
    S_CGIVE,
    S_CONFISCATE,
    S_DEN,
)
from donjon.games.citadels.cards import (
    CARDINAL,
    DEN,
    DISTRICT_COST,
    DISTRICT_TYPE,
    FACTORY,
    FRAMEWORK,
    MONUMENT,
    MUSEUM,
    N_BASIC,
    NECROPOLIS,
    QUARRY,
    STABLES,
    TAX_COLLECTOR,
    TRADE,
    TRADER,
    UNIQUE,
    VAULT,
)


class Building:
    """Cities and building (§4.4), with the Magistrate's confiscation and the tax."""

    __slots__ = ()

    def size(self, seat: int) -> int:
        """Districts toward a completed city (the Monument counts twice, §1.4)."""
        city = self.city[seat]
        return len(city) + city.count(MONUMENT)

    def complete(self, seat: int) -> bool:
        return self.size(seat) >= self.threshold

    def _cost(self, seat: int, d: int) -> int:
        """What ``seat`` pays to build ``d`` (Factory: 1 less for other uniques)."""
        cost = DISTRICT_COST[d]
        if DISTRICT_TYPE[d] == UNIQUE and d != FACTORY and FACTORY in self.city[seat]:
            cost -= 1
        return cost

    def _monument_room(self, seat: int) -> bool:
        """§1.4 Monument: not buildable with 5 or more districts (real cards by default;
        option monument_counts_districts counts a first Monument twice)."""
        count = self.size(seat) if self.opt["monument_counts_districts"] else len(self.city[seat])
        return count < 5

    def _remove_from_city(self, seat: int, pos: int, *, to_deck: bool) -> tuple[int, int]:
        d = self.city[seat].pop(pos)
        b = self.beaut[seat].pop(pos)
        if to_deck:
            self.deck.insert(0, d)
            if d == MUSEUM and self.museum[seat]:
                self._bottom(self.museum[seat])
                self.museum[seat] = []
                self.museum_by[seat] = []
        return d, b

    def _add_to_city(self, seat: int, d: int, b: int = 0) -> None:
        self.city[seat].append(d)
        self.beaut[seat].append(b)
        if self.first_done < 0 and self.size(seat) >= self.threshold:
            self.first_done = seat
            self.ending = True
            self.emit("complete", seat=seat, first=True)

    def _pos(self, seat: int, d: int, b: int) -> int:
        city = self.city[seat]
        beaut = self.beaut[seat]
        for pos, x in enumerate(city):
            if x == d and beaut[pos] == b:
                return pos
        raise ValueError("no such district")  # pragma: no cover - legal actions guarantee it

    def _build_actions(self, acts, seat, c, mine, hand, city, uniques, distinct) -> None:
        """The builds open to ``seat`` now, every way of paying (§4.4)."""
        builds = self.builds
        trader = c == TRADER
        if builds <= 0 and not trader and STABLES not in distinct:
            return  # no build left and nothing that builds without using one
        dup_ok = self.wiz_dup or QUARRY in uniques
        factory = FACTORY in uniques
        framework = FRAMEWORK in uniques
        cardinal = c == CARDINAL
        append = acts.append
        for d in distinct:
            if d < N_BASIC:  # a basic district: no special way of building it
                if not dup_ok and d in city:
                    continue
                if builds <= 0 and not (trader and DISTRICT_TYPE[d] == TRADE):
                    continue
                cost = DISTRICT_COST[d]
                if mine >= cost:
                    append(BUILD[d])
                elif cardinal:
                    self._borrow_actions(acts, seat, d, cost - mine, hand)
                if framework:
                    append(BUILD_FRAMEWORK[d])
                continue
            if d == VAULT or (d == MONUMENT and not self._monument_room(seat)):
                continue
            cost = DISTRICT_COST[d] - (1 if factory and d != FACTORY else 0)
            if not dup_ok and d in city:
                continue
            if builds <= 0 and d != STABLES and not (trader and DISTRICT_TYPE[d] == TRADE):
                continue
            if mine >= cost:
                append(BUILD[d])
            elif cardinal:
                self._borrow_actions(acts, seat, d, cost - mine, hand)
            if framework and d != FRAMEWORK:
                append(BUILD_FRAMEWORK[d])
            if d == NECROPOLIS:
                b = self.beaut[seat]
                acts.extend(ACT("necro", *x)
                            for x in sorted({(x, b[i]) for i, x in enumerate(city)}))
            elif d == DEN and len(hand) >= 2 and mine + len(hand) - 1 >= cost:
                append(A_DEN)

    def _borrow_actions(self, acts, seat, d, missing, hand) -> None:
        """§2.3 Cardinal: build ``d`` taking the ``missing`` gold from another player."""
        if len(hand) - 1 >= missing:
            gold = self.gold
            acts.extend(ACT("borrow", d, s, missing) for s in range(self.players)
                        if s != seat and gold[s] >= missing)

    def _use_build(self, seat: int, d: int) -> None:
        if d == STABLES or (self.cc == TRADER and DISTRICT_TYPE[d] == TRADE):
            return
        self.builds -= 1

    def _build(self, seat: int, d: int) -> None:
        cost = self._cost(seat, d)
        self.hands[seat].remove(d)
        self._card_left(seat, d, None)
        self.gold[seat] -= cost
        self._use_build(seat, d)
        self._complete_build(seat, d, cost, free=False)

    def _buildfw(self, seat: int, d: int) -> None:
        self._remove_from_city(seat, self.city[seat].index(FRAMEWORK), to_deck=True)
        self.hands[seat].remove(d)
        self._card_left(seat, d, None)
        self._use_build(seat, d)
        self._complete_build(seat, d, 0, free=True)

    def _necro(self, seat: int, m: int, b: int) -> None:
        self._remove_from_city(seat, self._pos(seat, m, b), to_deck=True)
        self.hands[seat].remove(NECROPOLIS)
        self._card_left(seat, NECROPOLIS, None)
        self._use_build(seat, NECROPOLIS)
        self._complete_build(seat, NECROPOLIS, 0, free=True)

    def _den(self, seat: int) -> None:
        self.hands[seat].remove(DEN)  # set aside while it is being paid for
        self._card_left(seat, DEN, None)
        self.stack.append((S_DEN, seat, self._cost(seat, DEN)))

    def _borrow(self, seat: int, d: int, t: int, missing: int) -> None:
        self.gold[t] -= missing
        self.gold[seat] += missing
        self.emit("cardinal", seat=seat, target=t, gold=missing)
        self.stack.append((S_CGIVE, seat, t, missing))
        self._build(seat, d)

    def _complete_build(self, seat: int, d: int, paid: int, free: bool) -> None:
        self.emit("build", seat=seat, district=DN[d], gold=paid)
        if not free and self.warrant_open:  # §2.3 Magistrate: the first paid build
            self.warrant_open = False
            mag = self.mag_seat
            if mag != seat and d not in self.city[mag]:
                self.stack.append((S_CONFISCATE, mag, seat, d, paid))
                return
        self._place(seat, d, paid)

    def _place(self, seat: int, d: int, paid: int) -> None:
        self._add_to_city(seat, d)
        if seat == self.cur:
            self.paid += paid
        self._tax(seat)

    def _tax(self, payer: int) -> None:
        """§2.3 Tax Collector: 1 gold per district built, unless playing the Tax Collector."""
        if not self.has_tax:
            return
        if payer == self.cur and self.cc == TAX_COLLECTOR and (
                self.mode != M_RESUMED or self.opt["witch_exempt_as_tax_collector"]):
            return
        if self.gold[payer]:
            self.gold[payer] -= 1
            self.tax_pool += 1
            self.emit("tax", seat=payer)

    # -- paying the Thieves' Den with cards (§1.4, §6)

    def _den_options(self, seat: int, top: tuple) -> list:
        remaining = top[2]
        acts = [ACT("dencard", d) for d in sorted(set(self.hands[seat]))]
        if self.gold[seat] >= remaining:
            acts.append(ACT("dengold", remaining))
        return acts

    def _on_den(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        if kind == "dencard":
            d = a[0]
            self.hands[seat].remove(d)
            self._card_left(seat, d, (seat,))
            self.deck.insert(0, d)
            self.emit("den_card", seat=seat, card=DN[d])
            if top[2] > 1:
                self.stack.append((S_DEN, seat, top[2] - 1))
                return
            paid = 0
        else:
            paid = a[0]
            self.gold[seat] -= paid
        self._use_build(seat, DEN)
        self._complete_build(seat, DEN, paid, free=False)
