"""A class on a real JupyterHub (``deploy/hub``): the teacher and two students log in through the hub, each on a
server of their own, the store a PostgreSQL server with a role for each side. The teacher makes a Truco set on the
board in JupyterLab's server; each student opens its link on their own server and plays the deal (no level, deal
code or New game at a class table); one student's server is stopped mid-deal and started again by the hub, and
the deal comes back as she left it; the board counts each result (the delay printed), and a student's reload
after the deal brings its end and the class's results back. From a student's session, everything that runs code
or reads files is refused, an execute request on the page's own kernel runs nothing, and no answer carries the
store's URL, a password or the teacher key. Screenshot: tests/artifacts/hub-board.png."""

from __future__ import annotations

import asyncio
import json
import re
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from cardavia_nb import i18n
from tests.browser.conftest import PAGE_DEADLINE_MS, picture
from tests.browser.harness import Watch, new_context
from tests.browser.hub import TEACHER, class_hub, log_in, logged_in, own_server_answers
from tests.browser.pages import TABLE, ids, log_lines, offered, played
from tests.browser.reviewing import play_to_the_end
from tests.browser.test_class_board import PANEL as BOARD
from tests.browser.test_comm_junk import wire_message
from tests.browser.class_pages import CLASS_PANEL, opened, until
from tests.browser.test_rooms import hand

STUDENTS = ("ana", "carla")  # two servers are a class across servers; each more costs the suite 10 CPU-s
KERNEL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# what a student's session may not reach on their own server: Lab, the file tree, terminals, files, new kernels
REFUSED = (("GET", "lab"), ("GET", "tree"), ("GET", "terminals/1"), ("POST", "api/terminals"), ("GET", "api/contents"),
           ("GET", "api/contents/voila.json"), ("POST", "api/kernels"), ("GET", "api/kernels"), ("GET", "api/sessions"),
           ("GET", "files/voila.json"), ("GET", "voila/files/voila.json"), ("GET", "api/kernelspecs"))


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    """The class hub for this module's tests."""
    with class_hub(tmp_path_factory.mktemp("hub")) as running:
        yield running


def leaked(texts, hub) -> list[list[str]]:
    """For each of ``texts`` that holds any of the hub's secrets, which (their first characters, to say which
    without showing them)."""
    found = ([secret[:6] + "…" for secret in hub.secrets if secret in text] for text in texts)
    return [secrets for secrets in found if secrets]


def runs_nothing_sent(hub, name: str, kernel: str, folder) -> None:
    """From ``name``'s session (logged in through the hub), on their own server: everything that runs code or
    reads files is refused, an execute request on the page's kernel ``kernel`` reaches it and runs nothing,
    another student is sent to log in, and no answer carries a secret."""
    session = logged_in(name, hub)
    base = f"{hub.url}/user/{name}/"
    assert own_server_answers(session, hub, name)
    xsrf = {"X-XSRFToken": session.cookies.get("_xsrf", path=f"/user/{name}/") or ""}
    seen = []
    for method, path in REFUSED:
        answer = session.request(method, base + path, headers=xsrf, allow_redirects=False, timeout=30)
        assert answer.status_code in (403, 404, 405), (method, path, answer.status_code, answer.text[:300])
        seen.append(answer.text)
    marker = folder / "ran"
    with ThreadPoolExecutor(1) as thread:  # its own event loop: Playwright's runs in this one
        replies = thread.submit(asyncio.run, _execute(
            session, f"{base}api/kernels/{kernel}/channels",
            f"import os; open({str(marker)!r}, 'w').write(os.environ['CARDAVIA_STORE'])")).result()
    assert [r for r in replies if r["msg_type"] == "status" and r["parent_header"].get("session") == "probe"], \
        f"the request never reached the kernel: {replies}"  # so the probe is real
    assert not marker.exists(), "the page's kernel ran code the page sent"
    assert not [r for r in replies if r["msg_type"] in ("execute_reply", "stream", "execute_result", "error")], replies
    seen += [json.dumps(r) for r in replies]
    assert not leaked(seen, hub)
    other = logged_in("someone", hub).get(base + "voila/static/voila.js", allow_redirects=False, timeout=30)
    assert other.status_code in (302, 403), f"another person reached {name}'s server"  # sent to log in as them


async def _execute(session, url: str, code: str) -> list[dict]:
    """Send an execute request for ``code`` on a kernel's websocket with the session's cookies; the messages that
    come back within a few seconds."""
    cookies = "; ".join(f"{c.name}={c.value}" for c in session.cookies)
    socket = await websocket_connect(HTTPRequest(url.replace("http", "ws", 1) + "?session_id=probe",
                                                 headers={"Cookie": cookies}))
    socket.write_message(wire_message("execute_request", {"code": code, "silent": False, "store_history": False,
                                                          "user_expressions": {}, "allow_stdin": False}, {}, "probe")[1])
    replies = []
    end = time.monotonic() + 5
    while time.monotonic() < end:
        try:
            message = await asyncio.wait_for(socket.read_message(), end - time.monotonic())
        except asyncio.TimeoutError:
            break
        if message is None:
            break
        if isinstance(message, str):
            replies.append(json.loads(message))
    socket.close()
    return replies


def kept_in_play(page) -> None:
    """A Truco move of the human's that leaves the deal in play (a fresh deal would not show it): to a call, the
    answer that ends nothing (quiero to a truco, which one may raise; no quiero to an envido), else a card."""
    offered(page)
    actions = ids(page, "[data-testid='actions'] [data-action-id]")
    cards = ids(page, "[data-testid='hand'] [data-action-id]")
    truco = bool({"call:retruco", "call:vale_cuatro"} & set(actions))
    answer = "answer:quiero" if truco else "answer:no_quiero"
    target = answer if answer in actions else cards[0]
    played(page, page.locator(f"{TABLE} [data-action-id='{target}']").first)


def finished_row(board, name: str):
    """The board's row of ``name`` once it says the student finished (a set of one deal)."""
    return board.locator(f"tr:has(td:text-is('{name}')) td:text-is('{i18n.translate('board.state.finished', 'en')}')").first


def test_a_class_plays_across_the_students_servers(browser, hub, tmp_path):
    contexts = {name: new_context(browser) for name in (TEACHER, *STUDENTS)}
    try:
        teacher = contexts[TEACHER].new_page()
        teacher.set_default_timeout(PAGE_DEADLINE_MS)
        watch = Watch().attach(teacher)
        log_in(teacher, hub, TEACHER, "/hub/home")
        teacher.wait_for_url(re.compile(r"/hub/home"))
        hub.start(TEACHER)  # the teacher's link keeps its key in the fragment through the hub's login redirects
        teacher.goto(f"{hub.url}/user/{TEACHER}/voila/render/notebooks/05-class.ipynb#key={hub.teacher_key}")
        board = teacher.locator(BOARD)
        until(teacher, board.locator("[data-action-id='create']"), timeout=PAGE_DEADLINE_MS)
        board.locator("[data-number-id='deals']").fill("1")
        board.locator("[data-number-id='deals']").dispatch_event("change")
        board.locator("[data-number-id='deals'][value='1']").wait_for()
        board.locator("[data-action-id='create']").click()
        link = board.locator("img.cv-image").get_attribute("alt")
        assert link.startswith(f"{hub.url}/hub/user-redirect/voila/render/notebooks/01-truco.ipynb?"), link

        pages, began = {}, time.perf_counter()
        for name in STUDENTS:  # each logs in; the hub starts their server and sends them on to the class link
            pages[name] = contexts[name].new_page()
            pages[name].set_default_timeout(PAGE_DEADLINE_MS)
            log_in(pages[name], hub, name, urlsplit(link).path + "?" + urlsplit(link).query)
        for name, page in pages.items():
            page.wait_for_url(re.compile(f"/user/{name}/voila/render/notebooks/01-truco"), timeout=PAGE_DEADLINE_MS)
            opened(page, page.url)
            page.locator("[data-field-id='name']").fill(name.title())
            page.locator("[data-action-id='name-go']").click()
            until(page, page.locator(CLASS_PANEL).get_by_text(i18n.translate("classplay.playing", "en", n=1, deals=1)))
        print(f"both students at their class deal {time.perf_counter() - began:.1f} s after their login")

        carla = pages["carla"]  # she moves once, and with her deal in play the hub stops her server, as the culler would
        kept_in_play(carla)
        table = carla.locator(TABLE)
        held, lines = hand(carla), log_lines(table)
        hub.stop("carla")
        hub.start("carla")
        opened(carla, carla.url)  # the page reloaded: the hub logs it in to the new server
        until(carla, carla.locator(CLASS_PANEL).get_by_text(i18n.translate("classplay.playing", "en", n=1, deals=1)))
        assert (hand(carla), log_lines(table)) == (held, lines), "the deal did not come back as she left it"

        for name, page in pages.items():
            play_to_the_end(page)
            ended = time.perf_counter()
            finished_row(board, name.title()).wait_for(timeout=20_000)
            print(f"{name}: the board counted the result {time.perf_counter() - ended:.2f} s after the deal's end")
        ana = pages["ana"]
        scored = ana.locator(CLASS_PANEL).get_by_text("Deal 1 of 1: you scored")
        until(ana, scored)
        assert ana.locator(CLASS_PANEL).locator("td", has_text="Ana (you)").count() == 1
        assert ana.locator(f"{TABLE} [data-testid='replay']").count() == 0  # no deal code in class
        ana.reload()  # after the deal: its end and the class's results come back
        opened(ana, ana.url)
        until(ana, scored)
        board.locator("td", has_text="Carla").first.evaluate("(cell) => cell.scrollIntoView({block: 'center'})")
        picture(teacher, "hub-board")  # the board's students, each result counted
        watch.assert_clean()
        assert not leaked([page.content() for page in (teacher, *pages.values())], hub)
        runs_nothing_sent(hub, "ana", KERNEL_ID.search(ana.content()).group(0), tmp_path)
    finally:
        for context in contexts.values():
            context.close()
