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
from collections.abc import Callable, Sequence
from typing import Final

from donjon.engine import Action, Frame, Game
from donjon.games.caylus import activation, castle, construction, favours, placement, provost
from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import CUBE_OF, TARGET_OF, TILE_OF, TRACK_OF, counts, number
from donjon.games.caylus.state import CaylusState

FOOD: Final = 0
WOOD: Final = 1
STONE: Final = 2
CLOTH: Final = 3
GOLD: Final = 4

#: what the bot wants to build, best first (seed 003: the farms first, then Park / Workshop)
WOOD_PRIORITY: Final = {
    "w-farm-food": 10, "w-farm-cloth": 9, "w-mason": 8, "w-lawyer": 7, "w-quarry": 6,
    "w-sawmill": 6, "w-peddler": 4, "w-market": 4,
}
STONE_PRIORITY: Final = {
    "s-park": 11, "s-workshop": 11, "s-farm": 10, "s-architect": 8, "s-architect-2": 8,
    "s-church": 7, "s-bank": 6, "s-alchemist": 6, "s-tailor": 6, "s-jeweller": 6,
}
RESERVE: Final = 3  # seed 003: keep 3–4 deniers for the next round


class HeuristicBot:
    blind = False

    def __init__(self, game: Game | None = None, seed: int | None = None):
        self.name = "heuristic"
        self.rng = random.Random(seed)

    # -- entry --------------------------------------------------------------------------------

    def choose(self, state: CaylusState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        frame = state.pending()
        scorer = _SCORERS.get(type(frame)) if frame is not None else None
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
    def cube_value(
        state: CaylusState, seat: int, t: int, have: Sequence[int] | None = None
    ) -> float:
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

    def gains_value(
        self, state: CaylusState, seat: int, gain: Sequence[int],
        have: Sequence[int] | None = None,
    ) -> float:
        return sum(n * self.cube_value(state, seat, t, have) for t, n in enumerate(gain) if n)

    @staticmethod
    def expected_cubes(state: CaylusState, seat: int) -> list[int]:
        """Cubes now plus what the seat's road workers up to the provost will produce."""
        have = state.cubes[seat].copy()
        road, occupant = state.road, state.occupant
        for i in range(min(state.provost, B.LAST) + 1):
            if occupant[i] == seat and B.EFFECT[road[i]] == "produce":
                gains = B.GAINS[road[i]]
                best = max(gains, key=sum)
                for t in range(5):
                    have[t] += best[t]
        return have

    @staticmethod
    def batches(have: Sequence[int]) -> int:
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

    def build_value(self, state: CaylusState, seat: int, tile: int) -> float:
        key = B.CATALOGUE[tile].key
        remaining = max(1, 16 - state.turn)
        if B.CATALOGUE[tile].kind == B.PRESTIGE:
            b = B.CATALOGUE[tile]
            return b.pp + 3 * b.favours + b.income * remaining
        base = WOOD_PRIORITY.get(key) or STONE_PRIORITY.get(key) or 3
        return base * (1.0 if remaining > 5 else 0.6) + B.CATALOGUE[tile].pp

    def best_buildable(
        self, state: CaylusState, seat: int, kind: str, have: Sequence[int],
        discount: int = B.NO_CUBE,
    ) -> float:
        best = 0.0
        if kind == B.PRESTIGE:
            homes = any(state.road[i] == B.RESIDENCE_ID and state.owner[i] == seat
                        for i in range(B.ROAD))
            if not homes:
                return 0.0
        elif construction.free_site(state) < 0:
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

    def activation_chance(self, state: CaylusState, space: int) -> float:
        if space <= state.provost:
            return 1.0
        return 0.55 if space <= state.provost + 2 else 0.15

    # -- phase 2: placement -------------------------------------------------------------------

    def place_value(self, state: CaylusState, seat: int, target: int) -> float:
        have = self.expected_cubes(state, seat)
        players = state.players
        if target == B.CASTLE_TARGET:
            n = self.batches(have)
            if n == 0:
                return -5.0
            section = castle.room(state)
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
            value = max(self.gains_value(state, seat, g, have) for g in B.GAINS[tile])
        elif effect == "build":
            value = self.best_buildable(state, seat, B.BUILDS[tile], have)
        elif effect == "sell":
            value = (B.PRICE[tile] - 2.0) if sum(have) > 3 and state.deniers[seat] < 6 else 0
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

    def exchange_value(
        self, state: CaylusState, seat: int, tile: int, have: Sequence[int]
    ) -> float:
        best = 0.0
        money = state.deniers[seat]
        for rate in B.EXCHANGES[tile]:
            pay_d, pay = rate.pay_deniers, rate.pay
            if pay_d > money - 1 or any(have[t] < pay[t] for t in range(5)):
                continue
            cost = pay_d * 1.0 + sum(pay[t] * self.cube_value(state, seat, t, have)
                                     for t in range(5))
            best = max(best, rate.pp + self.gains_value(state, seat, rate.gain, have) - cost)
        return best

    def score_place(self, state: CaylusState, seat: int, action: Action) -> float:
        money = state.deniers[seat]
        if action.kind == "pass":
            # Seed 003: stop while 3–4 deniers remain for next round; the first pass pays 1.
            return 0.8 + (1.0 if not state.passed else 0.0)
        target = TARGET_OF[action.args[0]]
        cost = placement.place_cost(state, seat, target)
        value = self.place_value(state, seat, target)
        left = money - cost
        if left < RESERVE:
            value -= (RESERVE - left) * 1.5
        return value - cost * 0.8

    # -- phase 3 and 4 --------------------------------------------------------------------------

    def score_gate(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "stay":
            return 0.5
        return self.place_value(state, seat, TARGET_OF[action.args[0]])

    def provost_value(self, state: CaylusState, seat: int, position: int) -> float:
        value = 0.0
        occupant = state.occupant
        for i in range(B.ROAD):
            w = occupant[i]
            if w < 0:
                continue
            active = 1.0 if i <= position else 0.0
            if w == seat:
                value += 3.0 * active
            else:
                value -= 0.8 * active
        return value

    def score_guild(self, state: CaylusState, seat: int, action: Action) -> float:
        return self.provost_value(state, seat, state.provost + number(action.args[0]))

    def score_bribe(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "no-bribe":
            return self.provost_value(state, seat, state.provost)
        k = number(action.args[0])
        money_left = state.deniers[seat] - abs(k)
        penalty = 1.2 * abs(k) + (2.0 if money_left < RESERVE else 0.0)
        return self.provost_value(state, seat, state.provost + k) - penalty

    def score_joust(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "joust":
            return 1.0 if state.deniers[seat] >= 2 else -1.0
        return 0.0

    def score_inn(self, state: CaylusState, seat: int, action: Action) -> float:
        return 1.0 if action.kind == "inn-stay" else 0.0

    # -- phase 5 --------------------------------------------------------------------------------

    def score_produce(self, state: CaylusState, seat: int, action: Action) -> float:
        return self.gains_value(state, seat, counts(action.args))

    def score_bonus(self, state: CaylusState, seat: int, action: Action) -> float:
        return self.cube_value(state, seat, CUBE_OF[action.args[0]])

    def score_sell(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "no-sell":
            return 0.0
        t = CUBE_OF[action.args[0]]
        frame = state.pending()
        assert isinstance(frame, activation.Sell)
        need_money = 2.0 if state.deniers[seat] < 5 else 0.6
        return (need_money * frame.price / 4 - self.cube_value(state, seat, t)
                - (2.0 if t == GOLD else 0))

    def score_buy(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "no-buy":
            return 0.0
        frame = state.pending()
        assert isinstance(frame, activation.Buy)
        price = frame.price
        money = state.deniers[seat]
        if money - price < RESERVE - 1:
            return -1.0
        have = state.cubes[seat].copy()
        before = self.batches(have)
        t = CUBE_OF[action.args[0]]
        have[t] += 1
        return (3.0 if self.batches(have) > before else 0.3) + self.cube_value(
            state, seat, t) * 0.3 - price

    def score_build(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "no-build":
            return 0.0
        args = action.args
        value = self.build_value(state, seat, TILE_OF[args[0]])
        if action.kind == "build" and len(args) > 1:
            value -= self.cube_value(state, seat, CUBE_OF[args[1]])
        return value

    def score_exchange(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "decline":
            return 0.0
        frame = state.pending()
        assert isinstance(frame, activation.Exchange)
        paid = number(action.args[1])
        rate = next(r for r in B.EXCHANGES[frame.building] if r.paid == paid)
        pay_d, pay = rate.pay_deniers, rate.pay
        money = state.deniers[seat]
        cost = pay_d * (1.0 if money - pay_d >= RESERVE else 2.0)
        cost += sum(pay[t] * self.cube_value(state, seat, t) for t in range(5))
        return rate.pp + rate.gain_deniers + self.gains_value(state, seat, rate.gain) - cost

    def score_alchemist(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "decline":
            return 0.0
        frame = state.pending()
        assert isinstance(frame, activation.Alchemist)
        combo = counts(action.args)
        gold = next(g for n, g in B.ALCHEMY[frame.building] if n == len(action.args))
        have = state.cubes[seat]
        cost = sum(combo[t] * self.cube_value(state, seat, t, have) for t in range(4))
        return gold * 4.5 - cost

    def score_lawyer(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "decline":
            return 0.0
        tile = state.road[TARGET_OF[action.args[0]]]
        remaining = max(0, 15 - state.turn)
        value = 2.0 + 0.8 * remaining
        if B.KINDS[tile] != B.NEUTRAL:
            value -= 4.0  # losing one's own building
        elif B.EFFECT[tile] in ("sell", "build"):
            value += 0.5
        return value

    # -- phase 6 --------------------------------------------------------------------------------

    def score_castle(self, state: CaylusState, seat: int, action: Action) -> float:
        if action.kind == "stop":
            return 0.0
        have = state.cubes[seat]
        cost = sum(self.cube_value(state, seat, CUBE_OF[name], have) for name in action.args)
        return 10.0 - cost * 0.5

    # -- favours --------------------------------------------------------------------------------

    def score_favour(self, state: CaylusState, seat: int, action: Action) -> float:
        args = action.args
        track, column = TRACK_OF[args[0]], number(args[1])
        players = state.players
        have = state.cubes[seat]
        if track == B.PRESTIGE_T:
            return column * (1.6 if players >= 4 else 1.0)
        if track == B.DENIERS_T:
            money = state.deniers[seat]
            return (column + 2) * (0.9 if money < 5 else 0.6) * (1.2 if players >= 4 else 1.0)
        if track == B.RESOURCES_T:
            if args[2] == "trade":
                return 2.0
            return self.cube_value(state, seat, CUBE_OF[args[2]]) * 1.1
        # buildings track (seed 003: essential at 2, best at 3)
        weight = {2: 1.5, 3: 1.3}.get(players, 1.0)
        if column == 1:
            return 0.8 * weight
        _, kind, discount = B.FAVOUR_BUILDINGS[column]
        if kind == B.RESIDENCE:
            return (2.0 + 0.6 * max(0, 15 - state.turn)) * weight
        return self.best_buildable(state, seat, kind, list(have), discount) * weight

    def score_give(self, state: CaylusState, seat: int, action: Action) -> float:
        return -self.cube_value(state, seat, CUBE_OF[action.args[0]])

    def score_take_two(self, state: CaylusState, seat: int, action: Action) -> float:
        return sum(self.cube_value(state, seat, CUBE_OF[name]) for name in action.args)


Scorer = Callable[[HeuristicBot, CaylusState, int, Action], float]

#: by kind of decision
_SCORERS: Final[dict[type[Frame], Scorer]] = {
    placement.PlaceWorker: HeuristicBot.score_place,
    placement.Gate: HeuristicBot.score_gate,
    provost.MerchantsGuild: HeuristicBot.score_guild,
    placement.Joust: HeuristicBot.score_joust,
    placement.StayAtInn: HeuristicBot.score_inn,
    provost.Bribe: HeuristicBot.score_bribe,
    activation.Produce: HeuristicBot.score_produce,
    activation.OwnerBonus: HeuristicBot.score_bonus,
    activation.Sell: HeuristicBot.score_sell,
    activation.Buy: HeuristicBot.score_buy,
    construction.Build: HeuristicBot.score_build,
    activation.Exchange: HeuristicBot.score_exchange,
    activation.Alchemist: HeuristicBot.score_alchemist,
    construction.Residence: HeuristicBot.score_lawyer,
    castle.Deliver: HeuristicBot.score_castle,
    favours.Favour: HeuristicBot.score_favour,
    favours.TradeGive: HeuristicBot.score_give,
    favours.TradeTake: HeuristicBot.score_take_two,
}
