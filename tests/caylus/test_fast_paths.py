"""The hot path's ready-made menus and caches (issue #14) offer exactly what the rules say: at
every decision of random games, each menu equals the one the straightforward reading of the
rules builds (the code before the speed work, kept here as the reference), in the same order.

§2 phase 2 (placing workers: targets, costs, the Inn, own buildings), §2 phase 3.3 and phase 4
(the provost's moves), §3.4–§3.5 (building: costs, discounts, the "any" cube, the two
Architects), §2 phase 3.4 and §3 (the Joust and the Peddlers: an effect one cannot pay for asks
nothing).
"""

from __future__ import annotations

import random

import pytest

from donjon.engine import Action
from donjon.games.caylus import buildings as B
from donjon.games.caylus import placement
from donjon.games.caylus.actions import (
    BRIBE,
    GUILD,
    NO_BRIBE,
    NO_BUILD,
    PASS,
    TARGET_OF,
    build_action,
)
from donjon.games.caylus.actions import target_action as target
from donjon.games.caylus.construction import Build
from donjon.games.caylus.placement import PlaceWorker
from donjon.games.caylus.provost import Bribe, MerchantsGuild
from tests.caylus.helpers import new

# -- the references: the rules read straightforwardly -------------------------------------------


def placements(s, seat: int) -> list[Action]:
    """§2 phase 2: pass, or a worker on a free target one can pay for (1 denier at the Inn's
    right circle or on one's own building, else the bridge's price), in ``targets`` order."""
    acts = [PASS]
    if s.workers[seat] <= 0:
        return acts
    money = s.deniers[seat]
    price = 1 if s.inn[1] == seat else placement.base_cost(s)
    for t in placement.targets(s, seat):
        if t < B.ROAD:
            if price <= money or (s.owner[t] == seat and money >= 1):
                acts.append(target("place", t, s.road[t]))
        elif price <= money:
            acts.append(target("place", t))
    return acts


def provost_moves(s, reach: int, money: int | None) -> list[int]:
    return [k for k in range(-reach, reach + 1)
            if 0 <= s.provost + k <= B.LAST and (money is None or abs(k) <= money)]


def builds(s, seat: int, kind: str, discount: int) -> list[Action]:
    """§3.4–§3.5: each tile of ``kind`` left (one choice for identical tiles) that one can pay
    for, ``discount`` off, and for an "any" cube each type one has one more of."""
    c = s.cubes[seat]
    acts = [NO_BUILD]
    if all(s.road[i] >= 0 for i in B.SITES):
        return acts
    seen = set()
    for tile in s.supply:
        if B.KINDS[tile] != kind or B.NAMES[tile] in seen:
            continue
        seen.add(B.NAMES[tile])
        need = [B.COSTS[tile][t] - (t == discount) for t in range(5)]
        if any(c[t] < need[t] for t in range(5)):
            continue
        if B.ANY[tile]:
            acts += [build_action(tile, p) for p in range(5) if c[p] >= need[p] + 1]
        else:
            acts.append(build_action(tile))
    return acts


# -- random games --------------------------------------------------------------------------------


def positions(players: int, seed: int, **options):
    """Every decision of a random game (the state, before the move is made)."""
    rng = random.Random(seed)
    s = new(players, seed=seed, **options)
    while not s.is_over():
        yield s
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[int(rng.random() * len(legal))])


SETUPS = [(2, {}), (3, {"stables_spots": 1}), (4, {}), (5, {"architects": 1})]


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_s2_phase2_placement_menu_is_the_rules_menu(players, options):
    """§2 phase 2: the ready-made placement menu (free places off the road by mask, the free
    road buildings kept through the phase, with their places) is the rules' menu at every
    placement; a clone, and a state whose cache was forgotten (``changed``), offer the same and
    compare equal."""
    seen = 0
    for s in positions(players, seed=players, **options):
        frame = s.pending()
        if isinstance(frame, PlaceWorker):
            seen += 1
            assert list(s.legal_actions(frame.seat)) == placements(s, frame.seat)
            # the places kept beside the road's menu, by which a placement finds its answer
            assert s.free_road_targets == [TARGET_OF[a.args[0]] for a in s.free_road]
            fresh = s.clone()
            fresh.changed()
            assert fresh.legal_actions(frame.seat) == s.legal_actions(frame.seat)
            assert fresh == s
    assert seen > 50


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_s2_provost_and_build_menus_are_the_rules_menus(players, options):
    """§2 phase 3.3, phase 4: the provost's ready-made menus; §3.4–§3.5: the build menu."""
    counted = {"guild": 0, "bribe": 0, "build": 0}
    for seed in range(3):
        for s in positions(players, seed=10 * players + seed, **options):
            frame = s.pending()
            legal = list(s.legal_actions(frame.seat)) if frame else []
            if isinstance(frame, MerchantsGuild):
                counted["guild"] += 1
                assert legal == [GUILD[k + 3] for k in provost_moves(s, B.GUILD_REACH, None)]
            elif isinstance(frame, Bribe):
                counted["bribe"] += 1
                shifts = provost_moves(s, B.BRIBE_REACH, s.deniers[frame.seat])
                assert legal == [NO_BRIBE] + [BRIBE[k + 3] for k in shifts if k]
            elif isinstance(frame, Build) and frame.kind != B.PRESTIGE:
                counted["build"] += 1
                assert legal == builds(s, frame.seat, frame.kind, frame.discount)
    assert all(counted.values()), counted


def test_s2_phase4_no_denier_no_bribe_decision():
    """§2 phase 4: a passed player without a denier is not asked (the decision, with the single
    answer of not bribing, resolves by itself): the next briber, or the road, comes at once."""
    for s in positions(4, seed=5):
        frame = s.pending()
        if isinstance(frame, Bribe):
            assert s.deniers[frame.seat] > 0
