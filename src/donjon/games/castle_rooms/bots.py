"""A Castle Rooms bot that plays like a careful person.

It finishes a row of ten when it can, blocks the opponent closest to winning with a Dragon,
frees its best blocked row with a Knight, grows its longest open row, and starts new rows only
when the hand rule forces it — keeping the cards most likely to fit its best row.
"""

from __future__ import annotations

import random
from typing import cast

from donjon.engine import Action, Game
from donjon.games.castle_rooms.state import (
    DRAGONS_ON,
    EXIT,
    ORIENT,
    CastleRoomsState,
    rooms_in,
)


def _number(action: Action, i: int) -> int:
    """An action's seat or row argument (an int in every Castle Rooms action that has one)."""
    return cast(int, action.args[i])


class HeuristicBot:
    blind = False

    def __init__(self, game: Game | None = None, seed: int | None = None):
        self.name = "heuristic"
        self.rng = random.Random(seed)

    def choose(self, state: CastleRoomsState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        rows = state.rows[seat]
        hand = state.hands[seat]
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)

        def length(k: int) -> int:
            return rooms_in(rows[k])

        def threat(a: Action) -> int:
            return rooms_in(state.rows[_number(a, 0)][_number(a, 1)])

        plays = by_kind.get("play", [])
        if plays:
            best = max(plays, key=lambda a: length(_number(a, 1)))
            if length(_number(best, 1)) + 1 >= state.rules.win_rooms:
                return best
        # Block the most dangerous opponent row.
        dragons = by_kind.get("dragon", [])
        if dragons:
            target = max(dragons, key=threat)
            mine = max((length(k) for k in range(len(rows))), default=0)
            if threat(target) >= max(4, mine - 2) or len(hand) > 2:
                return target
        knights = by_kind.get("knight", [])
        if knights:
            return max(knights, key=lambda a: length(_number(a, 0)))
        if plays:
            return max(plays, key=lambda a: (length(_number(a, 1)), -_number(a, 1)))
        if "end" in by_kind:
            return by_kind["end"][0]
        if "discard" in by_kind:
            return by_kind["discard"][0]
        if dragons:
            return max(dragons, key=threat)
        guards = by_kind.get("guard", [])  # §5 B8 option: guard the longest row
        if guards:
            return max(guards, key=lambda a: length(_number(a, 0)))
        return self._new_row(state, seat, by_kind["new"])

    def _new_row(self, state: CastleRoomsState, seat: int, options: list[Action]) -> Action:
        """Forced to start a row: give up the card least likely to extend the best rows."""
        cards = state.cards
        rows = [r for r in state.rows[seat] if not r[DRAGONS_ON]]
        rows.sort(key=rooms_in, reverse=True)

        def usefulness(action: Action) -> tuple[int, bool]:
            t = cards.by_name[cast(str, action.args[0])]
            fits = sum(
                rooms_in(r) for r in rows if cards.effective[r[ORIENT]][t][0] == r[EXIT]
            )
            # A new row whose exit matches a card we keep can grow next turn.
            return (fits, self.rng.random() < 0.5)

        return min(options, key=usefulness)
