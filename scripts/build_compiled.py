"""Build the optional compiled donjon: the engine and the four games compiled with mypyc.

    python scripts/build_compiled.py [--out build/compiled] [--jobs 2] [--opt 3] [--lto] [--pgo]

copies ``src/donjon`` to ``<out>/donjon`` and compiles the modules of ``COMPILED`` there into
extension modules lying next to their sources, so that ``PYTHONPATH=<out>`` runs them and the
source tree is never shadowed by stray ``.so`` files. ``pip install .`` stays pure Python: this
script is the only thing that compiles (``make compiled`` runs it). It needs a C compiler and the
Python headers (Debian: ``gcc`` and ``python3-dev``), and mypy with mypyc (the dev extra).

Compiled too: each game's heuristic bot and the search (``donjon.bots.ismcts``, its profiles and
evaluations), the hot path of the hard level, whose playouts ask the heuristic at every decision.
Left pure (copied, not compiled): the terminal and presentation modules, the research encoders,
the bots' names and every layer above the games (server, arena, CLI) — they are not on the hot
path of a game, and the terminal modules draw with rich, which gives mypyc nothing to type.

``--lto`` links the modules with the compiler's link-time optimisation, and without semantic
interposition: mypyc writes a C file a module, and calls most of its runtime (a list's item, an
int boxed) as functions of other files, which only the link can inline; a library's exported
functions are inlined only where they may not be replaced at load time. ``--pgo`` builds twice:
instrumented first, then, after ``train()`` has played games on that build, with the profile it
left (the compiler lays out the hot paths and inlines by what ran; code the training did not
run is optimised as without a profile). Both take gcc's flags: with another compiler (clang,
say) the build says so and goes on without them. Counted (valgrind, 60 random games a game):
2.5–3.8 % fewer instructions with ``--lto``, 4.6–5.9 % with both.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("castle_rooms", "caylus", "citadels", "gluecksritter")
#: modules of the engine and of each game left pure Python (see the docstring)
PURE = {"__init__.py", "terminal.py", "presentation.py", "research.py"}
#: the search, compiled with the rules it searches (``donjon.bots``)
SEARCH = ("ismcts.py", "evaluation.py", "profiles.py")
#: the engine's modules left pure: the research contract, read once per game by learning code
PURE_ENGINE = {"__init__.py", "research.py"}
#: ``--lto``: link-time optimisation, and calls between the modules' files that may be inlined
LTO_FLAGS = ("-fno-semantic-interposition", "-flto={jobs}")
#: ``--pgo``: the instrumented build, then the build that reads its profile (partial training:
#: what the training did not run is not taken for cold)
PROFILE_GENERATE = ("-fprofile-generate",)
PROFILE_USE = ("-fprofile-use", "-fprofile-partial-training", "-fprofile-correction",
               "-Wno-missing-profile")
#: the training of ``--pgo``, by game: the player counts its random games are played at
TRAINING = {"castle-rooms": (2, 4), "caylus": (2, 4), "citadels": (3, 5), "gluecksritter": (3, 4)}
#: random games a game and player count (a few seconds for all, instrumented)
TRAINING_GAMES = 500


def train() -> None:
    """What ``--pgo`` profiles, on the build it made: random games of every game by the
    engine's random-play loop, the path ``make bench`` and the search's playouts take; games of
    the heuristic bot against random ones, through ``apply`` and the legal actions, as a server
    or an arena plays; and a few searches. Counted in games, not seconds, so that a build is
    the same from one run to the next."""
    import random

    import donjon
    from donjon.arena.simulate import play_one
    from donjon.bots import decide, make_bot
    from donjon.engine.playout import play_random

    for name, counts in TRAINING.items():
        game = donjon.load(name)
        rng = random.Random(1)
        for players in counts:
            for _ in range(TRAINING_GAMES):
                play_random(game.new_game(players, seed=rng.getrandbits(32)), rng)
            for seed in range(2):
                play_one(name, players, ["heuristic"] + ["random"] * (players - 1), seed, {})
        search = make_bot(game, "ismcts:iterations=200", seed=1)
        state = game.new_game(counts[-1], seed=2)
        for _ in range(3):
            seat = state.to_move()[0]
            state.apply(seat, decide(search, state, seat, rng))
            play_random(state, rng, limit=40)


def _gcc() -> bool:
    """Whether the C compiler setuptools will call is gcc (the flags of --lto and --pgo are
    gcc's)."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    try:
        version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return False
    return "Free Software Foundation" in version and "clang" not in version


#: the CFLAGS of the environment the build was started in, kept before each build's own
USER_CFLAGS = os.environ.get("CFLAGS", "").split()


def _compile(out: Path, extensions: list[Any], jobs: int, flags: list[str], force: bool) -> None:
    """Compile and link the C that mypyc wrote, with ``flags`` added to the compiler's and the
    linker's (``CFLAGS``, which setuptools reads at each build)."""
    from setuptools import setup

    os.environ["CFLAGS"] = " ".join([*USER_CFLAGS, *flags])
    setup(
        name="donjon-compiled",
        ext_modules=extensions,
        script_args=["-q", "build_ext", "--inplace", "--parallel", str(jobs),
                     "--build-temp", str(out / ".temp"), *(["--force"] if force else [])],
    )



def compiled_sources(tree: Path) -> list[Path]:
    """The modules of ``tree/donjon`` to compile, relative to ``tree``."""
    sources = [p for p in sorted((tree / "donjon" / "engine").glob("*.py"))
               if p.name not in PURE_ENGINE]
    for game in GAMES:
        sources += [p for p in sorted((tree / "donjon" / "games" / game).glob("*.py"))
                    if p.name not in PURE]
    sources += [tree / "donjon" / "bots" / name for name in SEARCH]
    return [p.relative_to(tree) for p in sources]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--jobs", type=int, default=2, help="C compilations at once")
    parser.add_argument("--opt", default="3", help="C optimisation level (MYPYC_OPT_LEVEL)")
    parser.add_argument("--lto", action="store_true", help="link-time optimisation (gcc)")
    parser.add_argument("--pgo", action="store_true",
                        help="profile-guided: build, play the training games, build again (gcc)")
    parser.add_argument("--train", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.train:  # the training run of --pgo, started by the build below on its first build
        train()
        return 0
    if (args.lto or args.pgo) and not _gcc():
        print("the C compiler is not gcc: building without --lto and --pgo", file=sys.stderr)
        args.lto = args.pgo = False
    out: Path = args.out.resolve()
    start = time.monotonic()

    # a fresh copy of the sources: nothing of an older build survives
    if (out / "donjon").exists():
        shutil.rmtree(out / "donjon")
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "src" / "donjon", out / "donjon",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    sources = compiled_sources(out)

    from mypyc.build import mypycify

    os.chdir(out)
    os.environ["MYPYC_OPT_LEVEL"] = str(args.opt)
    extensions = mypycify(
        [str(p) for p in sources] + ["--config-file", str(ROOT / "pyproject.toml")],
        opt_level=str(args.opt),
        multi_file=True,  # one C file per module: the compiler runs --jobs at once
        target_dir=str(out / ".mypyc"),
    )
    flags = [flag.format(jobs=args.jobs) for flag in LTO_FLAGS] if args.lto else []
    # how the objects in .temp were built: those of another kind of build are made again
    built_with = " ".join([*flags, "--pgo"] if args.pgo else flags)
    record = out / ".temp" / "built-with"
    if args.pgo:
        # an older build's profiles would not match this build's code: gone first
        for profile in (out / ".temp").rglob("*.gcda"):
            profile.unlink()
        _compile(out, extensions, args.jobs, [*flags, *PROFILE_GENERATE], force=True)
        trained = time.monotonic()
        subprocess.run([sys.executable, str(Path(__file__).resolve()), "--train"], check=True,
                       env={**os.environ, "PYTHONPATH": str(out)})
        print(f"trained in {time.monotonic() - trained:.0f} s", file=sys.stderr)
        _compile(out, extensions, args.jobs, [*flags, *PROFILE_USE], force=True)
    else:
        stale = not record.exists() or record.read_text() != built_with
        _compile(out, extensions, args.jobs, flags, force=stale)
    record.write_text(built_with)
    # setuptools copies a module's extension from the build cache with the cache's times when
    # its (tiny, unchanged) C shim was not recompiled: date them all now, so that ``donjon
    # bench`` reads a build as older than a source only when it is
    now = time.time()
    for extension in (out / "donjon").rglob("*.so"):
        os.utime(extension, (now, now))
    for extension in out.glob("*.so"):
        os.utime(extension, (now, now))
    print(f"compiled {len(sources)} modules into {out} in {time.monotonic() - start:.0f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
