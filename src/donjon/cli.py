"""The ``donjon`` command: play, simulate, replay, bench, rules, serve."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

import donjon
from donjon.bots import bot_names, decide, make_bot
from donjon.engine import record as records

app = typer.Typer(help="donjon: castle-building board games in the terminal, the browser and the lab.",
                  no_args_is_help=True, add_completion=False)
console = Console()


def _game(name: str):
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


def _bots(game, spec: str) -> list[str]:
    names = [b.strip() for b in spec.split(",") if b.strip()]
    known = bot_names(game)
    for name in names:
        if name not in known:
            raise typer.BadParameter(f"no bot {name!r} for {game.name}; bots: {', '.join(known)}")
    return names or ["random"]


# -- play --------------------------------------------------------------------------------------


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="castle-rooms, citadels, caylus, gluecksritter")],
    players: Annotated[int, typer.Option("--players", "-p")] = 3,
    seat: Annotated[int, typer.Option("--seat", "-s", help="your seat (0-based)")] = 0,
    bots: Annotated[str, typer.Option(help="bots for the other seats, comma-separated, cycled")] = "heuristic",
    seed: Annotated[int | None, typer.Option()] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value")] = None,
) -> None:
    """Play a game in the terminal against bots."""
    game = _game(game_name)
    try:
        state = game.new_game(players, seed=seed, **_options(option))
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    if not 0 <= seat < players:
        raise typer.BadParameter(f"--seat must be between 0 and {players - 1}")
    others = _bots(game, bots)
    seat_bots = {}
    for i, other in enumerate(s for s in range(players) if s != seat):
        seat_bots[other] = make_bot(game, others[i % len(others)], seed=state.seed + other)
    rng = random.Random(state.seed)
    console.print(f"[bold]{game.title}[/] — {players} players, you are seat {seat}. "
                  f"Seed {state.seed}. Type a number or an action; 'help' for commands.")
    shown = 0
    while not state.is_over():
        for bot_seat in [s for s in state.to_move() if s != seat]:
            action = decide(seat_bots[bot_seat], state, bot_seat, rng)
            state.apply(bot_seat, action)
        if state.is_over():
            break
        shown = _show_new_events(state, seat, shown)
        if seat not in state.to_move():
            continue
        _draw(game, state, seat)
        if not _ask(state, seat):
            console.print("Game abandoned.")
            _offer_save(state)
            raise typer.Exit(0)
    _show_new_events(state, seat, shown)
    _draw(game, state, seat)
    result = state.result()
    table = Table(title="Final result")
    for column in ("seat", "who", "score", "rank"):
        table.add_column(column)
    for s in range(players):
        who = "you" if s == seat else seat_bots[s].name
        table.add_row(str(s), who, str(result.scores[s]), str(result.ranks[s]))
    console.print(table)
    if result.tiebreak:
        console.print(f"[dim]Ties broken by: {result.tiebreak}[/]")
    _offer_save(state)


def _draw(game, state, seat: int) -> None:
    view = state.view(seat)
    drawing = game.render_terminal(view, seat)
    console.print(drawing if drawing is not None else json.dumps(view, indent=1))


def _show_new_events(state, seat: int, shown: int) -> int:
    log = state.log(seat)
    for event in log[shown:]:
        console.print(f"  [dim]·[/] {state.game.describe(event, seat)}")
    return len(log)


HELP = "Commands: a number or an action's text; 'log' (whole log), 'save FILE', 'quit'."


def _ask(state, seat: int) -> bool:
    """Read one legal action from the person and apply it; False if they quit."""
    legal = state.legal_actions(seat)
    for i, action in enumerate(legal, 1):
        console.print(f"  [cyan]{i:>3}[/] {action.text}")
    while True:
        try:
            answer = console.input("[bold]your move> [/]").strip()
        except EOFError:
            return False
        if not answer:
            continue
        if answer in ("quit", "exit"):
            return False
        if answer == "help":
            console.print(HELP)
            continue
        if answer == "log":
            for event in state.log(seat):
                console.print(f"  · {state.game.describe(event, seat)}")
            continue
        if answer.startswith("save "):
            _save(state, answer[5:].strip())
            continue
        if answer.isdigit():
            number = int(answer)
            if not 1 <= number <= len(legal):
                console.print(f"[red]No action {number}: choose 1 to {len(legal)}.[/]")
                continue
            answer = legal[number - 1].text
        try:
            state.apply(seat, answer)
            return True
        except donjon.IllegalAction as error:
            console.print(f"[red]{error}[/]")


def _save(state, path: str) -> None:
    records.save(state.record(), path)
    console.print(f"Record saved to {path}")


def _offer_save(state) -> None:
    try:
        answer = console.input("Save the game record? [y/N] ").strip().lower()
    except EOFError:
        return
    if answer.startswith("y"):
        default = f"{state.game.name}-{state.seed}.json"
        try:
            path = console.input(f"File [{default}]: ").strip() or default
        except EOFError:
            path = default
        _save(state, path)


# -- simulate ----------------------------------------------------------------------------------


@app.command()
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    games: Annotated[int, typer.Option("--games", "-n")] = 100,
    players: Annotated[int, typer.Option("--players", "-p")] = 4,
    bots: Annotated[str, typer.Option(help="bots by seat, comma-separated, cycled and rotated")] = "random",
    seed: Annotated[int, typer.Option()] = 0,
    workers: Annotated[int, typer.Option(help="worker processes")] = 1,
    rotate: Annotated[bool, typer.Option(help="rotate bots over seats from game to game")] = True,
    records_dir: Annotated[Path | None, typer.Option("--records", help="write every record here")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
) -> None:
    """Play many games between bots and summarise win rates, scores and lengths."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from donjon.arena.simulate import Summary, describe, run

    game = _game(game_name)
    names = _bots(game, bots)
    summary = Summary()
    if records_dir:
        records_dir.mkdir(parents=True, exist_ok=True)
    try:
        outcomes = run(game.name, games, players, names, seed=seed, options=_options(option),
                       workers=workers, rotate=rotate, keep_records=records_dir is not None)
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                      disable=as_json) as progress:
            task = progress.add_task(f"{game.title}", total=games)
            for outcome in outcomes:
                summary.add(outcome)
                if records_dir:
                    records.save(outcome.record, records_dir / f"{game.name}-{outcome.seed}.json")
                progress.advance(task)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    bots_used = sorted(summary.seats)
    data = {
        "game": game.name, "games": summary.games, "players": players, "seed": seed,
        "bots": {
            bot: {
                "seats": summary.seats[bot], "win_rate": summary.win_rate(bot),
                "win_rate_95": summary.interval(bot), "score": describe(summary.scores.get(bot, [])),
            }
            for bot in bots_used
        },
        "seat_win_rate": [w / summary.games for w in summary.seat_wins],
        "decisions": describe(summary.lengths),
    }
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


# -- arena -------------------------------------------------------------------------------------


@app.command()
def arena(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    bots: Annotated[str, typer.Option(help="the entrants, comma-separated (at least two)")] = "random,heuristic",
    games: Annotated[int, typer.Option("--games", "-n")] = 200,
    players: Annotated[int, typer.Option("--players", "-p")] = 4,
    seed: Annotated[int, typer.Option()] = 0,
    workers: Annotated[int, typer.Option()] = 1,
) -> None:
    """A tournament between bots: every table seats entrants in turn; Elo-scale ratings."""
    from rich.progress import Progress

    from donjon.arena.ratings import ratings_with_intervals
    from donjon.arena.simulate import run

    game = _game(game_name)
    entrants = _bots(game, bots)
    if len(set(entrants)) < 2:
        raise typer.BadParameter("an arena needs at least two different bots")
    played = []
    with Progress(console=console) as progress:
        task = progress.add_task(f"{game.title} arena", total=games)
        # Cycling the entrant list over seats with per-game rotation gives every bot every seat.
        for outcome in run(game.name, games, players, entrants, seed=seed, workers=workers):
            played.append((outcome.bots, outcome.ranks))
            progress.advance(task)
    names = sorted(set(entrants))
    table = Table(title=f"{game.title} arena: {games} games, {players} players")
    for column in ("bot", "rating (Elo)", "95 % interval"):
        table.add_column(column)
    results = ratings_with_intervals(played, names, seed=seed)
    for name, (rating, low, high) in sorted(zip(names, results, strict=True), key=lambda x: -x[1][0]):
        table.add_row(name, f"{rating:+.0f}", f"{low:+.0f} … {high:+.0f}")
    console.print(table)


# -- replay ------------------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False)],
    seat: Annotated[int | None, typer.Option(help="watch as this seat (default: spectator)")] = None,
    step: Annotated[bool, typer.Option(help="pause after each move")] = True,
) -> None:
    """Step through a game record move by move."""
    try:
        record = records.read(file)
        final = donjon.replay(record)
    except (ValueError, json.JSONDecodeError) as error:
        raise typer.BadParameter(f"{file}: {error}") from None
    game = final.game
    state = game.new_game(record["players"], seed=record["seed"], **record["options"])
    moves = record["moves"]
    console.print(f"[bold]{game.title}[/] record: {len(moves)} moves. Enter: next move, "
                  "a number: jump to that move, q: quit.")
    index = 0
    while True:
        console.print(game.render_terminal(state.view(seat), seat))
        if index >= len(moves):
            break
        if step:
            try:
                answer = console.input(f"[dim]move {index + 1}/{len(moves)}> [/]").strip()
            except EOFError:
                answer = "q"
            if answer == "q":
                return
            if answer.isdigit():
                target = min(int(answer), len(moves))
                state = donjon.replay(record, upto=target)
                index = target
                continue
        mover, text = moves[index]
        console.print(f"[bold]Move {index + 1}[/]: seat {mover} — {text}")
        state.apply(mover, text)
        index += 1
    if state.is_over():
        result = state.result()
        console.print(f"Scores {list(result.scores)}, ranks {list(result.ranks)}")


# -- bench -------------------------------------------------------------------------------------


@app.command()
def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="a game, or 'all'")] = "all",
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    repeats: Annotated[int, typer.Option()] = 5,
    seconds: Annotated[float, typer.Option(help="seconds per repeat")] = 2.0,
) -> None:
    """Random-play speed on one core: games/s, decisions/s, clone cost (medians over repeats)."""
    from donjon.arena.bench import DEFAULT_PLAYERS, machine
    from donjon.arena.bench import bench as run_bench

    names = donjon.games() if game_name == "all" else [_game(game_name).name]
    table = Table(title=f"Random play, one core, median of {repeats} × {seconds:g} s of CPU time")
    for column in ("game", "players", "games/s", "decisions/s", "decisions/game", "clone µs"):
        table.add_column(column, justify="right")
    for name in names:
        game = donjon.load(name)
        count = players or DEFAULT_PLAYERS.get(name, game.min_players)
        if not game.min_players <= count <= game.max_players:
            continue
        r = run_bench(name, count, repeats=repeats, seconds=seconds)
        table.add_row(name, str(count), f"{r.games_per_s:,.0f}", f"{r.decisions_per_s:,.0f}",
                      f"{r.decisions_per_game:.0f}", f"{r.clone_us:.1f}")
    console.print(table)
    console.print(f"[dim]{machine()}[/]")


# -- rules, serve ------------------------------------------------------------------------------


@app.command()
def rules(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    lang: Annotated[str, typer.Option(help="en or fr")] = "en",
) -> None:
    """Print a game's rules summary."""
    game = _game(game_name)
    try:
        console.print(Markdown(game.rules(lang)))
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
) -> None:
    """Start the web table."""
    from donjon.server.main import serve as run_server

    run_server(host=host, port=port, database_url=database)


if __name__ == "__main__":
    app()
