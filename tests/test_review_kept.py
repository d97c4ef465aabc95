"""A lesson's worked-example review is judged once per version of the code and then read from disk."""

from __future__ import annotations

import pytest

from cardavia_nb.review import review
from cardavia_nb.review import kept as kept_module
from cardavia_nb.review.deals import played_deal
from cardavia_nb.review.kept import kept_review


@pytest.fixture
def judged(monkeypatch, tmp_path):
    """Count the reviews really judged, with the kept reviews in a folder of this test."""
    monkeypatch.setenv(kept_module.ENV, str(tmp_path))
    calls = []
    monkeypatch.setattr(kept_module, "review", lambda *a, **k: calls.append(1) or review(*a, **k))
    return calls


RECORD = played_deal("pao_de_kuai", 11, ["low"] * 3, seats_seed=100)


def test_the_second_call_reads_the_same_review_from_disk(judged, tmp_path):
    first = kept_review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False)
    assert kept_review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False) == first == review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False)
    assert len(judged) == 1 and len(list((tmp_path / "reviews").glob("*.pickle"))) == 1
    kept_review(RECORD, seat=1, hindsight=0, worlds=4, duplicate=False)  # another seat is another review
    assert len(judged) == 2


def test_new_code_a_broken_file_or_off_judge_it_again(judged, tmp_path, monkeypatch):
    kept_review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False)
    monkeypatch.setattr(kept_module, "code_digest", lambda: "another version of the code")
    kept_review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False)
    assert len(judged) == 2
    for path in (tmp_path / "reviews").glob("*.pickle"):
        path.write_bytes(b"cut sho")
    assert kept_review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False) == review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False) and len(judged) == 3
    monkeypatch.setenv(kept_module.ENV, "off")
    kept_review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False)
    kept_review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False)
    assert len(judged) == 5


def test_a_folder_that_cannot_be_written_still_gives_the_review(judged, tmp_path, monkeypatch):
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv(kept_module.ENV, str(blocked))
    assert kept_review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False) == review(RECORD, seat=0, hindsight=0, worlds=4, duplicate=False)
