"""The store's SQLite file holds every record and the class seeds: its folder is created 0700, the file and
its write-ahead log 0600, whatever the server's umask."""

from __future__ import annotations

import os
import stat

import pytest

from cardavia_nb.store import Store, default_url, new_token
from cardavia_nb.store.location import DATA_DIR, FILE_NAME


def mode(path) -> int:
    """The permission bits of ``path``."""
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_the_folder_is_created_0700_and_the_database_0600(tmp_path):
    before = os.umask(0o002)  # a lenient umask: the modes must not depend on it
    try:
        store = Store(default_url(tmp_path / "server"))
        store.save(new_token(), "truco", "{}", level="low", seat=0, moves=1, deals=1)
    finally:
        os.umask(before)
    folder = tmp_path / "server" / DATA_DIR
    modes = {p.name: mode(p) for p in folder.iterdir()}  # the file, its write-ahead log and shared memory
    store.close()
    assert mode(folder) == 0o700 and len(modes) == 3 and FILE_NAME in modes
    assert modes == dict.fromkeys(modes, 0o600)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_class_mode_creates_the_same_folder_0700_when_it_keeps_the_teacher_key_first(tmp_path):
    from cardavia_nb.classroom.server import teacher_key

    teacher_key(None, tmp_path / DATA_DIR)  # `make class` draws the key before any kernel opens the store
    assert mode(tmp_path / DATA_DIR) == 0o700


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_database_file_left_readable_by_an_older_version_is_made_private_when_opened(tmp_path):
    url = default_url(tmp_path)
    Store(url).close()
    path = tmp_path / DATA_DIR / FILE_NAME
    os.chmod(path, 0o644)  # as versions before this one created it
    Store(url).close()
    assert mode(path) == 0o600
