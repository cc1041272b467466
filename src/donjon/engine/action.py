"""Actions: small immutable values with a stable identity and a text alias.

An action's identity is its ``kind`` and ``args`` (as python-chess keeps UCI apart from SAN):
records, the database and the protocol carry that identity, and equality and hashing use it.
Arguments name things by stable catalogue ids (``"thief"``, ``"tavern"``) or by small numbers
that mean the same in every game (a seat, a row, an amount), never by positions in a table.

``text`` is an alias that reads like the game (``build Manor``, ``end turn``), unique among the
legal actions at any moment: the terminal and tests type it, ``apply`` accepts it. What a person
sees is a label built from kind and args in their language (``donjon.engine.text``).

Games intern their actions (one object per distinct action, made once), so comparing is an
identity check on the hot path and no text is built while playing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeAlias

#: an action argument: a catalogue id, a number, a flag, or a tuple of those
Arg: TypeAlias = "str | int | bool | None | tuple[Arg, ...]"


def freeze(value: Any) -> Any:
    """A JSON value as an action argument: lists become tuples (hashable), recursively."""
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down: ``True`` is not ``1`` in an identity that
    arrives from outside (JSON), although Python's ``==`` says they are equal."""
    if isinstance(a, tuple):
        return (isinstance(b, tuple) and len(a) == len(b)
                and all(same(x, y) for x, y in zip(a, b, strict=True)))
    return type(a) is type(b) and a == b


def thaw(value: Any) -> Any:
    """An action argument as JSON: tuples become lists, recursively."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


class Action:
    """One decision: a ``kind`` (verb) and its ``args`` (a tuple) — its identity — and a
    ``text`` alias."""

    __slots__ = ("kind", "args", "text", "_hash")

    kind: str
    args: tuple[Arg, ...]
    text: str

    def __init__(self, kind: str, args: tuple[Arg, ...], text: str = ""):
        self.kind = kind
        self.args = args
        self.text = text
        self._hash = hash((kind, args))

    @property
    def identity(self) -> tuple[str, tuple[Arg, ...]]:
        return (self.kind, self.args)

    def to_json(self) -> dict[str, Any]:
        """The identity as JSON: ``{"kind": "build", "args": ["manor"]}``."""
        return {"kind": self.kind, "args": thaw(self.args)}

    @staticmethod
    def from_json(data: Any) -> Action:
        """An action identity from its JSON form (no text: match it against the legal actions).

        Raises ValueError naming what is wrong with a malformed identity."""
        if not isinstance(data, Mapping):
            raise ValueError(f"an action is an object with kind and args, not {type(data).__name__}")
        kind, args = data.get("kind"), data.get("args", [])
        if not isinstance(kind, str) or not kind:
            raise ValueError("an action's kind must be a non-empty string")
        if not isinstance(args, list | tuple) or not _plain(args, 0):
            raise ValueError("an action's args must be a list of strings, numbers and lists")
        return Action(kind, freeze(args))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return self._hash == other._hash and self.kind == other.kind and self.args == other.args
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self.text or f"{self.kind} {list(thaw(self.args))}"

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.args!r}, {self.text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.args, self.text))


_MAX_DEPTH: Final = 4


def _plain(values: Any, depth: int) -> bool:
    """Only JSON scalars and shallow lists: an identity from the network is small and flat."""
    if depth > _MAX_DEPTH or len(values) > 64:
        return False
    for v in values:
        if isinstance(v, list | tuple):
            if not _plain(v, depth + 1):
                return False
        elif not (v is None or isinstance(v, str | int | bool)) or (
            isinstance(v, str) and len(v) > 200
        ):
            return False
    return True


class ActionTable:
    """Interns a game's actions: ``table(kind, *args)`` returns the one shared Action.

    ``spell`` turns (kind, args) into the text alias; it is called once per distinct action.
    """

    __slots__ = ("_cache", "_spell")

    def __init__(self, spell: Callable[..., str]):
        self._cache: dict[tuple[Any, ...], Action] = {}
        self._spell = spell

    def __call__(self, kind: str, *args: Arg) -> Action:
        key = (kind, *args)
        action = self._cache.get(key)
        if action is None:
            action = Action(kind, args, self._spell(kind, *args))
            self._cache[key] = action
        return action

    def known(self) -> list[Action]:
        """Every action interned so far (for tools that list a game's actions)."""
        return list(self._cache.values())
