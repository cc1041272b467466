"""A server no one can swamp (issue #11): quotas per guest and per member (open tables, running
tables, bot seats), rate limits on table creation and moves (counters in the database), a
server-wide cap on bot thinking shared fairly, a time budget for search bots; and ``version``
required on every move (two concurrent moves without one both landed before)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from sqlalchemy import func, select

from donjon.bots import make_bot
from donjon.server.db import make_engine
from donjon.server.quotas import BotGate, Limits, budget
from donjon.server.schema import rate_counters
from tests.server.aio import run_async
from tests.server.conftest import create_table, manager
from tests.server.life_helpers import seated_pair

BOTS = ("human", "easy", "easy", "easy")


def new_guest(person):
    guest = person()
    assert guest.post("/api/guest").status_code == 200
    return guest


def test_a_guest_may_hold_3_open_tables(person, client):
    guest = new_guest(person)
    for _ in range(3):
        create_table(guest, seats=("human", "human"))
    refused = guest.post("/api/tables", {"game": "castle-rooms", "players": 2,
                                         "seats": [{"kind": "human"}] * 2})
    assert refused.status_code == 429 and refused.json()["error"] == "quota_open"
    assert "3" in refused.json()["message"]


def test_a_guest_may_run_3_tables_and_12_bot_seats(person, client):
    guest = new_guest(person)
    for _ in range(3):  # the creator alone with bots: the game starts at once
        made = guest.post("/api/tables", {"game": "castle-rooms", "players": 4,
                                          "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * 3})
        assert made.status_code == 201 and made.json()["table"]["status"] == "running"
    fourth = guest.post("/api/tables", {"game": "castle-rooms", "players": 2,
                                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]})
    assert fourth.status_code == 429
    assert fourth.json()["error"] in ("quota_running", "quota_bots")
    other = new_guest(person)  # bot tables nobody sits at: open, 5 bot seats each
    for _ in range(2):
        made = other.post("/api/tables", {"game": "gluecksritter", "players": 5,
                                          "seats": [{"kind": "bot", "bot": "easy"}] * 5,
                                          "sit": False})
        assert made.status_code == 201
    refused = other.post("/api/tables", {"game": "castle-rooms", "players": 3,
                                         "seats": [{"kind": "bot", "bot": "easy"}] * 3,
                                         "sit": False})
    assert refused.status_code == 429 and refused.json()["error"] == "quota_bots"
    assert "12" in refused.json()["message"]


def test_a_member_has_larger_quotas(person, client):
    member = person()
    member.post("/api/register", {"name": "Member", "password": "password-m"})
    for _ in range(4):
        create_table(member, seats=("human", "human"))


def test_creating_tables_is_rate_limited_in_the_database(person, client):
    mgr = manager(client)
    mgr.limits = replace(mgr.limits, creations_per_minute=2, member_open=50)
    member = person()
    member.post("/api/register", {"name": "Maker", "password": "password-m"})
    codes = [member.post("/api/tables", {"game": "castle-rooms", "players": 2,
                                         "seats": [{"kind": "human"}] * 2}).status_code
             for _ in range(3)]
    if codes[-1] == 201:  # the minute turned between two requests: once more
        codes.append(member.post("/api/tables", {"game": "castle-rooms", "players": 2,
                                                 "seats": [{"kind": "human"}] * 2}).status_code)
    assert 429 in codes
    with mgr.store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(rate_counters)).scalar() >= 1


def test_moves_are_rate_limited(person, client):
    alice, bob, tid = seated_pair(person)
    mgr = manager(client)
    mgr.limits = replace(mgr.limits, moves_per_10s=2)
    live = mgr.tables[tid]
    seat = live.state.to_move()[0]
    people = [alice, bob]
    codes = [people[seat].post(f"/api/tables/{tid}/moves",
                               {"action": "build a moat", "version": live.version}).status_code
             for _ in range(3)]
    assert codes[-1] == 429


def test_a_move_needs_its_version(person, client):
    alice, bob, tid = seated_pair(person)
    live = manager(client).tables[tid]
    seat = live.state.to_move()[0]
    action = live.state.legal_actions(seat)[0].to_json()
    response = [alice, bob][seat].post(f"/api/tables/{tid}/moves", {"action": action})
    assert response.status_code == 400 and response.json()["error"] in ("bad_version", "invalid")
    assert live.version == 0
    with [alice, bob][seat].websocket(f"/ws/tables/{tid}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "act", "action": action})
        assert ws.receive_json()["error"] == "bad_version"
    assert live.version == 0


def test_two_concurrent_moves_with_one_version_land_once(db_url):
    """Before: two POSTs without a version both landed (64 times in 100)."""
    from donjon.server.db import Store, run_migrations
    from donjon.server.tables import TableManager

    async def scenario():
        engine = make_engine(db_url)
        run_migrations(engine)
        store = Store(engine)
        mgr = TableManager(store, bot_delay=0)
        user = store.create_user("solo", None, False)
        other = store.create_user("other", None, False)
        table = await mgr.create(user, "solo", "castle-rooms", 2, {}, [{"kind": "human"}] * 2)
        await mgr.join(table, other, "other", 1)
        await mgr.start(table, user)
        seat = table.state.to_move()[0]
        who = user if seat == 0 else other
        action = table.state.legal_actions(seat)[0].to_json()
        results = await asyncio.gather(mgr.move(table, who, action, 0),
                                       mgr.move(table, who, action, 0),
                                       return_exceptions=True)
        assert sum(1 for r in results if r == 1) == 1 and table.version == 1
        await mgr.close()
        engine.dispose()

    run_async(scenario())


def test_bot_thinking_is_capped_and_shared_in_turn():
    async def scenario():
        gate = BotGate(1)
        order: list[str] = []

        async def think(owner: str, tag: str) -> None:
            async with gate.slot(owner):
                order.append(tag)
                await asyncio.sleep(0.01)

        flood = [asyncio.create_task(think("flooder", f"f{i}")) for i in range(6)]
        await asyncio.sleep(0)
        normal = asyncio.create_task(think("player", "p"))
        await asyncio.gather(*flood, normal)
        assert gate.peak == 1
        assert order.index("p") <= 2  # served after at most one more of the flooder's

    run_async(scenario())


def test_a_search_bot_gets_a_time_budget():
    import donjon

    limits = Limits(bot_budget_ms=300, bot_max_iterations=500)
    bot = make_bot(donjon.load("castle-rooms"), "ismcts:ms=100000", seed=1)
    budget(bot, limits)
    assert bot.milliseconds == 300 and bot.wall_ms == 300
    bot = make_bot(donjon.load("castle-rooms"), "ismcts:iterations=10000000", seed=1)
    budget(bot, limits)
    assert bot.iterations == 500


def test_limits_are_settings():
    assert Limits.from_env('{"guest_open": 5}').guest_open == 5
    assert Limits().quota(True) == {"open": 3, "running": 3, "bots": 12}
    assert Limits().quota(False) == {"open": 10, "running": 20, "bots": 40}
