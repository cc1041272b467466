"""A Caylus bot that plays like the advice of seed 003 ("Tips caylus").

- Never run dry: keep 3–4 deniers at the end of a round, so as to place 5–6 workers the next
  (it stops placing when a worker would leave it under its reserve, unless the placement is
  worth it).
- Race for the two wood farms early (Carpenter, or the building track of the favours), then the
  Park or the Workshop through the Mason.
- Favour tracks by player count: the building track at 2 players; at 3, the building track or
  the Mason and the Lawyer; at 4 or more, deniers and prestige points.

Every decision is a small scoring of the legal actions from what the seat sees (the state it is
given is a determinization; Caylus hides nothing once set up).
"""

from __future__ import annotations

import random

from donjon.engine import Action
from donjon.games.caylus import actions as A
from donjon.games.caylus import buildings as B
from donjon.games.caylus import state as S

FOOD, WOOD, STONE, CLOTH, GOLD = range(5)
NAME_OF = {b.key: i for i, b in enumerate(B.CATALOGUE)}

#: what the bot wants to build, best first (seed 003: the farms first, then Park / Workshop)
WOOD_PRIORITY = {
    "w-farm-food": 10, "w-farm-cloth": 9, "w-mason": 8, "w-lawyer": 7, "w-quarry": 6,
    "w-sawmill": 6, "w-peddler": 4, "w-market": 4,
}
STONE_PRIORITY = {
    "s-park": 11, "s-workshop": 11, "s-farm": 10, "s-architect": 8, "s-architect-2": 8,
    "s-church": 7, "s-bank": 6, "s-alchemist": 6, "s-tailor": 6, "s-jeweller": 6,
}
RESERVE = 3  # seed 003: keep 3–4 deniers for the next round


class HeuristicBot:
    blind = False

    def __init__(self, game=None, seed: int | None = None):
        self.name = "heuristic"
        self.rng = random.Random(seed)

    # -- entry --------------------------------------------------------------------------------

    def choose(self, state: S.CaylusState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        kind = state.stack[-1][0]
        scorer = _SCORERS.get(kind)
        if scorer is None:
            return legal[0]
        best, best_value = legal[0], -1e9
        for action in legal:
            value = scorer(self, state, seat, action) + self.rng.random() * 0.01
            if value > best_value:
                best, best_value = action, value
        return best

    # -- valuations ---------------------------------------------------------------------------

    @staticmethod
    def cube_value(state: S.CaylusState, seat: int, t: int, have=None) -> float:
        c = have if have is not None else state.cubes[seat]
        late = state.scored >= 1
        if t == FOOD:
            return 3.0 if c[FOOD] < 2 else 1.6
        if t == WOOD:
            return (2.6 if c[WOOD] < 2 else 1.2) * (0.7 if late else 1.0)
        if t == STONE:
            return (2.6 if c[STONE] < 2 else 1.3) * (1.3 if late else 1.0)
        if t == CLOTH:
            return 2.4 if c[CLOTH] < 1 else 1.3
        return 4.5

    def gains_value(self, state, seat, gain, have=None) -> float:
        return sum(n * self.cube_value(state, seat, t, have) for t, n in enumerate(gain) if n)

    @staticmethod
    def expected_cubes(state: S.CaylusState, seat: int) -> list[int]:
        """Cubes now plus what the seat's road workers up to the provost will produce."""
        have = state.cubes[seat].copy()
        road, occ = state.road, state.occ
        for i in range(min(state.provost, B.LAST) + 1):
            if occ[i] == seat and B.EFFECT[road[i]] == "produce":
                gains = B.DATA[road[i]]
                best = max(gains, key=lambda g: sum(g))
                for t in range(5):
                    have[t] += best[t]
        return have

    @staticmethod
    def batches(have) -> int:
        c = list(have)
        n = 0
        while c[FOOD] > 0:
            others = sorted((t for t in (WOOD, STONE, CLOTH, GOLD) if c[t] > 0),
                            key=lambda t: (t == GOLD, -c[t]))
            if len(others) < 2:
                break
            c[FOOD] -= 1
            c[others[0]] -= 1
            c[others[1]] -= 1
            n += 1
        return n

    def build_value(self, state, seat, tile: int) -> float:
        key = B.CATALOGUE[tile].key
        remaining = max(1, 16 - state.turn)
        if B.CATALOGUE[tile].kind == B.PRESTIGE:
            b = B.CATALOGUE[tile]
            return b.pp + 3 * b.favours + b.income * remaining
        base = WOOD_PRIORITY.get(key) or STONE_PRIORITY.get(key) or 3
        return base * (1.0 if remaining > 5 else 0.6) + B.CATALOGUE[tile].pp

    def best_buildable(self, state, seat, code: int, have, discount=-1) -> float:
        kind = (B.WOOD_B, B.STONE_B, B.PRESTIGE)[code]
        best = 0.0
        if kind == B.PRESTIGE:
            homes = any(state.road[i] == B.RESIDENCE_ID and state.owner[i] == seat
                        for i in range(B.ROAD))
            if not homes:
                return 0.0
        elif state.free_site() < 0:
            return 0.0
        for tile in state.supply:
            if B.KINDS[tile] != kind:
                continue
            cost = list(B.COSTS[tile])
            if discount >= 0:
                cost[discount] -= 1
            extra = B.ANY[tile]
            if all(have[t] >= cost[t] for t in range(5)) and sum(have) - sum(cost) >= extra:
                best = max(best, self.build_value(state, seat, tile))
        return best

    def activation_chance(self, state, space: int) -> float:
        if space <= state.provost:
            return 1.0
        return 0.55 if space <= state.provost + 2 else 0.15

    # -- phase 2: placement -------------------------------------------------------------------

    def place_value(self, state, seat, target: int) -> float:
        have = self.expected_cubes(state, seat)
        players = state.players
        if target == B.CASTLE_TARGET:
            n = self.batches(have)
            if n == 0:
                return -5.0
            section = state.room()
            if section >= 3:
                return -5.0
            mine = state.houses[section][seat]
            # two houses earn the section's favour, none costs its penalty (§4.2)
            spur = 3.0 if mine == 0 else (2.0 if mine == 1 else 0.0)
            return B.SECTION_POINTS[section] * min(n, 3) + 2.5 + spur
        if target >= B.SPECIAL_TARGET:
            k = target - B.SPECIAL_TARGET
            if k == B.TRADING:
                return 3.0
            if k == B.JOUST:
                return 3.5 if have[CLOTH] >= 1 and state.deniers[seat] >= 3 else -2.0
            if k == B.INN:
                return 1.8 if state.inn[1] != seat else 0.3
            if k == B.STABLES:
                return 1.2 if state.order.index(seat) > 0 else -1.0
            if k == B.GATE:
                return 1.5
            if k == B.GUILD:
                return 1.0
            return 0.0
        tile = state.road[target]
        effect = B.EFFECT[tile]
        chance = self.activation_chance(state, target)
        value = 0.0
        if effect == "produce":
            value = max(self.gains_value(state, seat, g, have) for g in B.DATA[tile])
        elif effect == "build":
            code = B.KIND_CODE[B.DATA[tile][0]]
            value = self.best_buildable(state, seat, code, have)
        elif effect == "sell":
            value = (B.DATA[tile][0] - 2.0) if sum(have) > 3 and state.deniers[seat] < 6 else 0
        elif effect == "buy":
            short = self.batches(have) == 0 and state.deniers[seat] >= RESERVE + 3
            value = 2.5 if short else 0.2
        elif effect == "lawyer":
            ok = have[CLOTH] >= 1 and state.deniers[seat] >= 3
            value = (3.0 + 0.7 * max(0, 14 - state.turn)) if ok else 0.0
        elif effect == "exchange":
            value = self.exchange_value(state, seat, tile, have)
        elif effect == "alchemist":
            spare = sum(have[:4]) - 6
            value = 4.0 if spare >= 2 else 0.0
        owner = state.owner[target]
        if owner >= 0 and owner != seat:
            value -= 0.4 if players > 2 else 1.0  # a point to the owner
        return value * chance

    def exchange_value(self, state, seat, tile, have) -> float:
        best = 0.0
        money = state.deniers[seat]
        for pay_d, pay, _gd, gain, pp in B.DATA[tile]:
            if pay_d > money - 1 or any(have[t] < pay[t] for t in range(5)):
                continue
            cost = pay_d * 1.0 + sum(pay[t] * self.cube_value(state, seat, t, have)
                                     for t in range(5))
            best = max(best, pp + self.gains_value(state, seat, gain, have) - cost)
        return best

    def score_place(self, state, seat, action) -> float:
        money = state.deniers[seat]
        if action.kind == "pass":
            # Seed 003: stop while 3–4 deniers remain for next round; the first pass pays 1.
            return 0.8 + (1.0 if not state.passed else 0.0)
        target = action.args[0]
        cost = state.place_cost(seat, target)
        value = self.place_value(state, seat, target)
        left = money - cost
        if left < RESERVE:
            value -= (RESERVE - left) * 1.5
        return value - cost * 0.8

    # -- phase 3 and 4 --------------------------------------------------------------------------

    def score_gate(self, state, seat, action) -> float:
        if action.kind == "stay":
            return 0.5
        return self.place_value(state, seat, action.args[0])

    def provost_value(self, state, seat, position: int) -> float:
        value = 0.0
        occ = state.occ
        for i in range(B.ROAD):
            w = occ[i]
            if w < 0:
                continue
            active = 1.0 if i <= position else 0.0
            if w == seat:
                value += 3.0 * active
            else:
                value -= 0.8 * active
        return value

    def score_guild(self, state, seat, action) -> float:
        return self.provost_value(state, seat, state.provost + action.args[0])

    def score_bribe(self, state, seat, action) -> float:
        if action.kind == "nobribe":
            return self.provost_value(state, seat, state.provost)
        k = action.args[0]
        money_left = state.deniers[seat] - abs(k)
        penalty = 1.2 * abs(k) + (2.0 if money_left < RESERVE else 0.0)
        return self.provost_value(state, seat, state.provost + k) - penalty

    def score_joust(self, state, seat, action) -> float:
        if action.kind == "joust":
            return 1.0 if state.deniers[seat] >= 2 else -1.0
        return 0.0

    def score_inn(self, state, seat, action) -> float:
        return 1.0 if action.kind == "innstay" else 0.0

    # -- phase 5 --------------------------------------------------------------------------------

    def score_take(self, state, seat, action) -> float:
        return self.gains_value(state, seat, action.args[0])

    def score_bonus(self, state, seat, action) -> float:
        return self.cube_value(state, seat, action.args[0])

    def score_sell(self, state, seat, action) -> float:
        if action.kind == "nosell":
            return 0.0
        t = action.args[0]
        gain = state.stack[-1][2]
        need_money = 2.0 if state.deniers[seat] < 5 else 0.6
        return need_money * gain / 4 - self.cube_value(state, seat, t) - (2.0 if t == GOLD else 0)

    def score_buy(self, state, seat, action) -> float:
        if action.kind == "nobuy":
            return 0.0
        price = state.stack[-1][3]
        money = state.deniers[seat]
        if money - price < RESERVE - 1:
            return -1.0
        have = state.cubes[seat].copy()
        before = self.batches(have)
        have[action.args[0]] += 1
        return (3.0 if self.batches(have) > before else 0.3) + self.cube_value(
            state, seat, action.args[0]) * 0.3 - price

    def score_build(self, state, seat, action) -> float:
        if action.kind == "nobuild":
            return 0.0
        tile = action.args[0]
        value = self.build_value(state, seat, tile)
        if action.kind == "build" and action.args[1] >= 0:
            value -= self.cube_value(state, seat, action.args[1])
        return value

    def score_exchange(self, state, seat, action) -> float:
        if action.kind == "decline":
            return 0.0
        pay_d, pay, gain_d, gain, pp = action.args[0]
        money = state.deniers[seat]
        cost = pay_d * (1.0 if money - pay_d >= RESERVE else 2.0)
        cost += sum(pay[t] * self.cube_value(state, seat, t) for t in range(5))
        return pp + gain_d + self.gains_value(state, seat, gain) - cost

    def score_alchemist(self, state, seat, action) -> float:
        if action.kind == "decline":
            return 0.0
        combo, gold = action.args
        have = state.cubes[seat]
        cost = sum(combo[t] * self.cube_value(state, seat, t, have) for t in range(4))
        return gold * 4.5 - cost

    def score_lawyer(self, state, seat, action) -> float:
        if action.kind == "decline":
            return 0.0
        space = action.args[0]
        tile = state.road[space]
        remaining = max(0, 15 - state.turn)
        value = 2.0 + 0.8 * remaining
        if B.KINDS[tile] != B.NEUTRAL:
            value -= 4.0  # losing one's own building
        elif B.EFFECT[tile] in ("sell", "build"):
            value += 0.5
        return value

    # -- phase 6 --------------------------------------------------------------------------------

    def score_castle(self, state, seat, action) -> float:
        if action.kind == "stop":
            return 0.0
        batch = B.BATCHES[action.args[0]]
        have = state.cubes[seat]
        cost = sum(self.cube_value(state, seat, t, have) for t in batch)
        return 10.0 - cost * 0.5

    # -- favours --------------------------------------------------------------------------------

    def score_favour(self, state, seat, action) -> float:
        track, column, word = action.args
        players = state.players
        have = state.cubes[seat]
        if track == B.PRESTIGE_T:
            return column * (1.6 if players >= 4 else 1.0)
        if track == B.DENIERS_T:
            money = state.deniers[seat]
            return (column + 2) * (0.9 if money < 5 else 0.6) * (1.2 if players >= 4 else 1.0)
        if track == B.RESOURCES_T:
            if word == "trade":
                return 2.0
            t = B.CUBES.index(word)
            return self.cube_value(state, seat, t) * 1.1
        # buildings track (seed 003: essential at 2, best at 3)
        weight = {2: 1.5, 3: 1.3}.get(players, 1.0)
        if column == 1:
            return 0.8 * weight
        _, kind, discount = B.FAVOUR_BUILDINGS[column]
        if kind == B.RESIDENCE:
            return (2.0 + 0.6 * max(0, 15 - state.turn)) * weight
        code = B.KIND_CODE[kind]
        have = list(have)
        return self.best_buildable(state, seat, code, have,
                                   -1 if discount is None else discount) * weight

    def score_give(self, state, seat, action) -> float:
        return -self.cube_value(state, seat, action.args[0])

    def score_take2(self, state, seat, action) -> float:
        return sum(self.cube_value(state, seat, t) for t in action.args)


_SCORERS = {
    A.F_PLACE: HeuristicBot.score_place,
    A.F_GATE: HeuristicBot.score_gate,
    A.F_GUILD: HeuristicBot.score_guild,
    A.F_JOUST: HeuristicBot.score_joust,
    A.F_INN: HeuristicBot.score_inn,
    A.F_BRIBE: HeuristicBot.score_bribe,
    A.F_PROD: HeuristicBot.score_take,
    A.F_BONUS: HeuristicBot.score_bonus,
    A.F_SELL: HeuristicBot.score_sell,
    A.F_BUY: HeuristicBot.score_buy,
    A.F_BUILD: HeuristicBot.score_build,
    A.F_EXCH: HeuristicBot.score_exchange,
    A.F_ALCH: HeuristicBot.score_alchemist,
    A.F_LAWYER: HeuristicBot.score_lawyer,
    A.F_CASTLE: HeuristicBot.score_castle,
    A.F_FAVOUR: HeuristicBot.score_favour,
    A.F_GIVE: HeuristicBot.score_give,
    A.F_TAKE: HeuristicBot.score_take2,
}
