"""The Black Knight (rules reference §4 field 4, §6, §8 A13–A15): alone he takes gold off a
money field or raids another seat; two Black Knights duel and the loser goes to the dungeon;
three or more all go there (``fields.py``).
"""

from __future__ import annotations

from donjon.games.gluecksritter.actions import (
    BY_KNIGHT,
    CHAMPION_ACTION,
    D_DUEL,
    D_KNIGHT,
    D_STEAL,
    MONEY,
    PASS,
    RAID_DIE,
    RAID_MONEY,
    RAIDS,
    ROLL,
    STEAL,
    TAKE_GOLD,
)
from donjon.games.gluecksritter.data import (
    CASTLE_FACE,
    CHAMPION,
    CUSTOMS,
    MONEY_BAG,
    SPECIAL_DIE,
    SPECIAL_FACES,
    TAX,
    TOWER,
    WALL,
)


class Knight:
    """§6: the lone Black Knight's choices, the duel (with Champion, Y3) and the raid."""

    __slots__ = ()

    def _knight_actions(self, seat: int) -> list:
        actions = []
        field = self.field
        if field[1]:
            actions.append(TAKE_GOLD[TAX])
        if field[3]:
            actions.append(TAKE_GOLD[CUSTOMS])
        raids = RAIDS[self.options["raid"] != "special-die"]
        for victim in range(self.players):
            if victim != seat:
                actions.extend(raids[victim])
        if self.options["knight_may_pass"]:
            actions.append(PASS)
        return actions

    def _do_gold(self, seat: int, a: int, b: int, args: tuple) -> None:
        k = 1 if args[0] == TAX else 3
        gold = self.field[k]
        self.field[k] = 0
        self.emit("knight_gold", seat=seat, field=args[0], gold=gold)
        self._gain(seat, 0, gold)

    def _do_raid(self, seat: int, a: int, b: int, args: tuple) -> None:
        self._raid(seat, args[0], args[1])

    def _do_pass(self, seat: int, a: int, b: int, args: tuple) -> None:
        self.emit("knight_rests", seat=seat)

    # -- the duel (§6, §8 A15) ------------------------------------------------------------------

    def _duel_actions(self, seat: int) -> list:
        return [CHAMPION_ACTION, ROLL] if CHAMPION in self.docs[seat] else [ROLL]

    def _do_champion(self, seat: int, a: int, b: int, args: tuple) -> None:
        self.docs[seat].remove(CHAMPION)
        self.doc_discard.append(CHAMPION)
        self.champion[seat] = True
        self.emit("champion", seat=seat)
        other = a
        agenda = self.agenda
        asked_next = agenda and agenda[-1][0] == D_DUEL and agenda[-1][1] == other
        if not self.champion[other] and not asked_next:
            agenda.append((D_DUEL, other, seat, 0))  # the other may answer (§8 A15)

    def _do_roll(self, seat: int, a: int, b: int, args: tuple) -> None:
        pass

    def _duel_roll(self, a: int, b: int) -> None:
        """§8 A15: one Champion wins outright; none or both, the dice decide."""
        ca, cb = self.champion[a], self.champion[b]
        self.champion[a] = self.champion[b] = False
        if ca != cb:
            winner, loser = (a, b) if ca else (b, a)
            self.emit("duel_won", seat=winner, loser=loser, by="Champion")
        else:
            rng = self.rng
            if self.options["duel"] == "high-roll":
                while True:
                    ra, rb = rng.randrange(6) + 1, rng.randrange(6) + 1
                    if ra != rb:
                        break
                    self.emit("duel_tie", seats=[a, b], roll=ra)
                winner, loser = (a, b) if ra > rb else (b, a)
                self.emit("duel_won", seat=winner, loser=loser, by="dice", rolls=[ra, rb])
            else:  # one-roll: 1–3 the first duellist in seating order, 4–6 the second
                roll = rng.randrange(6) + 1
                winner, loser = (a, b) if roll <= 3 else (b, a)
                self.emit("duel_won", seat=winner, loser=loser, by="dice", rolls=[roll])
        self.jailed[loser] = True
        self.emit("dungeon", seats=[loser])
        self.agenda.append((D_KNIGHT, winner, 0, 0))

    # -- the raid (§6, §8 A14) ------------------------------------------------------------------

    def _raid(self, seat: int, victim: int, how: int) -> None:
        """§8 A14: the special die says money or castle; what cannot be taken falls back to the
        other; with ``raid=attacker-chooses`` the attacker names it instead of rolling."""
        if how == RAID_DIE:
            face = SPECIAL_DIE[self.rng.randrange(6)]
            self.emit("raid", seat=seat, victim=victim, die=SPECIAL_FACES[face])
        else:
            face = MONEY_BAG if how == RAID_MONEY else CASTLE_FACE
            self.emit("raid", seat=seat, victim=victim, die=None)
        has_money = bool(self.silver[victim] or self.gold[victim])
        has_piece = bool(self.walls[victim] or self.towers[victim])
        if face == CASTLE_FACE and not has_piece:
            face = MONEY_BAG
        elif face == MONEY_BAG and not has_money:
            face = CASTLE_FACE
        if face == MONEY_BAG:
            if has_money:
                self._announce_theft(victim, seat, MONEY, BY_KNIGHT)
            else:
                self.emit("raid_empty", seat=seat, victim=victim)
        elif not has_piece:
            self.emit("raid_empty", seat=seat, victim=victim)
        elif self.walls[victim] and self.towers[victim]:
            self.agenda.append((D_STEAL, seat, victim, 0))
        else:
            self._announce_theft(victim, seat, WALL if self.walls[victim] else TOWER, BY_KNIGHT)

    def _steal_actions(self, seat: int) -> list:
        return STEAL.copy()

    def _do_steal(self, seat: int, a: int, b: int, args: tuple) -> None:
        self._announce_theft(a, seat, args[0], BY_KNIGHT)
