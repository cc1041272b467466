"""The table's WebSocket compression (``donjon.server.websocket``)."""

from __future__ import annotations

import json

import httpx
from websockets.sync.client import connect

from donjon.server.app import create_app
from donjon.server.websocket import SERVER_WINDOW_BITS
from tests.server.served import Served


def test_state_messages_are_compressed_with_a_window_that_holds_the_last_one(tmp_path):
    """The server answers a browser's offer of permessage-deflate with an 8 KB window of its
    own (uvicorn's 4 KB is smaller than most state messages, so each was compressed without
    the one before it), and a player's state messages arrive whole through it."""
    app = create_app(f"sqlite:///{tmp_path / 'donjon.sqlite3'}", bot_delay=0,
                     secret_key="test-secret-key")
    server = Served(app)
    try:
        with httpx.Client(base_url=server.url) as http:
            http.get("/api/session")
            headers = {"x-csrf-token": http.cookies["donjon_csrf"]}
            assert http.post("/api/guest", headers=headers).status_code == 200
            headers = {"x-csrf-token": http.cookies["donjon_csrf"]}
            created = http.post("/api/tables", headers=headers, json={
                "game": "caylus", "players": 3,
                "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2})
            assert created.status_code == 201, created.text
            assert created.json()["table"]["status"] == "running"  # every seat is taken
            table = created.json()["table"]["id"]
            cookie = f"donjon_session={http.cookies['donjon_session']}"
        with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}",
                     additional_headers={"Cookie": cookie}, open_timeout=10) as ws:
            negotiated = ws.response.headers["Sec-WebSocket-Extensions"]
            assert "permessage-deflate" in negotiated
            assert f"server_max_window_bits={SERVER_WINDOW_BITS}" in negotiated
            assert SERVER_WINDOW_BITS > 12  # more than uvicorn's own 4 KB
            assert "client_max_window_bits=12" in negotiated
            # the first state in which the person is to move: the bots may move first (the first
            # player is drawn), and the first state may come while a bot's move lands
            state = json.loads(ws.recv(timeout=10))
            while state["type"] != "state" or state["view"] is None or not state["actions"]:
                state = json.loads(ws.recv(timeout=10))
            # a whole Caylus state (its view, actions and labels, log): larger than 4 KB
            assert len(json.dumps(state)) > 4096
            assert state["actions"] and state["seat"] == 0
    finally:
        server.close()
