"""After the deal, in the browser: a deal played to its end, High's score on the same cards in its
summary (its arrival leaves a record being pasted alone), the record downloaded, a bad pasted record
refused in words, the review opened and stepped through by keyboard alone (arrows, Home, End, the
hands shown by Space), a mistake opened and another move tried there before High's is shown, axe clean,
a practice deal taken over from that move and left again, and back to the summary; Truco at 1366×900 in
English, Pao De Kuai at 390×844 in French (screenshots tests/artifacts/review-<game>-<seed>-<lang>-<size>-*.png),
each on the page its game's page module has open (``reviewed_by_keyboard``)."""

from __future__ import annotations

import json

import pytest

from cardavia_nb.core.record import Record, RecordError, replay
from cardavia_nb.core.text import Msg
from cardavia_nb.games import get
from cardavia_nb.review import review
from cardavia_nb.review.report import high_on_same_cards
from cardavia_nb.ui.review.reviewing import WORLDS
from cardavia_nb.ui.table.summary import signed
from tests.browser.conftest import look, picture
from tests.browser.harness import AXE, axe_violations, show_tab
from tests.browser.pages import SETTLED, TABLE, high_has_played, in_language, plain_move, wait

# The page must show exactly the mistakes the same record's review finds in this process; Truco deal 7,
# played by the first card or the first answer, must hold one (Quiero where High says No quiero), so
# the mistake, find-it-yourself and take-over steps always run; Pao De Kuai's deal 24 (played by
# passing whenever it may) runs them too when its review finds a mistake.
CASES = {"truco": ("01-truco.ipynb", 7, "en", (1366, 900), True), "pao_de_kuai": ("02-pao-de-kuai.ipynb", 24, "fr", (390, 844), False)}
PANEL = f"{TABLE} .cv-review-slot"
BAD_RECORD = json.dumps({"format": "cardavia-record/7"})  # a record of a newer format: refused in one sentence


def play_to_the_end(page) -> None:
    """Truco: the first card, or the first answer to a call; Pao De Kuai: a pass when it may, else the
    first multi-card play (``plain_move``). To the summary."""
    table = page.locator(TABLE)
    for _ in range(60):
        if table.locator("[data-testid='result']").count():
            return
        plain_move(page)
    raise AssertionError("the deal did not end")


def same_cards_line(record: Record, lang: str) -> str:
    """The summary's line of High on the same cards for ``record``'s deal, worked out here."""
    game = get(record.game, **record.options)
    high, you = high_on_same_cards(record), game.deal_points(replay(game, record))
    if record.game == "truco":
        return Msg.of("review.same.truco", n=high.points[0], high_them=high.points[1], you=you[0],
                      you_them=you[1]).text(lang)
    return Msg.of("review.same.points", high=signed(high.points[0], lang), you=signed(you[0], lang)).text(lang)


def current_line(page) -> int:
    return int(page.locator(f"{PANEL} [data-testid='replay-lines'] li[aria-current='step']").get_attribute("data-step"))


def focused(page) -> str:
    return page.evaluate("document.activeElement?.dataset?.testid || document.activeElement?.tagName")


def reviewed_by_keyboard(page, notebook: str, seed: int, lang: str, size: tuple[int, int], mistaken: bool) -> None:
    """The deal ``seed`` played to its end on ``page`` (``notebook``'s page, open at any tab and in any language:
    each game's page module runs this on its page), then everything the module docstring says, in ``lang`` at
    ``size``; ``mistaken``: the review must find a mistake."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` unpacks axe-core from npm.")
    in_language(page, lang)
    show_tab(page, "table")
    page.set_viewport_size(dict(zip(("width", "height"), size)))
    table = page.locator(TABLE)
    game = notebook.split("-", 1)[1].split(".")[0]
    name = f"review-{game}-{seed}-{lang}-{'desktop' if size[0] > 1000 else 'phone'}"
    table.locator("[data-testid='seed']").fill(str(seed))
    since = table.get_attribute("data-seq")
    table.locator("[data-testid='seed']").press("Enter")
    wait(page, since)  # the new deal's frame: under load a fixed pause could still show the page's first deal
    assert table.locator("[data-testid='review'], [data-testid='review-panel']:not([hidden])").count() == 0
    play_to_the_end(page)
    look(page, f"{name}-summary")

    # A record pasted while High plays the same cards: its line arrives without closing the box or losing the text
    table.locator("[data-testid='open-record-box'] summary").click()
    table.locator("[data-testid='record-text']").fill(BAD_RECORD)
    high_has_played(page, lang)
    assert table.locator("[data-testid='open-record-box']").get_attribute("open") is not None
    assert table.locator("[data-testid='record-text']").input_value() == BAD_RECORD

    with page.expect_download() as download:  # the record of the deal, as a file
        table.locator("[data-testid='download-record']").click()
    assert download.value.suggested_filename.startswith("cardavia-") and download.value.suggested_filename.endswith(".json")
    record = Record.from_json(open(download.value.path(), encoding="utf-8").read())
    assert record.setup["hands"] and record.players[0].kind == "human"
    same = same_cards_line(record, lang)  # High on the same cards, played while the summary is read
    assert table.locator("[data-testid='result'] [data-testid='same-cards']").inner_text() == same

    table.locator("[data-testid='open-record']").click()  # the bad record pasted above: one sentence, nothing else
    with pytest.raises(RecordError) as err:
        Record.from_json(BAD_RECORD)
    page.wait_for_function("(t) => document.querySelector(\"[data-testid='notice']\").textContent === t", arg=err.value.text(lang))
    assert page.locator(f"{TABLE} [data-testid='review-panel']").is_hidden()

    table.locator("[data-testid='review']").focus()  # from here on, the keyboard alone
    waited = page.evaluate("""() => new Promise((done) => {
      const root = document.querySelector(".cardavia[data-testid='table']");
      const start = performance.now();
      const seen = new MutationObserver(() => {
        if (root.dataset.replay === "1") {
          seen.disconnect();
          window.cvFirstBox = root.querySelector("[data-testid='replay-faceup']");  // the bar's control, drawn once
          done(performance.now() - start);
        }
      });
      seen.observe(root, { attributes: true, subtree: true, childList: true });
      document.activeElement.click();
    })""")
    print(f"{name}: Review click -> replay's first frame {waited:.0f} ms")
    page.locator(f"{PANEL}:not([hidden]) [data-testid='replay-where']").wait_for()
    # the judging ends while the learner may be pressing keys on the bar: its controls stay the same elements
    page.locator(f"{TABLE} [data-testid='review-progress'][data-done='1']").wait_for(timeout=120_000)
    assert page.evaluate("document.querySelector(\"[data-testid='replay-faceup']\") === window.cvFirstBox"), \
        "the replay's bar was drawn again when the judging ended: a key pressed on it then would be lost"
    assert page.locator(f"{PANEL} [data-testid='take-over']").is_enabled()
    assert page.evaluate(f"document.querySelector(\"{TABLE} [data-testid='review-panel']\").getBoundingClientRect().top") \
        < page.evaluate(f"document.querySelector(\"{TABLE} [data-testid='review-more']\").getBoundingClientRect().top")
    page.wait_for_function("() => document.activeElement?.dataset?.testid === 'replay-forward'")
    assert current_line(page) == 0
    for expected in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.querySelector(\"{PANEL} li[aria-current='step']\")?.dataset.step === '{expected}'")
    assert focused(page) == "replay-forward", "the focus stays on the control the player used"
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => document.querySelector(\"{PANEL} li[aria-current='step']\")?.dataset.step === '2'")
    page.keyboard.press("End")
    last = int(page.locator(f"{PANEL} [data-testid='replay-lines'] li").last.get_attribute("data-step"))
    page.wait_for_function(f"() => document.querySelector(\"{PANEL} li[aria-current='step']\")?.dataset.step === '{last}'")
    assert focused(page) not in ("BODY", None)
    page.keyboard.press("Home")
    page.wait_for_function(f"() => document.querySelector(\"{PANEL} li[aria-current='step']\")?.dataset.step === '0'")
    page.locator(f"{PANEL} [data-testid='replay-faceup']").focus()
    page.keyboard.press("Space")
    page.locator(f"{PANEL} [data-testid='replay-hands'] [data-card]").first.wait_for()
    assert table.locator("[data-testid='hand'] [data-action-id]").count() == 0, "nothing can be played from a replay"

    page.locator(f"{PANEL} [data-testid='review-progress'][data-done='1']").wait_for(timeout=120_000)
    mistakes = page.locator(f"{PANEL} [data-testid='mistakes'] li")
    print(game, lang, "mistakes:", mistakes.count(), "|", page.locator(f"{PANEL} [data-testid='review-progress']").inner_text())
    expected = review(record, worlds=WORLDS, duplicate=False).mistakes  # the same record judged here
    assert mistakes.count() == len(expected) and (expected or not mistaken)
    if expected:
        step = int(mistakes.first.get_attribute("data-step"))
        button = mistakes.first.locator(f"[data-testid='mistake-{step}']")
        button.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelector(\"{PANEL} li[aria-current='step']\")?.dataset.step === '{step}'")
        assert "·" in mistakes.first.locator("strong").inner_text() and mistakes.first.locator(".cv-reason").count() == 0
        page.locator(f"{PANEL} [data-testid='try-choice-{step}']").focus()  # find it yourself first: a move tried
        page.keyboard.press("Tab")
        assert focused(page) == f"try-{step}"
        page.keyboard.press("Enter")
        page.locator(f"{PANEL} [data-testid='tried-{step}']").wait_for()
        print(game, lang, "tried:", page.locator(f"{PANEL} [data-testid='tried-{step}']").inner_text())
        assert page.locator(f"{PANEL} [data-testid='try-{step}']").count() == 0  # High's move is shown now
        assert focused(page) == f"mistake-{step}"
    look(page, f"{name}-replay")
    found = axe_violations(page, within=TABLE)  # the review is in the table; the page around it: test_a11y.py
    for v in found:
        print(name, v["impact"], v["id"], [n["target"] for n in v["nodes"][:3]])
    assert not found, sorted({v["id"] for v in found})
    page.set_viewport_size(dict(zip(("width", "height"), size)))
    picture(page.locator(f"{TABLE} [data-testid='review-more']"), f"{name}-judged")

    at = current_line(page)  # take over from here: practice, marked, and back to the review
    page.locator(f"{PANEL} [data-testid='take-over']").focus()
    page.keyboard.press("Enter")
    table.locator("[data-testid='practice']").wait_for()
    page.wait_for_function(SETTLED, timeout=30_000)
    assert table.get_attribute("data-practice") == "1" and table.locator("[data-testid='replay-lines']").count() == 0
    look(page, f"{name}-practice")
    page.wait_for_function("() => document.activeElement?.dataset?.testid === 'back-to-review'")
    page.keyboard.press("Enter")
    page.locator(f"{PANEL} [data-testid='replay-where']").wait_for()
    assert current_line(page) == at and table.get_attribute("data-practice") == "0"
    page.wait_for_function("() => document.activeElement?.dataset?.testid === 'take-over'")
    page.locator(f"{PANEL} [data-testid='close-review']").focus()
    page.keyboard.press("Enter")
    page.locator(f"{TABLE} [data-testid='review-panel']").wait_for(state="hidden")
    table.locator("[data-testid='result']").wait_for()
    page.wait_for_function("() => document.activeElement?.dataset?.testid === 'review'")
    assert table.locator("[data-testid='result'] [data-testid='same-cards']").inner_text() == same
