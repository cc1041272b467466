"""Suite-wide settings: Hypothesis explores new seeds on every run, reproducibly.

Each run draws one seed (or takes ``DONJON_TEST_SEED``), prints it in the report header, and
hands it to Hypothesis in every worker process; a failure is replayed with
``DONJON_TEST_SEED=<seed> make test``. A broken log template raises instead of falling back.
Passwords are hashed with argon2's least costs (``DONJON_ARGON2``, inherited by the servers the
tests start): the suite stores only its own passwords, and at the default costs each hash took
tens of milliseconds of both processors, a third of the account tests' time.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, core, settings

from donjon.engine import text

text.STRICT = True
os.environ.setdefault("DONJON_ARGON2", '{"time_cost": 1, "memory_cost": 8, "parallelism": 1}')

settings.register_profile(
    "ci", deadline=None, database=None, suppress_health_check=list(HealthCheck), print_blob=True
)
settings.register_profile(
    "dev", deadline=None, suppress_health_check=list(HealthCheck), print_blob=True
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def _run_seed() -> int:
    # the controller draws it; xdist workers inherit it through the environment
    if "DONJON_TEST_SEED" not in os.environ:
        os.environ["DONJON_TEST_SEED"] = str(random.SystemRandom().randrange(2**32))
    return int(os.environ["DONJON_TEST_SEED"])


def pytest_configure(config) -> None:
    if config.getoption("hypothesis_seed", None) is None:
        core.global_force_seed = _run_seed()  # what --hypothesis-seed sets


def pytest_report_header(config) -> str:
    return f"donjon test seed: DONJON_TEST_SEED={os.environ.get('DONJON_TEST_SEED')}"


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if exitstatus not in (0, 5):
        seed = os.environ.get("DONJON_TEST_SEED")
        terminalreporter.write_line(f"to replay this run's examples: DONJON_TEST_SEED={seed}")
