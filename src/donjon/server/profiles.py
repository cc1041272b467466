"""Players' pages and the leaderboards: a player's games per game, ratings and finished tables
(with their replays), and each game's rated members, best first. Open to anyone: what they show
was public at the tables already (names, results); nothing of an unfinished game."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

import donjon
from donjon.server import ratings
from donjon.server.catalogue import playable_games
from donjon.server.errors import ApiError
from donjon.server.session import REFUSALS, CheckedRoute, manager_of

router = APIRouter(route_class=CheckedRoute, responses=REFUSALS, tags=["players"])


def _title(game: str) -> str:
    return donjon.load(game).title if game in playable_games() else game


async def profile_of(request: Request, name: str) -> dict[str, Any]:
    """A player's page: ``{name, guest, since, games: [{game, title, played, rating,
    rated}], tables: [{id, game, title, players, finished_at, rank, rating_change,
    replay}]}``; 404 for no such player (or a deleted account)."""
    store = request.app.state.store
    db = manager_of(request).db
    row = await db(store.user_by_name, name[:100])
    if row is None or row["deleted_at"] is not None:
        raise ApiError(404, "no_player", name=name[:40])
    played = await db(store.played, row["id"])
    rated = await db(ratings.ratings_of, store, row["id"])
    games = sorted(set(played["games"]) | set(rated))
    return {
        "name": row["name"], "guest": row["guest"],
        "since": row["created_at"].date().isoformat(),
        "games": [{"game": g, "title": _title(g), "played": played["games"].get(g, 0),
                   "rating": rated[g]["rating"] if g in rated else None,
                   "rated": rated[g]["games"] if g in rated else 0} for g in games],
        "tables": [{**t, "title": _title(t["game"]), "replay": f"/replay/{t['id']}"}
                   for t in played["tables"]],
    }


async def leaderboard_of(request: Request, game: str) -> dict[str, Any]:
    """``{game, title, start, players: [{rank, name, rating, games}]}``; 404 for no such game."""
    if game not in playable_games():
        raise ApiError(404, "bad_game", game=game[:40])
    rows = await manager_of(request).db(ratings.leaderboard, request.app.state.store, game)
    return {"game": game, "title": _title(game), "start": int(ratings.START),
            "players": [{k: r[k] for k in ("rank", "name", "rating", "games")} for r in rows]}


@router.get("/api/players/{name}")
async def player_api(request: Request, name: str) -> dict[str, Any]:
    """A player's games per game, ratings, and latest finished tables with their replays."""
    return await profile_of(request, name)


@router.get("/api/leaderboard/{game}")
async def leaderboard_api(request: Request, game: str) -> dict[str, Any]:
    """The game's rated members, best first (Elo; everyone starts at 1500)."""
    return await leaderboard_of(request, game)
