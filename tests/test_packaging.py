"""The package as users get it: a wheel that carries the front end, and the Binder files.

These tests build real virtual environments (about a minute): the wheel's widget assets must load
from site-packages, and binder/ must produce an image that can run every notebook.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    """Run a command; on failure show its output in the assertion."""
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


@pytest.fixture(scope="module")
def binder_venv(tmp_path_factory) -> tuple[Path, dict]:
    """A fresh venv made only from binder/requirements.txt and binder/postBuild, as repo2docker makes the image."""
    base = tmp_path_factory.mktemp("binder")
    venv = base / "venv"
    run([sys.executable, "-m", "venv", str(venv)])
    env = {**os.environ, "PATH": f"{venv / 'bin'}:{os.environ['PATH']}", "HOME": str(base / "home"),
           "VIRTUAL_ENV": str(venv), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE"):
        env.pop(var, None)
    # (bytecode is written as the image's pip install would have compiled it: each notebook's kernel imports it)
    env["XDG_CACHE_HOME"] = os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache"))
    # the requirements installed by uv, which resolves them as pip does at a tenth of pip's CPU time (pip cost
    # half a minute of the suite); postBuild then runs as it is, with the image's pip
    run([sys.executable, "-m", "uv", "pip", "install", "-q", "--python", str(venv / "bin" / "python"),
         "-r", "binder/requirements.txt"], cwd=ROOT, env=env)
    run(["bash", "binder/postBuild"], cwd=ROOT, env=env)
    return venv, env


def test_wheel_ships_front_end_template_and_catalogs(binder_venv):
    """What the wheel postBuild built and installed holds, read from its RECORD: one build of the package."""
    venv, _ = binder_venv
    (record,) = venv.glob("lib/python*/site-packages/cardavia_nb-*.dist-info/RECORD")
    names = {line.split(",")[0] for line in record.read_text().splitlines()}
    widgets = sorted(p.relative_to(ROOT / "widgets").as_posix() for p in (ROOT / "widgets").rglob("*")
                     if p.suffix in (".js", ".css"))
    assert widgets, "widgets/ has no front-end files"
    for name in widgets:
        assert f"cardavia_nb/widgets/{name}" in names
    assert any(n.endswith("share/jupyter/voila/templates/cardavia/index.html.j2") for n in names)
    assert "cardavia_nb/i18n/en/core.toml" in names


def test_installed_package_finds_its_assets_in_site_packages(binder_venv, tmp_path):
    venv, env = binder_venv
    code = (
        "import cardavia_nb, pathlib; from cardavia_nb.ui.assets import asset\n"
        "p = asset('table/table.js'); assert 'site-packages' in str(p), p\n"
        "assert p.read_text().strip(); print(p)"
    )
    out = run(["python", "-c", code], cwd=tmp_path, env=env).stdout
    assert "site-packages" in out


def test_binder_home_has_the_voila_settings(binder_venv):
    _, env = binder_venv
    home = Path(env["HOME"]) / ".jupyter"
    assert (home / "jupyter_server_config.json").read_text() == (ROOT / "voila.json").read_text()


def test_binder_image_runs_every_notebook(binder_venv):
    """Every notebook run by nbval in the Binder image's venv: the one run of notebooks/ in `make test` (the unit
    run collects tests/ only), so the pinned image is what the lessons' cells and checked outputs are tested in."""
    venv, env = binder_venv
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert notebooks
    tools = [f"{name}=={version(name)}" for name in ("pytest", "nbval", "pytest-timeout")]  # the tests' own pins
    run([sys.executable, "-m", "uv", "pip", "install", "-q", "--python", str(venv / "bin" / "python"), *tools],
        cwd=ROOT, env=env)
    proc = run([str(venv / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax",
                "--nbval-current-env", *[str(nb.relative_to(ROOT)) for nb in notebooks]], cwd=ROOT, env=env)
    cells = sum(cell["cell_type"] == "code" for nb in notebooks for cell in json.loads(nb.read_text())["cells"])
    assert f"{cells} passed" in proc.stdout, proc.stdout[-2000:]  # nbval: one test per code cell, each ran


def test_repo2docker_reads_binder_folder_without_docker():
    proc = run([str(Path(sys.executable).parent / "repo2docker"), "--no-build", "--debug", str(ROOT)])
    out = proc.stdout + proc.stderr
    assert "python=3.11" in out
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in out
    assert "./binder/postBuild" in out


def test_binder_requirements_resolve():
    run([sys.executable, "-m", "pip", "install", "--dry-run", "-q", "-r", str(ROOT / "binder/requirements.txt")])
