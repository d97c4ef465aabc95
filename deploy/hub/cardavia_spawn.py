"""What each person's server runs on a Cardavia class hub: students get the Voila pages and nothing else, the
teachers JupyterLab and the pages.

One file for both deployments: ``jupyterhub_config.py`` (a hub on one machine, what ``make test-hub`` runs)
loads it beside itself, and Zero to JupyterHub mounts it into the hub pod (``values.yaml``, ``hub.extraFiles``).
It imports nothing of Cardavia's: the hub's own image need not hold the package.

A student's server is Jupyter Server Proxy's standalone proxy (the hub's login in front of one web program)
wrapping Voila's own server: Voila standalone builds its own handlers, so there is no contents API, no terminal, no
kernel creation, no JupyterLab or tree, and Voila refuses execute requests from the page. Only the kernels Voila
starts read the store's URL, from the environment, and nothing a page can send reaches it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

STORE_ENV = "CARDAVIA_STORE"
HASH_ENV = "CARDAVIA_TEACHER_HASH"
HOME = "voila/render/notebooks/00-cardavia.ipynb"
BOARD = "voila/render/notebooks/05-class.ipynb"
# Voila as a Jupyter server's extension takes MathJax's address and configuration from the server, and with either
# unset its page loads MathJax 2 from a CDN; nothing may leave the machine: both none, as Voila's own server has
NO_MATHJAX = '--ServerApp.tornado_settings={"mathjax_url": None, "mathjax_config": None}'


@dataclass(frozen=True)
class ClassHub:
    """A class's hub: who teaches, each role's store URL, the teacher key, where the pages are, the programs."""

    teachers: frozenset[str]
    student_store: str
    teacher_store: str
    teacher_key: str
    pages: str  # the folder holding ``notebooks/`` and ``voila.json``, as the single-user servers see it
    bin: str = ""  # the folder of the single-user programs ("" when they are on the PATH)

    def teaches(self, name: str) -> bool:
        """Whether hub user ``name`` is one of the class's teachers."""
        return name in self.teachers

    def command(self, name: str) -> list[str]:
        """The single-user server's command for hub user ``name``."""
        if self.teaches(name):
            return [self._program("jupyterhub-singleuser")]
        # the proxy fills in {port} and {base_url} (the user's /user/<name>); Voila serves at / behind it and
        # writes its links under the user's prefix
        voila = [self._program("voila"), self.pages, "--port={port}", "--no-browser", "--Voila.ip=127.0.0.1",
                 "--Voila.server_url=/", "--Voila.base_url={base_url}/", f"--Voila.config_file_paths={self.pages}"]
        # no "always alive" reports (--activity-interval=0): activity is what the hub's proxy sees pass, so the idle
        # culler can stop a server left open
        return [self._program("jupyter-standaloneproxy"), "--timeout=60", "--activity-interval=0", "--", *voila]

    def environment(self, name: str) -> dict[str, str]:
        """What the server's environment adds for hub user ``name``: its role's store URL; for a teacher, the
        teacher key's hash (never the key)."""
        if self.teaches(name):  # Voila as the Jupyter server's extension reads voila.json on the config path
            return {STORE_ENV: self.teacher_store, HASH_ENV: hashlib.sha256(self.teacher_key.encode()).hexdigest(),
                    "JUPYTER_CONFIG_PATH": self.pages}
        return {STORE_ENV: self.student_store}

    def landing(self, name: str) -> str:
        """Where the hub sends hub user ``name`` after login: the teacher's board or the home page."""
        return BOARD if self.teaches(name) else HOME

    def _program(self, name: str) -> str:
        """A program's path in ``bin``."""
        return f"{self.bin.rstrip('/')}/{name}" if self.bin else name

    def prepare(self, spawner: Any) -> None:
        """JupyterHub's ``pre_spawn_hook``: the person's command, environment and landing page."""
        name = spawner.user.name
        spawner.cmd = self.command(name)
        spawner.environment = {**spawner.environment, **self.environment(name)}
        spawner.default_url = "/" + self.landing(name)
        if self.teaches(name):
            spawner.notebook_dir = self.pages
            spawner.args = [*spawner.args, NO_MATHJAX]
        else:
            spawner.args = []  # the hub's own single-user flags are for a Jupyter server, not for the proxy


def apply(c: Any, hub: ClassHub) -> None:
    """Set JupyterHub's configuration ``c`` for ``hub``: the spawn hook, the teachers group."""
    c.Spawner.pre_spawn_hook = hub.prepare
    c.JupyterHub.load_groups = {"teachers": {"users": sorted(hub.teachers)}}
