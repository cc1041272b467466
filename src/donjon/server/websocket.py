"""The WebSocket protocol the server runs: uvicorn's sans-I/O protocol (on the websockets
library), compressing with a window that holds the last state message, at zlib's fastest level.

Every move sends each seat a state message of 1–8 KB of JSON (the view, the actions with their
labels, the log's new sentences), each much like the one before. With permessage-deflate's
context takeover a message is mostly references to the previous one, if the compressor's window
reaches back that far. uvicorn compresses at zlib's default level (6) with a 2^12 = 4 KB window,
which most messages outgrow.

Mid-game state messages of 400 connections sent in turn (200 two-seat tables; this project's
2-core machine, 2026-12-02), CPU per message and bytes sent:

| game | as uvicorn (level 6, 4 KB) | level 6, 8 KB | level 1, 8 KB (this) |
|---|---|---|---|
| Castle Rooms, 3.7 KB | 60–68 µs, 396 B | 43–56 µs, 153 B | 28–35 µs, 398 B |
| Caylus, 4.9 KB | 90–96 µs, 1,042 B | 55–70 µs, 230 B | 37–38 µs, 590 B |

Level 1 with 8 KB sends no more bytes than uvicorn's settings, for half the CPU; level 6 would
save a few hundred bytes a message, which no player notices, for 50 % more. The window costs
16 KiB more per connection: zlib's compressor takes 2^(window bits + 2) + 2^(memLevel + 9)
bytes, 48 KiB instead of 32. What a client sends (small actions) keeps uvicorn's settings.

This is a small part of a move's cost on a busy server (about 2.2 ms of the server's CPU a move,
on that day, with PostgreSQL and Redis): a profile that showed zlib's calls taking more than
building the messages did counted, inside them, the waits for the interpreter's lock, which
zlib lets go of while it compresses and the database threads then hold.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

#: the server's compression window, as a power of two (uvicorn's own is 12)
SERVER_WINDOW_BITS = 13
#: the window the server asks clients to compress with (uvicorn's, too)
CLIENT_WINDOW_BITS = 12
#: zlib's memory level for the compressor (uvicorn's): more makes nothing faster here
MEMORY_LEVEL = 5
#: zlib's level: its fastest (uvicorn's is zlib's default, 6)
COMPRESSION_LEVEL = 1

DEFLATE = ServerPerMessageDeflateFactory(
    server_max_window_bits=SERVER_WINDOW_BITS,
    client_max_window_bits=CLIENT_WINDOW_BITS,
    compress_settings={"memLevel": MEMORY_LEVEL, "level": COMPRESSION_LEVEL},
)


class TableSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O protocol, its connection made again with the window above: uvicorn
    makes it in ``__init__`` with its own settings and has no setting for them."""

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            self.conn = ServerProtocol(extensions=[DEFLATE], max_size=config.ws_max_size,
                                       logger=logging.getLogger("uvicorn.error"))
