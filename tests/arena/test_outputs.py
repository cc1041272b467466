"""What ``arena`` and ``simulate`` hand back: JSON for machines, figures for people."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

import pytest
from typer.testing import CliRunner

from donjon.arena.simulate import run
from donjon.arena.tournament import Tournament
from donjon.cli import app

runner = CliRunner()


def _svg(path) -> ElementTree.Element:
    root = ElementTree.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
    return root


def test_arena_json_has_ratings_intervals_and_the_head_to_head_matrix():
    result = runner.invoke(app, ["arena", "castle-rooms", "--bots",
                                 "random,heuristic,ismcts:iterations=5", "-n", "12", "-p", "3",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "castle-rooms" and data["games"] == 12 and data["players"] == 3
    names = [e["name"] for e in data["entrants"]]
    assert sorted(names) == sorted(["random", "heuristic", "ismcts:iterations=5"])
    ratings = [e["rating"] for e in data["entrants"]]
    assert ratings == sorted(ratings, reverse=True)
    for entrant in data["entrants"]:
        low, high = entrant["rating_95"]
        assert low <= entrant["rating"] <= high and entrant["seats"] == 12
    matrix = data["head_to_head"]
    size = len(matrix["names"])
    assert len(matrix["wins"]) == size and all(len(row) == size for row in matrix["wins"])
    for i in range(size):
        for j in range(size):
            assert matrix["wins"][i][j] + matrix["wins"][j][i] == matrix["meetings"][i][j]
    assert data["decisions"]["max"] >= data["decisions"]["min"] > 0


def test_arena_refuses_bad_entrants_clearly():
    result = runner.invoke(app, ["arena", "castle-rooms", "--bots", "random,ismcts:width=2"])
    assert result.exit_code != 0 and "has no parameter 'width'" in result.output
    result = runner.invoke(app, ["arena", "castle-rooms", "--bots", "random,random"])
    assert result.exit_code != 0 and "at least two different bots" in result.output


def test_arena_plot_is_valid_svg(tmp_path):
    pytest.importorskip("matplotlib", reason="the research extra is not installed")
    target = tmp_path / "figures" / "ratings.svg"
    result = runner.invoke(app, ["arena", "castle-rooms", "--bots", "random,heuristic", "-n",
                                 "8", "-p", "2", "--plot", str(target)])
    assert result.exit_code == 0, result.output
    assert f"Figure written to {target}" in result.output.replace("\n", "")
    root = _svg(target)
    text = "".join(root.itertext())
    assert "heuristic" in text and "random" in text


def test_simulate_plot_is_valid_svg_and_named_in_the_json(tmp_path):
    pytest.importorskip("matplotlib", reason="the research extra is not installed")
    target = tmp_path / "summary.svg"
    result = runner.invoke(app, ["simulate", "castle-rooms", "-n", "10", "-p", "3", "--bots",
                                 "heuristic:blunder=0.5,random", "--plot", str(target),
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["plot"] == str(target)
    assert set(data["bots"]) == {"heuristic:blunder=0.5", "random"}
    _svg(target)


def test_tournament_figure_draws_every_panel(tmp_path):
    pytest.importorskip("matplotlib", reason="the research extra is not installed")
    from donjon.arena.plots import arena_figure, simulation_figure

    tournament = Tournament("castle-rooms", 2, 0, ["random", "heuristic"])
    for outcome in run("castle-rooms", 6, 2, ["random", "heuristic"]):
        tournament.add(outcome)
    root = _svg(arena_figure(tournament, tmp_path / "arena.svg"))
    text = "".join(root.itertext())
    for title in ("Rating", "Row finished ahead of column", "Scores", "Game length"):
        assert title in text
    root = _svg(simulation_figure(tournament.summary, "six games", tmp_path / "sim.svg"))
    assert "Win rate by seat" in "".join(root.itertext())
