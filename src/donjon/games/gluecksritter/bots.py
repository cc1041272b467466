"""A Die Glücksritter bot that plays like a careful person.

It builds whenever its purse allows (fields 2 and 3 resolve before the money fields, so only the
coins already held count), otherwise goes where the money lies and the crowd is thin — guessing
the crowd from where each rival went in the last rounds' public reveals — sends the Black Knight
for gold or a rich or leading victim when it expects to ride alone, and uses its Documents:
Windfall and the silver skims at once, Demolition and Blockade against the leader, Royal grant
for the piece it lacks, Safeguard against thefts, Champion in duels, Pardon to leave the dungeon,
and a Gift of one coin to push a rival over the eight-coin cap (or its coins away from a raid).

It sees only what its seat may know: it is called on a determinization, and never reads the
other seats' hands or secret choices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from donjon.engine import Action, State
from donjon.games.gluecksritter.actions import (
    AIM_ACTIONS,
    AIM_OF_COMMIT,
    AIM_OF_TARGET,
    ALLOW,
    COMMIT_AIMED,
    DOC_INDEX,
    PIECE_INDEX,
    RAID_DIE,
    RAID_INDEX,
    RAID_MONEY,
    RAID_PIECE,
    number,
    word,
)
from donjon.games.gluecksritter.choice import Target
from donjon.games.gluecksritter.data import (
    BLOCKADE,
    BUILDERS,
    CASTLE,
    COIN_CAP,
    CRAFTSMAN,
    CUSTOMS,
    DEMOLITION,
    DOCUMENT_PRICE,
    FARMER,
    GIFT,
    GRANT,
    KNIGHT,
    MONK,
    PARDON,
    RANSOM,
    TAX,
    TAX_SILVER,
    TOLL_SILVER,
    TOWER,
    WALL,
    WINDFALL,
)
from donjon.games.gluecksritter.documents import MONEY, Theft
from donjon.games.gluecksritter.fields import Build, BuyDocument
from donjon.games.gluecksritter.frames import CHOICE
from donjon.games.gluecksritter.knight import Duel, LoneKnight, Steal
from donjon.games.gluecksritter.state import GluecksritterState

#: What a castle piece is worth to the bot, in ducats.
PIECE_VALUE: Final = 14
#: What a Document in hand is worth, in ducats.
DOCUMENT_VALUE: Final = 4
#: How many past rounds the bot reads to guess where its rivals go.
HISTORY: Final = 6


class HeuristicBot:
    blind = False

    def __init__(self, game: Any = None, seed: int | None = None):
        self.name = "heuristic"
        self.rng = random.Random(seed)

    # -- entry point --------------------------------------------------------------------------

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, GluecksritterState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        by_text = {a.text: a for a in legal}
        if state.gift[seat] >= 0:
            return self._giving(state, seat, by_text)
        if state.phase == CHOICE:
            return self._choice(state, seat, legal, by_text)
        frame = state.stack[-1]
        if isinstance(frame, Build):
            return legal[0]  # the most pieces it can buy
        if isinstance(frame, BuyDocument):
            return legal[0] if state.ducats(seat) - DOCUMENT_PRICE >= 6 else legal[1]
        if isinstance(frame, LoneKnight):
            return self._knight(state, seat, legal)
        if isinstance(frame, Steal):
            return self._steal(state, seat, legal)
        if isinstance(frame, Duel):
            return by_text.get("play Champion", legal[-1])
        if isinstance(frame, Theft):
            return self._window(state, seat, frame.thief, frame.what, legal)
        if isinstance(frame, Target):
            return self._target(state, seat, frame.doc, legal)
        return legal[0]

    # -- helpers ------------------------------------------------------------------------------

    @staticmethod
    def _need(state: GluecksritterState, seat: int, piece: int) -> int:
        have = state.walls[seat] if piece == WALL else state.towers[seat]
        return CASTLE[piece] - have

    @staticmethod
    def _pieces(state: GluecksritterState, seat: int) -> int:
        return state.walls[seat] + state.towers[seat]

    def _leader(self, state: GluecksritterState, seat: int) -> int:
        others = [s for s in range(state.players) if s != seat]
        return max(others, key=lambda s: (self._pieces(state, s), state.ducats(s)))

    # -- the choice step ----------------------------------------------------------------------

    def _choice(
        self, state: GluecksritterState, seat: int, legal: Sequence[Action],
        by_text: dict[str, Action],
    ) -> Action:
        hand = state.docs[seat]
        if state.jailed[seat]:
            if PARDON in hand and "play Pardon" in by_text:
                return by_text["play Pardon"]
            ransom = next((a for a in legal if a.kind == "ransom"), None)
            if ransom is not None and state.ducats(seat) >= 9:
                return ransom
        gift = self._cap_attack(state, seat, by_text) if GIFT in hand else None
        if gift is not None:
            return gift
        commit = self._commit(state, seat, legal)
        if commit is not None:
            return commit
        return self._pair(state, seat, legal)

    def _cap_attack(
        self, state: GluecksritterState, seat: int, by_text: dict[str, Action]
    ) -> Action | None:
        """A Gift of one coin to a rival holding seven of that kind makes them return half."""
        best: tuple[int, int] | None = None
        for other in range(state.players):
            if other == seat:
                continue
            loss = 0
            if state.silver[other] == COIN_CAP - 1 and state.silver[seat]:
                loss = max(loss, state.silver[other] // 2)
            if state.gold[other] == COIN_CAP - 1 and state.gold[seat]:
                loss = max(loss, 2 * (state.gold[other] // 2))
            if loss >= 6 and (best is None or loss > best[0]):
                best = (loss, other)
        if best is None:
            return None
        return by_text.get(f"play Gift to seat {best[1]}")

    def _commit(
        self, state: GluecksritterState, seat: int, legal: Sequence[Action]
    ) -> Action | None:
        commits: dict[int, Action] = {}
        aimed: dict[int, list[Action]] = {}
        for action in legal:
            if action.kind == "commit":
                doc = DOC_INDEX[word(action)]
                commits[doc] = action
                if len(action.args) > 1:
                    aimed.setdefault(doc, []).append(action)
        if not commits:
            return None
        for doc, variants in aimed.items():  # committed with a target: the one it would pick
            targets = [AIM_ACTIONS[AIM_OF_COMMIT[a]] for a in variants]
            commits[doc] = COMMIT_AIMED[AIM_OF_TARGET[self._target(state, seat, doc, targets)]]
        if WINDFALL in commits:
            return commits[WINDFALL]
        if TAX_SILVER in commits and state.field[0] >= 2:
            return commits[TAX_SILVER]
        if TOLL_SILVER in commits and state.field[2] >= 2:
            return commits[TOLL_SILVER]
        if GRANT in commits and GRANT not in state.committed[seat] and (
            self._need(state, seat, WALL) or self._need(state, seat, TOWER)
        ):
            return commits[GRANT]
        if DEMOLITION in commits:
            leader = self._leader(state, seat)
            if self._pieces(state, leader) >= 3:
                return commits[DEMOLITION]
        if BLOCKADE in commits and BLOCKADE not in state.committed[seat]:
            leader = self._leader(state, seat)
            if self._pieces(state, leader) >= 6:
                return commits[BLOCKADE]
        return None

    def _granted_field(self, state: GluecksritterState, seat: int) -> int:
        """The field a committed Royal grant will block (the piece the bot will take)."""
        if GRANT not in state.committed[seat]:
            return 0
        piece = self._grant_piece(state, seat, ())
        return FARMER if piece == WALL else CRAFTSMAN if piece == TOWER else 0

    def _grant_piece(
        self, state: GluecksritterState, seat: int, chosen: Sequence[int]
    ) -> int:
        need_tower = self._need(state, seat, TOWER) > 0 and state.supply[TOWER] > 0
        need_wall = self._need(state, seat, WALL) > 0 and state.supply[WALL] > 0
        if need_tower and need_wall:
            if CRAFTSMAN in chosen and FARMER not in chosen:
                return WALL
            return TOWER
        return TOWER if need_tower else WALL if need_wall else -1

    def _crowds(self, state: GluecksritterState, seat: int) -> list[list[float]]:
        """For each field, the chance that exactly 0, 1, 2… rivals choose it this round.

        Each rival's chance of picking a field is read from the public reveals of recent rounds
        (1/3 each before any), a jailed rival never picks the Black Knight.
        """
        # each round reveals every seat's two cards, one event a seat, one after another
        players = state.players
        picked = [[0] * 7 for _ in range(players)]
        seen = 0
        for key, args in reversed(state.events):
            if key == "reveal":
                for k in args["cards"]:
                    picked[args["seat"]][k] += 1
                seen += 1
                if seen == HISTORY * players:
                    break
        rounds = seen // players
        rivals = [s for s in range(players) if s != seat]
        crowds = [[1.0]]
        for k in range(1, 7):
            dist = [1.0]  # Poisson-binomial over the rivals
            for s in rivals:
                if k == KNIGHT and state.jailed[s]:
                    continue
                p = (picked[s][k] + 1) / (rounds + 3)
                dist = [a * (1 - p) + b * p
                        for a, b in zip([*dist, 0.0], [0.0, *dist], strict=True)]
            crowds.append(dist)
        return crowds

    def _pair(self, state: GluecksritterState, seat: int, legal: Sequence[Action]) -> Action:
        crowds = self._crowds(state, seat)
        blocked = self._granted_field(state, seat)
        field = state.field
        # what the red Documents committed will bring before the reveal
        committed = state.committed[seat]
        skim_tax = TAX_SILVER in committed
        skim_customs = TOLL_SILVER in committed
        tax_value = (0 if skim_tax else field[0]) + 2 * field[1]
        customs_value = (0 if skim_customs else field[2]) + 2 * field[3]
        purse = state.ducats(seat) + (7 if WINDFALL in committed else 0)
        purse += (field[0] if skim_tax else 0) + (field[2] if skim_customs else 0)
        knight = self._knight_value(state, seat)
        value = [0.0] * 7
        for k, money_value in ((TAX, tax_value), (CUSTOMS, customs_value)):
            value[k] = sum(p * money_value / (1 + x) for x, p in enumerate(crowds[k]))
        alone_k = crowds[KNIGHT][0]
        duel = crowds[KNIGHT][1] if len(crowds[KNIGHT]) > 1 else 0.0
        value[KNIGHT] = (alone_k * knight + duel * (knight - RANSOM) / 2
                         - (1 - alone_k - duel) * RANSOM)
        value[MONK] = crowds[MONK][0] * DOCUMENT_VALUE
        best, best_score = legal[0], None
        for action in legal:
            if action.kind != "choose":
                continue
            money = purse
            score = 0.0
            for k in (number(action, 0), number(action, 1)):
                if k == blocked:
                    continue
                if k in BUILDERS:
                    piece, price_alone, price_shared = BUILDERS[k]
                    most = min(2, self._need(state, seat, piece), state.supply[piece])
                    alone = crowds[k][0]
                    count_alone = min(most, money // price_alone)
                    count_shared = min(most, money // price_shared)
                    score += alone * count_alone * (PIECE_VALUE - price_alone)
                    score += (1 - alone) * count_shared * (PIECE_VALUE - price_shared)
                    money -= count_alone * price_alone
                else:
                    score += value[k]
            score += self.rng.random() * 0.5
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best

    def _knight_value(self, state: GluecksritterState, seat: int) -> float:
        """What leading the Black Knight alone is worth: the best of the gold on fields 5 and 6
        and the raids (see ``_knight``)."""
        best = 2.0 * max(state.field[1], state.field[3])
        for victim in range(state.players):
            if victim != seat:
                best = max(best, self._raid_value(state, victim, RAID_DIE))
        return best

    # -- resolution ---------------------------------------------------------------------------

    def _knight(self, state: GluecksritterState, seat: int, legal: Sequence[Action]) -> Action:
        def value(action: Action) -> float:
            if action.kind == "take-gold":
                return 2.0 * state.field[1 if number(action) == TAX else 3]
            if action.kind == "raid":
                return self._raid_value(state, number(action), RAID_INDEX[word(action, 1)])
            return 0.0

        return max(legal, key=value)

    def _raid_value(self, state: GluecksritterState, victim: int, how: int) -> float:
        """A raid's worth: money (all gold, else all silver) or a piece, which the bot gains and
        the victim loses; by the special die 4 money bags to 2 castles, each falling back on
        the other."""
        money = 2 * state.gold[victim] if state.gold[victim] else state.silver[victim]
        pieces = self._pieces(state, victim)
        piece = PIECE_VALUE + (4 if pieces >= 6 else 0) if pieces else 0
        if how == RAID_MONEY:
            return money
        if how == RAID_PIECE:
            return piece
        if not money:
            return piece
        if not piece:
            return money
        return (4 * money + 2 * piece) / 6

    def _steal(self, state: GluecksritterState, seat: int, legal: Sequence[Action]) -> Action:
        # the piece the bot lacks most; a tower is dearer
        wall_need = self._need(state, seat, WALL)
        tower_need = self._need(state, seat, TOWER)
        return legal[1] if tower_need >= wall_need else legal[0]

    def _window(
        self, state: GluecksritterState, seat: int, thief: int, what: int,
        legal: Sequence[Action],
    ) -> Action:
        if what != MONEY:
            return next((a for a in legal if a.kind == "safeguard"), ALLOW)
        # a money raid: give the coins it would take to the rival least able to use them
        at_stake = 2 * state.gold[seat] if state.gold[seat] else state.silver[seat]
        if at_stake >= 4:
            gifts = [a for a in legal if a.kind == "gift" and number(a) != thief]
            if gifts:
                return min(gifts, key=lambda a: (self._pieces(state, number(a)),
                                                 state.ducats(number(a))))
        return ALLOW

    def _giving(self, state: GluecksritterState, seat: int, by_text: dict[str, Action]) -> Action:
        to = state.gift[seat]
        if state.phase != CHOICE:  # in a raid: give away what the Black Knight would take
            if state.gold[seat]:
                return by_text["give 1 gold"]
            if state.silver[seat]:
                return by_text["give 1 silver"]
            return by_text["stop giving"]
        if state.silver[to] == COIN_CAP - 1 and "give 1 silver" in by_text:
            return by_text["give 1 silver"]
        if state.gold[to] == COIN_CAP - 1 and "give 1 gold" in by_text:
            return by_text["give 1 gold"]
        return by_text["stop giving"]

    def _target(
        self, state: GluecksritterState, seat: int, doc: int, legal: Sequence[Action]
    ) -> Action:
        leader = self._leader(state, seat)
        if doc == DEMOLITION:
            def hurt(action: Action) -> tuple[int, bool, int]:
                victim = number(action, 1)
                return (self._pieces(state, victim), PIECE_INDEX[word(action)] == TOWER,
                        state.ducats(victim))
            return max(legal, key=hurt)
        if doc == GRANT:
            piece = self._grant_piece(state, seat, state.choice[seat])
            for action in legal:
                if PIECE_INDEX[word(action)] == piece:
                    return action
            return legal[0]
        # Blockade: the build field the leader needs, never one of the bot's own fields
        mine = set(state.choice[seat])
        wanted = []
        if self._need(state, leader, TOWER) and state.can_pay(leader, BUILDERS[CRAFTSMAN][1]):
            wanted.append(CRAFTSMAN)
        if self._need(state, leader, WALL) and state.can_pay(leader, BUILDERS[FARMER][1]):
            wanted.append(FARMER)
        richer = (CUSTOMS if state.field[2] + 2 * state.field[3] > state.field[0]
                  + 2 * state.field[1] else TAX)
        wanted += [KNIGHT, richer, MONK]
        for field in wanted:
            if field not in mine:
                for action in legal:
                    if number(action) == field:
                        return action
        return legal[0]
