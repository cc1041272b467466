"""A live server (uvicorn in a thread, SQLite in a temp folder, bots without delay) and Debian's
Chromium driven by Playwright. ``make test`` installs Chromium first (scripts/ensure-chromium.sh)."""

from __future__ import annotations

import os
import socket
import threading
import time

import pytest
import uvicorn

from donjon.server.app import create_app

CHROMIUM = os.environ.get("DONJON_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


class LiveServer:
    def __init__(self, db_url: str):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.app = create_app(db_url, bot_delay=0, secret_key="browser-tests")
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning",
            ws="websockets-sansio"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the live server did not start")
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.port}"
        self.loop = self.server.servers[0].get_loop()

    def call(self, fn, *args):
        """Run ``fn(*args)`` on the server's event loop (its objects are not thread-safe)."""
        import asyncio

        async def run():
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    @property
    def manager(self):
        return self.app.state.manager

    def table(self, table_id):
        return self.manager.tables.get(table_id) or self.manager.finished.get(table_id)

    def stop(self):
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser")
    server = LiveServer(f"sqlite:///{folder / 'donjon.sqlite3'}")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/ensure-chromium.sh (make test does)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(locale: str = "en-GB"):
        context = browser.new_context(locale=locale, viewport={"width": 1300, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        # console errors too: a Content-Security-Policy violation or a failed load shows there
        page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
        return page

    yield make
    for context in contexts:
        context.close()
