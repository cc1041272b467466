"""Random-play benchmarks: games/s, decisions/s, and the cost of a clone and of a
determinization early and late in a game, as medians over repeats.

Each repeat plays random games through the public contract (``legal_actions``, ``apply`` with
validation) for about ``seconds`` seconds on one core. Rates are per second of the process's CPU
time, which on an idle machine equals wall time and on a busy one is not inflated by waiting for
the processor. "Early" is a game's first decision, "late" the point 80 % through it: a search
bot clones and determinizes at every iteration, so neither may grow with the game's length.

Where a compiled build exists (``build/compiled``), ``compare`` measures the
pure-Python and the compiled modules side by side, each in its own process: the pure one with
the compiled extensions hidden, so both run the same sources.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rich.table import Table

import donjon
from donjon.engine import State
from donjon.engine.playout import play_random


@dataclass
class BenchResult:
    game: str
    players: int
    games_per_s: float
    decisions_per_s: float
    decisions_per_game: float
    clone_us: float
    clone_early_us: float
    clone_late_us: float
    determinize_early_us: float
    determinize_late_us: float
    repeats: int
    #: search iterations per CPU-second at a game's first decision and 80 % through it: the
    #: game's profile search, and whole random playouts in a full tree
    search_early: float = 0.0
    search_late: float = 0.0
    random_search_early: float = 0.0
    random_search_late: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _random_games(name: str, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    game = donjon.load(name)
    rng = random.Random(seed)
    games = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        decisions += play_random(game.new_game(players, seed=rng.getrandbits(32)), rng)
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games, decisions, now - start


def _play(state: State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over():
            return
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def _sample_states(name: str, players: int, seed: int, count: int = 30) -> tuple[
    list[State], list[State], list[State]
]:
    """States all along random games, and at each game's first decision and 80 % through it."""
    game = donjon.load(name)
    rng = random.Random(seed)
    along: list[State] = []
    early: list[State] = []
    late: list[State] = []
    while len(early) < count:
        game_seed = rng.getrandbits(32)
        whole = game.new_game(players, seed=game_seed)
        length = 0
        while not whole.is_over():
            _play(whole, rng, 1)
            length += 1
            if length % 7 == 0:
                along.append(whole.clone())
        state = game.new_game(players, seed=game_seed)
        early.append(state.clone())
        _play(state, random.Random(game_seed), int(length * 0.8))
        if not state.is_over():
            late.append(state)
    return along, early, late


def _per_call_us(states: list[State], call: Any, calls: int) -> float:
    start = time.process_time()
    for i in range(calls):
        call(states[i % len(states)])
    return (time.process_time() - start) / calls * 1e6


def _copy_costs(name: str, players: int, seed: int, calls: int = 6000) -> tuple[float, ...]:
    """µs per clone (along games, early, late) and per determinization (early, late), each
    repeated on the same states as a search does."""
    along, early, late = _sample_states(name, players, seed)
    rng = random.Random(seed)

    def determinize(state: State) -> None:
        state.determinize(state.to_move()[0], rng)

    for state in early + late:  # what a search pays once per decision, not per iteration
        determinize(state)
    return (
        _per_call_us(along, State.clone, calls),
        _per_call_us(early, State.clone, calls),
        _per_call_us(late, State.clone, calls),
        _per_call_us(early, determinize, calls // 2),
        _per_call_us(late, determinize, calls // 2),
    )


#: the searches measured: each game's profile, and whole random playouts in a full tree
SEARCHES: tuple[dict[str, Any], ...] = ({}, {"rollout": "random", "depth": -1, "tree": -1})


def _search_rates(name: str, players: int, seed: int, seconds: float) -> list[float]:
    """Iterations per CPU-second of each of ``SEARCHES`` at a first decision, then late."""
    from donjon.bots.ismcts import ISMCTSBot

    game = donjon.load(name)
    _, early, late = _sample_states(name, players, seed, count=1)
    rng = random.Random(seed)
    moments = []
    for state in (early[0], late[0] if late else early[0]):
        while not state.is_over() and len(state.legal_actions(state.to_move()[0])) == 1:
            _play(state, rng, 1)  # a forced move is not searched
        moments.append(state)
    rates = []
    for settings in SEARCHES:
        for state in moments:
            if state.is_over():  # a game that ended with forced moves: nothing to search
                rates.append(0.0)
                continue
            bot = ISMCTSBot(game, seed=seed, milliseconds=seconds * 1000, **settings)
            start = time.thread_time()
            bot.choose(state, state.to_move()[0])
            spent = time.thread_time() - start
            rates.append(bot.last_iterations / spent if spent else 0.0)
    return rates


def bench(name: str, players: int, repeats: int = 5, seconds: float = 2.0,
          seed: int = 1) -> BenchResult:
    """Random play for ``seconds`` per repeat; each search is given a quarter of that a move."""
    runs = [_random_games(name, players, seconds, seed + r) for r in range(repeats)]
    games_rate = statistics.median(g / t for g, d, t in runs)
    decision_rate = statistics.median(d / t for g, d, t in runs)
    per_game = sum(d for g, d, t in runs) / sum(g for g, d, t in runs)
    costs = [_copy_costs(name, players, seed + r) for r in range(repeats)]
    clone, clone_early, clone_late, early, late = (
        statistics.median(c[i] for c in costs) for i in range(5))
    searches = [_search_rates(name, players, seed + r, seconds / 4) for r in range(repeats)]
    search = [statistics.median(s[i] for s in searches) for i in range(4)]
    return BenchResult(name, players, games_rate, decision_rate, per_game, clone, clone_early,
                       clone_late, early, late, repeats, *search)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


#: Player counts the targets of DESIGN.md are stated for.
DEFAULT_PLAYERS = {"citadels": 5, "caylus": 4, "castle-rooms": 4, "gluecksritter": 4}


# -- pure and compiled side by side ------------------------------------------------------------

#: builds in the order they are reported
PURE, COMPILED = "pure", "compiled"

#: Run first in a process that must use the pure-Python modules although compiled extension
#: modules lie next to them: donjon's modules are then found from their ``.py`` sources.
HIDE_COMPILED = """
import importlib.machinery, importlib.util, os, sys

class _SourcesOnly:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if not name.startswith("donjon.") or path is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return None
        source = os.path.join(os.path.dirname(spec.origin), name.rpartition(".")[2] + ".py")
        return importlib.util.spec_from_file_location(name, source)

sys.meta_path.insert(0, _SourcesOnly)
"""


def _is_extension(path: str | None) -> bool:
    return path is not None and path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The donjon modules imported now from compiled extension modules (none: pure Python)."""
    return sorted(
        name for name, module in list(sys.modules.items())
        if name.startswith("donjon.") and _is_extension(getattr(module, "__file__", None))
    )


def running_build() -> str:
    """``"compiled"`` when the engine runs compiled in this process, else ``"pure"``."""
    # by its name: a module compiled in one group with the module importing it is not always
    # an attribute of its package
    state = importlib.import_module("donjon.engine.state")
    return COMPILED if _is_extension(state.__file__) else PURE


def compiled_build() -> Path | None:
    """Where the compiled build lies when this process runs pure Python: ``build/compiled`` of
    the checkout (``make compiled``); None when there is none."""
    checkout = Path(donjon.__file__).resolve().parents[2]
    build = checkout / "build" / "compiled"
    found = list((build / "donjon" / "engine").glob("state.*"))
    return build if any(_is_extension(str(path)) for path in found) else None


def stale_modules() -> list[str]:
    """The modules of the compiled build that are not the checkout's any more: a compiled one
    whose source changed since it was built, or a module the build copied as it was (the bots,
    the terminal...) that differs from its source now, or is missing. Its figures describe older
    code (``make compiled`` rebuilds it)."""
    here = Path(donjon.__file__).resolve().parent
    build: Path | None = here.parent
    sources = here.parents[2] / "src" / "donjon"
    if running_build() == PURE:
        build, sources = compiled_build(), here
    if build is None or not sources.is_dir():
        return []
    return sorted(str(source.relative_to(sources)) for source in sources.rglob("*.py")
                  if _stale(source, build / "donjon" / source.relative_to(sources)))


def _stale(source: Path, copy: Path) -> bool:
    """Whether the build's ``copy`` of ``source`` (compiled or not) is older than it."""
    compiled = [path for path in copy.parent.glob(copy.stem + ".*")
                if _is_extension(str(path))]
    if compiled:
        return any(source.stat().st_mtime > path.stat().st_mtime for path in compiled)
    return not copy.exists() or copy.read_bytes() != source.read_bytes()


def builds() -> dict[str, dict[str, str]]:
    """The builds this process can measure, each as the environment changes it runs under."""
    if running_build() == COMPILED:
        return {PURE: {}, COMPILED: {}}
    build = compiled_build()
    if build is None:
        return {PURE: {}}
    path = os.pathsep.join(p for p in (str(build), os.environ.get("PYTHONPATH", "")) if p)
    return {PURE: {}, COMPILED: {"PYTHONPATH": path}}


def _measure(build: str, environment: dict[str, str], tasks: Sequence[tuple[str, int]],
             repeats: int, seconds: float) -> list[dict[str, Any]]:
    """``bench`` of each (game, players) in a fresh process running ``build``."""
    code = (HIDE_COMPILED if build == PURE else "") + (
        "\nfrom donjon.arena.bench import _child\n_child()\n")
    request = json.dumps({"tasks": tasks, "repeats": repeats, "seconds": seconds})
    done = subprocess.run(
        [sys.executable, "-c", code, request], env={**os.environ, **environment},
        capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the {build} benchmark failed:\n{done.stderr[-3000:]}")
    answer = json.loads(done.stdout)
    if answer["build"] != build:
        raise RuntimeError(f"the {build} benchmark ran the {answer['build']} modules")
    results: list[dict[str, Any]] = answer["results"]
    return results


def _child() -> None:
    request = json.loads(sys.argv[1])
    build = running_build()
    results = [
        {"build": build, **bench(name, players, request["repeats"], request["seconds"]).to_json()}
        for name, players in request["tasks"]
    ]
    json.dump({"build": build, "results": results}, sys.stdout)


def compare(tasks: Sequence[tuple[str, int]], repeats: int = 5,
            seconds: float = 2.0) -> list[dict[str, Any]]:
    """``bench`` of each (game, players) under every build available, pure first: one process
    per build, one after the other (never two at once, which would share the cores). Each
    result is ``BenchResult.to_json()`` with its ``build``."""
    available = builds()
    if len(available) == 1:
        return [{"build": PURE, **bench(name, players, repeats, seconds).to_json()}
                for name, players in tasks]
    by_build = {build: _measure(build, environment, tasks, repeats, seconds)
                for build, environment in available.items()}
    return [by_build[build][i] for i in range(len(tasks)) for build in by_build]


def row_name(result: dict[str, Any]) -> str:
    """A result's first cell: the game, or under it the build other than pure."""
    return result["game"] if result["build"] == PURE else f"  {result['build']}"


def report(results: Sequence[dict[str, Any]], repeats: int, seconds: float) -> Table:
    """The figures of ``compare`` as a table, each compiled row under its game's pure row, with
    its speed-up over pure."""
    table = Table(title=f"Random play, one core, median of {repeats} × {seconds:g} s of CPU time")
    table.add_column("game", no_wrap=True)
    for column in ("players", "games/s", "decisions/s", "decisions/game",
                   "clone µs early/late", "determinize µs early/late"):
        table.add_column(column, justify="right")
    pure: dict[tuple[str, int], dict[str, Any]] = {}
    for r in results:
        key = (r["game"], r["players"])
        if r["build"] == PURE:
            pure[key] = r
        base = pure.get(key) if r["build"] != PURE else None
        speedup = f" ×{r['games_per_s'] / base['games_per_s']:.2f}" if base else ""
        table.add_row(
            row_name(r), str(r["players"]), f"{r['games_per_s']:,.0f}{speedup}",
            f"{r['decisions_per_s']:,.0f}", f"{r['decisions_per_game']:.0f}",
            f"{r['clone_early_us']:.1f} / {r['clone_late_us']:.1f}",
            f"{r['determinize_early_us']:.1f} / {r['determinize_late_us']:.1f}",
        )
    return table
