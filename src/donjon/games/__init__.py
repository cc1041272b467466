"""One package per game; each exposes ``GAME``.

``donjon.games()`` lists the registered games, but once a game is imported Python binds the
attribute ``donjon.games`` to this package. So that both spellings keep working, calling this
package lists the games too.
"""

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from donjon.engine.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
