"""The lesson notebooks as documents, the Voila template that leaves their English step cells out, and
demo deals that never show a table deal."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import nbformat
import pytest

from cardavia_nb.core.rng import MAX_SEED
from cardavia_nb.games.french_tarot import FrenchTarot
from cardavia_nb.games.pao_de_kuai import PaoDeKuai
from cardavia_nb.games.truco import Truco
from cardavia_nb.ui import Settings
from cardavia_nb.ui.lessons import truco
from cardavia_nb.ui.lessons.kit import demo_deal, demo_seed
from tests.browser.harness import ROOT, voila_server
from tests.support import send

TAG = "jupyterlab-only"
STEPS = {"00-cardavia.ipynb": 0, "01-truco.ipynb": 9, "02-pao-de-kuai.ipynb": 5, "03-french-tarot.ipynb": 8, "05-class.ipynb": 0}
# Notebooks written for JupyterLab readers who code: their English Markdown is the lesson itself.
CODE_LESSONS = {"04-your-own-bot.ipynb"}
NOTEBOOKS = [ROOT / "notebooks" / name for name in STEPS]
SEEDS = range(10_000)


def cells(path: Path) -> list[dict]:
    """The cells of a notebook."""
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_every_notebook_is_listed():
    names = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert names == sorted([*STEPS, *CODE_LESSONS])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_each_section_opens_with_a_tagged_markdown_title_and_sentence(path):
    all_cells = cells(path)
    markdown = [c for c in all_cells if c["cell_type"] == "markdown"]
    assert markdown and all(c["metadata"].get("tags") == [TAG] for c in markdown)
    for cell in markdown:
        title, _, sentence = "".join(cell["source"]).partition("\n\n")
        assert re.fullmatch(r"#{1,2} \S.*", title), title
        assert sentence.endswith(".") and "\n" not in sentence.strip(), sentence
    titles = ["".join(c["source"]).split("\n")[0] for c in markdown]
    steps = [t for t in titles if t.startswith("## Step ")]
    assert [int(re.match(r"## Step (\d+) — ", t).group(1)) for t in steps] == list(range(1, STEPS[path.name] + 1))
    assert all_cells[0]["cell_type"] == "markdown" or all_cells[1]["cell_type"] == "markdown"
    assert all(next_["cell_type"] == "code" for cell, next_ in zip(all_cells, all_cells[1:])
               if cell["cell_type"] == "markdown")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_are_committed_without_outputs_and_use_the_public_lesson_api(path):
    for cell in cells(path):
        assert not cell.get("outputs") and cell.get("execution_count") is None
        source = "".join(cell["source"])
        assert not re.search(r"lesson\.(_|[A-Z][A-Z_]+\b)", source), source  # no private or constant internals


def test_the_cardavia_template_leaves_tagged_cells_out(tmp_path, monkeypatch):
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("Shown-marker for every reader."),
        nbformat.v4.new_markdown_cell("Hidden-marker for JupyterLab readers.", metadata={"tags": [TAG]}),
        nbformat.v4.new_code_cell('print("code" + "-ran-marker")'),
    ])
    path = tmp_path / "tagged.ipynb"
    nbformat.write(notebook, path)
    monkeypatch.setenv("JUPYTER_PATH", str(ROOT / "share" / "jupyter"))  # this tree's template, not the installed copy
    with voila_server(tmp_path / "voila.log", extra=(str(path),)) as server:
        with urllib.request.urlopen(server.url, timeout=120) as response:
            page = response.read().decode()
    assert "Shown-marker" in page and "code-ran-marker" in page
    assert "Hidden-marker" not in page


# --- issue 15: demo deals come from the lessons' own key domain --------------------------------------

def deal_of(game, state) -> tuple:
    """Everything a deal hides: each hand, and Tarot's chien."""
    return (tuple(tuple(h) for h in state.hands), tuple(getattr(state, "chien", ())))


@pytest.mark.parametrize("game", [Truco(), PaoDeKuai(), FrenchTarot()], ids=lambda g: g.name)
def test_no_demo_deal_is_a_table_deal_over_ten_thousand_seeds(game):
    table = {deal_of(game, game.new(seed)) for seed in SEEDS}
    demo = {deal_of(game, demo_deal(game, n)) for n in SEEDS}
    assert len(table) == len(demo) == len(SEEDS)
    assert not table & demo
    assert not {demo_seed(game.name, n) for n in SEEDS} & set(SEEDS)
    assert all(0 <= demo_seed(game.name, n) <= MAX_SEED for n in range(10))


def test_the_dealing_demo_shuffles_through_demo_deals_only():
    panel = truco.Dealing(settings=Settings())
    game = truco.GAME
    for _ in range(30):
        send(panel, {"type": "press", "id": "shuffle"})
        assert deal_of(game, panel.state) == deal_of(game, demo_deal(game, panel.match))
        assert demo_seed(game.name, panel.match) not in SEEDS
