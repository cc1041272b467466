"""What the search bot (``donjon.bots.ismcts``) does differently per game: one table.

Every setting is also a parameter of the bot's name (``ismcts:depth=20,rollout=random``), which
overrides the table. ``secret`` is game knowledge rather than a setting: the move kinds whose
choice the other seats do not see (the search keeps one tree per seat for them).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, NamedTuple


class SearchProfile(NamedTuple):
    #: how the rest of the game is played after the tree: "heuristic" (the game's own bot) or
    #: "random"
    rollout: str = "random"
    #: in a heuristic rollout, the share of moves played at random instead
    epsilon: float = 0.0
    #: decisions played after the tree before the position is evaluated; -1: to the game's end
    depth: int = -1
    #: the UCB exploration constant (rewards are in [0, 1])
    exploration: float = 0.7
    #: the weight of the heuristic's choice at a node, fading as 1 / (visits + 1); 0: none
    bias: float = 0.0
    #: progressive widening: at most ``widening`` × √visits moves tried at a node; 0: all
    widening: float = 0.0
    #: the choices searched in the tree before the rollout plays on; 1: only the bot's own move
    #: (each of its moves judged by the rollouts that follow it: a one-step improvement of the
    #: rollout policy); -1: no limit
    tree: int = -1
    #: how far apart two evaluations are for about three to one odds (``donjon.bots.evaluation``)
    scale: float = 1.0
    #: with ``tree=1``, > 0 anchors the search on the heuristic: each move is compared with the
    #: heuristic's own by paired playouts (the same sampled world and the same random numbers),
    #: and played instead only when its mean gain is more than ``anchor`` standard errors above
    #: nothing; 0: the plain search, which plays the most visited move
    anchor: float = 0.0
    #: in an anchored search, the moves compared with the heuristic's in each sampled world
    challengers: int = 3
    #: the policy that plays the searching seat in its playouts and whose move anchors an
    #: anchored search: "heuristic" (the game's bot, which also plays every other seat), or
    #: one of the game's ``POLICIES``
    policy: str = "heuristic"
    #: the move kinds whose choice the other seats do not see, each with what they see of it
    #: (moves of kinds that look alike to them share what they see)
    secret: Mapping[str, str] = MappingProxyType({})


def _seen_as(kinds: dict[str, str]) -> Mapping[str, str]:
    return MappingProxyType(kinds)


PROFILES: Final[Mapping[str, SearchProfile]] = {
    "castle-rooms": SearchProfile(
        # its own seat played by the planner, which also anchors it: with some four moves and
        # eight hundred playouts a move, half a standard error is margin enough (2026-12-01,
        # 60 games with a random player, seatings rotated: ahead of the heuristic in 68 %, 65 %
        # and 62 % of one set with anchor 0.5, 1 and 2; in 65 % and 60 % of another with 0.5
        # and 1, where the planner alone was ahead in 62 %)
        rollout="heuristic", epsilon=0.1, depth=-1, exploration=0.5, scale=1.5, tree=1,
        anchor=0.5, policy="planner",
    ),
    "caylus": SearchProfile(
        rollout="heuristic", epsilon=0.1, depth=40, exploration=0.5, scale=6.0, tree=1,
    ),
    "citadels": SearchProfile(
        rollout="heuristic", epsilon=0.1, depth=-1, exploration=0.5, scale=4.0, tree=1,
        # the draft is face down (§3), and so are a card kept from a draw, a card put under
        # the Museum or discarded to the Laboratory, the cards given or taken in secret, and
        # which warrant is signed and which threat is real
        secret=_seen_as({
            "pick": "pick", "fdiscard": "fdiscard", "keep": "keep", "mdiscard": "mdiscard",
            "museum": "museum", "lab": "lab", "dencard": "dencard", "give": "give",
            "take": "take", "wizkeep": "wizkeep", "theater": "theater",
            "theater_pass": "theater", "sign": "warrant", "warrant": "warrant",
            "threat": "threat", "bluff": "threat",
        }),
    ),
    "gluecksritter": SearchProfile(
        rollout="heuristic", epsilon=0.1, depth=40, exploration=0.5, scale=14.0, tree=1,
        anchor=2.0,
        # the two action cards and the red Documents are chosen face down (§3.2, §3.3)
        secret=_seen_as({"choose": "choose", "commit": "commit"}),
    ),
}


#: per game, the policies besides its heuristic that a search may play its own seat with
#: (``policy``): Castle Rooms' planner, the heuristic playing the rooms of its turn as chains
POLICIES: Final[Mapping[str, Mapping[str, str]]] = {
    "castle-rooms": {"planner": "donjon.games.castle_rooms.bots:PlannerBot"},
}


def profile_for(game: str) -> SearchProfile:
    return PROFILES.get(game, SearchProfile())
