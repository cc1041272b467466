"""The choice step and the red Documents (rules reference §3.2, §3.3, §5, §8 A16, A17).

Every seat chooses at once: it may pay the ransom of its jailed Black Knight card or play Pardon
(Y4), start a Gift (Y2), commit red Documents face down, and ends its choice by choosing two
action cards face down. When the last seat has chosen, the red Documents are revealed together
and resolved one at a time, the state's stack driving the rest of the round (``red_order``); a Blockade, Demolition or Royal grant asks its owner
for a target when it resolves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from donjon.engine import Action
from donjon.games.gluecksritter.actions import (
    AIM_ACTIONS,
    AIM_OF_COMMIT,
    AIM_OF_TARGET,
    BLOCK,
    COMMIT,
    COMMIT_AIMED,
    DEMOLISH,
    DOC_INDEX,
    GIFT_TO,
    GRANT_PIECE,
    MAX_SEATS,
    PAIRS,
    PARDON_ACTION,
    PIECE_INDEX,
    RANSOM_ACTION,
    number,
    word,
)
from donjon.games.gluecksritter.coins import draw_coins, gain, pay
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
    coin_amounts,
)
from donjon.games.gluecksritter.documents import (
    announce_theft,
    give_or_stop,
    giving_actions,
    play_gift,
)
from donjon.games.gluecksritter.fields import Reveal
from donjon.games.gluecksritter.frames import RESOLUTION, Decision, Step

if TYPE_CHECKING:
    from donjon.games.gluecksritter.state import GluecksritterState

REVEAL: Final = Reveal(-1)
#: the red Documents that need a target
AIMED: Final = (BLOCKADE, DEMOLITION, GRANT)

# -- the choice step (§3.2, §8 A11, A16) --------------------------------------------------------


def choice_actions(state: GluecksritterState, seat: int) -> Sequence[Action]:
    # Hot path (issue #14): every seat asks this each round. The answer is put together from
    # ready-made tuples (the pairs, then Pardon and the ransom, the red commits of the hand,
    # the Gifts), in the order the rules list them, so the engine need not copy it.
    if state.gift[seat] >= 0:  # giving coins, one at a time (Y2)
        return giving_actions(state, seat)
    hand = state.docs[seat]
    if state.jailed[seat]:  # §8 A11, A16: no Black Knight pair; Pardon and the ransom free it
        actions = JAILED_CHOICES[PARDON in hand][
            state.silver[seat] + 2 * state.gold[seat] >= RANSOM
        ]
    else:
        actions = PAIRS[0]
    if not hand:
        return actions
    rules = state.rules
    limit = rules.red_limit
    # ``a = a + b``, not ``a += b``: compiled, the augmented assignment adds two objects, the
    # plain one joins two tuples natively
    if not limit or len(state.committed[seat]) < limit:
        if rules.aim_on_commit:
            actions = actions + aimed_hand_commits(state, seat, hand)
        else:
            actions = actions + hand_commits(hand)
    if GIFT in hand and (state.silver[seat] or state.gold[seat]):
        actions = actions + GIFT_CHOICES[state.players][seat]
    return actions


#: [Pardon in hand] -> [the ransom affordable] -> the choices of a seat whose Black Knight card
#: is in the dungeon, besides its red Documents and Gifts
JAILED_CHOICES: Final = tuple(
    tuple(
        PAIRS[1] + ((PARDON_ACTION,) if pardon else ()) + ((RANSOM_ACTION,) if ransom else ())
        for ransom in (False, True)
    )
    for pardon in (False, True)
)
#: players -> seat -> "play Gift to seat …" for every other seat
GIFT_CHOICES: Final = tuple(
    tuple(tuple(GIFT_TO[other] for other in range(players) if other != seat)
          for seat in range(players))
    for players in range(MAX_SEATS + 1)
)
#: seat -> first field -> second field -> the event of that choice, made once: events are
#: never changed once emitted (clones share them), so every game may share these, and a round
#: leaves no event of its own for the garbage collector to go through (issue #14)
CHOSEN: Final = tuple(
    tuple(tuple(("choose", {"seat": seat, "cards": [a, b]}) for b in range(7)) for a in range(7))
    for seat in range(MAX_SEATS)
)
#: red Document -> "commit …"
COMMIT_OF_RED: Final = {doc: commit for doc, commit in enumerate(COMMIT) if commit is not None}
#: a hand -> its red Documents' commits (``hand_commits``); forgotten whenever it holds
#: ``_HAND_COMMITS_KEPT`` hands, for a server plays on and hands are many
_HAND_COMMITS: Final[dict[tuple[int, ...], tuple[Action, ...]]] = {}
_HAND_COMMITS_KEPT: Final = 4096


def hand_commits(hand: list[int]) -> tuple[Action, ...]:
    """"commit …" for each red Document of a hand, once each, in the hand's order."""
    # Hot path (issue #14): a seat's hand seldom changes between two rounds, so the answer is
    # looked up by the hand (two thirds of the calls in random play), else made.
    key = tuple(hand)
    commits = _HAND_COMMITS.get(key)
    if commits is None:
        made: list[Action] = []
        seen: list[int] = []
        for doc in hand:
            if RED[doc] and doc not in seen:
                seen.append(doc)
                made.append(COMMIT_OF_RED[doc])
        commits = tuple(made)
        if len(_HAND_COMMITS) >= _HAND_COMMITS_KEPT:
            _HAND_COMMITS.clear()
        _HAND_COMMITS[key] = commits
    return commits


def aimed_hand_commits(
    state: GluecksritterState, seat: int, hand: list[int]
) -> tuple[Action, ...]:
    """``hand_commits`` with ``red_targets=on-committing``: a Blockade, Demolition or Royal
    grant is committed with each target it could take now."""
    actions: list[Action] = []
    seen = []
    for doc in hand:
        if RED[doc] and doc not in seen:
            seen.append(doc)
            if doc in AIMED:
                actions.extend(aimed_commits(state, seat, doc))
            else:
                actions.append(COMMIT_OF_RED[doc])
    return tuple(actions)


def apply_choice(state: GluecksritterState, seat: int, action: Action) -> None:
    kind = action.kind
    if kind == "choose":
        # two field numbers (``actions.CHOOSE``), declared ints as they are: compiled, the
        # events' tuples are then indexed natively, where an argument of any type is looked
        # up through Python's protocol (``cast`` would be a call, pure)
        a: int
        b: int
        a, b = action.args  # type: ignore[assignment]
        state.choice[seat] = [a, b]
        state.events.append(CHOSEN[seat][a][b])
        waiting = state.waiting
        waiting.remove(seat)
        if not waiting:
            state.commit()  # the last choice reveals every other's: it stands
            reveal_reds(state)
    elif state.gift[seat] >= 0:
        give_or_stop(state, seat, action)
    elif kind == "commit":
        doc = DOC_INDEX[word(action)]
        state.docs[seat].remove(doc)
        state.committed[seat].append(doc)
        state.aims[seat].append(AIM_OF_COMMIT[action] if len(action.args) > 1 else -1)
        state.events.append(("commit", (seat, DOC_NAMES[doc])))  # hot: no call
    elif kind == "gift":
        play_gift(state, seat, number(action))
    elif kind == "ransom":  # §4 dungeon, §8 A16
        jailer = state.jailer[seat]
        if jailer >= 0 and state.rules.ransom_to_winner:
            pay(state, seat, RANSOM, jailer)
            state.emit("ransom_to", seat=seat, paid=RANSOM, to=jailer)
        else:
            pay(state, seat, RANSOM)
            state.emit("ransom", seat=seat, paid=RANSOM)
        free(state, seat)
    else:  # pardon (Y4)
        state.docs[seat].remove(PARDON)
        state.doc_discard.append(PARDON)
        free(state, seat)
        state.emit("pardon", seat=seat)


def aimed_commits(state: GluecksritterState, seat: int, doc: int) -> list[Action]:
    """§8 A17 with ``red_targets=on-committing``: a Blockade, Demolition or Royal grant is
    committed with its target, one of those it could take now."""
    return [COMMIT_AIMED[AIM_OF_TARGET[target]] for target in TARGETS[seat][doc].options(state)]


def free(state: GluecksritterState, seat: int) -> None:
    state.jailed[seat] = False
    state.jailer[seat] = -1


# -- red Documents (§3.3, §5, §8 A17) -----------------------------------------------------------


def reveal_reds(state: GluecksritterState) -> None:
    """§3.3, §8 A17: all red Documents are revealed at once, then resolved one at a time —
    in seating order from the start player, or by seal number (R1 first) then seating order
    (``red_order``); then the action cards are revealed (§3.4)."""
    state.phase = RESOLUTION
    committed, aims = state.committed, state.aims
    # a loop, not ``any``: compiled, a builtin's call goes through Python's calling convention
    for pile in committed:
        if pile:
            break
    else:  # most rounds (issue #14): no red Document, straight on to the action cards
        REVEAL.lapse(state)
        return
    reds: list[tuple[int, int, int]] = []
    for seat in state.order():
        if committed[seat]:
            reds.extend(zip([seat] * len(aims[seat]), committed[seat], aims[seat], strict=True))
            committed[seat] = []
            aims[seat] = []
    if not reds:  # straight on to the action cards
        REVEAL.lapse(state)
        return
    if state.rules.reds_by_seal:
        reds.sort(key=_seal)
    stack = state.stack
    stack.append(REVEAL)
    stack.extend([
        RED_DOCUMENTS[seat][doc] if aim < 0 else RedDocument(seat, doc, aim)
        for seat, doc, aim in reversed(reds)
    ])
    events = state.events  # hot: the events written as ``emit`` would, without the call
    for seat, doc, _ in reds:
        events.append(("red", {"seat": seat, "doc": DOC_NAMES[doc]}))


def _seal(red: tuple[int, int, int]) -> int:
    return red[1]


@dataclass(frozen=True, slots=True)
class RedDocument(Step):
    """Resolve one revealed red Document (§5, §8 A17); ``aim`` is the target it was committed
    with (``red_targets=on-committing``), or -1."""

    doc: int
    aim: int = -1

    def lapse(self, state: GluecksritterState) -> None:
        seat, doc = self.seat, self.doc
        if doc in AIMED:
            target = TARGETS[seat][doc]
            if not state.rules.aim_on_commit:
                state.stack.append(target)
            elif self.aim >= 0 and AIM_ACTIONS[self.aim] in target.options(state):
                target.resolve(state, AIM_ACTIONS[self.aim])
            else:  # its target is gone
                target.lapse(state)
            return
        state.doc_discard.append(doc)
        if doc == WINDFALL:
            silver, gold = draw_coins(state, WINDFALL_COINS)
            state.emit("windfall", seat=seat, silver=silver, gold=gold,
                       coins=coin_amounts(silver, gold))
            gain(state, seat, silver, gold)
        else:  # R5 / R6: the silver on the tax collector or the customs officer
            field = SKIM_FIELD[doc]
            k = 0 if field == TAX else 2
            silver = state.field[k]
            state.field[k] = 0
            state.emit("skim", seat=seat, doc=DOC_NAMES[doc], field=field, silver=silver,
                       coins=coin_amounts(silver, 0))
            gain(state, seat, silver, 0)


@dataclass(frozen=True, slots=True)
class Target(Decision):
    """The target of a revealed Blockade, Demolition or Royal grant; a single possible target
    is taken by itself, none makes the Document fizzle."""

    doc: int

    def options(self, state: GluecksritterState) -> Sequence[Action]:
        seat, doc = self.seat, self.doc
        if doc == BLOCKADE:
            blocked = state.blocked
            return [BLOCK[k] for k in range(1, 7) if not blocked[k]]
        actions = []
        if doc == DEMOLITION:
            for victim in range(state.players):
                if victim != seat:
                    if state.walls[victim]:
                        actions.append(DEMOLISH[WALL][victim])
                    if state.towers[victim]:
                        actions.append(DEMOLISH[TOWER][victim])
            return actions
        # GRANT: a free piece from the supply, if the castle has room for it (§8 A9)
        limited = state.rules.castle_limited
        if state.supply[WALL] and (not limited or state.walls[seat] < CASTLE[WALL]):
            actions.append(GRANT_PIECE[WALL])
        if state.supply[TOWER] and (not limited or state.towers[seat] < CASTLE[TOWER]):
            actions.append(GRANT_PIECE[TOWER])
        return actions

    def resolve(self, state: GluecksritterState, action: Action) -> None:
        seat, doc = self.seat, self.doc
        state.doc_discard.append(doc)
        if doc == BLOCKADE:  # R1
            field = number(action)
            state.blocked[field] = True
            state.emit("block", seat=seat, field=field)
        elif doc == DEMOLITION:  # R2
            piece, victim = PIECE_INDEX[word(action)], number(action, 1)
            state.emit("demolition", seat=seat, victim=victim, piece=PIECE_NAMES[piece])
            announce_theft(state, victim, seat, piece, True)
        else:  # R4
            piece = PIECE_INDEX[word(action)]
            state.supply[piece] -= 1
            if piece == WALL:
                state.walls[seat] += 1
            else:
                state.towers[seat] += 1
            field = FARMER if piece == WALL else CRAFTSMAN
            state.blocked[field] = True
            state.emit("grant", seat=seat, piece=PIECE_NAMES[piece], blocked=field)

    def lapse(self, state: GluecksritterState) -> None:
        state.doc_discard.append(self.doc)
        state.emit("fizzle", seat=self.seat, doc=DOC_NAMES[self.doc])

    def details(self) -> dict[str, Any] | None:
        return {"document": DOC_NAMES[self.doc]}


Target.name = "target"


#: seat -> Document -> its step and its target decision (made once, shared)
RED_DOCUMENTS: Final = tuple(
    tuple(RedDocument(seat, doc) for doc in range(len(DOC_NAMES))) for seat in range(MAX_SEATS)
)
TARGETS: Final = tuple(
    tuple(Target(seat, doc) for doc in range(len(DOC_NAMES))) for seat in range(MAX_SEATS)
)
