"""donjon: a board-game arena for castle-building games.

>>> import donjon
>>> game = donjon.load("castle-rooms")
>>> state = game.new_game(players=3, seed=7)
>>> seat = state.to_move()[0]
>>> state.apply(seat, state.legal_actions(seat)[0])
"""

from donjon.engine import (
    Action,
    Game,
    IllegalAction,
    Option,
    Result,
    State,
    games,
    load,
    replay,
)

__version__ = "0.1.0"
__all__ = ["Action", "Game", "IllegalAction", "Option", "Result", "State", "games", "load", "replay"]
