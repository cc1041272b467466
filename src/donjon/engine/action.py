"""Actions: small immutable values with a text form.

An action's ``text`` is unique among the legal actions at any moment and reads like the game
(``build Manor``, ``end turn``). Games intern their actions (one object per distinct action,
made once), so comparing and hashing are cheap and no text is built on the hot path.
"""

from __future__ import annotations

from typing import Any


class Action:
    """One decision: a ``kind`` (verb), its ``args`` (a tuple), and its ``text``."""

    __slots__ = ("kind", "args", "text", "_hash")

    def __init__(self, kind: str, args: tuple[Any, ...], text: str):
        self.kind = kind
        self.args = args
        self.text = text
        self._hash = hash(text)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __reduce__(self):
        return (Action, (self.kind, self.args, self.text))


class ActionTable:
    """Interns a game's actions: ``table(kind, *args)`` returns the one shared Action.

    ``spell`` turns (kind, args) into the text; it is called once per distinct action.
    """

    __slots__ = ("_cache", "_spell")

    def __init__(self, spell):
        self._cache: dict[tuple, Action] = {}
        self._spell = spell

    def __call__(self, kind: str, *args: Any) -> Action:
        key = (kind, *args)
        action = self._cache.get(key)
        if action is None:
            action = Action(kind, args, self._spell(kind, *args))
            self._cache[key] = action
        return action
