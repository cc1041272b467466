"""The Black Knight (rules reference §4 field 4, §6, §8 A13–A15): alone he takes gold off a
money field or raids another seat; two Black Knights duel and the loser goes to the dungeon;
three or more all go there (``fields.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from donjon.engine import Action
from donjon.engine.chance import randrange
from donjon.games.gluecksritter.actions import (
    CHAMPION_ACTION,
    MAX_SEATS,
    PIECE_INDEX,
    RAID_DIE,
    RAID_INDEX,
    RAID_MONEY,
    RAID_NAMES,
    RAIDS,
    REST,
    ROLL,
    STEAL,
    TAKE_GOLD,
    number,
    word,
)
from donjon.games.gluecksritter.coins import gain
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
    coin_amounts,
)
from donjon.games.gluecksritter.documents import MONEY, announce_theft
from donjon.games.gluecksritter.frames import NO_ACTIONS, Decision, Step

if TYPE_CHECKING:
    from donjon.games.gluecksritter.state import GluecksritterState


@dataclass(frozen=True, slots=True)
class LoneKnight(Decision):
    """§4 field 4 alone, §8 A13: the gold of field 5 or 6, a raid, or (option) rest."""

    def options(self, state: GluecksritterState) -> Sequence[Action]:
        # Hot path (issue #14): ready-made (``lone_knight_answers``), by what they depend on
        field, rules = state.field, state.rules
        return LONE_KNIGHT_ANSWERS[rules.raid_by_die][rules.knight_may_rest][state.players][
            self.seat][field[1] > 0][field[3] > 0]

    def resolve(self, state: GluecksritterState, action: Action) -> None:
        seat = self.seat
        kind = action.kind
        if kind == "take-gold":
            where = number(action)
            k = 1 if where == TAX else 3
            gold = state.field[k]
            state.field[k] = 0
            state.emit("knight_gold", seat=seat, field=where, gold=gold,
                       coins=coin_amounts(0, gold))
            gain(state, seat, 0, gold)
        elif kind == "raid":
            raid(state, seat, number(action), RAID_INDEX[word(action, 1)])
        else:
            state.emit("knight_rests", seat=seat)


LoneKnight.name = "black-knight"
LoneKnight.forced = False


# -- the duel (§6, §8 A15) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Duel(Decision):
    """A duellist's chance to play Champion (Y3) before the roll, asked when it holds any
    Document."""

    opponent: int

    def options(self, state: GluecksritterState) -> Sequence[Action]:
        seat = self.seat
        hand = state.docs[seat]
        champion = state.champion
        if not hand or champion[seat] or (
            champion[self.opponent] and not state.rules.champions_cancel
        ):
            return NO_ACTIONS
        return (CHAMPION_ACTION, ROLL) if CHAMPION in hand else (ROLL,)

    def resolve(self, state: GluecksritterState, action: Action) -> None:
        if action.kind == "roll":
            return
        seat, other = self.seat, self.opponent
        state.docs[seat].remove(CHAMPION)
        state.doc_discard.append(CHAMPION)
        state.champion[seat] = True
        state.emit("champion", seat=seat)
        stack = state.stack
        top = stack[-1] if stack else None
        asked_next = isinstance(top, Duel) and top.seat == other
        if (not state.champion[other] and not asked_next
                and state.rules.champions_cancel):
            stack.append(DUELS[other][seat])  # the other may answer it (§8 A15)

    def details(self) -> dict[str, Any] | None:
        return {"opponent": self.opponent}


Duel.name = "duel"
Duel.forced = False


@dataclass(frozen=True, slots=True)
class DuelRoll(Step):
    """§8 A15: one Champion wins outright; none or both, the dice decide. The loser's card goes
    to the dungeon and the winner rides alone."""

    first: int
    second: int

    def lapse(self, state: GluecksritterState) -> None:
        a, b = self.first, self.second
        champion = state.champion
        ca, cb = champion[a], champion[b]
        champion[a] = champion[b] = False
        if ca != cb:
            winner, loser = (a, b) if ca else (b, a)
            state.emit("duel_won", seat=winner, loser=loser, by="Champion")
        else:
            rng = state.rng
            if state.rules.duel_high_roll:
                while True:
                    ra, rb = randrange(rng, 6) + 1, randrange(rng, 6) + 1
                    if ra != rb:
                        break
                    state.emit("duel_tie", seats=[a, b], roll=ra)
                winner, loser = (a, b) if ra > rb else (b, a)
                state.emit("duel_won", seat=winner, loser=loser, by="dice", rolls=[ra, rb])
            else:  # one-roll: 1–3 the first duellist in seating order, 4–6 the second
                roll = randrange(rng, 6) + 1
                winner, loser = (a, b) if roll <= 3 else (b, a)
                state.emit("duel_won", seat=winner, loser=loser, by="dice", rolls=[roll])
        state.jailed[loser] = True
        state.jailer[loser] = winner
        state.emit("dungeon", seats=[loser])
        state.stack.append(LONE_KNIGHTS[winner])


# -- the raid (§6, §8 A14) ----------------------------------------------------------------------


def raid(state: GluecksritterState, seat: int, victim: int, how: int) -> None:
    """§8 A14: the special die says money or castle; what cannot be taken falls back to the
    other; with ``raid=attacker-chooses`` the attacker names it instead of rolling."""
    if how == RAID_DIE:
        face = SPECIAL_DIE[randrange(state.rng, 6)]
        state.events.append(  # hot: written as ``emit`` would, without the call
            ("raid", (seat, victim, SPECIAL_FACES[face])))
    else:
        face = MONEY_BAG if how == RAID_MONEY else CASTLE_FACE
        state.emit("raid_for", seat=seat, victim=victim, what=RAID_NAMES[how])
    has_money = bool(state.silver[victim] or state.gold[victim])
    has_piece = bool(state.walls[victim] or state.towers[victim])
    if face == CASTLE_FACE and not has_piece:
        face = MONEY_BAG
    elif face == MONEY_BAG and not has_money:
        face = CASTLE_FACE
    if face == MONEY_BAG:
        if has_money:
            announce_theft(state, victim, seat, MONEY, False)
        else:
            state.emit("raid_empty", seat=seat, victim=victim)
    elif not has_piece:
        state.emit("raid_empty", seat=seat, victim=victim)
    elif state.walls[victim] and state.towers[victim]:
        state.stack.append(STEALS[seat][victim])
    else:
        announce_theft(state, victim, seat, WALL if state.walls[victim] else TOWER, False)


@dataclass(frozen=True, slots=True)
class Steal(Decision):
    """A castle raid on a victim holding both: the attacker picks a wall or a tower."""

    victim: int

    def options(self, state: GluecksritterState) -> Sequence[Action]:
        return STEAL

    def resolve(self, state: GluecksritterState, action: Action) -> None:
        announce_theft(state, self.victim, self.seat, PIECE_INDEX[word(action)], False)

    def details(self) -> dict[str, Any] | None:
        return {"victim": self.victim}


Steal.name = "steal"
Steal.forced = False


def lone_knight_answers(
    seat: int, players: int, tax_gold: bool, customs_gold: bool, raid_by_die: bool,
    may_rest: bool,
) -> tuple[Action, ...]:
    """What a lone Black Knight may do: take the gold lying on field 5 or 6, raid another
    seat (as the die says, or for money or a castle piece), or rest (``knight_may_pass``)."""
    actions: list[Action] = []
    if tax_gold:
        actions.append(TAKE_GOLD[TAX])
    if customs_gold:
        actions.append(TAKE_GOLD[CUSTOMS])
    raids = RAIDS[not raid_by_die]
    for victim in range(players):
        if victim != seat:
            actions.extend(raids[victim])
    if may_rest:
        actions.append(REST)
    return tuple(actions)


#: [raid by die] -> [may rest] -> players -> seat -> [gold on field 5] -> [gold on field 6] ->
#: ``lone_knight_answers``
LONE_KNIGHT_ANSWERS: Final = tuple(
    tuple(
        tuple(
            tuple(
                tuple(
                    tuple(lone_knight_answers(seat, players, tax_gold, customs_gold,
                                              raid_by_die, may_rest)
                          for customs_gold in (False, True))
                    for tax_gold in (False, True)
                )
                for seat in range(MAX_SEATS)
            )
            for players in range(MAX_SEATS + 1)
        )
        for may_rest in (False, True)
    )
    for raid_by_die in (False, True)
)

#: The frames of the Black Knight, made once and shared (they are immutable): by seat, and by
#: seat and the other seat concerned (a duel's opponent, the second duellist, a victim).
LONE_KNIGHTS: Final = tuple(LoneKnight(seat) for seat in range(MAX_SEATS))
DUELS: Final = tuple(
    tuple(Duel(seat, other) for other in range(MAX_SEATS)) for seat in range(MAX_SEATS)
)
DUEL_ROLLS: Final = tuple(
    tuple(DuelRoll(-1, first, second) for second in range(MAX_SEATS))
    for first in range(MAX_SEATS)
)
STEALS: Final = tuple(
    tuple(Steal(seat, victim) for victim in range(MAX_SEATS)) for seat in range(MAX_SEATS)
)
