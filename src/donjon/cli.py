"""The ``donjon`` command: play, simulate, replay, bench, rules, serve."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

import donjon
from donjon.bots import bot_names, check_bots, make_bot, split_bots
from donjon.engine import Game, text
from donjon.engine import record as records

app = typer.Typer(help="donjon: castle-building board games in the terminal, the browser and the lab.",
                  no_args_is_help=True, add_completion=False)
console = Console()


def _game(name: str) -> Game:
    try:
        return donjon.load(name)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


def _options(pairs: list[str] | None) -> dict[str, Any]:
    """``key=value`` pairs; values are read as JSON where they parse (numbers, lists)."""
    options = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"an option is key=value, not {pair!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def _bots(game: Game, spec: str) -> list[str]:
    """Bot names, comma-separated, parameters included (``ismcts:ms=500,exploration=0.5``) or
    levels (``easy``, ``normal``, ``hard``), each checked to build."""
    names = split_bots(spec)
    try:
        check_bots(game, names)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    return names or ["random"]


# -- play --------------------------------------------------------------------------------------


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="castle-rooms, citadels, caylus, gluecksritter")],
    players: Annotated[int, typer.Option("--players", "-p")] = 3,
    seat: Annotated[int, typer.Option("--seat", "-s", help="your place at the table, from 0")] = 0,
    bots: Annotated[str, typer.Option(help="bots for the other seats, comma-separated, cycled")] = "heuristic",
    seed: Annotated[int | None, typer.Option()] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value")] = None,
    lang: Annotated[str, typer.Option(help="en or fr")] = "en",
) -> None:
    """Play a game in the terminal against bots."""
    from donjon.terminal import TerminalGame

    game = _game(game_name)
    if lang not in text.LANGUAGES:
        raise typer.BadParameter(f"--lang must be one of {', '.join(text.LANGUAGES)}")
    try:
        state = game.new_game(players, seed=seed, **_options(option))
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    if not 0 <= seat < players:
        raise typer.BadParameter(f"--seat must be between 0 and {players - 1}")
    others = _bots(game, bots)
    assert state.seed is not None  # a new game always has one
    seat_bots = {}
    for i, other in enumerate(s for s in range(players) if s != seat):
        seat_bots[other] = make_bot(game, others[i % len(others)], seed=state.seed + other)
    session = TerminalGame(state, seat, seat_bots, lang, console)
    session.run()
    session.offer_save()


# -- simulate ----------------------------------------------------------------------------------

BOTS_HELP = ("bots, comma-separated, with parameters (ismcts:ms=500,exploration=0.5) or levels "
             "(easy, normal, hard)")


def _progress(hidden: bool) -> Any:
    """A Rich progress bar (games done, rate, time left); hidden under ``--json``."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress("[progress.description]{task.description}", BarColumn(),
                    MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                    console=console, disable=hidden)


def _plot_target(plot: Path | None) -> None:
    """Refuse ``--plot`` before any game is played when matplotlib is missing."""
    if plot is not None and find_spec("matplotlib") is None:
        raise typer.BadParameter("--plot needs matplotlib: pip install 'donjon[research]'")


RAY_HELP = ("play the games on a Ray cluster: 'local' starts one here for the run (with "
            "--workers CPUs), else a cluster's address ('auto', 'ray://host:10001')")


def _ray(address: str | None) -> str | None:
    if address is not None and find_spec("ray") is None:
        raise typer.BadParameter("--ray needs Ray: pip install 'donjon[research]'")
    return address


@app.command()
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    games: Annotated[int, typer.Option("--games", "-n")] = 100,
    players: Annotated[int, typer.Option("--players", "-p")] = 4,
    bots: Annotated[str, typer.Option(help=BOTS_HELP + "; cycled and rotated over seats")] = "random",
    seed: Annotated[int, typer.Option()] = 0,
    workers: Annotated[int, typer.Option(help="worker processes")] = 1,
    ray: Annotated[str | None, typer.Option(help=RAY_HELP)] = None,
    rotate: Annotated[bool, typer.Option(help="rotate bots over seats from game to game")] = True,
    records_dir: Annotated[Path | None, typer.Option("--records", help="write every record here")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    plot: Annotated[Path | None, typer.Option(
        help="draw win rates, scores and game lengths to this file (.svg, .png, .pdf)")] = None,
) -> None:
    """Play many games between bots and summarise win rates, scores and lengths."""
    from donjon.arena.simulate import Summary, run, statistics_of

    game = _game(game_name)
    names = _bots(game, bots)
    _plot_target(plot)
    summary = Summary()
    if records_dir:
        records_dir.mkdir(parents=True, exist_ok=True)
    try:
        outcomes = run(game.name, games, players, names, seed=seed, options=_options(option),
                       workers=workers, rotate=rotate, keep_records=records_dir is not None,
                       ray=_ray(ray))
        with _progress(as_json) as progress:
            task = progress.add_task(f"{game.title}", total=games)
            for outcome in outcomes:
                summary.add(outcome)
                if records_dir and outcome.record is not None:
                    records.save(outcome.record, records_dir / f"{game.name}-{outcome.seed}.json")
                progress.advance(task)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    bots_used = sorted(summary.seats)
    data: dict[str, Any] = {
        "game": game.name, "games": summary.games, "players": players, "seed": seed,
        "bots": {
            bot: {
                "seats": summary.seats[bot], "win_rate": summary.win_rate(bot),
                "win_rate_95": summary.interval(bot),
                "score": statistics_of(summary.scores.get(bot, [])),
            }
            for bot in bots_used
        },
        "seat_win_rate": [w / summary.games for w in summary.seat_wins],
        "decisions": statistics_of(summary.lengths),
    }
    if plot is not None:
        from donjon.arena.plots import simulation_figure

        simulation_figure(summary, f"{game.title}: {summary.games} games, {players} players",
                          plot)
        data["plot"] = str(plot)
    if as_json:
        print(json.dumps(data, indent=1))
        return
    table = Table(title=f"{game.title}: {summary.games} games, {players} players")
    for column in ("bot", "seats", "win rate", "95 % interval", "mean score", "median score"):
        table.add_column(column)
    for bot, row in data["bots"].items():
        low, high = row["win_rate_95"]
        score = row["score"]
        table.add_row(bot, str(row["seats"]), f"{row['win_rate']:.1%}", f"{low:.1%}–{high:.1%}",
                      f"{score.get('mean', 0):.2f}", f"{score.get('median', 0):.1f}")
    console.print(table)
    console.print("Win rate by seat: " + ", ".join(
        f"{s}: {r:.1%}" for s, r in enumerate(data["seat_win_rate"])))
    d = data["decisions"]
    console.print(f"Decisions per game: mean {d['mean']:.1f}, median {d['median']:.0f}, "
                  f"min {d['min']}, max {d['max']}")
    if plot is not None:
        console.print(f"Figure written to {plot}")


# -- arena -------------------------------------------------------------------------------------


@app.command()
def arena(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    bots: Annotated[str, typer.Option(help="the entrants (at least two): " + BOTS_HELP)] = "random,heuristic",
    games: Annotated[int, typer.Option("--games", "-n")] = 200,
    players: Annotated[int, typer.Option("--players", "-p")] = 4,
    seed: Annotated[int, typer.Option()] = 0,
    workers: Annotated[int, typer.Option(help="worker processes")] = 1,
    ray: Annotated[str | None, typer.Option(help=RAY_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
    plot: Annotated[Path | None, typer.Option(
        help="draw ratings, the head-to-head matrix, scores and lengths to this file (.svg, "
             ".png, .pdf)")] = None,
) -> None:
    """A tournament between bots: every table seats entrants in turn; Elo-scale ratings."""
    from donjon.arena.simulate import run
    from donjon.arena.tournament import Tournament

    game = _game(game_name)
    entrants = _bots(game, bots)
    if len(set(entrants)) < 2:
        raise typer.BadParameter("an arena needs at least two different bots")
    _plot_target(plot)
    tournament = Tournament(game.name, players, seed, entrants)
    try:
        # Cycling the entrant list over seats with per-game rotation gives every bot every seat.
        outcomes = run(game.name, games, players, entrants, seed=seed, options=_options(option),
                       workers=workers, ray=_ray(ray))
        with _progress(as_json) as progress:
            task = progress.add_task(f"{game.title} arena", total=games)
            for outcome in outcomes:
                tournament.add(outcome)
                progress.advance(task)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    data = tournament.to_json()
    if plot is not None:
        from donjon.arena.plots import arena_figure

        arena_figure(tournament, plot)
        data["plot"] = str(plot)
    if as_json:
        print(json.dumps(data, indent=1))
        return
    table = Table(title=f"{game.title} arena: {games} games, {players} players")
    for column in ("bot", "rating (Elo)", "95 % interval", "win rate"):
        table.add_column(column)
    for row in data["entrants"]:
        low, high = row["rating_95"]
        table.add_row(row["name"], f"{row['rating']:+.0f}", f"{low:+.0f} … {high:+.0f}",
                      f"{row['win_rate']:.1%}")
    console.print(table)
    if plot is not None:
        console.print(f"Figure written to {plot}")


# -- replay ------------------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False)],
    seat: Annotated[int | None, typer.Option(help="watch as this seat (default: spectator)")] = None,
    step: Annotated[bool, typer.Option(help="pause after each move")] = True,
    lang: Annotated[str, typer.Option(help="en or fr")] = "en",
) -> None:
    """Step through a game record move by move."""
    from donjon.terminal import replay_session

    if lang not in text.LANGUAGES:
        raise typer.BadParameter(f"--lang must be one of {', '.join(text.LANGUAGES)}")
    try:
        record = records.read(file)
        donjon.replay(record)
    except (ValueError, json.JSONDecodeError) as error:
        raise typer.BadParameter(f"{file}: {error}") from None
    replay_session(record, seat, step, lang, console)


# -- bench -------------------------------------------------------------------------------------


@app.command()
def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="a game, or 'all'")] = "all",
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    repeats: Annotated[int, typer.Option()] = 5,
    seconds: Annotated[float, typer.Option(help="seconds per repeat")] = 2.0,
    as_json: Annotated[Path | None, typer.Option(
        "--json", help="also write the figures to this JSON file, for tracking")] = None,
    instructions: Annotated[bool, typer.Option(
        "--instructions", help="count instructions per game with valgrind instead of timing "
        "(the same on a busy machine as on a quiet one)")] = False,
    games: Annotated[int, typer.Option(
        help="games per count, with --instructions (game k from seed k)")] = 30,
    warmup: Annotated[int, typer.Option(
        help="games played first in both counts, with --instructions: what a process does "
        "once for all its games is left out, as of the timed runs")] = 10,
) -> None:
    """Random-play speed on one core: games/s, decisions/s, clone and determinization cost early
    and late in a game, and search iterations/s (medians over repeats). Where the compiled build
    exists (``make compiled``), pure Python and compiled side by side, each in its own process.
    With ``--instructions``, the instructions a random game runs instead (valgrind)."""
    from donjon.arena.bench import (
        DEFAULT_PLAYERS,
        compare,
        machine,
        report,
        row_name,
        stale_modules,
    )

    names = donjon.games() if game_name == "all" else [_game(game_name).name]
    tasks = []
    for name in names:
        game = donjon.load(name)
        count = players or DEFAULT_PLAYERS.get(name, game.min_players)
        if game.min_players <= count <= game.max_players:
            tasks.append((name, count))
    stale = stale_modules()
    if stale:
        console.print(f"[yellow]the compiled build is older than the sources of {len(stale)} "
                      f"modules ({', '.join(stale[:3])}…): `make compiled` rebuilds it[/]")
    if instructions:
        _bench_instructions(tasks, games, warmup, stale, as_json)
        return
    results = compare(tasks, repeats=repeats, seconds=seconds)
    search = Table(title=f"Search iterations per CPU-second, {seconds / 4:g} s a move, median "
                         f"of {repeats}")
    search.add_column("game", no_wrap=True, min_width=len(max(names, key=len)))
    for column in ("players", "profile early/late", "random playouts early/late"):
        search.add_column(column, justify="right")
    for r in results:
        search.add_row(row_name(r), str(r["players"]),
                       f"{r['search_early']:,.0f} / {r['search_late']:,.0f}",
                       f"{r['random_search_early']:,.0f} / {r['random_search_late']:,.0f}")
    console.print(report(results, repeats, seconds))
    console.print(search)
    console.print("[dim]profile: the search of the game's profile (heuristic playouts, the hard level at "
                  "Caylus and Citadels); "
                  "random playouts: a full tree, whole random games; early: a game's first "
                  "decision, late: 80 % through it[/]")
    console.print(f"[dim]{machine()}[/]")
    if as_json is not None:
        as_json.write_text(json.dumps({
            "machine": machine(), "builds": sorted({r["build"] for r in results}),
            "stale": stale, "results": results,
        }, indent=1))


def _bench_instructions(tasks: list[tuple[str, int]], games: int, warmup: int,
                        stale: list[str], as_json: Path | None) -> None:
    from donjon.arena import instructions
    from donjon.arena.bench import PURE, machine, row_name

    if games < 1:
        raise typer.BadParameter("at least one game per count", param_hint="--games")
    if warmup < 0:
        raise typer.BadParameter("no fewer than no warm-up games", param_hint="--warmup")
    if instructions.valgrind() is None:
        console.print("[red]--instructions needs valgrind (Debian: apt-get install valgrind)[/]")
        raise typer.Exit(2)
    results = instructions.compare(tasks, games, warmup)
    table = Table(title=f"Instructions per random game (valgrind; {games} games, seeds "
                        f"0–{games - 1}, after {warmup} warm-up games)")
    for column in ("game", "players", "a game", "a decision", "decisions", "vs pure"):
        table.add_column(column, justify="left" if column == "game" else "right", no_wrap=True)
    pure = {r["game"]: r["instructions_per_game"] for r in results if r["build"] == PURE}
    for r in results:
        ratio = pure[r["game"]] / r["instructions_per_game"]
        table.add_row(row_name(r), str(r["players"]), f"{r['instructions_per_game'] / 1e6:,.2f} M",
                      f"{r['instructions_per_decision']:,.0f}", f"{r['decisions_per_game']:,.1f}",
                      "" if r["build"] == PURE else f"×{ratio:.2f}")
    console.print(table)
    console.print(f"[dim]{machine()}[/]")
    if as_json is not None:
        as_json.write_text(json.dumps({
            "machine": machine(), "measure": "instructions", "games": games, "warmup": warmup,
            "builds": sorted({r["build"] for r in results}), "stale": stale, "results": results,
        }, indent=1))


# -- rules, serve ------------------------------------------------------------------------------


@app.command()
def rules(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    lang: Annotated[str, typer.Option(help="en or fr")] = "en",
) -> None:
    """Print a game's rules summary."""
    game = _game(game_name)
    try:
        console.print(Markdown(text.rules(game, lang)))
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


@app.command()
def games() -> None:
    """List the games, their player counts, options and bots."""
    for name in donjon.games():
        game = donjon.load(name)
        console.print(f"[bold]{name}[/] — {game.title}, {game.min_players}–{game.max_players} "
                      f"players; bots: {', '.join(bot_names(game))}")
        for option in game.options:
            tag = " [yellow](our resolution)[/]" if option.proposed else ""
            console.print(f"    {option.name}={option.default!r}: {option.doc}{tag}")


@app.command()
def serve(
    host: Annotated[str, typer.Option()] = "127.0.0.1",
    port: Annotated[int, typer.Option()] = 8000,
    database: Annotated[str | None, typer.Option(help="database URL (default: SQLite in ./var)")] = None,
    redis: Annotated[str | None, typer.Option(
        help="Redis URL: several processes on one PostgreSQL database (default: "
             "DONJON_REDIS_URL, else this process is the only one)")] = None,
) -> None:
    """Start the web table."""
    from donjon.server.main import serve as run_server

    run_server(host=host, port=port, database_url=database, redis_url=redis)


if __name__ == "__main__":
    app()
