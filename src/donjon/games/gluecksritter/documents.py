"""Yellow Documents in their reaction windows (rules reference §5, §8 A14, A18): the Gift (Y2)
given coin by coin, and the thefts a Safeguard (Y1) may cancel.

A theft is announced first: its victim's window (``D_WINDOW``) opens if the victim holds any
Document, and offers Safeguard against a wall or tower theft, Gift against a money raid.
"""

from __future__ import annotations

from donjon.games.gluecksritter.actions import (
    ALLOW,
    BY_DOCUMENT,
    D_WINDOW,
    GIFT_TO,
    GIVE,
    MONEY,
    RESOLUTION,
    SAFEGUARD_ACTION,
    STOP,
    THEFT_NAMES,
)
from donjon.games.gluecksritter.data import (
    CASTLE,
    COIN_NAMES,
    GIFT,
    GOLD,
    PIECE_NAMES,
    SAFEGUARD,
    SILVER,
    WALL,
)


class Documents:
    """Gift (Y2), Safeguard (Y1) and the thefts they answer."""

    __slots__ = ()

    # -- Gift (Y2) ------------------------------------------------------------------------------

    def _giving_actions(self, seat: int) -> list:
        actions = []
        if self.silver[seat]:
            actions.append(GIVE[SILVER])
        if self.gold[seat]:
            actions.append(GIVE[GOLD])
        actions.append(STOP)
        return actions

    def _gift_actions(self, seat: int) -> list:
        return [GIFT_TO[other] for other in range(self.players) if other != seat]

    def _play_gift(self, seat: int, to: int) -> None:
        self.docs[seat].remove(GIFT)
        self.doc_discard.append(GIFT)
        self.gift[seat] = to
        self.emit("gift", seat=seat, to=to)

    def _apply_giving(self, seat: int, action) -> None:
        """One coin given, or the Gift ended (back to where it was played)."""
        if action.kind == "give":
            self._give(seat, self.gift[seat], action.args[0])
            return
        self.emit("gift_end", seat=seat, to=self.gift[seat])  # stop giving
        self.gift[seat] = -1
        if self.phase == RESOLUTION:
            self._run()  # back to the window the Gift was played in

    def _give(self, seat: int, to: int, coin: int) -> None:
        """Y2: one coin to the recipient, whose coin cap applies at once."""
        self.emit("give", seat=seat, to=to, coin=COIN_NAMES[coin])
        if coin == SILVER:
            self.silver[seat] -= 1
            self._gain(to, 1, 0)
        else:
            self.gold[seat] -= 1
            self._gain(to, 0, 1)

    # -- thefts (§8 A14, A18) -------------------------------------------------------------------

    def _window_actions(self, seat: int, a: int, b: int) -> list:
        hand = self.docs[seat]
        if b == MONEY:
            actions = []
            if GIFT in hand and (self.silver[seat] or self.gold[seat]):
                actions = self._gift_actions(seat)
        else:
            actions = [SAFEGUARD_ACTION] if SAFEGUARD in hand else []
        actions.append(ALLOW)
        return actions

    def _announce_theft(self, victim: int, thief: int, what: int, by: int) -> None:
        """A theft is announced: the victim's reaction window comes first (Y1, Y2, §8 A18)."""
        self.emit("theft", seat=victim, thief=thief, what=THEFT_NAMES[what],
                  by=("document", "knight")[by])
        if by == BY_DOCUMENT:
            if self.options["safeguard"] == "knight-only":  # nothing can answer a Demolition
                self._theft(victim, thief, what + 3)
                return
            what += 3
        self.agenda.append((D_WINDOW, victim, thief, what))

    def _do_safeguard(self, seat: int, a: int, b: int, args: tuple) -> None:
        """Y1 cancels the theft of a wall or tower (§8 A18)."""
        self.docs[seat].remove(SAFEGUARD)
        self.doc_discard.append(SAFEGUARD)
        self.emit("safeguard", seat=seat, thief=a, piece=PIECE_NAMES[b % 3])

    def _do_allow(self, seat: int, a: int, b: int, args: tuple) -> None:
        self._theft(seat, a, b)

    def _theft(self, victim: int, thief: int, what: int) -> None:
        if what >= 3:  # a Demolition: the piece goes back to the supply
            piece = what - 3
            if self._lose_piece(victim, piece):
                self.supply[piece] += 1
                self.emit("demolished", seat=victim, piece=PIECE_NAMES[piece])
            return
        if what == MONEY:
            silver, gold = self.silver[victim], self.gold[victim]
            if self.options["raid_money"] == "all-gold" and gold:
                silver = 0  # all the victim's gold, or all their silver if they have none
            self.silver[victim] -= silver
            self.gold[victim] -= gold
            self.emit("robbed", seat=victim, thief=thief, silver=silver, gold=gold)
            self._gain(thief, silver, gold)
            return
        if not self._lose_piece(victim, what):
            return
        have = self.walls if what == WALL else self.towers
        if self.options["raided_piece"] == "to-attacker" and have[thief] < CASTLE[what]:
            have[thief] += 1
            to = "thief"
        else:
            self.supply[what] += 1
            to = "supply"
        self.emit("stolen", seat=victim, thief=thief, piece=PIECE_NAMES[what], to=to)

    def _lose_piece(self, seat: int, piece: int) -> bool:
        have = self.walls if piece == WALL else self.towers
        if have[seat]:
            have[seat] -= 1
            return True
        return False
