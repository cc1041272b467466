"""The choice step and the red Documents (rules reference §3.2, §3.3, §5, §8 A16, A17).

Every seat chooses at once: it may pay the ransom of its jailed Black Knight card or play Pardon
(Y4), start a Gift (Y2), commit red Documents face down, and ends its choice by choosing two
action cards face down. When the last seat has chosen, the red Documents are revealed together
and resolved one at a time in seating order from the start player; a Blockade, Demolition or
Royal grant asks its owner for a target when it resolves.
"""

from __future__ import annotations

from donjon.games.gluecksritter.actions import (
    BLOCK,
    BY_DOCUMENT,
    COMMIT,
    D_TARGET,
    DEMOLISH,
    GRANT_PIECE,
    PAIRS,
    PARDON_ACTION,
    RANSOM_ACTION,
    RESOLUTION,
    T_END,
    T_RED,
    T_REVEAL,
)
from donjon.games.gluecksritter.data import (
    BLOCKADE,
    CASTLE,
    CRAFTSMAN,
    DEMOLITION,
    DOC_NAMES,
    FARMER,
    GIFT,
    GRANT,
    PARDON,
    PIECE_NAMES,
    RANSOM,
    RED,
    SKIM_FIELD,
    TAX,
    TOWER,
    WALL,
    WINDFALL,
    WINDFALL_COINS,
)


class Choice:
    """§3.2–§3.3: the simultaneous secret choice, then the red Documents revealed and resolved."""

    __slots__ = ()

    # -- the choice step (§3.2, §8 A11, A16) ----------------------------------------------------

    def _choice_actions(self, seat: int) -> list:
        jailed = self.jailed[seat]
        actions = list(PAIRS[1 if jailed else 0])
        hand = self.docs[seat]
        if jailed:
            if PARDON in hand:
                actions.append(PARDON_ACTION)
            if self.silver[seat] + 2 * self.gold[seat] >= RANSOM:
                actions.append(RANSOM_ACTION)
        if hand:
            limit = self.options["red_limit"]
            if not limit or len(self.committed[seat]) < limit:
                seen = []
                for doc in hand:
                    if RED[doc] and doc not in seen:
                        seen.append(doc)
                        actions.append(COMMIT[doc])
            if GIFT in hand and (self.silver[seat] or self.gold[seat]):
                actions.extend(self._gift_actions(seat))
        return actions

    def _apply_choice(self, seat: int, action, kind: str) -> None:
        if kind == "choose":
            a, b = action.args
            self.choice[seat] = [a, b]
            self.emit("choose", seat=seat, cards=[a, b])
            waiting = self.waiting
            waiting.remove(seat)
            if not waiting:
                self._reveal_reds()
        elif kind == "commit":
            doc = action.args[0]
            self.docs[seat].remove(doc)
            self.committed[seat].append(doc)
            self.emit("commit", seat=seat, doc=DOC_NAMES[doc])
        elif kind == "ransom":  # §4 dungeon, §8 A16
            self._pay(seat, RANSOM)
            self.jailed[seat] = False
            self.emit("ransom", seat=seat, paid=RANSOM)
        else:  # pardon (Y4)
            self.docs[seat].remove(PARDON)
            self.doc_discard.append(PARDON)
            self.jailed[seat] = False
            self.emit("pardon", seat=seat)

    # -- red Documents (§3.3, §5, §8 A17) -------------------------------------------------------

    def _reveal_reds(self) -> None:
        """§3.3, §8 A17: all red Documents are revealed at once, then resolved one at a time in
        seating order from the start player; then the action cards are revealed (§3.4)."""
        self.phase = RESOLUTION
        reds = []
        committed = self.committed
        for seat in self.order():
            if committed[seat]:
                reds.extend([(seat, doc) for doc in committed[seat]])
                committed[seat] = []
        self.reds = reds
        agenda = [(T_END, -1, 0, 0), (T_REVEAL, -1, 0, 0)]
        agenda.extend((T_RED, seat, doc, 0) for seat, doc in reversed(reds))
        self.agenda = agenda
        if reds:
            self.emit("reds", reds=[[seat, DOC_NAMES[doc]] for seat, doc in reds])
        self._run()

    def _red(self, seat: int, doc: int) -> None:
        """Resolve one revealed red Document (§5, §8 A17)."""
        self.reds.remove((seat, doc))
        if doc in (BLOCKADE, DEMOLITION, GRANT):
            self.agenda.append((D_TARGET, seat, doc, 0))
            return
        self.doc_discard.append(doc)
        if doc == WINDFALL:
            silver, gold = self._draw_coins(WINDFALL_COINS)
            self.emit("windfall", seat=seat, silver=silver, gold=gold)
            self._gain(seat, silver, gold)
        else:  # R5 / R6: the silver on the tax collector or the customs officer
            field = SKIM_FIELD[doc]
            k = 0 if field == TAX else 2
            silver = self.field[k]
            self.field[k] = 0
            self.emit("skim", seat=seat, field=field, silver=silver)
            self._gain(seat, silver, 0)

    def _target_actions(self, seat: int, doc: int) -> list:
        if doc == BLOCKADE:
            blocked = self.blocked
            return [BLOCK[k] for k in range(1, 7) if not blocked[k]]
        if doc == DEMOLITION:
            actions = []
            for victim in range(self.players):
                if victim != seat:
                    if self.walls[victim]:
                        actions.append(DEMOLISH[WALL][victim])
                    if self.towers[victim]:
                        actions.append(DEMOLISH[TOWER][victim])
            return actions
        # GRANT: a free piece from the supply, if the castle has room for it (§8 A9)
        actions = []
        if self.supply[WALL] and self.walls[seat] < CASTLE[WALL]:
            actions.append(GRANT_PIECE[WALL])
        if self.supply[TOWER] and self.towers[seat] < CASTLE[TOWER]:
            actions.append(GRANT_PIECE[TOWER])
        return actions

    def _do_block(self, seat: int, a: int, b: int, args: tuple) -> None:  # R1
        self.doc_discard.append(BLOCKADE)
        self.blocked[args[0]] = True
        self.emit("block", seat=seat, field=args[0])

    def _do_demolish(self, seat: int, a: int, b: int, args: tuple) -> None:  # R2
        self.doc_discard.append(DEMOLITION)
        piece, victim = args
        self.emit("demolition", seat=seat, victim=victim, piece=PIECE_NAMES[piece])
        self._announce_theft(victim, seat, piece, BY_DOCUMENT)

    def _do_grant(self, seat: int, a: int, b: int, args: tuple) -> None:  # R4
        self.doc_discard.append(GRANT)
        piece = args[0]
        self.supply[piece] -= 1
        if piece == WALL:
            self.walls[seat] += 1
        else:
            self.towers[seat] += 1
        field = FARMER if piece == WALL else CRAFTSMAN
        self.blocked[field] = True
        self.emit("grant", seat=seat, piece=PIECE_NAMES[piece], blocked=field)
