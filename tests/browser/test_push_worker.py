"""Web push in Chromium (issue #11). Headless Chromium reaches no push service, so subscribing
cannot be tried end to end; what can: the account page shows the control where ``PushManager``
exists, the service worker ``/sw.js`` registers with the whole site as its scope, and a push
delivered to it by the DevTools protocol (as a push service would) becomes the notice, with the
table's address."""

from __future__ import annotations

import json
import time

import pytest

pytestmark = pytest.mark.browser

NOTICES = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return (await registration.getNotifications()).map(
    (n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url}));
}"""


def push(page, cdp, registration: dict, origin: str, message: dict) -> dict:
    """Deliver ``message`` to the worker through DevTools and return the notice it shows for
    it (by its tag). A delivery the browser drops while busy (seen on a loaded machine, with
    no error) is sent again, up to three times."""
    for _ in range(3):
        cdp.send("ServiceWorker.deliverPushMessage", {
            "origin": origin, "registrationId": registration["registrationId"],
            "data": json.dumps(message)})
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            shown = [n for n in page.evaluate(NOTICES) if n["tag"] == message["tag"]]
            if shown:
                return shown[0]
            page.wait_for_timeout(50)
    raise AssertionError(f"no notice for {message}: {page.evaluate(NOTICES)}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_worker_shows_a_pushed_notice_and_the_account_page_offers_it(new_page, live_server,
                                                                          lang):
    page = new_page("desktop", lang)
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    page.goto(live_server.url + "/login")
    page.click("#guest")
    page.wait_for_url(live_server.url + "/")
    page.goto(live_server.url + "/account")
    page.wait_for_selector("#push-panel:not([hidden])")
    words = {"en": "Notify me on this device when it is my turn",
             "fr": "Me prévenir sur cet appareil quand c’est à moi de jouer"}[lang]
    assert words in page.locator("#push-panel").inner_text()
    assert not page.locator("#push-toggle").is_checked()

    cdp = page.context.new_cdp_session(page)
    registrations: list[dict] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    scope = page.evaluate("""async () => {
      const registration = await navigator.serviceWorker.register('/sw.js', {scope: '/'});
      await navigator.serviceWorker.ready;
      return registration.scope;
    }""")
    assert scope == live_server.url + "/"
    deadline = time.monotonic() + 10
    while not [r for r in registrations if r["scopeURL"] == scope and not r["isDeleted"]]:
        assert time.monotonic() < deadline, registrations
        page.wait_for_timeout(50)
    registration = next(r for r in registrations if r["scopeURL"] == scope)
    notice = {"title": "Your turn at Caylus", "body": "Open the table.",
              "url": "/table/abc123", "tag": "turn-abc123"}
    shown = push(page, cdp, registration, live_server.url, notice)
    assert shown == {**notice, "url": live_server.url + "/table/abc123"}
    # a push naming another site's address opens this site's lobby, never that address
    other = push(page, cdp, registration, live_server.url,
                 {"title": "x", "url": "https://elsewhere.example/", "tag": "other"})
    assert other["url"] == live_server.url + "/"


def test_turning_it_on_where_no_push_service_answers_says_so_and_stays_off(new_page,
                                                                          live_server):
    page = new_page("desktop", "en")
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    page.goto(live_server.url + "/login")
    page.click("#guest")
    page.wait_for_url(live_server.url + "/")
    page.goto(live_server.url + "/account")
    page.wait_for_selector("#push-panel:not([hidden])")
    page.click("#push-toggle")
    page.wait_for_function("() => document.querySelector('#push-form .error-message')"
                           ".textContent.length > 0", timeout=20_000)
    assert page.locator("#push-form .error-message").inner_text().startswith(
        "This browser could not turn the notices on:")
    assert not page.locator("#push-toggle").is_checked()
    assert not page.locator("#push-toggle").is_disabled()
    assert page.evaluate("fetch('/api/push/subscriptions').then((r) => r.json())")[
        "subscriptions"] == []
    # Chromium's own word on it (a browser context of Playwright is an incognito one)
    page.errors[:] = [e for e in page.errors if "Push API" not in e]


def test_the_control_is_hidden_where_the_browser_has_no_push_manager(new_page, live_server):
    page = new_page("phone", "fr")
    page.add_init_script("delete window.PushManager")
    page.goto(live_server.url + "/login")
    page.click("#guest")
    page.wait_for_url(live_server.url + "/")
    page.goto(live_server.url + "/account")
    page.wait_for_selector("#delete-form")
    page.wait_for_load_state("networkidle")  # the page's script has run
    assert page.locator("#push-panel").is_hidden()
