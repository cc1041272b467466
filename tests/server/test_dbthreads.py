"""The threads that run the store's blocking calls (``donjon.server.dbthreads``): results and
errors come back to the awaiting task, each thread closes its own connection as it stops, and
a task cancelled while its call runs leaves the others unharmed."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from donjon.server.dbthreads import DatabaseThreads
from tests.server.aio import run_async as run


def test_a_call_returns_its_result_from_another_thread():
    async def main():
        threads = DatabaseThreads(2, "test-db", lambda: None)
        name = await threads.call(lambda: threading.current_thread().name)
        total = await threads.call(sum, [1, 2, 3])
        await threads.close()
        return name, total

    name, total = run(main())
    assert name.startswith("test-db_") and name != threading.current_thread().name
    assert total == 6


def test_an_error_reaches_the_awaiting_task_and_the_thread_goes_on():
    async def main():
        threads = DatabaseThreads(1, "test-db", lambda: None)
        with pytest.raises(KeyError, match="missing"):
            await threads.call({}.__getitem__, "missing")
        after = await threads.call(len, "four")
        await threads.close()
        return after

    assert run(main()) == 4


def test_threads_start_as_calls_come_and_never_past_their_number():
    async def main():
        threads = DatabaseThreads(3, "test-db", lambda: None)
        assert threads._threads == []
        gate = threading.Event()
        names = await asyncio.gather(*(threads.call(lambda: (gate.wait(5),
                                                            threading.current_thread().name)[1])
                                       for _ in range(2)), asyncio.to_thread(gate.set))
        started = len(threads._threads)
        many = await asyncio.gather(*(threads.call(time.sleep, 0.001) for _ in range(20)))
        count = len(threads._threads)
        await threads.close()
        return names, started, many, count

    names, started, many, count = run(main())
    assert started == 2 and len(set(names[:2])) == 2  # two calls at once: two threads
    assert many == [None] * 20 and count == 3


def test_each_thread_runs_its_closing_once_in_its_own_thread_and_close_waits_for_them():
    closed: list[str] = []
    lock = threading.Lock()

    def on_exit():
        time.sleep(0.01)
        with lock:
            closed.append(threading.current_thread().name)

    async def main():
        threads = DatabaseThreads(4, "test-db", on_exit)
        gate = threading.Event()
        await asyncio.gather(*(threads.call(gate.wait, 5) for _ in range(4)),
                             asyncio.to_thread(gate.set))
        await threads.close()
        names = sorted(thread.name for thread in threads._threads)
        with pytest.raises(RuntimeError, match="closed"):
            threads.call(len, "x")
        return names

    names = run(main())
    assert sorted(closed) == names and len(names) == 4  # every thread, once, before close ends


def test_a_call_whose_task_was_cancelled_is_dropped_quietly():
    async def main():
        threads = DatabaseThreads(1, "test-db", lambda: None)
        gate = threading.Event()
        waiting = asyncio.ensure_future(threads.call(gate.wait, 5))
        await asyncio.sleep(0.01)
        waiting.cancel()
        gate.set()
        later = await threads.call(len, "abc")  # the thread settled nothing on a cancelled one
        await threads.close()
        return waiting.cancelled(), later

    assert run(main()) == (True, 3)


def test_at_least_one_thread():
    with pytest.raises(ValueError, match="at least one"):
        DatabaseThreads(0, "test-db", lambda: None)
