"""Run a coroutine to the end from a test, whatever else the test process is running.

Playwright's sync API keeps an event loop running in the main thread of the xdist worker that
ran the browser tests, where ``asyncio.run`` refuses to start; a fresh thread has no loop.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_async(coroutine):
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
