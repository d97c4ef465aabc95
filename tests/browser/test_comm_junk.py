"""Raw protocol junk on a Voila page's kernel websocket, sent from inside the page as any browser can.

The Truco page opens in Chromium; a second websocket of that page sends the kernel every malformed
or unknown comm message of tests/junk.py and 1,000 ``comm_open``s of a stock Button. Every frame the
page receives (its own widget connection's and the junk socket's) is read: none holds a traceback,
an exception's name or a server path. The page's own widget manager loaded the widgets' state through
the one comm the guard serves it (the control comm's ``update_states`` answer). A client on the
kernel's connection file counts the kernel's widgets and comms before and after: no growth. Then the
table still plays a move.
"""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

from jupyter_client import BlockingKernelClient

from tests.browser.conftest import PAGE_DEADLINE_MS, shot
from tests.browser.harness import Watch, new_context, show_tab
from tests.junk import WIDGET, button_open, junk, leaks

PAGE = "01-truco.ipynb"
TABLE_READY = ".cardavia[data-testid='table'][data-ready='1']"
OPENS = 1000
COUNT = {"widgets": "len(__import__('ipywidgets').widgets.widget._instances)",
         "comms": "len(__import__('comm').get_comm_manager().comms)"}
SEND = """async ([url, messages, last]) => {
    const ws = new WebSocket(url);
    await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = () => fail(new Error('no websocket')); });
    const reply = new Promise((ok) => { ws.onmessage = (event) => {
        const msg = JSON.parse(event.data);
        const answer = msg.parent_header && msg.parent_header.msg_id === last;
        if (answer && msg.header.msg_type === 'comm_info_reply') ok(msg.content);
    }; });
    for (const message of messages) ws.send(message);
    const content = await reply;
    ws.close();
    return content;
}"""


def wire_message(msg_type, content, metadata, session: str) -> tuple[str, str]:
    """A shell message as a page writes it on its websocket (JSON text), and its id."""
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "msg_type": msg_type, "session": session, "username": "page", "version": "5.3",
              "date": ""}
    return msg_id, json.dumps({"header": header, "parent_header": {}, "metadata": metadata, "content": content,
                               "channel": "shell", "buffers": []})


def decode(frame: str | bytes) -> list:
    """A websocket frame's parts: channel, header, parent header, metadata, content, then any buffers
    (from the v1 binary protocol or from a JSON text frame)."""
    if isinstance(frame, str):
        msg = json.loads(frame)
        return [msg.get(key) for key in ("channel", "header", "parent_header", "metadata", "content")] \
            + msg.get("buffers", [])
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    parts = [frame[start:end] for start, end in zip(offsets, offsets[1:])]
    channel, *messages = parts
    return [channel.decode(), *(json.loads(part) for part in messages[:4]),
            *(buffer.decode(errors="replace") for buffer in messages[4:])]


def kernel_client(kernel_id: str) -> BlockingKernelClient:
    """A client on the page's kernel, from the connection file on its command line (Voila's own folder)."""
    name = f"kernel-{kernel_id}.json".encode()
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue
        for arg in args:
            if arg.endswith(name):
                client = BlockingKernelClient(connection_file=arg.decode())
                client.load_connection_file()
                client.start_channels()
                return client
    raise AssertionError(f"no process runs kernel {kernel_id}")


def counts(client: BlockingKernelClient) -> dict[str, int]:
    """The kernel's widgets and comms now (a silent request: the page sees no output of it)."""
    reply = client.execute("", silent=True, user_expressions=COUNT, reply=True, timeout=60)["content"]
    return {name: int(reply["user_expressions"][name]["data"]["text/plain"]) for name in COUNT}


def play_a_move(page) -> None:
    """When the table waits for the human, click the first card or move offered: the log must grow."""
    show_tab(page, "table")
    table = page.locator("[data-testid='table']")
    root = table.element_handle()
    page.wait_for_function("(root) => root.dataset.toAct === '0' && root.dataset.animating !== '1'", arg=root,
                           timeout=30_000)
    lines = table.locator("[data-testid='log'] li").count()
    table.locator("[data-testid='hand'] [data-action-id], [data-testid='actions'] [data-action-id]").first.click()
    page.wait_for_function("([root, n]) => root.querySelectorAll(\"[data-testid='log'] li\").length > n",
                           arg=[root, lines], timeout=30_000)
    assert table.locator("[data-testid='notice']").inner_text() == ""


def test_raw_junk_gets_no_traceback_grows_no_widget_and_the_table_still_plays(browser, voila_url):
    context = new_context(browser)
    page = context.new_page()
    frames: list[str | bytes] = []
    sockets: list[str] = []

    def on_socket(ws) -> None:
        sockets.append(ws.url)
        ws.on("framereceived", lambda payload: frames.append(payload))

    page.on("websocket", on_socket)
    watch = Watch().attach(page)
    page.set_default_timeout(PAGE_DEADLINE_MS)
    try:
        page.goto(f"{voila_url}voila/render/notebooks/{PAGE}", timeout=PAGE_DEADLINE_MS, wait_until="domcontentloaded")
        page.wait_for_selector(TABLE_READY, timeout=PAGE_DEADLINE_MS, state="attached")
        kernel_id = re.search(r"/api/kernels/([0-9a-f-]+)/channels", sockets[0]).group(1)
        loaded = len(frames)
        client = kernel_client(kernel_id)
        try:
            before = counts(client)
            session = uuid.uuid4().hex
            sent = [wire_message(*raw, session) for raw in [*junk(), *(button_open() for _ in range(OPENS))]]
            last, info = wire_message("comm_info_request", {"target_name": WIDGET}, {}, session)
            url = f"{voila_url.replace('http', 'ws', 1)}api/kernels/{kernel_id}/channels?session_id={session}"
            reply = page.evaluate(SEND, [url, [text for _, text in sent] + [info], last])
            after = counts(client)
        finally:
            client.stop_channels()
        page.wait_for_timeout(1000)  # the last iopub frames of the junk
        play_a_move(page)
    except Exception:
        shot(page, "FAILED-comm-junk")
        raise
    finally:
        context.close()
    served = [decode(frame)[4].get("data") for frame in frames[:loaded]]  # the contents before the junk
    assert any(isinstance(data, dict) and data.get("method") == "update_states" for data in served), \
        "the page's control comm was not served"
    parts = [part for frame in frames for part in decode(frame)]
    found = [hit for part in parts for hit in leaks(part)]
    print(f"frames checked: {len(frames)}; kernel before {before}, after {OPENS} opens {after}")
    assert len(frames) > OPENS / 10 and not found, found[:10]
    assert after["widgets"] == before["widgets"] > 0
    assert after["comms"] == before["comms"]  # the junk's control comm was closed again
    assert len(reply["comms"]) == before["widgets"]  # the page sees only the notebook's widgets
    watch.assert_clean()
