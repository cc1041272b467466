"""Browser tests: a live server (uvicorn in a thread, bots without delay) and Debian's Chromium
driven by Playwright. ``make test`` installs Chromium first (scripts/ensure-chromium.sh).

The server's database is a SQLite file in a temporary folder, or, when
``DONJON_TEST_DATABASE_URL`` names a PostgreSQL database (``scripts/postgres-for-tests.sh``
prints one), a schema of its own there.

Fixtures for every browser test (the per-game table tests use them with ``table_checks``):

- ``live_server``: the server, ``.url``, ``.table(id)`` (the live table), ``.call(fn, *args)``;
- ``new_page(size="desktop" | "phone" | (w, h), lang="en" | "fr")``: a page in its own browser
  context (1280×800, or 390×844 with touch), in that language; console errors and page errors
  are collected in ``page.errors`` and asserted empty when the test ends (clear the list for
  an error the test expects);
- ``without_renderer(game)``: the table pages draw ``game`` with the page's generic fallback.
"""

from __future__ import annotations

import asyncio
import os

import pytest

from donjon.server import pages
from donjon.server.app import create_app
from tests.browser.table_checks import SIZES
from tests.server.served import Served

CHROMIUM = os.environ.get("DONJON_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
    "--font-render-hinting=none",
]
POSTGRES_URL = os.environ.get("DONJON_TEST_DATABASE_URL", "").strip()
LOCALES = {"en": "en-GB", "fr": "fr-FR"}


class LiveServer(Served):
    def __init__(self, db_url: str):
        super().__init__(create_app(db_url, bot_delay=0, secret_key="browser-tests"))
        self.loop = self.server.servers[0].get_loop()

    def call(self, fn, *args):
        """Run ``fn(*args)`` on the server's event loop (its objects are not thread-safe)."""

        async def run():
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def swap_state(self, table_id, state):
        """Put ``state`` in the table's place, under the table's lock: a move landing at that
        moment (a bot's, computed on the state before) finishes first, rather than putting its
        own state back over this one (``tests/browser/test_gluecksritter_table.py`` failed so,
        once, in a fresh clone's run)."""

        async def run():
            table = self.table(table_id)
            async with table.lock:
                table.state = state

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    @property
    def manager(self):
        return self.app.state.manager

    def table(self, table_id):
        return self.manager.tables.get(table_id) or self.manager.finished.get(table_id)



@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    schema = None
    if POSTGRES_URL:
        from tests.server.conftest import PostgresSchemas

        schemas = PostgresSchemas(POSTGRES_URL)
        schema, url = schemas.create()
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'donjon.sqlite3'}"
    server = LiveServer(url)
    yield server
    server.close()
    if schema is not None:
        schemas.drop(schema)
        schemas.admin.dispose()


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
    made = []

    def make(size="desktop", lang: str = "en", *, locale: str | None = None,
             motion: bool = True):
        """A page at ``size`` in ``lang``; ``motion=False`` asks for reduced motion, as a player
        may: the whole-game tests of a board that glows while it waits use it (a glow repaints
        the board every frame, and Chromium paints in software here: each click waited for it)
        and the board's animations are checked with motion on, by their own tests."""
        width, height = SIZES[size] if isinstance(size, str) else size
        phone = width < 600
        context = browser.new_context(
            locale=locale or LOCALES[lang], viewport={"width": width, "height": height},
            has_touch=phone, is_mobile=phone, device_scale_factor=1,
            reduced_motion="no-preference" if motion else "reduce")
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.lang = lang
        page.size = (width, height)
        page.touch = phone
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        # console errors too: a Content-Security-Policy violation or a failed load shows there
        page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
        made.append(page)
        return page

    yield make
    errors = [(page.url, error) for page in made for error in page.errors]
    for context in contexts:
        context.close()
    assert errors == [], f"console or page errors: {errors}"


@pytest.fixture
def without_renderer(monkeypatch):
    """Draw a game's table with the page's generic fallback, as for a game without a renderer."""

    def apply(game: str) -> None:
        real = pages.has_renderer
        monkeypatch.setattr(pages, "has_renderer", lambda name: name != game and real(name))

    return apply
