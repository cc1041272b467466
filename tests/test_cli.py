"""The donjon command, as a person uses it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import donjon
from donjon.cli import app

runner = CliRunner()


def test_play_castle_rooms_to_the_end_answering_numbers(tmp_path):
    # Always answer "1"; bad inputs first show clear messages; then save the record.
    answers = ["99", "fly away", "help"] + ["1"] * 400
    record = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "castle-rooms", "--players", "3", "--seat", "0", "--seed", "5",
              "--bots", "heuristic,random"],
        input="\n".join(answers[:3] + ["1"] * 200) + "\n",
    )
    assert "No action 99: choose 1 to" in result.output
    assert "'fly away' is not one of your actions now; type a number from 1 to" in result.output
    assert "Commands:" in result.output
    assert "Your hand" in result.output and "Castle Rooms" in result.output
    # Finishing a game: quit-proof input that always plays the first action, then saves.
    finish = runner.invoke(
        app, ["play", "castle-rooms", "-p", "2", "--seed", "3", "--bots", "random"],
        input="\n".join(["1"] * 300) + "\n",
    )
    # the game really ended: the final table is shown (input running out would abandon it)
    assert finish.exit_code == 0 and "Final result" in finish.output
    assert "Game abandoned" not in finish.output
    saved = runner.invoke(
        app, ["play", "castle-rooms", "-p", "2", "--seed", "3", "--bots", "random"],
        input="quit\ny\n" + str(record) + "\n",
    )
    assert saved.exit_code == 0 and "Game abandoned" in saved.output
    data = json.loads(record.read_text())
    assert data["game"] == "castle-rooms" and data["seed"] == 3


def test_play_refuses_bad_parameters_clearly():
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code != 0 and "no game 'chess'" in result.output
    result = runner.invoke(app, ["play", "castle-rooms", "--players", "9"])
    assert "2–4 players" in result.output
    result = runner.invoke(app, ["play", "castle-rooms", "--bots", "genius"])
    assert "no bot 'genius'" in result.output
    result = runner.invoke(app, ["play", "castle-rooms", "-o", "hand_limit=sometimes"])
    assert "choose one of" in result.output


def test_simulate_summarises_and_writes_records(tmp_path):
    result = runner.invoke(
        app, ["simulate", "castle-rooms", "-n", "20", "-p", "4", "--bots", "heuristic,random",
              "--seed", "1", "--records", str(tmp_path), "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 20 and set(data["bots"]) == {"heuristic", "random"}
    assert data["bots"]["heuristic"]["seats"] == 40
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 20
    record = json.loads(files[0].read_text())
    assert donjon.replay(record).is_over()


def test_replay_steps_through_a_record(tmp_path):
    state = donjon.load("castle-rooms").new_game(2, seed=8)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(state.record()))
    result = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert result.exit_code == 0 and "1. Player" in result.output
    stepped = runner.invoke(app, ["replay", str(path)], input="\n\n3\nq\n")
    assert stepped.exit_code == 0 and "Move 1" in stepped.output
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "castle-rooms"}')
    assert "missing" in runner.invoke(app, ["replay", str(broken)]).output


def test_rules_in_english_and_french():
    assert "Goal" in runner.invoke(app, ["rules", "castle-rooms"]).output
    assert "But" in runner.invoke(app, ["rules", "castle-rooms", "--lang", "fr"]).output
    assert "languages: en, fr" in runner.invoke(app, ["rules", "castle-rooms", "--lang", "de"]).output


def test_bench_reports_rates(tmp_path):
    out = tmp_path / "bench.json"
    result = runner.invoke(app, ["bench", "castle-rooms", "--repeats", "1", "--seconds", "0.2",
                                 "--json", str(out)])
    assert result.exit_code == 0 and "games/s" in result.output and "castle-rooms" in result.output
    figures = json.loads(out.read_text())["results"][0]
    assert figures["game"] == "castle-rooms" and figures["games_per_s"] > 0
    assert figures["determinize_early_us"] > 0 and figures["determinize_late_us"] > 0
    assert figures["search_early"] > 0 and figures["random_search_early"] > 0
    assert "Search iterations" in result.output


def test_arena_rates_the_heuristic_above_random():
    result = runner.invoke(app, ["arena", "castle-rooms", "--bots", "random,heuristic", "-n", "40",
                                 "-p", "2"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "heuristic" in line or "random" in line]
    assert "heuristic" in lines[0]  # sorted best first


@pytest.mark.parametrize("name", donjon.games())
def test_every_game_plays_to_the_end_in_the_terminal(name):
    """Always answering "1": the board, the log and the final table are drawn for every game."""
    game = donjon.load(name)
    result = runner.invoke(
        app, ["play", name, "-p", str(game.min_players), "--seed", "9", "--bots", "heuristic"],
        input="\n".join(["1"] * 5000) + "\n",
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Final result" in result.output and game.title in result.output
    assert "Ties broken by" in result.output or "rank" in result.output


def test_a_move_is_taken_back_while_it_is_still_your_turn():
    result = runner.invoke(
        app, ["play", "castle-rooms", "-p", "2", "--seed", "4", "--bots", "random"],
        input="1\nundo\nundo\nquit\nn\n",
    )
    assert result.exit_code == 0, result.output
    assert "Move taken back." in result.output
    assert "Nothing to take back" in result.output  # only the one move of this turn


def test_play_in_french_names_players_and_never_seats(tmp_path):
    result = runner.invoke(
        app, ["play", "castle-rooms", "-p", "3", "--seed", "5", "--bots", "random",
              "--lang", "fr"],
        input="aide\n" + "\n".join(["1"] * 400) + "\nn\n",
    )
    assert result.exit_code == 0, result.output
    assert "Commandes :" in result.output and "Résultat final" in result.output
    assert "Joueur 2 (random)" in result.output
    lowered = result.output.lower()
    assert "seat" not in lowered and "siège" not in lowered
    assert "You " not in result.output and "Final result" not in result.output
    bad = runner.invoke(app, ["play", "castle-rooms", "--lang", "de"])
    assert bad.exit_code != 0 and "--lang" in bad.output
