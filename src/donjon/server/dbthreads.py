"""The threads that run the store's blocking calls for the event loop.

``loop.run_in_executor`` with a ``ThreadPoolExecutor`` costs about 19 µs of processor time a
call (measured with a trivial function, 20 calls in flight, uvloop): a ``concurrent.futures``
Future with its ``threading.Condition``, the executor's idle semaphore, and ``wrap_future``
chaining it to an asyncio future. Every move landed is such a call. Here a call is an asyncio
future put on a ``queue.SimpleQueue`` (C) and settled by the worker through
``call_soon_threadsafe``: about 4 µs. Each thread keeps the store's connection of its own
(``Store._raw``), and closes it as it stops (``on_exit``), which an executor could not promise:
its workers take the closing calls in any order.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from queue import SimpleQueue
from typing import Any, TypeVar

T = TypeVar("T")

#: a thread that takes this from the queue stops
_STOP: Any = object()


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    # in the event loop's thread; an awaiting task that was cancelled no longer wants it
    if future.cancelled():
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)


class DatabaseThreads:
    """Up to ``count`` threads, started as calls first arrive, taking calls in their order of
    arrival. ``on_exit`` runs in each thread as it stops (the store's ``close``)."""

    def __init__(self, count: int, name: str, on_exit: Callable[[], None]) -> None:
        if count < 1:
            raise ValueError(f"database threads: at least one, not {count}")
        self.count = count
        self.name = name
        self.on_exit = on_exit
        self._calls: SimpleQueue[Any] = SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._closed = False

    def call(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """``fn(*args)`` in one of the threads; from the event loop's thread."""
        if self._closed:
            raise RuntimeError("the database threads are closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._calls.put((loop, future, fn, args))
        if len(self._threads) < self.count:
            thread = threading.Thread(target=self._work, name=f"{self.name}_{len(self._threads)}",
                                      daemon=True)
            self._threads.append(thread)
            thread.start()
        return future

    def _work(self) -> None:
        calls = self._calls
        try:
            while True:
                item = calls.get()
                if item is _STOP:
                    return
                loop, future, fn, args = item
                try:
                    result, error = fn(*args), None
                except BaseException as raised:  # handed to the awaiting task, as an executor does
                    result, error = None, raised
                with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                    loop.call_soon_threadsafe(_settle, future, result, error)
                del item, future, result, error  # nothing kept alive while waiting
        finally:
            self.on_exit()

    async def close(self) -> None:
        """Stop taking calls; each thread finishes the calls queued before, runs ``on_exit``
        and stops. Returns once all have stopped."""
        if self._closed:
            return
        self._closed = True
        for _ in self._threads:
            self._calls.put(_STOP)
        await asyncio.to_thread(self._join)

    def _join(self) -> None:
        for thread in self._threads:
            thread.join()
