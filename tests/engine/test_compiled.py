"""The optional compiled build (``make compiled``, ``scripts/build_compiled.py``).

With ``DONJON_EXPECT_COMPILED=1`` (``make test`` sets it when it runs the suites on the compiled
build) the engine and the games must really run from extension modules: a path mistake would
otherwise test the pure sources twice. Whatever the build, frame classes must keep their class
attributes out of their dataclass bodies, where mypyc would make fields of them.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest
from scripts.build_compiled import compiled_sources

import donjon
import donjon.engine
from donjon.arena.bench import _is_extension, _stale, compare, compiled_build, running_build
from donjon.engine import Frame


def _frame_classes() -> list[type[Frame]]:
    for name in donjon.games():
        donjon.load(name)
    found: list[type[Frame]] = []
    todo: list[type[Frame]] = [Frame]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_frame_classes_set_their_class_attributes_after_their_body():
    classes = _frame_classes()
    assert len(classes) > 40  # every game's frames were found
    for cls in classes:
        annotated = set(cls.__dict__.get("__annotations__", {}))
        assert not annotated & {"name", "forced", "shown"}, cls
        fields = {f.name for f in dataclasses.fields(cls)}
        assert not fields & {"name", "forced", "shown"}, cls


#: module constants rebound on purpose (the test suite sets ``text.STRICT``)
REBOUND = {("donjon/engine/text.py", "STRICT")}


def test_the_compiled_modules_constants_are_final():
    """Compiled, a module-level name that is not ``Final`` is looked up in the module's dict at
    every use: Castle Rooms' row fields, so read, cost a fifth of a compiled random game."""
    tree = Path(donjon.__file__).parent.parent
    loose = []
    for source in compiled_sources(tree):
        for node in ast.parse((tree / source).read_text()).body:
            if isinstance(node, ast.Assign) and "TypeVar(" not in ast.unparse(node.value):
                targets = [t for target in node.targets
                           for t in (target.elts if isinstance(target, ast.Tuple) else [target])]
            elif isinstance(node, ast.AnnAssign) and "Final" not in ast.unparse(node.annotation):
                targets = [node.target]
            else:
                continue
            for target in targets:
                name = target.id if isinstance(target, ast.Name) else ""
                if name.lstrip("_").isupper() and (source.as_posix(), name) not in REBOUND:
                    loose.append(f"{source}:{node.lineno} {name}")
    assert loose == []


@pytest.mark.skipif(not os.environ.get("DONJON_EXPECT_COMPILED"),
                    reason="DONJON_EXPECT_COMPILED is not set: any build will do")
def test_the_compiled_modules_are_what_runs():
    assert running_build() == "compiled"
    tree = Path(donjon.__file__).parent.parent
    modules = [".".join(p.with_suffix("").parts) for p in compiled_sources(tree)]
    assert len(modules) > 50
    pure = [m for m in modules if not _is_extension(importlib.import_module(m).__file__)]
    assert pure == []


def test_a_state_compares_and_undoes_by_all_its_slots():
    """``_slots`` finds the slots of pure classes (``__slots__``) and of compiled ones (which
    keep none): equality and undo rest on it."""
    for name in donjon.games():
        game = donjon.load(name)
        state = game.new_game(game.min_players, seed=5)
        names = set(state._slots())
        assert {"moves", "events", "players", "_barrier"} <= names, name
        own = {n for n in names if not hasattr(donjon.engine.State, n)}
        assert len(own) >= 5, (name, own)  # the game's own fields, not only the engine's
        other = state.clone()
        seat = other.to_move()[0]
        other.apply(seat, other.legal_actions(seat)[-1])
        assert other != state and state.clone() == state


@pytest.mark.skipif(running_build() == "pure" and compiled_build() is None,
                    reason="no compiled build (make compiled)")
def test_bench_measures_pure_and_compiled_side_by_side():
    results = compare([("castle-rooms", 2)], repeats=1, seconds=0.1)
    # each process says which modules it ran: the pure one must not have loaded the compiled
    assert [r["build"] for r in results] == ["pure", "compiled"]
    assert all(r["games_per_s"] > 0 for r in results)


def test_a_build_is_stale_where_a_compiled_module_is_older_or_a_copied_one_differs(tmp_path):
    """The build copies the modules it does not compile (the bots...): a bench that measured an
    old copy of the search passed for the compiled figures of the new one (2026-12-01)."""
    sources, build = tmp_path / "src", tmp_path / "build"
    sources.mkdir()
    build.mkdir()
    (sources / "rules.py").write_text("x = 1\n")
    compiled = build / ("rules" + importlib.machinery.EXTENSION_SUFFIXES[0])
    compiled.write_bytes(b"")
    os.utime(sources / "rules.py", (1_000, 1_000))
    os.utime(compiled, (2_000, 2_000))
    assert not _stale(sources / "rules.py", build / "rules.py")
    os.utime(sources / "rules.py", (3_000, 3_000))
    assert _stale(sources / "rules.py", build / "rules.py")
    (sources / "search.py").write_text("depth = 40\n")
    assert _stale(sources / "search.py", build / "search.py")  # not copied at all
    (build / "search.py").write_text("depth = -1\n")
    assert _stale(sources / "search.py", build / "search.py")
    (build / "search.py").write_text("depth = 40\n")
    assert not _stale(sources / "search.py", build / "search.py")
