"""Information-set Monte Carlo tree search, for any game.

Each iteration samples a determinization of what the seat cannot see, walks the tree along the
actions legal in that world (UCB with availability counts, Cowling, Powley & Whitehouse 2012),
expands one action, plays on for a few decisions with the game's heuristic (or at random), and
credits every seat with the result: the game's own at its end, else a per-game evaluation of the
position (``donjon.bots.evaluation``).

Opponents' secret choices (a character drafted face down, action cards chosen at once) are not
seen: with such moves every seat gets its own tree, in which another seat's secret move is one
edge whatever it chose (multiple-observer ISMCTS, the same paper), so no seat plans as if it
knew what another chose in secret. Each seat picks its moves in its own tree.

The tree may stop after the bot's own move (``tree=1``, every game's profile): each of its moves
is then judged by the playouts that follow it, a one-step improvement of the rollout policy:
within a fifth of a second it beats the heuristics of Caylus and Citadels (docs/research.md has
the arenas).

With ``anchor`` (Castle Rooms, Die Glücksritter) that one step is anchored on the heuristic: the
bot plays the heuristic's move unless another beats it, in paired playouts (the same sampled
world and the same random numbers for both), by ``anchor`` standard errors of the mean gain. The
plain rule — the most visited move — is a lottery when some fifteen moves share eighty playouts,
as at Die Glücksritter within a fifth of a second, and there it lost to the heuristic.

Per-game settings (rollout policy, depth, tree, exploration, the secret moves) come from
``donjon.bots.profiles``; a bot name overrides any of them (``ismcts:depth=20,rollout=random``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from donjon.bots.evaluation import Evaluation, evaluation_for
from donjon.bots.profiles import POLICIES, SearchProfile, profile_for
from donjon.engine import Action, Game, State
from donjon.engine.game import load_dotted
from donjon.engine.playout import play_random

if TYPE_CHECKING:
    from donjon.bots import Bot


class _Node:
    __slots__ = ("seat", "visits", "available", "reward", "children", "hint")

    def __init__(self, seat: int):
        self.seat = seat  # who chose the move leading here
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Action, _Node] = {}
        #: the heuristic's choice here, the first time this node chose (progressive bias)
        self.hint: Action | None = None


def _rank_rewards(state: State) -> list[float]:
    """1 for a sole win, 0 for last place, shared ranks in between: the share of the other
    seats a seat finished ahead of (ties half), as the arena's ratings read a game."""
    ranks = state.result().ranks
    n = len(ranks)
    if n == 1:
        return [1.0]
    return [(sum(1.0 if r < o else 0.5 if r == o else 0.0 for o in ranks) - 0.5) / (n - 1)
            for r in ranks]


def _pairwise(values: Sequence[float], scale: float) -> list[float]:
    """Each seat's expected share of the others it would finish ahead of, from evaluations of
    the position: a logistic of the difference, ``scale`` evaluation points apart being about
    three to one."""
    n = len(values)
    if n == 1:
        return [0.5]
    exp = math.exp
    out = []
    for i, v in enumerate(values):
        total = 0.0
        for j, w in enumerate(values):
            if i != j:
                d = (v - w) / scale
                total += 1.0 / (1.0 + exp(-1.1 * d)) if -40 < d < 40 else float(d > 0)
        out.append(total / (n - 1))
    return out


class ISMCTSBot:
    """A budget of ``iterations`` per move, or of ``milliseconds`` (``ms`` in a bot name) of
    this thread's processor time when given: "a second a move" means a second of one core,
    however loaded the machine. ``wall_ms`` also caps the wall-clock time, when given.

    The other parameters default to the game's profile (``donjon.bots.profiles``):
    ``rollout`` ("heuristic" or "random"), ``epsilon`` (the share of random moves in a
    heuristic rollout), ``depth`` (decisions played after the tree before evaluating; -1 plays
    to the end), ``exploration`` (the UCB constant), ``bias`` (the weight of the heuristic's
    choice in the tree, fading with visits), ``widening`` (at most this many times the square
    root of a node's visits are tried, in the heuristic's order; 0 tries every move),
    ``tree`` (the choices searched in the tree before the rollout takes over; 1 searches only
    the bot's own move; -1 has no limit), ``anchor`` and ``challengers`` (the anchored search,
    below), ``policy`` (what plays the bot's own seat in its playouts and, anchored, the move it
    keeps unless another beats it: "heuristic", or a policy of the game's in
    ``donjon.bots.profiles.POLICIES``; the other seats play the heuristic).
    """

    blind = False
    #: short names of parameters in a bot name (``ismcts:ms=500``); a ClassVar, or the compiled
    #: build makes it an attribute of each bot, which ``bots.names`` cannot read on the class
    ALIASES: ClassVar[dict[str, str]] = {"ms": "milliseconds"}

    def __init__(self, game: Game | None = None, seed: int | None = None, iterations: int = 300,
                 milliseconds: float | None = None, wall_ms: float | None = None,
                 exploration: float | None = None, rollout: str | None = None,
                 epsilon: float | None = None, depth: int | None = None,
                 bias: float | None = None, widening: float | None = None,
                 tree: int | None = None, anchor: float | None = None,
                 challengers: int | None = None, policy: str | None = None,
                 rollout_limit: int = 2_000):
        self.name = "ismcts"
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.wall_ms = wall_ms
        self.rollout_limit = rollout_limit
        self._given = {
            "exploration": exploration, "rollout": rollout, "epsilon": epsilon, "depth": depth,
            "bias": bias, "widening": widening, "tree": tree, "anchor": anchor,
            "challengers": challengers, "policy": policy,
        }
        if rollout is not None and rollout not in ("heuristic", "random"):
            raise ValueError(f"bot 'ismcts': rollout={rollout} must be heuristic or random")
        self._game_name = ""
        self.profile = SearchProfile()
        self._evaluation: Evaluation | None = None
        self._players = 0
        self._heuristics: list[Bot] = []
        #: the profile's policy, per seat it searched for (made once)
        self._own: dict[int, Bot] = {}
        #: iterations run by the last ``choose`` (for measurements): playouts, when anchored
        self.last_iterations = 0
        #: the last anchored search: the heuristic's move and, per move compared with it, the
        #: paired playouts, their summed gains and summed squared gains (for measurements)
        self.last_hint: Action | None = None
        self.last_gains: dict[Action, list[float]] = {}
        if game is not None:
            self._configure(game)

    # -- settings -----------------------------------------------------------------------------

    def _configure(self, game: Game) -> None:
        self._game_name = game.name
        base = profile_for(game.name)
        given = {k: v for k, v in self._given.items() if v is not None}
        self.profile = base._replace(**given)  # type: ignore[arg-type]  # checked keys above
        policy = self.profile.policy
        if policy != "heuristic" and policy not in POLICIES.get(game.name, {}):
            known = ", ".join(["heuristic", *POLICIES.get(game.name, {})])
            raise ValueError(f"bot 'ismcts': policy={policy} is not one of {game.name}'s: "
                             f"{known}")
        self._players = 0  # the rollout bots follow the policy
        self._evaluation = evaluation_for(game.name)

    @property
    def exploration(self) -> float:
        return self.profile.exploration

    @property
    def depth(self) -> int:
        return self.profile.depth

    @property
    def _seed_base(self) -> int:
        """Where the seeds of the playouts' bots start (one per seat)."""
        return 0 if self.seed is None else self.seed * 7919

    def _rollout_bots(self, state: State, seat: int | None = None) -> list[Bot]:
        """One heuristic per seat, made once per table size (their own generators); the
        profile's ``policy`` in the searching ``seat``'s place, when given."""
        if self._players != state.players:
            from donjon.bots.names import make_bot

            game = state.game
            self._players = state.players
            kind = "heuristic" if "heuristic" in game.bots else "random"
            self._heuristics = [make_bot(game, kind, seed=self._seed_base + s)
                                for s in range(state.players)]
            self._own = {}
        policy = self.profile.policy
        if policy == "heuristic" or seat is None:
            return self._heuristics
        own = self._own.get(seat)
        if own is None:
            factory = load_dotted(POLICIES[state.game.name][policy])
            own = self._own[seat] = factory(state.game, seed=self._seed_base + seat)
        policies = self._heuristics.copy()
        policies[seat] = own
        return policies

    # -- the decision -------------------------------------------------------------------------

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if state.game.name != self._game_name:
            self._configure(state.game)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        rng = self.rng
        profile = self.profile
        secret = profile.secret
        observers = state.players if secret else 1
        roots = [_Node(seat) for _ in range(observers)]
        policies = self._rollout_bots(state, seat)
        spent = self._budget()
        if profile.tree == 1 and profile.anchor > 0:
            return self._anchored(state, seat, legal, policies, spent)
        done = 0
        while not spent(done):
            self._iterate(state.determinize(seat, rng), roots, seat, policies)
            done += 1
        self.last_iterations = done
        root = roots[seat if observers > 1 else 0]
        # children are keyed by identity: an action of a determinized world equals the one of
        # the true state with the same kind and args
        visited = [(child.visits, child.reward / child.visits, -i) for i, a in enumerate(legal)
                   if (child := root.children.get(a)) is not None and child.visits]
        if not visited:
            return legal[math.floor(rng.random() * len(legal))]
        return legal[-max(visited)[2]]

    def _budget(self) -> Callable[[int], bool]:
        """Whether the budget is spent, given the iterations done (at least one is)."""
        clock = time.thread_time
        if self.milliseconds is None:
            iterations = self.iterations
            return lambda done: done >= iterations
        deadline = clock() + self.milliseconds / 1000
        if self.wall_ms is None:
            return lambda done: done > 0 and clock() >= deadline
        wall = time.perf_counter() + self.wall_ms / 1000
        return lambda done: done > 0 and (clock() >= deadline or time.perf_counter() >= wall)

    # -- the anchored search ------------------------------------------------------------------

    def _anchored(self, state: State, seat: int, legal: Sequence[Action],
                  policies: list[Bot], spent: Callable[[int], bool]) -> Action:
        """The heuristic's move, unless another beats it by a margin in paired playouts.

        Each sampled world is played on after the heuristic's move and after a few others
        (untried ones first, then by UCB on their gain), every playout from a copy of the same
        world with the same random numbers, so that the gain of a move over the heuristic's is
        measured with the noise of the rest of the game mostly cancelled. The move with the best
        lower bound (mean gain less ``anchor`` standard errors) is played if that bound is above
        zero: with a small budget, or no clear winner, the bot plays as the heuristic does."""
        rng = self.rng
        profile = self.profile
        hint = policies[seat].choose(state, seat)
        others = [a for a in legal if a != hint]
        gains: dict[Action, list[float]] = {}
        self.last_hint, self.last_gains = hint, gains
        order = others.copy()
        rng.shuffle(order)
        width = max(1, profile.challengers)
        exploration = profile.exploration
        compared = done = 0
        log, sqrt = math.log, math.sqrt
        while not spent(done):
            world = state.determinize(seat, rng)
            seed = rng.getrandbits(48)
            base = self._playout(world.clone(), seat, hint, seed, policies)
            done += 1
            if order:
                picks, order = order[:width], order[width:]
            else:
                bonus = exploration * sqrt(log(compared + 1))
                ranked = sorted((_upper(stats, bonus), i) for i, stats in
                                enumerate(gains.values()))
                compared_moves = list(gains)
                picks = [compared_moves[i] for _, i in ranked[-width:]]
            for action in picks:
                gain = self._playout(world.clone(), seat, action, seed, policies) - base
                stats = gains.setdefault(action, [0.0, 0.0, 0.0])
                stats[0] += 1
                stats[1] += gain
                stats[2] += gain * gain
                compared += 1
                done += 1
        self.last_iterations = done
        best, bound = hint, 0.0
        for action, (n, total, squares) in gains.items():
            if n < _MIN_PAIRS:
                continue
            mean = total / n
            variance = max((squares - n * mean * mean) / (n - 1), _MIN_VARIANCE)
            low = mean - profile.anchor * sqrt(variance / n)
            if low > bound:
                best, bound = action, low
        return best

    def _playout(self, world: State, seat: int, action: Action, seed: int,
                 policies: list[Bot]) -> float:
        """``seat``'s reward for ``action`` in ``world``, the rest played with the random
        numbers of ``seed`` (the same seed, the same draws for every move compared)."""
        for i, policy in enumerate(policies):
            generator = getattr(policy, "rng", None)
            if isinstance(generator, random.Random):
                generator.seed(seed + i)
        world.apply(seat, action)
        return self._rollout(world, policies, random.Random(seed))[seat]

    # -- one iteration ------------------------------------------------------------------------

    def _iterate(self, world: State, roots: list[_Node], seat: int,
                 policies: list[Bot]) -> None:
        rng = self.rng
        profile = self.profile
        secret = profile.secret
        exploration = profile.exploration
        bias = profile.bias
        widening = profile.widening
        tree = profile.tree
        observers = len(roots)
        nodes = list(roots)
        paths = [[r] for r in roots]
        log, sqrt = math.log, math.sqrt
        chosen = 0
        # Selection and expansion, each seat choosing in its own tree.
        while not world.is_over():
            movers = world.to_move()
            mover = seat if seat in movers else movers[0]
            legal = world.legal_actions(mover)
            if len(legal) == 1:  # no choice: every tree follows the only move
                action = legal[0]
            elif chosen == tree:  # as deep as the tree goes: the rollout plays on
                break
            else:
                chosen += 1
                node = nodes[mover if observers > 1 else 0]
                children = node.children
                if (bias or widening) and node.hint is None:
                    node.hint = policies[mover].choose(world, mover)
                if widening:
                    legal = _widened(legal, node, widening)
                # one look-up a move (an action's hash, and its equality with a hint that is
                # None, are calls in pure Python): the moves tried here, with their nodes, and
                # the others
                tried = []
                untried = []
                for a in legal:
                    child = children.get(a)
                    if child is None:
                        untried.append(a)
                    else:
                        child.available += 1
                        tried.append((a, child))
                hint = node.hint
                if untried:
                    action = (hint if hint is not None and hint in untried
                              else untried[math.floor(rng.random() * len(untried))])
                    self._descend(world, nodes, paths, mover, action, secret)
                    break
                action = legal[0]
                best = -1e300
                for a, child in tried:
                    visits = child.visits
                    value = child.reward / visits + exploration * sqrt(log(child.available) / visits)
                    if hint is not None and a == hint:
                        value += bias / (visits + 1)
                    if value > best:
                        best, action = value, a
            self._descend(world, nodes, paths, mover, action, secret)
        # Rollout, truncated.
        rewards = self._rollout(world, policies)
        for path in paths:
            for visited in path:
                visited.visits += 1
                visited.reward += rewards[visited.seat]

    def _descend(self, world: State, nodes: list[_Node], paths: list[list[_Node]], mover: int,
                 action: Action, secret: Mapping[str, str]) -> None:
        """Play ``action`` in ``world`` and follow it in every tree: as itself where the
        observer sees it, as "a secret move of this kind by this seat" where it does not."""
        world.apply(mover, action)
        seen_as = secret.get(action.kind)
        hidden = action if seen_as is None else _hidden_key(mover, seen_as)
        for observer, node in enumerate(nodes):
            key = action if observer == mover else hidden
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node(mover)
                child.available = 1
            nodes[observer] = child
            paths[observer].append(child)

    def _rollout(self, world: State, policies: list[Bot],
                 rng: random.Random | None = None) -> list[float]:
        profile = self.profile
        if rng is None:
            rng = self.rng
        limit = self.rollout_limit if profile.depth < 0 else profile.depth
        heuristic = profile.rollout == "heuristic"
        epsilon = profile.epsilon
        steps = 0
        if not heuristic and profile.depth < 0:
            # whole random playouts, in the engine's (compiled) loop: the same draws as the loop
            # below; only its cap differs, in decisions there where the loop counts a random
            # choice twice, and no random game comes near it (rollout_limit: 2,000)
            steps = play_random(world, rng, limit)
        while steps < limit and not world.is_over():
            movers = world.to_move()
            who = movers[0] if len(movers) == 1 else movers[math.floor(rng.random() * len(movers))]
            legal = world.legal_actions(who)
            if len(legal) == 1:
                action = legal[0]
            elif heuristic and rng.random() >= epsilon:
                action = policies[who].choose(world, who)
            else:
                action = legal[math.floor(rng.random() * len(legal))]
                steps += 1
            world.apply(who, action)
            steps += 1
        if world.is_over():
            return _rank_rewards(world)
        if self._evaluation is None:
            return [1.0 / world.players] * world.players
        return _pairwise(self._evaluation(world), profile.scale)


def _upper(stats: list[float], bonus: float) -> float:
    """A compared move's mean gain plus its exploration bonus (``stats``: n, sum, squares)."""
    return stats[1] / stats[0] + bonus / math.sqrt(stats[0])


#: the least variance an anchored search assumes of a move's gains (rewards are in [0, 1]): a
#: few playouts that happen to agree prove nothing
_MIN_VARIANCE: Final = 0.05
#: the fewest paired playouts on which an anchored search departs from the heuristic
_MIN_PAIRS: Final = 6

_HIDDEN: Final[dict[tuple[int, str], Action]] = {}


def _hidden_key(mover: int, kind: str) -> Action:
    """The edge "seat ``mover`` made a secret move of ``kind``" in another seat's tree."""
    key = _HIDDEN.get((mover, kind))
    if key is None:
        key = _HIDDEN[(mover, kind)] = Action("secret " + kind, (mover,))
    return key


def _widened(legal: Sequence[Action], node: _Node, widening: float) -> Sequence[Action]:
    """Progressive widening: the moves tried so far plus, while the node's visits allow more,
    the heuristic's choice first and then the others in their listed order."""
    allowed = max(2, int(widening * math.sqrt(node.visits + 1)))
    if len(legal) <= allowed:
        return legal
    children = node.children
    chosen = [a for a in legal if a in children]
    if len(chosen) >= allowed:
        return chosen
    hint = node.hint
    if hint is not None and hint not in children and hint in legal:
        chosen.append(hint)
    for a in legal:
        if len(chosen) >= allowed:
            break
        if a not in children and a is not hint:
            chosen.append(a)
    return chosen

