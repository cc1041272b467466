"""Build the optional compiled donjon: the engine and the four games compiled with mypyc.

    python scripts/build_compiled.py [--out build/compiled] [--jobs 2] [--opt 3]

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
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("castle_rooms", "caylus", "citadels", "gluecksritter")
#: modules of the engine and of each game left pure Python (see the docstring)
PURE = {"__init__.py", "terminal.py", "presentation.py", "research.py"}
#: the search, compiled with the rules it searches (``donjon.bots``)
SEARCH = ("ismcts.py", "evaluation.py", "profiles.py")
#: the engine's modules left pure: the research contract, read once per game by learning code
PURE_ENGINE = {"__init__.py", "research.py"}


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
    args = parser.parse_args()
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
    from setuptools import setup

    os.chdir(out)
    os.environ["MYPYC_OPT_LEVEL"] = str(args.opt)
    extensions = mypycify(
        [str(p) for p in sources] + ["--config-file", str(ROOT / "pyproject.toml")],
        opt_level=str(args.opt),
        multi_file=True,  # one C file per module: the compiler runs --jobs at once
        target_dir=str(out / ".mypyc"),
    )
    setup(
        name="donjon-compiled",
        ext_modules=extensions,
        script_args=["-q", "build_ext", "--inplace", "--parallel", str(args.jobs),
                     "--build-temp", str(out / ".temp")],
    )
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
