"""Class mode: pools per notebook sized from the class, the Makefile's flags, voila.json's culling,
a game page's modules that do not load the other games, and the teacher key (drawn, kept, hashed)."""

import hashlib
import json
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cardavia_nb.classroom import server
from cardavia_nb.classroom.server import (DEFAULT_PAGES, HASH_ENV, KEY_ENV, KEY_FILE, ROOM_ENV, kernel_env, key_hash,
                                          page_links, pool_config, teacher_key, voila_flags)

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
    command = line[line.index("-m cardavia_nb.classroom"):].splitlines()[0].split()
    assert command[2:] == ["--students", "12", "--pages", "01-truco", "03-french-tarot", "--fill-delay", "30",
                           "--host", "0.0.0.0", "--port", "8866", "--store", f"'sqlite:///{ROOT}/.cardavia/games.sqlite'",
                           "--data-dir", f"'{ROOT}/.cardavia'"]


def test_print_flags_gives_the_voila_flags():
    out = subprocess.run([sys.executable, "-m", "cardavia_nb.classroom", "--print-flags", "--students", "8"],
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


# --- the teacher key -------------------------------------------------------------------------------

def test_a_teacher_key_is_drawn_once_and_kept_for_this_user_only(tmp_path):
    key = teacher_key(None, tmp_path / "data")
    path = tmp_path / "data" / KEY_FILE
    assert len(key) >= 32 and path.read_text().strip() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert teacher_key(None, tmp_path / "data") == key  # a restart keeps the teacher's sets
    assert teacher_key(None, tmp_path / "other") != key


def test_a_given_teacher_key_is_used_as_it_is_and_a_weak_or_strange_one_refused(tmp_path):
    given = "a" * 22 + "-_Z9"
    assert teacher_key(given, tmp_path) == given and not (tmp_path / KEY_FILE).exists()
    for bad in ("short", "x" * 21, "spaces are not allowed in it", "é" * 30, "k" * 201):
        with pytest.raises(SystemExit, match="22 to 200"):
            teacher_key(bad, tmp_path)


def test_a_damaged_key_file_is_refused_in_words(tmp_path):
    (tmp_path / KEY_FILE).write_text("not a key\n")
    with pytest.raises(SystemExit, match="delete it"):
        teacher_key(None, tmp_path)


def test_the_kernels_get_the_keys_hash_and_the_store_never_the_key(monkeypatch):
    monkeypatch.setenv(KEY_ENV, "k" * 30)
    env = kernel_env("sqlite:///x.sqlite", "k" * 30)
    assert env[HASH_ENV] == hashlib.sha256(b"k" * 30).hexdigest() == key_hash("k" * 30)
    assert KEY_ENV not in env and "k" * 30 not in "".join(env.values())
    assert env["CARDAVIA_STORE"] == "sqlite:///x.sqlite"


def test_links_name_a_reachable_address_and_carry_the_key_in_the_fragment_only():
    students, teacher = page_links("0.0.0.0", 8866, ["01-truco", "03-french-tarot.ipynb"], "K" * 32, room="192.168.1.20")
    assert students == ["http://192.168.1.20:8866/voila/render/notebooks/01-truco.ipynb",
                        "http://192.168.1.20:8866/voila/render/notebooks/03-french-tarot.ipynb"]
    # the teacher's page on this machine's loopback: the key it sends its kernel never crosses the room's network
    assert teacher == "http://127.0.0.1:8866/voila/render/notebooks/05-class.ipynb#key=" + "K" * 32
    assert (ROOT / "notebooks" / teacher.split("/")[-1].split("#")[0]).is_file()
    students, teacher = page_links("0.0.0.0", 80, ["01-truco"], "K" * 32, room=None)
    assert students[0].startswith("http://ADDRESS:80/") and teacher.startswith("http://127.0.0.1:80/")
    assert page_links("127.0.0.1", 9, ["01-truco"], "K" * 32)[0] == ["http://127.0.0.1:9/voila/render/notebooks/01-truco.ipynb"]
    # a server on one network address only is not on loopback: both links name that address
    students, teacher = page_links("192.168.1.20", 9, ["01-truco"], "K" * 32)
    assert teacher.startswith("http://192.168.1.20:9/") and students[0].startswith("http://192.168.1.20:9/")


def test_room_address_is_never_a_loopback_one():
    address = server.room_address()
    assert address is None or not address.startswith("127.")


class FakeVoila:
    """What class mode starts instead of Voila: it keeps the command and the environment it was given."""

    pid = 1
    started: dict = {}

    def __init__(self, cmd, env):
        FakeVoila.started = {"cmd": cmd, "env": env}

    def poll(self):
        return None

    def wait(self, *_):
        return 0


@pytest.fixture
def fake_voila(monkeypatch):
    """Class mode's run with a Voila that starts at once and a pool full at once: what it started."""
    monkeypatch.setattr(server.subprocess, "Popen", FakeVoila)
    monkeypatch.setattr(server, "serving", lambda *_: True)
    monkeypatch.setattr(server, "wait_until_full", lambda *_, **__: 3.0)
    return FakeVoila


def test_class_mode_prints_the_teacher_link_and_starts_voila_with_the_hash_only(monkeypatch, tmp_path, capsys, fake_voila):
    monkeypatch.setattr(server, "room_address", lambda: None)
    monkeypatch.delenv(KEY_ENV, raising=False)
    server.main(["--students", "2", "--data-dir", str(tmp_path), "--store", "sqlite:///s.sqlite"])
    key = (tmp_path / KEY_FILE).read_text().strip()
    out = capsys.readouterr().out
    assert f"http://127.0.0.1:8866/voila/render/notebooks/05-class.ipynb#key={key}" in out
    assert "replace ADDRESS" in out and "http://ADDRESS:8866/voila/render/notebooks/01-truco.ipynb" in out
    started = fake_voila.started
    assert started["env"][HASH_ENV] == key_hash(key) and key not in " ".join([*started["cmd"], *started["env"].values()])
    assert ROOM_ENV not in started["env"]  # no address known: the board says its link is a loopback one


def test_class_mode_tells_the_kernels_the_students_address(monkeypatch, tmp_path, fake_voila):
    monkeypatch.setattr(server, "room_address", lambda: "192.168.1.20")
    server.main(["--students", "2", "--data-dir", str(tmp_path), "--port", "8870"])
    assert fake_voila.started["env"][ROOM_ENV] == "http://192.168.1.20:8870/"
