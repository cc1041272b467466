"""Web push: "it is your turn" on a device with the site closed, by the standard protocol (RFC
8030), the message encrypted for the browser (RFC 8291, aes128gcm) and the server identified
to the push service by its VAPID key (RFC 8292); ``pywebpush`` does the protocol.

Settings (environment variables):

- ``DONJON_VAPID_PRIVATE_KEY``: the server's P-256 key (base64url of the raw 32-byte key, as
  ``web-push generate-vapid-keys`` prints it, or of its DER, or PEM). Without it a key is made
  at the first start and kept in the database (``settings.vapid_private_key``): a restart, or
  another process, keeps it, so the browsers' subscriptions stay valid. A new key voids them.
- ``DONJON_VAPID_SUBJECT``: the contact the push services may write to (``mailto:`` or
  ``https:``); by default a ``mailto:`` of ``DONJON_MAIL_FROM``, else ``DONJON_PUBLIC_URL``
  (https). Some push services (Apple's) refuse a ``localhost`` contact: a warning says so.
- ``DONJON_PUSH_SERVICES``: the push services the server posts to, host names comma-separated
  (a name stands for its subdomains too); by default those of the browsers in use: Google's
  (Chrome, Edge, Opera, Samsung), Mozilla's, Apple's, Microsoft's. ``*``: any public https host.
  An endpoint is an address a browser hands over; without this list, anyone with an account
  could have the server post to any address it can reach.
- ``DONJON_PUSH_ALLOW_LOCAL=1`` (for tests): endpoints on this machine (``127.0.0.1``,
  ``localhost``, ``::1``) are accepted too, over http.

``WebPush.send`` blocks (``requests``, a short timeout, no redirect followed): call it from a
worker thread. ``notify.Notifier`` sends; ``api_push`` takes the subscriptions.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import logging
import os
import re
from dataclasses import dataclass
from email.utils import parseaddr
from typing import Any
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid, VapidException  # type: ignore[import-untyped]  # ships no types
from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]  # ships no types

from donjon.server.pushstore import PushStore
from donjon.server.store import Store

log = logging.getLogger("donjon.server")

#: the push services of the browsers in use (endpoint hosts, subdomains included)
DEFAULT_SERVICES = ("fcm.googleapis.com", "android.googleapis.com",
                    "push.services.mozilla.com", "push.apple.com", "notify.windows.com")
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
#: devices per account
LIMIT = 10
#: seconds a push service may take to answer
TIMEOUT = 10.0
#: seconds a push service keeps a notice for a device that is off (turn-based: a day)
TTL = 24 * 3600
#: failures in a row (other than "gone") after which a device is forgotten
GIVE_UP = 20
SETTING = "vapid_private_key"

#: what ``send`` says
SENT, GONE, FAILED = "sent", "gone", "failed"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    """base64url, padded or not; ValueError if it is not."""
    if not re.fullmatch(r"[A-Za-z0-9_-]*={0,2}", text):
        raise ValueError("not base64url")
    stripped = text.rstrip("=")
    try:
        return base64.urlsafe_b64decode(stripped + "=" * (-len(stripped) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("not base64url") from None


def browser_keys(p256dh: str, auth: str) -> tuple[str, str] | None:
    """A subscription's keys, unpadded, if they are a browser's: ``p256dh`` a point of P-256
    (65 bytes, uncompressed), ``auth`` a 16-byte secret; else None."""
    try:
        point, secret = unb64url(p256dh), unb64url(auth)
        if len(point) != 65 or len(secret) != 16:
            return None
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        return None
    return b64url(point), b64url(secret)


@dataclass(frozen=True)
class PushSettings:
    private_key: str | None = None
    subject: str | None = None
    #: None: any public https host
    services: tuple[str, ...] | None = DEFAULT_SERVICES
    allow_local: bool = False

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> PushSettings:
        env = dict(os.environ) if env is None else env
        subject = env.get("DONJON_VAPID_SUBJECT", "").strip()
        address = parseaddr(env.get("DONJON_MAIL_FROM", ""))[1]
        site = (env.get("DONJON_PUBLIC_URL") or "").strip().rstrip("/")
        if not subject and address:
            subject = f"mailto:{address}"
        elif not subject and site.startswith("https://"):
            subject = site
        elif not subject:
            subject = "mailto:noreply@localhost"
        listed = env.get("DONJON_PUSH_SERVICES", "").strip()
        services: tuple[str, ...] | None = DEFAULT_SERVICES
        if listed == "*":
            services = None
        elif listed:
            services = tuple(h.strip().lower().strip(".") for h in listed.split(",") if h.strip())
        return cls(private_key=env.get("DONJON_VAPID_PRIVATE_KEY", "").strip() or None,
                   subject=subject, services=services,
                   allow_local=env.get("DONJON_PUSH_ALLOW_LOCAL", "") == "1")


def vapid_of(text: str) -> Any:
    """A ``py_vapid.Vapid`` from a key as the settings hold it; ValueError if it is not one."""
    try:
        if text.lstrip().startswith("-----BEGIN"):
            vapid = Vapid.from_pem(text.encode())
        else:
            vapid = Vapid.from_string(text)
        key = vapid.private_key
        if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve,
                                                                              ec.SECP256R1):
            raise ValueError("not a P-256 key")
    except (VapidException, ValueError, TypeError, binascii.Error) as error:
        raise ValueError(f"the VAPID key is not a P-256 private key ({error})") from None
    return vapid


def new_private_key() -> str:
    """A new VAPID key: base64url of the raw 32-byte private value."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


class _NoRedirects(requests.Session):
    """A push service answers; it does not send the server elsewhere (a redirect could point
    inside the server's network)."""

    def request(self, method: str, url: str,  # type: ignore[override]  # str only: ours
                *args: Any, **kwargs: Any) -> requests.Response:
        kwargs["allow_redirects"] = False
        return super().request(method, url, *args, **kwargs)


class WebPush:
    """The server's VAPID identity, which endpoints it posts to, and the sending."""

    def __init__(self, private_key: str, subject: str, store: PushStore, *,
                 services: tuple[str, ...] | None = DEFAULT_SERVICES,
                 allow_local: bool = False, timeout: float = TIMEOUT, ttl: int = TTL):
        self.vapid = vapid_of(private_key)
        self.subject = subject
        self.store = store
        self.services = services
        self.allow_local = allow_local
        self.timeout = timeout
        self.ttl = ttl
        try:  # a subject the push services would refuse is a setting to fix now, not at a move
            self.vapid.sign({"sub": subject, "aud": "https://push.example"})
        except VapidException:
            raise ValueError("DONJON_VAPID_SUBJECT is a mailto: or an https: address") from None
        point = self.vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        #: the application server key the browsers subscribe with (base64url, 65 bytes)
        self.public_key = b64url(point)

    @classmethod
    def load(cls, store: Store, settings: PushSettings | None = None) -> WebPush:
        """From the settings, the key made once and kept in the database if they name none.
        Blocking; ValueError for a wrong setting."""
        settings = settings or PushSettings.from_env()
        key = settings.private_key or store.setting(SETTING, new_private_key)
        if (settings.subject or "").endswith("@localhost"):
            log.warning("web push: the contact %s is refused by some push services (Apple's); "
                        "set DONJON_VAPID_SUBJECT or DONJON_MAIL_FROM", settings.subject)
        return cls(key, settings.subject or "mailto:noreply@localhost", PushStore(store.engine),
                   services=settings.services, allow_local=settings.allow_local)

    @classmethod
    def try_load(cls, store: Store) -> WebPush | None:
        """``load``, or None (logged) when the settings are wrong: no web push, the rest runs."""
        try:
            return cls.load(store)
        except ValueError:
            log.exception("web push settings: no web push")
            return None

    def endpoint_problem(self, endpoint: str) -> str | None:
        """Why the server will not post to ``endpoint`` (None: it will)."""
        try:
            parts = urlsplit(endpoint)
            host = (parts.hostname or "").lower().rstrip(".")
            parts.port  # noqa: B018 - raises ValueError for a port that is not one
        except ValueError:
            return "not an address"
        if parts.username is not None or parts.password is not None:
            return "an address with a user name"
        if self.allow_local and host in LOOPBACK and parts.scheme in ("http", "https"):
            return None
        if parts.scheme != "https":
            return "not an https address"
        if not host:
            return "no host"
        try:
            ipaddress.ip_address(host)
            return "a numeric address, not a push service's name"
        except ValueError:
            pass
        if host in LOOPBACK or "." not in host:
            return "not a public host"
        if self.services is not None and not any(
                host == s or host.endswith("." + s) for s in self.services):
            return f"{host} is not a push service this server sends to"
        return None

    def send(self, subscription: dict[str, Any], payload: dict[str, Any],
             topic: str | None = None) -> tuple[str, str]:
        """Post ``payload`` (JSON) to one device: ``(SENT, "")``, ``(GONE, why)`` (the push
        service dropped the device: 404 or 410) or ``(FAILED, why)``. Blocking."""
        endpoint = str(subscription["endpoint"])
        problem = self.endpoint_problem(endpoint)
        if problem:
            return FAILED, problem
        headers = {"Urgency": "normal"}
        if topic:  # a newer notice of the same topic replaces one still waiting (RFC 8030 §5.4)
            headers["Topic"] = re.sub(r"[^A-Za-z0-9_-]", "", topic)[:32]
        info = {"endpoint": endpoint,
                "keys": {"p256dh": subscription["p256dh"], "auth": subscription["auth"]}}
        with _NoRedirects() as session:
            try:
                webpush(info, data=json.dumps(payload, ensure_ascii=False),
                        vapid_private_key=self.vapid, vapid_claims={"sub": self.subject},
                        timeout=self.timeout, ttl=self.ttl, headers=headers,
                        requests_session=session)
            except WebPushException as error:
                status = error.status_code
                if status in (404, 410):
                    return GONE, f"HTTP {status}"
                return FAILED, f"HTTP {status}" if status is not None else str(error)[:80]
            except requests.RequestException as error:
                return FAILED, type(error).__name__
            except ValueError:  # keys that encrypt nothing (checked when subscribing)
                return FAILED, "keys"
        return SENT, ""
