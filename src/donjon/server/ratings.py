"""Per-game Elo ratings: who is rated, by how much a rated game moves them, and the leaderboard.

- Everyone starts at ``START`` (1500) in each game.
- A table is rated when every seat started with a person at it (no bot seat, no free seat),
  and at least two different people: a bot-only or mixed table is unrated. It stays rated
  when a person resigns or runs out of time (a bot then plays their seat): that person loses
  to everyone (a draw between two who both left), the others are ranked by the game's result.
- A game of n players is n(n-1)/2 pairwise results: each pair is a win, a loss or a draw by
  their ranks, and each player moves by ``K / (n - 1)`` times the sum over their opponents of
  (result - expected), the expected result being ``1 / (1 + 10 ** ((R_other - R_own) / 400))``,
  all from the ratings before the game. A 2-player game is plain Elo with K = 32.
- ``update_ratings`` is called once a table has finished (the table manager does it); it is
  idempotent: the ``rating_changes`` rows of a table, written in the same transaction as the
  new ratings, say it has been counted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from donjon.server.schema import game_tables, now, rating_changes, ratings, seats, users

if TYPE_CHECKING:
    from donjon.server.store import Store, TableRow

START = 1500.0
K = 32.0
#: why a bot plays a person's seat, when that person left the game (``seats.replaced``)
FORFEITS = frozenset({"resigned", "timeout"})


@dataclass(frozen=True)
class Player:
    """One seat of a rated game: its person, their rank in the result (1 is first) and whether
    they left the game (resigned, ran out of time)."""

    user_id: int
    rank: int
    forfeited: bool = False


def score(me: Player, other: Player) -> float:
    """``me``'s result against ``other``: 1 a win, 0.5 a draw, 0 a loss."""
    if me.forfeited or other.forfeited:
        return 0.5 if me.forfeited and other.forfeited else (0.0 if me.forfeited else 1.0)
    if me.rank == other.rank:
        return 0.5
    return 1.0 if me.rank < other.rank else 0.0


def expected(own: float, other: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((other - own) / 400.0))


def new_ratings(players: Sequence[Player], before: Mapping[int, float]) -> dict[int, float]:
    """Each player's rating after the game, from ``before`` (pairwise Elo, K / opponents)."""
    k = K / (len(players) - 1)
    after = {}
    for me in players:
        own = before[me.user_id]
        change = sum(score(me, other) - expected(own, before[other.user_id])
                     for other in players if other is not me)
        after[me.user_id] = own + k * change
    return after


def rated_players(seat_rows: Sequence[Mapping[str, Any]], result: Mapping[str, Any] | None
                  ) -> list[Player] | None:
    """The players of a finished table if it is rated (see the module's docstring), else
    None. ``seat_rows``: each seat's ``kind``, ``user_id`` and ``replaced``."""
    if not result or "ranks" not in result or len(result["ranks"]) != len(seat_rows):
        return None
    players = []
    for seat, rank in zip(seat_rows, result["ranks"], strict=True):
        if seat["kind"] != "human" or seat["user_id"] is None:
            return None
        replaced = seat.get("replaced")
        if replaced is not None and replaced not in FORFEITS:
            return None
        players.append(Player(int(seat["user_id"]), int(rank), replaced in FORFEITS))
    if len({p.user_id for p in players}) != len(players) or len(players) < 2:
        return None
    return players


def update_ratings(store: Store, table: TableRow | str) -> dict[int, tuple[float, float]] | None:
    """Count a finished table in its players' ratings, once: ``{user_id: (before, after)}``,
    or None when the table is unrated, not finished, or counted already. Synchronous (a
    database thread): ``await manager.db(update_ratings, store, row)``."""
    return table_finished(store.engine, table if isinstance(table, str) else table.id)


def table_finished(engine: Engine, table_id: str) -> dict[int, tuple[float, float]] | None:
    """``update_ratings`` by the table's id, on ``engine`` (what the table manager calls once
    the table's result is stored)."""
    with engine.begin() as conn:
        row = conn.execute(select(game_tables.c.game, game_tables.c.status, game_tables.c.result)
                           .where(game_tables.c.id == table_id)).first()
        if row is None or row.status != "finished" or not row.result:
            return None
        seat_rows = [dict(r) for r in conn.execute(
            select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        ).mappings()]
        players = rated_players(seat_rows, json.loads(row.result))
        if players is None:
            return None
        ids = [p.user_id for p in players]
        counted = conn.execute(select(rating_changes.c.user_id)
                               .where(rating_changes.c.table_id == table_id)).first()
        if counted is not None:
            return None
        query = select(ratings.c.user_id, ratings.c.rating).where(
            ratings.c.game == row.game, ratings.c.user_id.in_(ids))
        if engine.url.get_backend_name() != "sqlite":  # two tables of one player at once
            query = query.with_for_update()
        stored = {r.user_id: float(r.rating) for r in conn.execute(query)}
        before = {user_id: stored.get(user_id, START) for user_id in ids}
        after = new_ratings(players, before)
        stamp = now()
        try:
            conn.execute(insert(rating_changes), [
                {"table_id": table_id, "user_id": user_id, "game": row.game,
                 "rating_before": before[user_id], "rating_after": after[user_id],
                 "created_at": stamp} for user_id in ids])
        except IntegrityError:  # another process counted it first
            return None
        for user_id in ids:
            if user_id in stored:
                conn.execute(update(ratings).where(and_(ratings.c.user_id == user_id,
                                                        ratings.c.game == row.game))
                             .values(rating=after[user_id], games=ratings.c.games + 1,
                                     updated_at=stamp))
            else:
                conn.execute(insert(ratings).values(user_id=user_id, game=row.game,
                                                    rating=after[user_id], games=1,
                                                    updated_at=stamp))
    return {user_id: (before[user_id], after[user_id]) for user_id in ids}


def leaderboard(store: Store, game: str, limit: int = 100) -> list[dict[str, Any]]:
    """The rated members of ``game``, best first: ``{rank, user_id, name, rating, games}``
    (guests and deleted accounts are not listed; their ratings stay theirs)."""
    query = (
        select(users.c.id, users.c.name, ratings.c.rating, ratings.c.games)
        .select_from(ratings.join(users, users.c.id == ratings.c.user_id))
        .where(ratings.c.game == game, users.c.guest.is_(False), users.c.deleted_at.is_(None))
        .order_by(ratings.c.rating.desc(), ratings.c.games.desc(), users.c.id).limit(limit)
    )
    with store.engine.connect() as conn:
        rows = list(conn.execute(query))
    return [{"rank": i + 1, "user_id": r.id, "name": r.name, "rating": round(r.rating),
             "games": r.games} for i, r in enumerate(rows)]


def ratings_of(store: Store, user_id: int) -> dict[str, dict[str, Any]]:
    """A player's rating in each game they were rated in: ``{game: {rating, games}}``."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(ratings).where(ratings.c.user_id == user_id))
        return {r.game: {"rating": round(r.rating), "games": r.games} for r in rows}
