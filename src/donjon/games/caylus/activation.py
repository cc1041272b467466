"""Caylus phase 5: activating the road (§2 phase 5) and the effects of the buildings (§3).

The road is walked from R1 to the provost, two cursor steps per space: the building's effect,
then (once it has resolved) the delayed Lawyer conversions of that space and the worker's return.
Building and the Lawyer are in ``construction.py``.
"""

from __future__ import annotations

from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import (
    ACTIONS,
    ALCHEMY,
    DECLINE,
    F_ALCH,
    F_BONUS,
    F_BUILD,
    F_BUY,
    F_EXCH,
    F_LAWYER,
    F_PROD,
    F_SELL,
    NO_BUY,
    NO_SELL,
    P_CASTLE,
    cubes_words,
    exchange_text,
)
from donjon.games.caylus.buildings import (
    BONUS,
    CUBES,
    DATA,
    EFFECT,
    GOLD,
    KIND_CODE,
    NAMES,
    NON_GOLD,
)


class Activation:
    """Phase 5: each worker on the road, from R1 to the provost, uses its building."""

    __slots__ = ()

    def _step_road(self) -> None:
        c = self.cursor
        self.cursor = c + 1
        i = c >> 1
        if i > self.provost:
            self._end_road()
            return
        if c & 1:  # after the building resolved: delayed Lawyer conversions, worker home
            if self.pending_conv:
                for entry in [e for e in self.pending_conv if e[0] == i]:
                    self.pending_conv.remove(entry)
                    self._convert(i, entry[1])
            self.occ[i] = -1
            return
        seat = self.occ[i]
        if seat < 0:
            self.cursor = c + 2
            return
        self._activate(seat, i)

    def _activate(self, seat: int, i: int) -> None:
        t = self.road[i]
        effect = EFFECT[t]
        stack = self.stack
        if effect == "produce":
            gains = DATA[t]
            owner = self.owner[i]
            if BONUS[t] and owner >= 0 and owner != seat:
                stack.append((F_BONUS, owner, t, 0))  # §2 phase 5: stone owner bonus
            if len(gains) == 1:
                self._gain(seat, gains[0])
                self.emit("produce", seat=seat, space=i + 1, building=NAMES[t],
                          cubes=list(gains[0]))
            else:
                stack.append((F_PROD, seat, t, i))
        elif effect == "sell":
            stack.append((F_SELL, seat, DATA[t][0], 0))
        elif effect == "buy":
            stack.append((F_BUY, seat, DATA[t][0], DATA[t][1]))
        elif effect == "build":
            stack.append((F_BUILD, seat, KIND_CODE[DATA[t][0]], -1))
        elif effect == "exchange":
            stack.append((F_EXCH, seat, t, 0))
        elif effect == "alchemist":
            stack.append((F_ALCH, seat, t, 0))
        elif effect == "lawyer":
            stack.append((F_LAWYER, seat, 0, 0))

    def _end_road(self) -> None:
        occ = self.occ
        for i in range(B.ROAD):
            occ[i] = -1  # §2 phase 5: workers beyond the provost return with no effect
        if self.pending_conv and self.options["lawyer_unactivated"] == "end-of-activation":
            self._flush_conversions()
        self._begin(P_CASTLE)

    def _gain(self, seat: int, gain) -> None:
        c = self.cubes[seat]
        for t in range(5):
            c[t] += gain[t]

    # -- production: a choice of gains (a = tile, b = space), the stone owner's bonus (a = tile)

    def _options_produce(self, seat: int, a: int, b: int) -> list:
        return [ACTIONS("take", g, cubes_words(g)) for g in DATA[a]]

    def _resolve_produce(self, seat: int, a: int, b: int, action) -> None:
        gain = action.args[0]
        self._gain(seat, gain)
        self.emit("produce", seat=seat, space=b + 1, building=NAMES[a], cubes=list(gain))

    def _options_bonus(self, seat: int, a: int, b: int) -> list:
        return [ACTIONS("bonus", t) for t in BONUS[a]]

    def _resolve_bonus(self, seat: int, a: int, b: int, action) -> None:
        t = action.args[0]
        self.cubes[seat][t] += 1
        self.emit("owner_bonus", seat=seat, cube=CUBES[t])

    # -- the market (a = deniers for one cube) and the peddler (a = cubes at most, b = price) ----

    def _options_sell(self, seat: int, a: int, b: int) -> list:
        c = self.cubes[seat]
        return [NO_SELL] + [ACTIONS("sell", t) for t in range(5) if c[t]]

    def _resolve_sell(self, seat: int, a: int, b: int, action) -> None:
        if action.kind == "sell":
            t = action.args[0]
            self.cubes[seat][t] -= 1
            self.deniers[seat] += a
            self.emit("sell", seat=seat, cube=CUBES[t], deniers=a)

    def _options_buy(self, seat: int, a: int, b: int) -> list:
        if self.deniers[seat] < b:
            return [NO_BUY]
        return [NO_BUY] + [ACTIONS("buy", t) for t in NON_GOLD]

    def _resolve_buy(self, seat: int, a: int, b: int, action) -> None:
        if action.kind == "buy":
            t = action.args[0]
            self.cubes[seat][t] += 1
            self.deniers[seat] -= b
            self.emit("buy", seat=seat, cube=CUBES[t], deniers=b)
            if a > 1:
                self.stack.append((F_BUY, seat, a - 1, b))

    # -- exchanges: Bank, Church, Tailor, Jeweller; the Alchemist (a = tile) ------------------

    def _options_exchange(self, seat: int, a: int, b: int) -> list:
        c = self.cubes[seat]
        acts = [DECLINE]
        money = self.deniers[seat]
        for option in DATA[a]:
            pay_d, pay = option[0], option[1]
            if pay_d <= money and all(c[t] >= pay[t] for t in range(5)):
                acts.append(ACTIONS("exchange", option, exchange_text(option)))
        return acts

    def _resolve_exchange(self, seat: int, a: int, b: int, action) -> None:
        if action.kind == "exchange":
            pay_d, pay, gain_d, gain, pp = action.args[0]
            c = self.cubes[seat]
            for t in range(5):
                c[t] += gain[t] - pay[t]
            self.deniers[seat] += gain_d - pay_d
            self.score[seat] += pp
            self.emit("exchange", seat=seat, building=NAMES[a], text=action.text)

    def _options_alchemist(self, seat: int, a: int, b: int) -> list:
        c = self.cubes[seat]
        acts = [DECLINE]
        for paid_n, gold in DATA[a]:
            for combo in ALCHEMY[paid_n]:
                if all(c[t] >= combo[t] for t in range(4)):
                    acts.append(ACTIONS("alchemist", combo, gold))
        return acts

    def _resolve_alchemist(self, seat: int, a: int, b: int, action) -> None:
        if action.kind == "alchemist":
            combo, gold = action.args
            c = self.cubes[seat]
            for t in range(4):
                c[t] -= combo[t]
            c[GOLD] += gold
            self.emit("exchange", seat=seat, building=NAMES[a], text=action.text)
