"""Teaching panels, the home page and the navigation line, driven without a browser."""

import pytest

from cardavia_nb import i18n
from cardavia_nb.i18n import card_name
from cardavia_nb.ui.home import Home, Nav
from cardavia_nb.ui.panel import MAX_FILE, MAX_TEXT, Panel, Prose, Quiz, cards, field, image, upload
from cardavia_nb.ui.settings import Settings
from tests.blocks import block_text
from tests.support import send


def test_prose_follows_the_page_language():
    settings = Settings(lang="en")
    prose = Prose("home.title", "home.tagline", settings=settings)
    assert [block_text(b) for b in prose.blocks] == [i18n.translate("home.title"), i18n.translate("home.tagline")]
    settings.lang = "fr"
    assert block_text(prose.blocks[1]) == i18n.translate("home.tagline", "fr") != i18n.translate("home.tagline")


def test_quiz_wrong_then_right():
    quiz = Quiz("home.title", [("a", "1"), ("b", "2")], answer="b", explain="home.tagline", settings=Settings())
    assert [b["type"] for b in quiz.blocks] == ["md", "buttons"]
    send(quiz, {"type": "press", "id": "a"})
    assert quiz.blocks[-1]["tone"] == "bad" and block_text(quiz.blocks[-1]).startswith(i18n.translate("ui.quiz.wrong"))
    send(quiz, {"type": "press", "id": "b"})
    assert quiz.blocks[-1]["tone"] == "ok"
    assert [i["pressed"] for i in quiz.blocks[1]["items"]] == [False, True]


@pytest.mark.parametrize("bad", [None, "x", {}, {"type": "act"}, {"type": "press"}, {"type": "press", "id": 3},
                                 {"type": "number", "id": "n", "value": True}, {"type": "pick", "card": ["1E"]},
                                 {"type": "text", "id": "t"}, {"type": "text", "id": "t", "value": "x" * (MAX_TEXT + 1)},
                                 {"type": "file", "id": "f", "name": "a.json"},
                                 {"type": "file", "id": "f", "name": "a.json", "text": "x" * (MAX_FILE + 2)}])
def test_malformed_messages_change_nothing_and_say_so(bad):
    quiz = Quiz("home.title", [("a", "1"), ("b", "2")], answer="b", explain="home.tagline", settings=Settings())
    before = quiz.blocks
    send(quiz, bad)
    assert quiz.blocks == before and quiz.given is None
    assert quiz.notice == i18n.translate("ui.panel.bad_message")


def test_quiz_answer_must_be_a_choice():
    with pytest.raises(ValueError, match="not one of the choices"):
        Quiz("home.title", [("a", "1")], answer="z", explain="home.tagline", settings=Settings())


def test_card_blocks_name_cards_in_words():
    block = cards(["1E", "12C"], "spanish", "pt", pick=True, selected=["1E"])
    assert [c["selected"] for c in block["cards"]] == [True, False]
    assert block["cards"][0]["name"] == card_name("1E", "spanish", "pt")


def test_home_lists_every_tradition_with_cards_and_links_keep_the_language():
    settings = Settings(lang="nl")
    home = Home(settings=settings)
    rows = [b for b in home.blocks if b["type"] == "cards"]
    assert [len(r["cards"]) for r in rows] == [5, 5, 5]
    text = " ".join(b["html"] for b in home.blocks if b["type"] == "md")
    for page in ("01-truco.ipynb?lang=nl", "02-pao-de-kuai.ipynb?lang=nl", "03-french-tarot.ipynb?lang=nl"):
        assert page in text


def test_nav_links_home_previous_next():
    settings = Settings(lang="es")
    line = Nav("pao_de_kuai", settings=settings).blocks[0]["html"]
    assert "00-cardavia.ipynb?lang=es" in line and "01-truco.ipynb?lang=es" in line and "03-french-tarot.ipynb?lang=es" in line
    with pytest.raises(ValueError):
        Nav("chess")


def test_a_number_out_of_range_is_brought_in_and_said():
    from cardavia_nb.ui.lessons import truco

    demo = truco.ScoreWords(settings=Settings(lang="pt"))
    demo._on_msg(demo, {"type": "number", "id": "score", "value": 31}, [])
    assert demo.score == 30 and demo.notice == "Escolha um número de 0 a 30: 31 virou 30."
    field = next(b for b in demo.blocks if b["type"] == "number")
    assert field["value"] == 30 and "30" in block_text(next(b for b in demo.blocks if b["type"] == "note"))
    demo._on_msg(demo, {"type": "number", "id": "score", "value": 12}, [])
    assert demo.score == 12 and demo.notice == ""


class Echo(Panel):
    """A panel that keeps the last text or file it was sent."""

    got: tuple = ()

    def render(self, lang):
        return [field("name", "Name", "OK"), upload("files", "Files"), image("data:image/png;base64,AA==", "a dot")]

    def handle(self, intent, content):
        self.got = (intent, content.get("value", content.get("text")))


def test_text_and_file_intents_reach_the_panel_when_well_formed():
    echo = Echo(settings=Settings())
    assert [b["type"] for b in echo.blocks] == ["field", "file", "image"]
    send(echo, {"type": "text", "id": "name", "value": "Zoë 張"})
    assert echo.got == ("text", "Zoë 張") and echo.notice == ""
    send(echo, {"type": "file", "id": "files", "name": "r.json", "text": "{}"})
    assert echo.got == ("file", "{}")
    send(echo, {"type": "text", "id": "name", "value": 5})
    assert echo.got == ("file", "{}") and echo.notice == i18n.translate("ui.panel.bad_message")


def test_an_image_block_takes_only_a_data_address():
    with pytest.raises(ValueError, match="data: address"):
        image("https://example.org/qr.png", "QR")
    assert field("k", "Key", "Go", max_length=10**6)["max"] == MAX_TEXT
