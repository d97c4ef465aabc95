"""What every Truco lesson panel shares: the engine, its words, the demo seats, a demo deal's hands and tricks.

Demo seats are "Player A" (seat 0) and "Player B" (seat 1), as in the spec's worked examples; both
hands are shown face up.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardavia_nb.core.game import Event
from cardavia_nb.core.record import replayed
from cardavia_nb.games.truco import CARDS, DEAL_OVER, Truco, TrucoState, malas_buenas
from cardavia_nb.i18n import card_name
from cardavia_nb.ui.lessons.kit import LessonTexts, example, seat_name
from cardavia_nb.ui.panel import cards, md, table

GAME = Truco()
PACK = "spanish"
DECK = CARDS
SEATS = ("a", "b")
say = LessonTexts("truco.lesson.{}")


def log_line(event: Event, lang: str) -> str:
    """The engine's sentence for an event in a rule example (seats named Player A and Player B)."""
    return GAME.describe(event).text(lang, reader=None)


def fixture(hands: tuple[str, str], scores: tuple[int, int] = (0, 0), dealer: int = 1,
            moves: Sequence[str] = ()):
    """A worked example as a record: two hands written as "1E 7C 5C", the scores, the dealer, the moves."""
    return example(GAME, moves, hands=[h.split() for h in hands], dealer=dealer, scores=list(scores))


def fixture_states(hands: tuple[str, str], moves: Sequence[str] = (), scores: tuple[int, int] = (0, 0),
                   dealer: int = 1) -> list[TrucoState]:
    """Every state of a fixture deal through ``moves`` (the engine checks each move)."""
    return list(replayed(GAME, fixture(hands, scores, dealer, moves)))


def points_event(state: TrucoState) -> Event | None:
    """The points award among the events of the last move, if it gave points."""
    return next((e for e in state.events if e.kind == "points"), None)


def points_after(state: TrucoState, action_id: str) -> Event | None:
    """The points event the engine would produce if ``action_id`` were played now."""
    return points_event(GAME.apply(state, action_id))


def seat_title(state: TrucoState, seat: int, lang: str, score: bool = True) -> str:
    """"**Player A** · mano · score 12 (12 malas)", or without the score."""
    name, role = seat_name(seat, lang), role_of(state, seat, lang)
    if not score:
        return say("seat_role", lang, name=name, role=role)
    n = state.scores[seat]
    return say("seat_title", lang, name=name, role=role, n=n, words=malas_buenas(n, lang))


def role_of(state: TrucoState, seat: int, lang: str) -> str:
    """"mano" or "dealer (pie)"."""
    return say("mano" if seat == state.mano else "dealer", lang)


def trick_rows(state: TrucoState, lang: str) -> list[dict]:
    """The tricks of the deal so far as a table (who played what, who won), if any card was played."""
    view = GAME.observe(state, 0)
    rows = []
    for n, trick in enumerate(view.tricks, 1):
        result = say("parda", lang) if trick.parda else seat_name(trick.winner, lang)
        rows.append(_trick_row(n, trick.plays, result, lang))
    if view.trick_cards:
        rows.append(_trick_row(view.trick_no, view.trick_cards, "…", lang))
    if not rows:
        return []
    head = [say("col.trick", lang), say("col.led", lang), seat_name(0, lang), seat_name(1, lang),
            say("col.result", lang)]
    return [table(head, rows)]


def _trick_row(n: int, plays: Sequence[Any], result: str, lang: str) -> list[str]:
    """One row of the tricks table."""
    played = {p.seat: card_name(p.card, PACK, lang) for p in plays}
    return [str(n), seat_name(plays[0].seat, lang), played.get(0, ""), played.get(1, ""), result]


def hands_and_tricks(state: TrucoState, lang: str, pick: bool = False, score: bool = True) -> list[dict]:
    """Both seats with their cards face up and the tricks; the seat to play may pick a card."""
    can_play = pick and any(a.kind == "play" for a in GAME.legal_actions(state))
    out: list[dict] = []
    for seat in (0, 1):
        out.append(md(seat_title(state, seat, lang, score)))
        out.append(cards(state.hands[seat], PACK, lang, block=f"hand-{seat}", pick=can_play and state.to_act == seat))
    return out + trick_rows(state, lang)


def status(state: TrucoState, lang: str) -> str:
    """Who acts now, or how the deal or match ended."""
    if state.to_act is None:
        return say("status.match_over", lang, a=state.scores[0], b=state.scores[1])
    if state.phase == DEAL_OVER:
        return say("status.deal_over", lang)
    return say("status.to_act", lang, name=seat_name(state.to_act, lang))
