"""Games spread over a Ray cluster (``simulate --ray``, ``arena --ray``).

Each game's seed and seating are fixed before anything is sent, and outcomes come back in the
games' order, so a run on Ray gives the same results as a local one whenever the bots are
budgeted in iterations rather than time (a time budget depends on the machine). Games go out in
batches (one Ray task plays several) so that the per-task overhead stays small, with a bounded
number in flight so that a million games do not wait in the cluster's memory at once.

``address`` is ``"local"`` (a cluster started here for the run, with ``workers`` CPUs, or all of
them, and shut down after) or an existing cluster's address (``"auto"``, ``"ray://host:10001"``),
whose nodes must have donjon installed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

LOCAL = "local"


def _play_batch(work: Callable[[tuple[Any, ...]], Any], batch: Sequence[tuple[Any, ...]]) -> list[Any]:
    return [work(job) for job in batch]


def on_ray(work: Callable[[tuple[Any, ...]], Any], jobs: Sequence[tuple[Any, ...]],
           address: str, workers: int) -> Iterator[Any]:
    """``work(job)`` for every job on Ray, yielded in the jobs' order."""
    import ray

    started = not ray.is_initialized()
    if started:
        settings: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                    "logging_level": "ERROR"}
        if address == LOCAL:
            ray.init(num_cpus=workers if workers > 1 else None, **settings)
        else:
            ray.init(address=address, **settings)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, min(64, len(jobs) // (cpus * 8)))
        batches = [jobs[i:i + size] for i in range(0, len(jobs), size)]
        remote = ray.remote(_play_batch)
        pending: deque[Any] = deque()
        sent = 0
        while sent < len(batches) or pending:
            while sent < len(batches) and len(pending) < 4 * cpus:
                pending.append(remote.remote(work, batches[sent]))
                sent += 1
            yield from ray.get(pending.popleft())
    finally:
        if started:
            ray.shutdown()
