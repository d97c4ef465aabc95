"""The table in JupyterLab 4 with its dark theme: it draws dark, and keeps the same contrast guarantees
(text 4.5:1, suit colours and focus rings 3:1) at the slider extremes."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time

from tests.browser.conftest import shot
from tests.browser.harness import Watch, free_port, new_context, server_process
from tests.browser.pages import TABLE, set_look
from tests.browser.test_a11y import below_the_floor

CELL = "from cardavia_nb.ui import Settings, Table\ndisplay(Settings.shared(), Table('truco', level='low'))"
START_S = 90


@contextlib.contextmanager
def lab_server(home):
    """JupyterLab on a free loopback port, hermetic (its own config, data, runtime and settings folders),
    with the dark theme chosen the supported way: the user setting of @jupyterlab/apputils-extension."""
    themes = home / "settings" / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings"
    themes.parent.mkdir(parents=True)
    themes.write_text(json.dumps({"theme": "JupyterLab Dark"}))
    (themes.parent / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))  # no news prompt
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "table", "metadata": {},
                           "outputs": [], "source": CELL}],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (home / "dark.ipynb").write_text(json.dumps(notebook))
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"), "IPYTHONDIR": str(home / "ipython"),
           **{f"JUPYTER_{kind}_DIR": str(home / kind.lower()) for kind in ("CONFIG", "DATA", "RUNTIME")}}
    port = free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--ServerApp.port={port}",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
           f"--ServerApp.root_dir={home}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    with server_process(cmd, home / "lab.log", "api/status", START_S, env=env, port=port) as (url, _):
        yield url


def dismiss_dialog(page) -> None:
    """Answer a dialog Lab opened over the notebook (on a busy machine, the kernel choice when the kernel is slow
    to start) with its default button, and say which it was."""
    dialog = page.locator(".jp-Dialog")
    if dialog.count():
        print(f"\nJupyterLab opened a dialog: {dialog.first.inner_text()[:200]!r}")
        dialog.first.locator(".jp-Dialog-button.jp-mod-accept").first.click()
        dialog.first.wait_for(state="detached")


def test_table_in_jupyterlab_dark_keeps_its_contrast(browser, tmp_path):
    with lab_server(tmp_path) as url:
        context = new_context(browser)
        page = context.new_page()
        page.set_default_timeout(60_000)
        watch = Watch().attach(page)
        start = time.monotonic()
        page.goto(f"{url}lab/tree/dark.ipynb", timeout=60_000)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=START_S * 1000)
        assert page.evaluate("document.body.dataset.jpThemeLight") == "false", "Lab did not take the dark theme"
        for _ in range(3):  # Lab may drop a run asked for while it is still settling: ask again
            dismiss_dialog(page)
            page.locator(".jp-Cell .jp-InputArea-editor").first.click()
            page.keyboard.press("Shift+Enter")
            try:
                page.wait_for_function("/[*\\d]/.test(document.querySelector('.jp-InputArea-prompt').textContent)", timeout=10_000)
                break
            except Exception:
                continue
        try:
            page.wait_for_selector(f"{TABLE}[data-ready='1']", timeout=60_000)
        except Exception:
            shot(page, "FAILED-lab-truco-dark")
            raise
        print(f"\nJupyterLab dark: the table drawn {time.monotonic() - start:.1f} s after opening the notebook")
        paper = page.evaluate(f"getComputedStyle(document.querySelector(\"{TABLE}\")).backgroundColor")
        assert paper == "rgb(35, 38, 43)", f"the table is not dark in Lab's dark theme: {paper}"
        low = below_the_floor(page, "lab-dark", ("four",))
        set_look(page, contrast=50, grain=50, temperature=50, suits="four")
        page.locator(f"{TABLE} [data-testid='hand'] button").first.focus()
        page.keyboard.press("ArrowRight")  # a visible focus ring in the screenshot
        ring = page.evaluate("(() => { const s = getComputedStyle(document.activeElement);"
                             " return [s.outlineStyle, s.outlineWidth, s.outlineColor]; })()")
        assert ring == ["solid", "3px", "rgb(255, 191, 71)"], f"Lab's own focus style won over the table's ring: {ring}"
        shot(page, "lab-truco-dark")
        assert not low, "\n".join(map(str, low[:30]))
        assert not watch.console_errors and not watch.failed, watch.problems()
        context.close()
