"""Caylus scoring: a castle section when it is due (§4.2) and the end of the game (§6).

Every point is also counted in its category (``buildings.SCORE_CATEGORIES``), so that the end of
the game can show each player's score broken down; a penalty counts what it really took, since
a score never drops below 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from donjon.engine import Result, ranks_from_keys
from donjon.games.caylus import buildings as B
from donjon.games.caylus import construction, favours
from donjon.games.caylus.actions import FAVOUR_COUNT_WORDS, P_OVER
from donjon.games.caylus.buildings import CATEGORY_COUNT, GOLD, SCORE_CATEGORIES

if TYPE_CHECKING:
    from donjon.games.caylus.state import CaylusState


def lose(state: CaylusState, seat: int, penalty: int) -> int:
    """``seat`` loses up to ``penalty`` PP, never dropping below 0 (§4.2); what it lost."""
    lost = min(penalty, state.score[seat])
    state.score[seat] -= lost
    state.points[seat * CATEGORY_COUNT + B.POINTS_PENALTIES] -= lost
    return lost


def score_section(state: CaylusState, s: int) -> None:
    """Section ``s`` is scored: penalties for no house, favours for two or more (§4.2)."""
    state.scoring = s
    houses = state.houses[s]
    table = B.SECTION_FAVOURS[s]
    section = B.SECTIONS[s]
    state.emit("section_scored", section=section)
    awards = []
    for seat in state.order:  # §4.2: in turn order
        n = houses[seat]
        if n == 0:
            lost = lose(state, seat, B.SECTION_PENALTY[s])
            state.events.append(("section_penalty", (seat, section, lost)))
        else:
            count = table[min(n, len(table) - 1)]
            if count:
                state.emit("section_favours", seat=seat, section=section,
                           favours=FAVOUR_COUNT_WORDS[count])
                awards.append((seat, count))
    for seat, count in reversed(awards):  # the first in turn order resolves first
        for _ in range(count):
            favours.grant(state, seat)


def game_end(state: CaylusState) -> None:
    """§6: the final bonuses for gold, other cubes and deniers; the game is over."""
    if state.pending_residences:
        construction.flush_residences(state)
    final = []
    points = state.points
    for seat in range(state.players):
        c = state.cubes[seat]
        gold = c[GOLD] * B.GOLD_PP
        others = (c[0] + c[1] + c[2] + c[3]) // B.CUBES_PER_PP
        money = state.deniers[seat] // B.DENIERS_PER_PP
        state.score[seat] += gold + others + money
        at = seat * CATEGORY_COUNT
        points[at + B.POINTS_GOLD] += gold
        points[at + B.POINTS_CUBES] += others
        points[at + B.POINTS_DENIERS] += money
        final.append({"gold": gold, "cubes": others, "deniers": money})
    state.final = final
    state.phase = P_OVER
    for seat in state.order:
        bonus = final[seat]
        state.emit("final_score", seat=seat, gold=bonus["gold"], cubes=bonus["cubes"],
                   deniers=bonus["deniers"], score=state.score[seat])
    best = max(state.score)
    state.emit("game_over", winners=[s for s in range(state.players) if state.score[s] == best],
               score=best)


def breakdown(state: CaylusState, seat: int) -> dict[str, int]:
    """``seat``'s score by category (they add up to its score)."""
    at = seat * CATEGORY_COUNT
    return {key: state.points[at + k] for k, (key, _, _) in enumerate(SCORE_CATEGORIES)}


def result(state: CaylusState) -> Result:
    """§6: the highest score wins; tied players share the victory, so no tie is ever broken
    (``tiebreak`` stays empty)."""
    if state.phase != P_OVER:
        raise ValueError("the game is not over")
    return Result(
        scores=tuple(state.score),
        ranks=ranks_from_keys(list(state.score)),
        details={"final_bonus": state.final, "turns": state.turn},
        breakdown=tuple(breakdown(state, seat) for seat in range(state.players)),
    )
