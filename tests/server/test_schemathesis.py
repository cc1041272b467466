"""A schemathesis run over /api/openapi.json (issue #11): every operation, bodies included, with
every check schemathesis has, a bounded number of examples per operation (schema-valid ones and
schema-invalid ones), authenticated (a member's session cookie and its CSRF header), against the
server on a loopback port. No answer may be a 5xx, and most requests of every operation must get
past authentication: a run where everything stops at 401/403 proves nothing, so the test counts,
per operation, the answers refused for want of a session or a CSRF token, and prints the table.

``DONJON_SCHEMATHESIS_EXAMPLES`` (default 15) is the number of examples per operation and mode.
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from typing import Any

import httpx
import pytest
import schemathesis

# imported now, at collection: schemathesis imports it lazily, and pytest rewrites a plugin's
# modules as they are imported; CPython 3.11's parser then fails ("AST constructor recursion
# depth mismatch") in a worker process where a RecursionError was caught before
import schemathesis.specs.openapi.schemas  # noqa: F401
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.config import SchemathesisConfig

from donjon.server.accounts import LoginThrottle
from donjon.server.app import create_app
from tests.server.served import Served

load_all_checks()  # at collection as well, for the same reason as the import above

EXAMPLES = int(os.environ.get("DONJON_SCHEMATHESIS_EXAMPLES", "15"))
#: the refusals that mean "not authenticated": no session, no CSRF token, another site
AUTH_REFUSALS = {"login_required", "csrf", "origin"}
#: a request valid by the schema may still break a game's rules (an option's value for that
#: game, a move that is not legal now): the API answers 400 for those, as for any bad body
#: the credentials come from the run's member (``MemberAuth``), not from the generator: what a
#: request without them gets is the ``ignored_auth`` check's to try
CONFIG = """
[generation]
with-security-parameters = false

[checks.positive_data_acceptance]
expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]
"""
USER, PASSWORD = "Schemathesis", "a long password"


class Member:
    """The run's credentials: a member's session cookie and CSRF token, renewed after an
    operation ends the session (logging out)."""

    def __init__(self, url: str):
        self.http = httpx.Client(base_url=url, timeout=30)
        self.http.get("/api/session")
        response = self.post("/api/register", {"name": USER, "password": PASSWORD})
        assert response.status_code == 200, response.text

    def post(self, path: str, body: Any = None) -> httpx.Response:
        return self.http.post(path, json=body or {},
                              headers={"x-csrf-token": self.http.cookies["donjon_csrf"]})

    def renew(self) -> None:
        if self.http.get("/api/session").json()["user"] is None:
            response = self.post("/api/login", {"name": USER, "password": PASSWORD})
            assert response.status_code == 200, response.text

    @property
    def cookies(self) -> dict[str, str]:
        return {"donjon_session": self.http.cookies["donjon_session"],
                "donjon_csrf": self.http.cookies["donjon_csrf"]}



@pytest.fixture
def server(tmp_path, monkeypatch, mail_sink):
    # the run is a script, not a flood: no quota or rate limit in its way
    monkeypatch.setenv("DONJON_LIMITS", '{"enforced": false}')
    app = create_app(f"sqlite:///{tmp_path / 'donjon.sqlite3'}", bot_delay=0,
                     secret_key="schemathesis", mailer=mail_sink.mailer)
    # hundreds of wrong logins from one address are the run, not an attack
    app.state.login_throttle = LoginThrottle(attempts=10**6, address_attempts=10**6)
    running = Served(app, log_level="error")
    yield running
    running.close()


def known_values(member: Member) -> dict[str, list[str]]:
    """Path parameters that name things that exist, beside the random ones."""
    games = [g["name"] for g in member.http.get("/api/games").json()["games"]]
    open_table = member.post("/api/tables", {"game": "castle-rooms", "players": 2,
                                             "seats": [{"kind": "human"}] * 2}).json()
    running = member.post("/api/tables", {"game": "castle-rooms", "players": 2,
                                          "seats": [{"kind": "human"},
                                                    {"kind": "bot", "bot": "random"}]}).json()
    return {"table_id": [open_table["table"]["id"], running["table"]["id"]],
            "name": [*games, USER], "game": games}


def test_schemathesis_finds_no_server_error_and_gets_past_authentication(server):
    load_all_checks()
    checks = list(CHECKS.get_all())
    config = SchemathesisConfig.from_str(CONFIG)
    schema = schemathesis.openapi.from_url(f"{server.url}/api/openapi.json", config=config)
    member = Member(server.url)
    known = known_values(member)

    @schema.auth(refresh_interval=None)
    class MemberAuth:
        """Every case carries the member's session cookie and CSRF header (read anew each
        time: logging out renews them)."""

        def get(self, case: Any, ctx: Any) -> dict[str, str]:
            return member.cookies

        def set(self, case: Any, data: dict[str, str], ctx: Any) -> None:
            case.headers = {**(case.headers or {}), "X-CSRF-Token": data["donjon_csrf"]}
            case.cookies = {**(case.cookies or {}), **data}
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    failures: list[str] = []
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 25

    for operation in operations:
        label = operation.label
        names = [p.name for p in operation.path_parameters]
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategies = [operation.as_strategy(mode)]
            if names and mode is GenerationMode.POSITIVE:
                for values in zip(*(known[n] for n in names), strict=False):
                    strategies.append(operation.as_strategy(
                        mode, path_parameters=dict(zip(names, values, strict=True))))

            @given(case=st.one_of(strategies))
            @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                      phases=[Phase.generate], suppress_health_check=list(HealthCheck))
            def run(case: Any) -> None:
                response = case.call(base_url=server.url)
                code = ""
                if response.status_code in (401, 403):
                    try:
                        code = response.json().get("error", "")
                    except ValueError:
                        code = "?"
                tally[label]["requests"] += 1  # noqa: B023 - run() runs in this iteration
                tally[label][f"{response.status_code // 100}xx"] += 1  # noqa: B023 - run() runs in this iteration
                if code in AUTH_REFUSALS:
                    tally[label]["stopped at authentication"] += 1  # noqa: B023 - run() runs in this iteration
                try:
                    case.validate_response(response, checks=checks,
                                           transport_kwargs={"base_url": server.url})
                except (Exception, BaseExceptionGroup) as error:  # noqa: BLE001 - reported below
                    failures.append(f"{label} [{mode.value}]: {str(error)[:1500]}")  # noqa: B023 - run() runs in this iteration
                member.renew()  # an operation that logs out ends the run's session

            try:
                run()
            except Unsatisfiable:  # nothing to make invalid: no parameter, no body
                assert mode is GenerationMode.NEGATIVE, label

    report = ["operation                                            requests  past auth  "
              "2xx  4xx  5xx"]
    for label in sorted(tally):
        counts = tally[label]
        past = counts["requests"] - counts["stopped at authentication"]
        report.append(f"{label:52} {counts['requests']:8} {past:10} {counts['2xx']:4} "
                      f"{counts['4xx']:4} {counts['5xx']:4}")
    total = sum(c["requests"] for c in tally.values())
    past_total = total - sum(c["stopped at authentication"] for c in tally.values())
    report.append(f"{'all operations':52} {total:8} {past_total:10}")
    print("\n".join(report))
    server_errors = {label: c["5xx"] for label, c in tally.items() if c["5xx"]}
    assert not server_errors, server_errors
    assert not failures, "\n\n".join(failures[:20]) + f"\n\n({len(failures)} failures)"
    for label, counts in tally.items():
        past = counts["requests"] - counts["stopped at authentication"]
        assert past > counts["requests"] / 2, (label, dict(counts))
