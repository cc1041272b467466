"""The game-agnostic engine contract: games, states, actions, decisions, hidden information,
records."""

from donjon.engine.action import Action, ActionTable
from donjon.engine.decisions import Frame, StackState
from donjon.engine.errors import IllegalAction
from donjon.engine.game import Game, Option, Result, Setup, Version, ranks_from_keys
from donjon.engine.hidden import NOBODY, OWNER, Secret, Zone
from donjon.engine.record import replay
from donjon.engine.registry import games, load
from donjon.engine.state import State

__all__ = [
    "Action", "ActionTable", "Frame", "StackState", "IllegalAction", "Game", "Option", "Result",
    "Setup", "Version", "ranks_from_keys", "NOBODY", "OWNER", "Secret", "Zone", "replay",
    "games", "load", "State",
]
