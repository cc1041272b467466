"""Figures of a tournament and of a simulation, written as SVG (or any format matplotlib knows
by the file's extension).

Drawn with matplotlib's object interface (``Figure``, no pyplot): no display and no global
state, so it works on a server or in worker processes. matplotlib comes with the ``research``
extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from donjon.arena.simulate import Summary
    from donjon.arena.tournament import Tournament


def _figure(rows: int, columns: int, title: str) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError("plots need matplotlib: pip install 'donjon[research]'") from error
    figure = Figure(figsize=(6.5 * columns, 4.2 * rows), layout="constrained")
    figure.suptitle(title)
    return figure


def _scores(axes: Axes, summary: Summary, names: Sequence[str]) -> None:
    """One box per bot: its final scores."""
    shown = [n for n in names if summary.scores.get(n)]
    axes.set_title("Scores")
    if not shown:
        axes.text(0.5, 0.5, "no numeric scores", ha="center", va="center")
        return
    axes.boxplot([summary.scores[n] for n in shown])
    axes.set_xticks(range(1, len(shown) + 1), shown, rotation=20, ha="right")
    axes.set_ylabel("final score")


def _lengths(axes: Axes, summary: Summary) -> None:
    axes.set_title("Game length")
    axes.hist(summary.lengths, bins=min(30, max(1, len(set(summary.lengths)))),
              color="#4c72b0")
    axes.set_xlabel("decisions per game")
    axes.set_ylabel("games")


def arena_figure(tournament: Tournament, path: str | Path) -> Path:
    """Ratings with their 95 % intervals, the head-to-head win matrix, and the score and length
    distributions of a tournament, in one figure written to ``path``."""
    summary = tournament.summary
    figure = _figure(2, 2, f"{tournament.game}: {summary.games} games, "
                           f"{tournament.players} players")
    (ratings, matrix), (scores, lengths) = figure.subplots(2, 2)
    ranking = tournament.ranking()[::-1]  # best at the top
    labels = [name for name, *_ in ranking]
    values = [rating for _, rating, _, _ in ranking]
    errors = [[max(0.0, rating - low) for _, rating, low, _ in ranking],
              [max(0.0, high - rating) for _, rating, _, high in ranking]]
    ratings.errorbar(values, range(len(ranking)), xerr=errors, fmt="o", capsize=4)
    ratings.set_yticks(range(len(ranking)), labels)
    ratings.axvline(0, color="grey", linewidth=0.8)
    ratings.set_title("Rating (Elo scale) with 95 % interval")

    names = tournament.names
    wins, meets = tournament.head_to_head()
    share = [[wins[i][j] / meets[i][j] if meets[i][j] else float("nan")
              for j in range(len(names))] for i in range(len(names))]
    image = matrix.imshow(share, vmin=0, vmax=1, cmap="RdBu")
    matrix.set_xticks(range(len(names)), names, rotation=30, ha="right")
    matrix.set_yticks(range(len(names)), names)
    for i in range(len(names)):
        for j in range(len(names)):
            if meets[i][j]:
                matrix.text(j, i, f"{share[i][j]:.0%}", ha="center", va="center")
    matrix.set_title("Row finished ahead of column")
    figure.colorbar(image, ax=matrix, shrink=0.8)
    _scores(scores, summary, names)
    _lengths(lengths, summary)
    return _save(figure, path)


def simulation_figure(summary: Summary, title: str, path: str | Path) -> Path:
    """Win rates with their 95 % intervals, win rate by seat, and the score and length
    distributions of a simulation, in one figure written to ``path``."""
    figure = _figure(2, 2, title)
    (rates, seats), (scores, lengths) = figure.subplots(2, 2)
    names = sorted(summary.seats)
    values = [summary.win_rate(n) for n in names]
    intervals = [summary.interval(n) for n in names]
    # rounding can put a bound a hair inside the rate it surrounds
    errors = [[max(0.0, v - low) for v, (low, _) in zip(values, intervals, strict=True)],
              [max(0.0, high - v) for v, (_, high) in zip(values, intervals, strict=True)]]
    rates.barh(range(len(names)), values, xerr=errors, capsize=4, color="#4c72b0")
    rates.set_yticks(range(len(names)), names)
    players = len(summary.seat_wins) or 1
    rates.axvline(1 / players, color="grey", linestyle="--", linewidth=0.8)
    rates.set_xlim(0, 1)
    rates.set_title("Win rate per seat played, 95 % interval (dashed: even chances)")
    games = max(1, summary.games)
    seats.bar(range(len(summary.seat_wins)), [w / games for w in summary.seat_wins],
              color="#55a868")
    seats.set_xticks(range(len(summary.seat_wins)), [f"seat {s}" for s in
                                                      range(len(summary.seat_wins))])
    seats.set_title("Win rate by seat")
    _scores(scores, summary, names)
    _lengths(lengths, summary)
    return _save(figure, path)


def _save(figure: Figure, path: str | Path) -> Path:
    """Write the figure; in SVG, text stays text (searchable, readable by screen readers) and
    no date is stamped, so the same results give the same file."""
    from matplotlib import rc_context

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with rc_context({"svg.fonttype": "none", "svg.hashsalt": "donjon"}):
        metadata = {"Date": None} if target.suffix.lower() == ".svg" else None
        figure.savefig(target, metadata=metadata)
    return target
