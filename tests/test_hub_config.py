"""The class hub's configuration without a hub: what each person's server runs and knows, and the Zero to JupyterHub
values giving the same servers as the one-machine configuration that tests/browser/test_hub.py runs."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from traitlets.config import Config

from cardavia_nb.classroom.server import HASH_ENV, key_hash
from cardavia_nb.store.location import ENV as STORE_ENV

DEPLOY = Path(__file__).resolve().parents[1] / "deploy" / "hub"
ENV = {"CARDAVIA_HUB_TEACHERS": "ms-silva,mr-bo", "CARDAVIA_STUDENT_STORE": "postgresql+psycopg://s:pw-s@db/c",
       "CARDAVIA_TEACHER_STORE": "postgresql+psycopg://t:pw-t@db/c", "CARDAVIA_TEACHER_KEY": "k" * 32}


@pytest.fixture
def spawn(monkeypatch):
    """deploy/hub/cardavia_spawn.py as the hub's configuration imports it (beside itself, not as a package)."""
    monkeypatch.syspath_prepend(str(DEPLOY))
    monkeypatch.delitem(sys.modules, "cardavia_spawn", raising=False)
    return importlib.import_module("cardavia_spawn")


def spawned(c: Config, name: str) -> SimpleNamespace:
    """A spawner for hub user ``name`` after the configuration's spawn hook."""
    spawner = SimpleNamespace(user=SimpleNamespace(name=name), environment={"JUPYTERHUB_API_TOKEN": "t"},
                              args=["--debug"], cmd=[], default_url="", notebook_dir="")
    c.Spawner.pre_spawn_hook(spawner)
    return spawner


def test_a_student_s_server_is_voila_behind_the_hub_s_login_with_the_student_store_only(spawn):
    hub = spawn.ClassHub(frozenset({"ms-silva"}), ENV["CARDAVIA_STUDENT_STORE"], ENV["CARDAVIA_TEACHER_STORE"],
                         ENV["CARDAVIA_TEACHER_KEY"], "/srv/cardavia", "/opt/venv/bin")
    c = Config()
    spawn.apply(c, hub)
    student = spawned(c, "ana")
    assert student.cmd[0] == "/opt/venv/bin/jupyter-standaloneproxy" and "/opt/venv/bin/voila" in student.cmd
    assert not [arg for arg in student.cmd if "singleuser" in arg or "lab" in arg.lower()]
    assert "--Voila.server_url=/" in student.cmd and "--Voila.base_url={base_url}/" in student.cmd
    assert student.args == []  # the hub's Jupyter server flags are not the proxy's
    assert student.environment == {"JUPYTERHUB_API_TOKEN": "t", "CARDAVIA_STORE": ENV["CARDAVIA_STUDENT_STORE"]}
    assert student.default_url == "/voila/render/notebooks/00-cardavia.ipynb"
    teacher = spawned(c, "ms-silva")
    assert teacher.cmd == ["/opt/venv/bin/jupyterhub-singleuser"] and teacher.args == ["--debug", spawn.NO_MATHJAX]
    assert teacher.environment["CARDAVIA_STORE"] == ENV["CARDAVIA_TEACHER_STORE"]
    assert teacher.environment["CARDAVIA_TEACHER_HASH"] == key_hash("k" * 32)
    # the hook imports nothing of Cardavia's (the hub's image need not hold it): its names are the package's
    assert (spawn.STORE_ENV, spawn.HASH_ENV) == (STORE_ENV, HASH_ENV)
    assert ENV["CARDAVIA_TEACHER_KEY"] not in repr(teacher.environment) + repr(student.environment) + repr(student.cmd)
    assert teacher.notebook_dir == "/srv/cardavia" and teacher.default_url.endswith("05-class.ipynb")
    assert c.JupyterHub.load_groups == {"teachers": {"users": ["ms-silva"]}}


def test_the_helm_values_give_the_servers_the_one_machine_configuration_gives(spawn, monkeypatch, tmp_path):
    for name, value in {**ENV, "CARDAVIA_HUB_DATA": str(tmp_path)}.items():
        monkeypatch.setenv(name, value)
    local = Config()
    exec(compile((DEPLOY / "jupyterhub_config.py").read_text(), str(DEPLOY / "jupyterhub_config.py"), "exec"),
         {"get_config": lambda: local, "__file__": str(DEPLOY / "jupyterhub_config.py")})
    values = yaml.safe_load((DEPLOY / "values.yaml").read_text())
    helm = Config()
    exec(values["hub"]["extraConfig"]["cardavia"], {"c": helm})
    here = {f"{Path(sys.executable).parent}/": "", str(DEPLOY.parents[1]): "PAGES"}  # the one machine's folders
    there = {"/home/jovyan": "PAGES"}
    for name in ("ana", "ms-silva", "mr-bo"):
        one, other = spawned(local, name), spawned(helm, name)
        assert one.default_url == other.default_url
        assert _as(one.environment, here) == _as(other.environment, there)
        assert _as(one.cmd, here) == _as(other.cmd, there)
    assert helm.JupyterHub.load_groups == local.JupyterHub.load_groups
    assert set(values["hub"]["extraEnv"]) >= {"CARDAVIA_HUB_TEACHERS", "CARDAVIA_STUDENT_STORE",
                                              "CARDAVIA_TEACHER_STORE", "CARDAVIA_TEACHER_KEY"}
    assert values["cull"]["enabled"] and local.JupyterHub.services[0]["name"] == "idle-culler"


def test_no_server_gets_a_store_from_the_chart_and_the_docs_give_none_to_a_student_s_jupyter_server():
    values = yaml.safe_load((DEPLOY / "values.yaml").read_text())
    assert "extraEnv" not in values["singleuser"]  # each side's store comes from the spawn hook, never to all
    for name in ("CARDAVIA_STUDENT_STORE", "CARDAVIA_TEACHER_STORE", "CARDAVIA_TEACHER_KEY"):
        assert set(values["hub"]["extraEnv"][name]["valueFrom"]) == {"secretKeyRef"}  # a secret, not in the file
    text = (DEPLOY.parents[1] / "docs" / "classroom.md").read_text(encoding="utf-8")
    for block in re.findall(r"```yaml\n(.*?)```", text, flags=re.S):
        assert "postgres" not in block.lower() and "password" not in block.lower(), block
    assert not re.search(r"singleuser\.extraEnv\.CARDAVIA_STORE[^\n]*postgres", text)


def _as(found, folders: dict[str, str]):
    """A command or environment with the deployment's folders named alike."""
    def named(text: str) -> str:
        for folder, name in folders.items():
            text = text.replace(folder, name)
        return text
    if isinstance(found, dict):
        return {key: named(value) for key, value in found.items()}
    return [named(arg) for arg in found]
