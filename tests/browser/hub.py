"""A class's JupyterHub, started here for the hub tests: the project's PostgreSQL with passwords, the store's roles
made by the start-up job, the hub from ``deploy/hub/jupyterhub_config.py`` with its proxy from npm, and people
who log in through its login page."""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
import requests

from cardavia_nb.store.roles import Login, role_url
from tests.browser.harness import ROOT, free_port
from tests.databases import pg_missing, postgresql_server

CONFIG = ROOT / "deploy" / "hub" / "jupyterhub_config.py"
PASSWORD = "class-hub-test"  # every hub user's (the dummy authenticator's)
TEACHER = "teacher"
ROLES = {"student": "cardavia_student", "teacher": "cardavia_teacher"}


@dataclass
class Hub:
    """A running class hub: its address, an API token of its own, the secrets no page may ever carry, its log."""

    url: str
    token: str
    secrets: tuple[str, ...]
    teacher_key: str
    log: Path
    owner: str  # the store's owner URL (the test reads the store with it)

    def api(self, method: str, path: str, **options) -> requests.Response:
        """A call to the hub's REST API with the test's token."""
        return requests.request(method, f"{self.url}/hub/api/{path}", timeout=30,
                                headers={"Authorization": f"token {self.token}"}, **options)

    def server_ready(self, name: str) -> bool:
        """Whether hub user ``name``'s server is running and answering."""
        state = self.api("GET", f"users/{name}").json()
        server = state.get("servers", {}).get("")
        return bool(server and server.get("ready"))

    def stop(self, name: str, timeout: float = 60) -> None:
        """Stop hub user ``name``'s server, as the idle culler or an admin does, and wait until it is gone."""
        self.api("DELETE", f"users/{name}/server")
        self._until(lambda: not self.api("GET", f"users/{name}").json().get("servers"), timeout, f"{name}'s server stops")

    def start(self, name: str, timeout: float = 60) -> None:
        """Start hub user ``name``'s server and wait until it answers."""
        self.api("POST", f"users/{name}/server")
        self._until(lambda: self.server_ready(name), timeout, f"{name}'s server starts")

    def log_tail(self, chars: int = 3000) -> str:
        """The end of the hub's log (the single-user servers write into it too)."""
        return self.log.read_text(errors="replace")[-chars:]

    def _until(self, done, timeout: float, what: str) -> None:
        """Wait until ``done()``; fail after ``timeout`` seconds, with the hub's log."""
        end = time.monotonic() + timeout
        while not done():
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting until {what}:\n{self.log_tail()}")
            time.sleep(0.3)


def proxy_program() -> str:
    """configurable-http-proxy as ``make`` installs it from npm (CARDAVIA_PROXY); missing in CI fails, else skips."""
    found = os.environ.get("CARDAVIA_PROXY", "")
    if found and Path(found).exists():
        return found
    why = "configurable-http-proxy is missing: `make test` installs it from npm (CARDAVIA_PROXY names it)"
    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


def store_roles(owner: str) -> tuple[dict[str, str], dict[str, str]]:
    """Run the deployment's start-up job (the schema, the two roles and their grants): each role's store URL and
    password."""
    passwords = {role: secrets.token_urlsafe(18) for role in ROLES}
    env = {**os.environ, "CARDAVIA_STUDENT_PASSWORD": passwords["student"],
           "CARDAVIA_TEACHER_PASSWORD": passwords["teacher"]}
    subprocess.run([sys.executable, "-m", "cardavia_nb.store.roles", "--owner", owner, "--student-role",
                    ROLES["student"], "--teacher-role", ROLES["teacher"]], check=True, env=env, capture_output=True,
                   timeout=120)
    return {role: role_url(owner, Login(ROLES[role], passwords[role])) for role in ROLES}, passwords


@contextlib.contextmanager
def class_hub(folder: Path) -> Iterator[Hub]:
    """A hub for a class (teacher ``teacher``, anyone else a student) in ``folder``, stopped afterwards with every
    server it started."""
    missing = pg_missing()
    if missing:
        (pytest.fail if os.environ.get("CI") else pytest.skip)(f"PostgreSQL is needed for the hub: {missing}")
    proxy = proxy_program()
    owner_password, token, key = (secrets.token_urlsafe(18) for _ in range(3))
    with postgresql_server(durable=False, password=owner_password) as owner:
        urls, passwords = store_roles(owner)
        config = folder / "test_config.py"
        config.write_text(  # the deployment's own file, plus the test's token to start and stop servers
            f"load_subconfig({str(CONFIG)!r})\n"
            f"c.JupyterHub.services.append({{'name': 'test', 'api_token': {token!r}}})\n"
            "c.JupyterHub.load_roles.append({'name': 'test', 'services': ['test'], "
            "'scopes': ['admin:users', 'admin:servers']})\n")
        port = free_port()
        env = {**os.environ, "CARDAVIA_HUB_DATA": str(folder / "data"), "CARDAVIA_HUB_TEACHERS": TEACHER,
               "CARDAVIA_STUDENT_STORE": urls["student"], "CARDAVIA_TEACHER_STORE": urls["teacher"],
               "CARDAVIA_TEACHER_KEY": key, "CARDAVIA_PROXY": proxy, "CARDAVIA_HUB_PASSWORD": PASSWORD,
               "CARDAVIA_HUB_PORT": str(port), "CARDAVIA_HUB_API_PORT": str(free_port()),
               "CARDAVIA_PROXY_API_PORT": str(free_port())}
        env.pop("CARDAVIA_STORE", None)
        log = folder / "hub.log"
        with log.open("w") as out:
            hub = subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f", str(config)],
                                   cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        found = Hub(f"http://127.0.0.1:{port}", token, (owner_password, key, *urls.values(), *passwords.values()),
                    key, log, owner)
        try:
            found._until(lambda: _answers(f"{found.url}/hub/api/"), 60, "the hub answers")
            yield found
        finally:
            hub.send_signal(signal.SIGTERM)  # the hub stops every server it started, then its proxy
            try:
                hub.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(hub.pid, signal.SIGKILL)


def _answers(url: str) -> bool:
    """Whether ``url`` answers 200."""
    try:
        return requests.get(url, timeout=2).status_code == 200
    except requests.RequestException:
        return False


def logged_in(name: str, hub: Hub) -> requests.Session:
    """A session logged in to the hub as ``name`` through its login form (with its XSRF cookie)."""
    session = requests.Session()
    session.get(f"{hub.url}/hub/login", timeout=30)
    answer = session.post(f"{hub.url}/hub/login", allow_redirects=False, timeout=30, data={
        "username": name, "password": PASSWORD, "_xsrf": session.cookies.get("_xsrf", path="/hub/")})
    assert answer.status_code == 302, answer.text[:500]
    return session


def own_server_answers(session: requests.Session, hub: Hub, name: str) -> bool:
    """Whether ``name``'s own server answers the session (before it runs, the hub answers with its "starting"
    page; the first answer also completes the server's login through the hub)."""
    base = f"{hub.url}/user/{name}/"
    answer = session.get(base + "voila/static/voila.js", timeout=30)
    return answer.status_code == 200 and answer.url.startswith(base)


def log_in(page, hub: Hub, name: str, next_path: str) -> None:
    """Log ``page`` in to the hub as ``name`` by its login page, then on to ``next_path`` (its server starts)."""
    page.goto(f"{hub.url}/hub/login?next={requests.utils.quote(next_path)}")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(PASSWORD)
    page.locator("#login_submit").click()
