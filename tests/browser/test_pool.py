"""Class mode: a Truco page served from a pool of one preheated kernel opens in its address's language, and a
pool whose kernel dies is filled again."""

import json
import os
import signal
import time
from pathlib import Path

import pytest

from cardavia_nb import i18n
from cardavia_nb.classroom.server import idle_kernels, kernel_ids, voila_flags, wait_until_full
from tests.browser.conftest import PAGE_DEADLINE_MS, READY
from tests.browser.harness import Watch, new_context, voila_server
from tests.browser.pages import TABLE


@pytest.fixture(scope="module")
def pooled(tmp_path_factory):
    """A Voila server whose Truco page has one kernel that has already run the notebook; its log."""
    log = tmp_path_factory.mktemp("pool") / "voila.log"
    with voila_server(log, tuple(voila_flags(1, ["01-truco"]))) as server:
        assert wait_until_full(server.url, server.pid, 1, timeout=120) is not None, "the pool never filled"
        yield server.url, log


def test_a_preheated_page_ends_in_the_language_of_its_address(browser, pooled):
    url, log = pooled
    context = new_context(browser)
    page = context.new_page()
    watch = Watch().attach(page)
    page.set_default_timeout(PAGE_DEADLINE_MS)
    page.goto(f"{url}voila/render/notebooks/01-truco.ipynb?lang=fr", wait_until="domcontentloaded")
    page.locator(f"{TABLE}{READY}").wait_for(state="attached")
    button = page.locator(TABLE).locator("[data-testid='new-game']")
    french = i18n.translate("ui.table.new_game", "fr")
    assert french != i18n.translate("ui.table.new_game", "en")
    page.wait_for_function("([el, text]) => el.textContent.trim() === text", arg=[button.element_handle(), french],
                           timeout=15_000)
    assert page.locator("[data-testid='setting-lang']").first.input_value() == "fr"
    assert "Using pre-heated kernel" in log.read_text(), "the page did not come from the pool"
    watch.assert_clean()
    context.close()


PROBE = "tests/notebooks/pool-probe.ipynb"  # one quick cell: a pool of it fills in seconds


def kernel_pid(kernel: str) -> int:
    """The process of the kernel with id ``kernel`` (found by its connection file's name)."""
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if f"kernel-{kernel}.json".encode() in cmdline.read_bytes():
                return int(cmdline.parent.name)
        except OSError:
            continue
    raise LookupError(kernel)


def test_a_pooled_kernel_that_dies_is_replaced_and_the_log_says_so(tmp_path):
    # the class's own flags, with the pool on the probe page instead of a game page
    pools = "--VoilaKernelManager.kernel_pools_config="
    flags = (*(flag for flag in voila_flags(2, ["01-truco"]) if not flag.startswith(pools)),
             pools + json.dumps({"default": {"pool_size": 0}, PROBE: {"pool_size": 2}}))
    # unbuffered: the server's log lines are in its file as soon as they are written (a fresh clone's run once
    # read the file before the replacement's line had left the buffer)
    with voila_server(tmp_path / "voila.log", flags, env={**os.environ, "PYTHONUNBUFFERED": "1"}) as server:
        assert wait_until_full(server.url, server.pid, 2, timeout=90) is not None, server.log_tail()
        dead = kernel_ids(server.pid)[0]
        os.kill(kernel_pid(dead), signal.SIGKILL)  # Jupyter restarts it under the same id, with nothing run
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if ("it is replaced now" in server.log.read_text() and dead not in kernel_ids(server.pid)
                    and idle_kernels(server.url, server.pid) == 2):
                break
            time.sleep(1)
        else:
            raise AssertionError(f"the pool kept the killed kernel, stayed short or said nothing:\n{server.log_tail()}")
