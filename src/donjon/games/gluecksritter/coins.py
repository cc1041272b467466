"""Money: coins drawn blind from the bag, gains under the coin cap, payments with change
(rules reference §2, §3, §8 A3–A7)."""

from __future__ import annotations

from donjon.games.gluecksritter.data import COIN_CAP, GOLD, SILVER


class Coins:
    """The bag is the only bank: what is drawn comes out of it, what is paid goes into it."""

    __slots__ = ()

    def ducats(self, seat: int) -> int:
        """The value of a seat's coins."""
        return self.silver[seat] + 2 * self.gold[seat]

    def can_pay(self, seat: int, price: int) -> bool:
        return self.silver[seat] + 2 * self.gold[seat] >= price

    def _draw_coins(self, count: int) -> tuple[int, int]:
        """Draw up to ``count`` coins blind from the bag (what is there, §8 A7)."""
        bag = self.bag
        rng = self.rng
        silver = gold = 0
        for _ in range(count):
            s, g = bag
            if s + g == 0:
                break
            if rng.random() * (s + g) < s:
                bag[0] = s - 1
                silver += 1
            else:
                bag[1] = g - 1
                gold += 1
        return silver, gold

    def _gain(self, seat: int, silver: int, gold: int) -> None:
        """A seat receives coins, then the coin cap applies at once (§3, §8 A3)."""
        if silver:
            silver += self.silver[seat]
            if silver >= COIN_CAP:
                back = self._cap_return(silver)
                silver -= back
                self.bag[SILVER] += back
                self.emit("cap", seat=seat, coin="silver", returned=back)
            self.silver[seat] = silver
        if gold:
            gold += self.gold[seat]
            if gold >= COIN_CAP:
                back = self._cap_return(gold)
                gold -= back
                self.bag[GOLD] += back
                self.emit("cap", seat=seat, coin="gold", returned=back)
            self.gold[seat] = gold

    def _cap_return(self, count: int) -> int:
        """How many of ``count`` coins of one kind go back: half, again while 8 or more remain
        (a big gain, 7 + 8 = 15, returns 7 and then 4 of the 8 left)."""
        larger = self.options["coin_cap"] == "keep-larger-half"
        back = 0
        while count >= COIN_CAP:
            half = count // 2 if larger else (count + 1) // 2
            back += half
            count -= half
        return back

    def _pay(self, seat: int, price: int) -> None:
        """Pay ``price`` to the bag (§8 A4), gold first, with change from the bag (§8 A5):
        a gold coin pays an odd last ducat when no silver is left, and the bag gives a silver
        back if it has one (else the seat overpays)."""
        silver, gold = self.silver[seat], self.gold[seat]
        g = min(gold, price // 2)
        s = price - 2 * g
        change = 0
        if s > silver:  # only one ducat short, no silver: pay a gold coin for it
            g += 1
            s = 0
            change = 1 if self.bag[SILVER] else 0
        self.silver[seat] = silver - s + change
        self.gold[seat] = gold - g
        self.bag[SILVER] += s - change
        self.bag[GOLD] += g
