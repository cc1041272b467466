"""The WebSocket protocol the server runs: uvicorn's sans-I/O protocol (on the websockets
library), with a compression window that holds the last state message.

Every move sends each seat a state message of 1–8 KB of JSON (the view, the actions with their
labels, the log's new sentences), each much like the one before. Compressed with
permessage-deflate's context takeover, a message is mostly references to the previous one, if
the compressor's window reaches back that far. uvicorn sets the server's window to 2^12 = 4 KB
(and ``memLevel`` 5), which most messages outgrow; 2^13 = 8 KB holds a typical one. Measured on
recorded state messages of each game (zlib level 6, each on the last, this project's 2-core
machine): a Caylus message took 127 µs to compress into 1,039 bytes with 4 KB, and 44 µs into
215 bytes with 8 KB; Castle Rooms 62 µs → 33 µs (337 → 141 bytes). Compression had been the
largest single cost of a move on a busy server. The price is 16 KiB more per connection: zlib's
compressor takes 2^(window bits + 2) + 2^(memLevel + 9) bytes, 48 KiB instead of 32.

What a client sends stays at 4 KB windows: its messages are small actions.
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

DEFLATE = ServerPerMessageDeflateFactory(
    server_max_window_bits=SERVER_WINDOW_BITS,
    client_max_window_bits=CLIENT_WINDOW_BITS,
    compress_settings={"memLevel": MEMORY_LEVEL},
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
