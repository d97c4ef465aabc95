"""The French Tarot page through Voila in headless Chromium: every step, a quiz, demos reacting to clicks,
and a seeded deal at the table played by clicking: a bid, the chien, a refused then an accepted discard,
the poignée the engine offers, then cards until several tricks are done."""

from __future__ import annotations

from cardavia_nb.games.french_tarot import FrenchTarot
from cardavia_nb.players.french_tarot import LowPlayer
from tests.browser.conftest import shot
from tests.browser.harness import show_tab
from tests.browser.pages import TABLE, cards_in, log_lines, panel, select, settled
from tests.browser.page_checks import story_test

NOTEBOOK = "03-french-tarot.ipynb"
SEED = 2025  # seat 0 speaks first with all three oudlers; after the chien: 9 trumps and the Excuse
BID = "bid:garde"
REFUSED = ("T21", "10S", "9S", "7S", "5S", "2S")  # an oudler in the discard
DISCARD = ("10S", "9S", "7S", "5S", "2S", "1H")
LESSON_REFUSED = ("T21", "3S", "1H", "5D", "5C", "3C")  # the lesson's discard demo: its own written-out deal
CARD_CLICKS = 4
HEADINGS = ("1. Objective", "2. Setup", "3. Chien and discards", "4. Declarations before your first card",
            "5. Playing a trick", "6. Handling the Excuse", "7. Card points and bonuses", "8. Scoring and ending",
            "The computer players", "Play a deal")


def act(page, table, selector: str) -> None:
    """Click something that makes a move, and wait for the computers to answer."""
    before = log_lines(table)
    table.locator(selector).click()
    settled(page, before)
    assert not table.locator("[data-testid='notice']").inner_text().strip()


# Skip seen shown and focusable while the felt animates, and pressed in the same task of the page: a check from
# the test's side and then a click is two round trips, and on a busy machine the animation ended between them
# (fc43: Skip seen visible, then the root no longer animating).
SKIP_WHILE_ANIMATING = """(root) => {
    const skip = root.querySelector("[data-testid='skip']");
    if (root.dataset.animating !== "1" || !skip || skip.tabIndex !== 0 || getComputedStyle(skip).visibility === "hidden") return false;
    skip.click();
    return true;
}"""


def animated_then_skipped(page, table, selector: str) -> None:
    """Click a move that the computers answer in several steps: the felt animates them with Skip shown and
    focusable, and Skip draws the frame's end at once (animating off, Skip hidden, the log complete)."""
    before = log_lines(table)
    table.locator(selector).click()
    page.wait_for_function(SKIP_WHILE_ANIMATING, arg=table.element_handle(), timeout=15_000)
    page.wait_for_function("(root) => root.dataset.animating === '0'", arg=table.element_handle(), timeout=15_000)
    settled(page, before)
    skip = table.locator("[data-testid='skip']")
    assert skip.is_hidden() and skip.get_attribute("aria-hidden") == "true"
    assert not table.locator("[data-testid='notice']").inner_text().strip()


def verdict(page) -> str:
    """The table's answer about the current selection, once Python has given it."""
    page.wait_for_function(
        """() => { const v = document.querySelector(".cardavia[data-testid='table'] [data-testid='selection-text']");
                   return v && !v.textContent.startsWith("Selected"); }""", timeout=15_000)
    return page.locator(f"{TABLE} [data-testid='selection-text']").inner_text()


def engine_replay():
    """The same deal in the engine, with the table's computer players, up to the human's first card."""
    game = FrenchTarot()
    players = {s: LowPlayer(seed=s) for s in (1, 2, 3)}
    state = game.new(SEED)
    for mine in (BID, "discard:" + "+".join(DISCARD), "chelem:no"):
        while state.to_act != 0:
            state = game.apply(state, players[state.to_act].choose(game, game.observe(state, state.to_act),
                                                                   game.legal_actions(state)))
        state = game.apply(state, mine)
    while state.to_act != 0:
        state = game.apply(state, players[state.to_act].choose(game, game.observe(state, state.to_act),
                                                               game.legal_actions(state)))
    return game, state


def test_page_shows_every_step_quizzes_and_demos(module_page):
    page, watch = module_page(NOTEBOOK)  # the page is the next test's too
    show_tab(page, "learn")
    text = " ".join(page.locator("[data-testid='panel']").all_inner_texts())
    for heading in HEADINGS:
        assert heading in text, heading
    assert "High chooses:" in text and "Average score" in text  # the explain view of the High player
    assert "(25 + 4) × the multiplier" in text and "+174" in text  # the seed's own settlement

    quiz = panel(page, "How many card points does the taker need?")
    quiz.locator("[data-action-id='56']").click()
    quiz.locator("[data-testid='feedback']", has_text="Not quite.").wait_for()
    quiz.locator("[data-action-id='41']").click()
    quiz.locator("[data-testid='feedback']", has_text="Right!").wait_for()

    trick = panel(page, "The trick so far (you play last):")
    trick.locator("[data-block='hand'] [data-card='10C']").click()
    trick.locator("[data-testid='feedback']", has_text="You must follow the led suit").wait_for()
    trick.locator("[data-block='hand'] [data-card='KS']").click()
    trick.locator("[data-testid='feedback']", has_text="Trick won by You (8 card points).").wait_for()

    discard = panel(page, "click six to discard")
    for card in LESSON_REFUSED:
        discard.locator(f"[data-block='hand'] [data-card='{card}']").click()
        discard.locator(f"[data-block='hand'] [data-card='{card}'][aria-pressed='true']").wait_for()
    discard.locator("[data-testid='feedback']", has_text="Trump 21 may not be discarded").wait_for()

    settle = panel(page, "Each defender (×3)")
    settle.locator("[data-action-id='preset-chelem']").click()
    settle.locator("td", has_text="+1680").wait_for()
    shot(page, "french-tarot-lesson")
    watch.assert_clean()


def test_table_bid_chien_discard_poignee_and_tricks_by_clicking(module_page):
    page, watch = module_page(NOTEBOOK)
    page.emulate_media(reduced_motion="no-preference")  # the computers' moves are animated for the auction
    show_tab(page, "table")
    table = page.locator(TABLE)
    table.locator("[data-testid='seed']").fill(str(SEED))
    table.locator("[data-testid='new-game']").click()
    page.wait_for_function(
        """(seed) => [...document.querySelectorAll(".cardavia[data-testid='table'] [data-testid='log'] li")]
            .some(li => li.textContent.includes(`code ${seed}.`))""", arg=SEED, timeout=30_000)
    settled(page, 0)
    game, first_card = engine_replay()

    # The auction: seat 0 speaks first and takes at Garde; the three computers' passes are drawn one by one
    # (Skip shown) until Skip draws the last frame at once; the chien is then shown to everyone.
    animated_then_skipped(page, table, f"[data-testid='actions'] [data-action-id='{BID}']")
    page.emulate_media(reduced_motion="reduce")  # from now on the computers' moves are drawn at once
    assert sorted(cards_in(table, "extra-")) == sorted(game.new(SEED).chien)
    assert len(cards_in(table, "hand")) == 24

    # The discard: an oudler is refused with the engine's reason, then six suit cards are accepted.
    select(table, REFUSED)
    assert verdict(page) == game.check_discard(
        game.apply(game.apply(game.apply(game.apply(game.new(SEED), BID), "bid:pass"), "bid:pass"), "bid:pass"),
        REFUSED)[1].text("en")
    assert table.locator("[data-testid='play-selection']").is_disabled()
    shot(page, "french-tarot-table-refused-discard")
    table.locator("[data-testid='clear-selection']").click()
    select(table, DISCARD)
    assert verdict(page).startswith("Discard ")
    act(page, table, "[data-testid='play-selection']:not([disabled])")
    assert len(cards_in(table, "hand")) == 18

    # No chelem; then the poignée is offered exactly when the engine says the hand qualifies.
    act(page, table, "[data-testid='actions'] [data-action-id='chelem:no']")
    offers = game.poignee_offers(first_card)
    presets = table.locator("[data-testid^='preset-']")
    assert presets.count() == len(offers) == 1
    assert presets.first.inner_text() == game.label(offers[0][1])
    presets.first.click()
    assert verdict(page) == game.label(offers[0][1])
    act(page, table, "[data-testid='play-selection']:not([disabled])")
    shown = cards_in(table, "extra-")
    assert set(offers[0][1].cards) <= set(shown) and "EX" in offers[0][1].cards
    shot(page, "french-tarot-table-poignee")

    # Cards by clicking: each click plays a legal card, and the page shows the trick.
    for click in range(CARD_CLICKS):
        if table.get_attribute("data-over") == "1":
            break
        card = table.locator("[data-testid='hand'] button[data-action-id]:not([disabled])").first
        played = card.get_attribute("data-card")
        act(page, table, f"[data-testid='hand'] [data-card='{played}']")
        assert played not in cards_in(table, "hand")
        middle = cards_in(table, "played-")
        assert middle, "the trick is not shown"
        assert any(f"You play {game.label('play:' + played)[5:]}" in line
                   for line in table.locator("[data-testid='log'] li").all_inner_texts())
        if click == 0:
            shot(page, "french-tarot-table-first-trick")
    log = " ".join(table.locator("[data-testid='log'] li").all_inner_texts())
    assert log.count("wins the trick") + log.count("You win the trick") >= CARD_CLICKS - 1
    shot(page, "french-tarot-table-tricks")
    watch.assert_clean()



# Last, on the page the tests above opened (tests/browser/page_checks.py).
test_the_felt_tells_the_story = story_test(NOTEBOOK, "french_tarot")
