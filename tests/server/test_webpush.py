"""Web push (issue #11): "it is your turn" on a device with the site closed.

A device here is what a browser would make: a P-256 key pair and a 16-byte auth secret of the
test's own, and an endpoint that is a small HTTP server of the test standing for the push
service. What reaches it is checked as a push service and the browser would: the VAPID
``Authorization`` (RFC 8292: a JWT signed with the key the server serves, for the endpoint's
origin) and a body that decrypts (RFC 8291, aes128gcm) with the device's private key and secret.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)
from fastapi.testclient import TestClient

from donjon.server.app import create_app
from tests.server.conftest import Person, manager
from tests.server.life_helpers import seated_pair, wait_until


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A local HTTP server standing for a push service: it keeps every POST and answers
    ``status`` (by path: ``statuses``, with a ``location`` from ``redirects``; 201 by default)."""

    def __init__(self) -> None:
        self.received: list[dict] = []
        self.statuses: dict[str, int] = {}
        self.redirects: dict[str, str] = {}
        self.arrived = threading.Condition()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                with service.arrived:
                    service.received.append({"path": self.path, "headers": dict(self.headers),
                                             "body": body})
                    service.arrived.notify_all()
                self.send_response(service.statuses.get(self.path, 201))
                if self.path in service.redirects:
                    self.send_header("location", service.redirects[self.path])
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def to(self, path: str) -> list[dict]:
        with self.arrived:
            return [r for r in self.received if r["path"] == path]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Device:
    """A browser's subscription: its own key pair and auth secret, an endpoint at ``service``."""

    def __init__(self, service: PushService, name: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.path = f"/push/{name}"
        self.endpoint = f"{service.origin}{self.path}"

    def json(self) -> dict:
        point = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth,
                                           version="aes128gcm"))


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


@pytest.fixture
def client(db_url, monkeypatch):
    """The app, taking endpoints on this machine (the test's push service) as push services."""
    monkeypatch.setenv("DONJON_PUSH_ALLOW_LOCAL", "1")
    monkeypatch.delenv("DONJON_VAPID_PRIVATE_KEY", raising=False)
    monkeypatch.setenv("DONJON_MAIL_FROM", "donjon <turns@donjon.example>")
    with TestClient(create_app(db_url, bot_delay=0, secret_key="test-secret-key")) as client:
        yield client


def verify_vapid(authorization: str, server_key: str, origin: str) -> dict:
    """The claims of a VAPID ``Authorization`` header, once its signature is checked with the
    key the server serves (RFC 8292: ``vapid t=<JWT>, k=<key>``, ES256)."""
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == server_key
    header, claims, signature = fields["t"].split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    assert len(raw) == 64
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(server_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AssertionError("the VAPID signature does not verify with the served key") from None
    decoded = json.loads(unb64url(claims))
    assert decoded["aud"] == origin
    assert time.time() < decoded["exp"] <= time.time() + 24 * 3600
    assert decoded["sub"] == "mailto:turns@donjon.example"
    return decoded


def pass_the_turn(client, people, tid) -> int:
    """Moves of the seat to move until the other seat is to move; that seat."""
    live = manager(client).tables[tid]
    first = live.state.to_move()[0]
    while live.state.to_move() == [first]:
        action = live.state.legal_actions(first)[0]
        response = people[first].post(f"/api/tables/{tid}/moves",
                                      {"action": action.to_json(), "version": live.version})
        assert response.status_code == 200, response.text
    assert live.state.to_move() == [1 - first]
    return 1 - first


def test_the_player_away_gets_one_push_that_decrypts_with_a_valid_vapid_signature(
        person, client, push_service):
    alice, bob, tid = seated_pair(person, clock="turn", clock_per_move=3600)
    bob.lang = "fr"  # the notice comes in the language of the page the device subscribed from
    people = [alice, bob]
    devices = [Device(push_service, "alice"), Device(push_service, "bob")]
    for who, device in zip(people, devices, strict=True):
        response = who.post("/api/push/subscriptions", device.json())
        assert response.status_code == 200, response.text
        assert response.json()["subscribed"] == "added"
    key = alice.get("/api/push/key").json()["key"]
    assert len(unb64url(key)) == 65

    other = pass_the_turn(client, people, tid)
    device = devices[other]
    assert wait_until(lambda: len(push_service.to(device.path)) >= 1, timeout=20)
    time.sleep(0.5)  # nothing more comes: one push, to the seat whose turn it is
    assert len(push_service.received) == 1
    request = push_service.received[0]
    headers = {k.lower(): v for k, v in request["headers"].items()}
    assert headers["content-encoding"] == "aes128gcm"
    assert int(headers["ttl"]) > 0
    assert headers["topic"] == f"turn-{tid}"
    verify_vapid(headers["authorization"], key, push_service.origin)
    payload = device.decrypt(request["body"])
    game = "Castle Rooms"
    expected = {"en": f"Your turn at {game}", "fr": f"À vous de jouer à {game}"}
    assert payload["title"] == expected[people[other].lang]
    assert payload["url"] == f"/table/{tid}"
    assert payload["body"]
    assert manager(client).notifier.pushed == 1


def test_a_device_the_push_service_no_longer_knows_is_forgotten(person, client, push_service):
    alice, bob, tid = seated_pair(person, clock="turn", clock_per_move=3600)
    people = [alice, bob]
    for index, who in enumerate(people):
        device = Device(push_service, f"gone-{index}")
        push_service.statuses[device.path] = 410
        assert who.post("/api/push/subscriptions", device.json()).status_code == 200
    other = pass_the_turn(client, people, tid)
    assert wait_until(lambda: people[other].get("/api/push/subscriptions")
                      .json()["subscriptions"] == [], timeout=20)
    assert len(people[1 - other].get("/api/push/subscriptions").json()["subscriptions"]) == 1
    assert manager(client).notifier.push_gone == 1


def test_a_push_service_failing_is_counted_and_the_table_goes_on(person, client, push_service):
    alice, bob, tid = seated_pair(person, clock="turn", clock_per_move=3600)
    people = [alice, bob]
    for index, who in enumerate(people):
        for kind, status in (("down", 503), ("redirect", 307)):
            device = Device(push_service, f"{kind}-{index}")
            push_service.statuses[device.path] = status
            push_service.redirects[device.path] = "/elsewhere"
            assert who.post("/api/push/subscriptions", device.json()).status_code == 200
    other = pass_the_turn(client, people, tid)
    notifier = manager(client).notifier
    assert wait_until(lambda: notifier.push_failed == 2, timeout=20)
    kept = people[other].get("/api/push/subscriptions").json()["subscriptions"]
    assert len(kept) == 2 and all(k["last_failure_at"] is not None for k in kept)
    # a redirect is a failure, never followed: it could point inside the server's network
    assert push_service.to("/elsewhere") == []
    assert manager(client).tables[tid].state.to_move() == [other]


def test_no_push_while_the_player_has_the_table_open(person, client, push_service):
    alice, bob, tid = seated_pair(person, clock="turn", clock_per_move=3600)
    people = [alice, bob]
    for index, who in enumerate(people):
        assert who.post("/api/push/subscriptions",
                        Device(push_service, f"open-{index}").json()).status_code == 200
    live = manager(client).tables[tid]
    waiting = 1 - live.state.to_move()[0]
    with people[waiting].websocket(f"/ws/tables/{tid}") as ws:
        ws.receive_json()
        assert wait_until(lambda: any(c.user_id is not None for c in live.connections))
        pass_the_turn(client, people, tid)
        time.sleep(1.0)
    assert push_service.received == []


def test_bad_subscriptions_are_refused(person, client, push_service):
    alice = person()
    assert alice.post("/api/register", {"name": "Alice", "password": "password-A"}).status_code \
        == 200
    good = Device(push_service, "alice").json()

    def refused(body, status=400):
        response = alice.post("/api/push/subscriptions", body)
        assert response.status_code == status, response.text
        assert response.json()["message"]
        return response.json()["error"]

    for endpoint in ("http://push.example.org/x", "https://10.1.2.3/x",
                     "https://push.example.org/x", "https://user:pw@fcm.googleapis.com/x",
                     "ftp://fcm.googleapis.com/x", "https://fcm.googleapis.com:99999/x"):
        assert refused({**good, "endpoint": endpoint}) == "push_endpoint", endpoint
    not_on_the_curve = b64url(b"\x04" + b"\x01" * 64)
    for keys in ({"p256dh": not_on_the_curve, "auth": good["keys"]["auth"]},
                 {"p256dh": good["keys"]["p256dh"], "auth": b64url(os.urandom(8))},
                 {"p256dh": good["keys"]["p256dh"][:-5], "auth": good["keys"]["auth"]},
                 {"p256dh": good["keys"]["p256dh"], "auth": "!" * 22},
                 {"p256dh": good["keys"]["p256dh"]}):
        assert refused({**good, "keys": keys}) == "push_keys", keys
    assert refused({**good, "extra": 1}) == "invalid"
    assert refused({**good, "expirationTime": "soon"}) == "invalid"
    assert refused({"keys": good["keys"]}) == "invalid"
    assert refused([good]) == "not_json"
    # without a CSRF token, and without a session
    assert alice.post("/api/push/subscriptions", good, csrf=False).status_code == 403
    stranger = person()
    assert stranger.post("/api/push/subscriptions", good).status_code == 401
    assert stranger.get("/api/push/subscriptions").status_code == 401

    # ten devices an account; the same device again renews it
    assert alice.post("/api/push/subscriptions", good).json()["subscribed"] == "added"
    assert alice.post("/api/push/subscriptions", good).json()["subscribed"] == "updated"
    for n in range(9):
        response = alice.post("/api/push/subscriptions", Device(push_service, f"a{n}").json())
        assert response.status_code == 200
    assert refused(Device(push_service, "eleventh").json(), 409) == "push_limit"

    # a device another account holds: the same browser (same keys) moves; other keys may not
    bob = person()
    assert bob.post("/api/register", {"name": "Bob", "password": "password-B"}).status_code == 200
    other_keys = {**good, "keys": Device(push_service, "x").json()["keys"]}
    response = bob.post("/api/push/subscriptions", other_keys)
    assert response.status_code == 409 and response.json()["error"] == "push_taken"
    assert bob.post("/api/push/subscriptions", good).status_code == 200
    assert [s["endpoint"] for s in bob.get("/api/push/subscriptions").json()["subscriptions"]] \
        == [good["endpoint"]]
    assert len(alice.get("/api/push/subscriptions").json()["subscriptions"]) == 9

    # unsubscribing: only one's own device, by DELETE or by POST
    assert alice.request("DELETE", "/api/push/subscriptions",
                         json={"endpoint": good["endpoint"]}).json() == {"removed": False}
    assert bob.request("DELETE", "/api/push/subscriptions",
                       json={"endpoint": good["endpoint"]}).json() == {"removed": True}
    first = Device(push_service, "a0").endpoint
    assert alice.post("/api/push/subscriptions/unsubscribe",
                      {"endpoint": first}).json() == {"removed": True}
    assert len(alice.get("/api/push/subscriptions").json()["subscriptions"]) == 8


def test_the_endpoint_must_be_a_push_service_unless_local_ones_are_allowed(db_url, monkeypatch):
    monkeypatch.delenv("DONJON_PUSH_ALLOW_LOCAL", raising=False)
    monkeypatch.delenv("DONJON_PUSH_SERVICES", raising=False)
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        alice = Person(client)
        alice.post("/api/register", {"name": "Alice", "password": "password-A"})
        device = Device.__new__(Device)
        device.key, device.auth = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
        for endpoint, status in (("http://127.0.0.1:9/push", 400),
                                 ("https://localhost/push", 400),
                                 ("https://fcm.googleapis.com/fcm/send/abc", 200),
                                 ("https://updates.push.services.mozilla.com/wpush/v2/x", 200),
                                 ("https://web.push.apple.com/QGx", 200)):
            device.endpoint = endpoint
            response = alice.post("/api/push/subscriptions", device.json())
            assert response.status_code == status, (endpoint, response.text)


def test_the_vapid_key_is_kept_in_the_database_or_taken_from_the_settings(db_url, monkeypatch):
    from donjon.server.webpush import new_private_key

    monkeypatch.delenv("DONJON_VAPID_PRIVATE_KEY", raising=False)
    keys = []
    for _ in range(2):  # a restart keeps the key, so the devices' subscriptions stay valid
        with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
            keys.append(client.get("/api/push/key").json()["key"])
    assert keys[0] == keys[1]
    monkeypatch.setenv("DONJON_VAPID_PRIVATE_KEY", new_private_key())
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        assert client.get("/api/push/key").json()["key"] not in keys
    pem = ec.generate_private_key(ec.SECP256R1())
    monkeypatch.setenv("DONJON_VAPID_PRIVATE_KEY", pem.private_bytes(
        Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()).decode())
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        point = pem.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        assert client.get("/api/push/key").json()["key"] == b64url(point)
    monkeypatch.setenv("DONJON_VAPID_PRIVATE_KEY", "not a key")
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        response = client.get("/api/push/key")
        assert response.status_code == 503 and response.json()["error"] == "push_off"


def test_export_lists_the_devices_and_deleting_the_account_forgets_them(
        person, client, push_service):
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "password-A"})
    device = Device(push_service, "alice")
    assert alice.post("/api/push/subscriptions", device.json()).status_code == 200
    exported = alice.get("/api/account/export").json()
    assert [d["endpoint"] for d in exported["push_subscriptions"]] == [device.endpoint]
    assert alice.post("/api/account/delete", {"password": "password-A"}).status_code == 200
    from donjon.server.pushstore import PushStore

    store = PushStore(client.app.state.store.engine)
    user_id = exported["account"]["id"]
    assert store.subscriptions_of(user_id) == []


def test_the_service_worker_is_served_at_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.headers["service-worker-allowed"] == "/"
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-content-type-options"] == "nosniff"
    for needed in ("addEventListener('push'", "showNotification", "notificationclick",
                   "openWindow"):
        assert needed in response.text


def test_the_account_page_offers_the_control_in_both_languages(person, client):
    for lang, words in (("en", "Notify me on this device when it is my turn"),
                        ("fr", "Me prévenir sur cet appareil quand c’est à moi de jouer")):
        who = person(lang)
        who.post("/api/guest")
        page = who.get("/account").text
        assert 'id="push-toggle"' in page and words in page


def test_the_contact_comes_from_the_settings():
    from donjon.server.webpush import PushSettings

    assert PushSettings.from_env({}).subject == "mailto:noreply@localhost"
    assert PushSettings.from_env({"DONJON_MAIL_FROM": "donjon <a@b.example>"}).subject \
        == "mailto:a@b.example"
    assert PushSettings.from_env({"DONJON_PUBLIC_URL": "https://donjon.example/"}).subject \
        == "https://donjon.example"
    assert PushSettings.from_env({"DONJON_VAPID_SUBJECT": "mailto:x@y.example",
                                  "DONJON_MAIL_FROM": "a@b.example"}).subject \
        == "mailto:x@y.example"
    assert PushSettings.from_env({"DONJON_PUSH_SERVICES": "*"}).services is None
    assert PushSettings.from_env({"DONJON_PUSH_SERVICES": "push.example, Other.example."}) \
        .services == ("push.example", "other.example")
