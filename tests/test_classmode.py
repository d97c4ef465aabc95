"""Class mode: pools per notebook sized from the class, the Makefile's flags, voila.json's culling,
and a game page's modules that do not load the other games."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardavia_nb.classmode import DEFAULT_PAGES, pool_config, voila_flags

ROOT = Path(__file__).resolve().parents[1]


def test_the_class_is_shared_among_the_named_pages_and_no_other_page_is_pooled():
    assert pool_config(30, ["01-truco"]) == {"default": {"pool_size": 0}, "notebooks/01-truco.ipynb": {"pool_size": 30}}
    two = pool_config(31, ["01-truco", "02-pao-de-kuai.ipynb"])
    assert two["notebooks/01-truco.ipynb"] == two["notebooks/02-pao-de-kuai.ipynb"] == {"pool_size": 16}
    assert two["default"] == {"pool_size": 0}


@pytest.mark.parametrize("students, pages", [(-1, ["01-truco"]), (30, [])])
def test_a_class_without_pages_or_with_a_negative_count_is_refused(students, pages):
    with pytest.raises(ValueError):
        pool_config(students, pages)


def test_voila_flags_preheat_per_notebook_with_a_refill_delay():
    flags = voila_flags(12, ["03-french-tarot"], fill_delay=45)
    assert flags[:2] == ["--preheat_kernel=True", "--pool_size=0"]
    config = next(f for f in flags if f.startswith("--VoilaKernelManager.kernel_pools_config="))
    assert json.loads(config.split("=", 1)[1])["notebooks/03-french-tarot.ipynb"] == {"pool_size": 12}
    assert "--VoilaKernelManager.fill_delay=45" in flags


def test_the_default_pages_exist():
    for page in DEFAULT_PAGES:
        assert (ROOT / "notebooks" / f"{page}.ipynb").is_file()


def test_make_class_passes_students_pages_and_every_interface():
    out = subprocess.run(["make", "-n", "--no-print-directory", "class", "STUDENTS=12", "PAGES=01-truco 03-french-tarot",
                          "FILL_DELAY=30"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    line = out.replace("\\\n", " ")
    command = line[line.index("-m cardavia_nb.classmode"):].splitlines()[0].split()
    assert command[2:] == ["--students", "12", "--pages", "01-truco", "03-french-tarot", "--fill-delay", "30",
                           "--host", "0.0.0.0", "--port", "8866", "--store", f"'sqlite:///{ROOT}/.cardavia/games.sqlite'"]


def test_print_flags_gives_the_voila_flags():
    out = subprocess.run([sys.executable, "-m", "cardavia_nb.classmode", "--print-flags", "--students", "8"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "'--preheat_kernel=True'" in out and '"notebooks/01-truco.ipynb": {"pool_size": 8}' in out


def test_voila_json_still_culls_unconnected_idle_kernels():
    """Pooled kernels are spared by Voila's own culler override; students' closed tabs are not."""
    culling = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
    assert culling["cull_connected"] is False and culling["cull_idle_timeout"] == 60


def test_the_truco_page_modules_do_not_load_the_other_games():
    code = ("import sys; from cardavia_nb.ui import Settings, Table; from cardavia_nb.ui.home import Nav; "
            "from cardavia_nb.ui.lessons import truco; print(' '.join(sys.modules))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())
    assert "cardavia_nb.games.truco" in loaded
    others = {m for m in loaded if any(g in m for g in ("pao_de_kuai", "french_tarot"))}
    assert not others, sorted(others)


def test_make_play_keeps_one_warm_kernel_per_game_page_unless_pool_is_zero():
    def dry(*args: str) -> str:
        return subprocess.run(["make", "-n", "--no-print-directory", "play", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout

    pooled = dry()
    for page in ("01-truco", "02-pao-de-kuai", "03-french-tarot"):
        assert f'"notebooks/{page}.ipynb": {{"pool_size": 1}}' in pooled
    assert "'--VoilaKernelManager.fill_delay=0'" in pooled
    assert "preheat" not in dry("POOL=0")
