"""Pao De Kuai steps 3 and 4: must-beat positions, the shapes of a selection and what beats them, bombs."""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.game import IllegalAction
from cardavia_nb.games.pao_de_kuai import Combo, PaoDeKuaiState, beats, classify, play_action, plays, shape_text
from cardavia_nb.ui.lessons.kit import bullets, toggle
from cardavia_nb.ui.lessons.pao_de_kuai.common import GAME, PACK, say, seat_name
from cardavia_nb.ui.panel import Panel, buttons, cards, md, note
from cardavia_nb.ui.settings import Settings

BEATERS_SHOWN = 8

OTHERS = ("QC QD", "JC JD")
POSITIONS: dict[str, dict[str, Any]] = {
    "beat": {"hands": ["4S 4H 4D 4C 10D 6C", *OTHERS], "top": "9C", "top_owner": 2},
    "bomb": {"hands": ["AS AD AC 5D", *OTHERS], "top": "KS KH KD", "top_owner": 2},
    "pass": {"hands": ["5S 6H 8D", *OTHERS], "top": "9C", "top_owner": 2},
    "lead": {"hands": ["5S 6H 8D", *OTHERS]},
}


class MustBeatDemo(Panel):
    """Preset positions where seat 0 must play, must bomb or must pass; every move is asked of the engine."""

    def __init__(self, settings: Settings | None = None):
        self.position = "beat"
        self.tried: str | None = None
        super().__init__(settings)

    def state(self) -> PaoDeKuaiState:
        """The engine state of the chosen position (seat 0 to act)."""
        return GAME.new(0, **POSITIONS[self.position])

    def render(self, lang: str) -> list[dict]:
        """Position buttons, the play to beat, your hand, the legal moves, and the verdict of a try."""
        state = self.state()
        legal = GAME.legal_actions(state)
        out = [buttons([(f"pos:{p}", say(f"must.pos.{p}", lang)) for p in POSITIONS], pressed=f"pos:{self.position}")]
        if state.top is None:
            out.append(md(say("must.no_top", lang)))
        else:
            out.append(md(say("must.top", lang, name=seat_name(state.top.seat, lang, reader=0),
                              shape=shape_text(state.top.combo, lang))))
            out.append(cards(state.top.cards, PACK, lang, block="top"))
        out += [md(say("must.hand", lang)), cards(state.hands[0], PACK, lang, block="hand")]
        can_pass = any(a.kind == "pass" for a in legal)
        out.append(note(say("must.can_pass" if can_pass else "must.cannot_pass", lang, n=len(legal)), "info"))
        out.append(md(say("must.try", lang)))
        moves = [(a.id, GAME.label(a, lang)) for a in legal if a.kind == "play"] + [("pass", GAME.label("pass", lang))]
        out.append(buttons(moves, pressed=self.tried))
        if self.tried is not None:
            try:
                after = GAME.apply(state, self.tried)
            except IllegalAction as err:
                out.append(note(err.msg.text(lang), "bad"))
            else:
                out.append(note(say("must.accepted", lang, line=GAME.describe(after.events[0]).text(lang, reader=0)), "ok"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """``pos:<name>`` picks a position; any other id is a move to try on the engine."""
        chosen = content.get("id", "")
        if chosen.startswith("pos:") and chosen[4:] in POSITIONS:
            self.position, self.tried = chosen[4:], None
        elif chosen == "pass" or chosen.startswith("play:"):
            self.tried = chosen


# --- step 4: shapes, what beats them, bombs ---------------------------------------------------

SHAPE_HAND = "4C 4D 4H 4S 5H 5S 6D 7C 8H 9C 9D 9S AS AD AC 2S"
NEXT_HAND = "3D 6C 6S 7D 7H 8C 8D 9H 10C 10D 10H 10S JD QC KH KS"


def answer_lines(answers: list[tuple[str, ...]], lang: str) -> list[str]:
    """Plays as labels: the first ordinary ones, a count of the rest, and every bomb."""
    bombs = [p for p in answers if classify(p).is_bomb]
    ordinary = [p for p in answers if p not in bombs]
    lines = [GAME.label(play_action(p), lang) for p in ordinary[:BEATERS_SHOWN]]
    if len(ordinary) > BEATERS_SHOWN:
        lines.append(say("shape.more", lang, n=len(ordinary) - BEATERS_SHOWN))
    return lines + [GAME.label(play_action(p), lang) for p in bombs]


class ShapeDemo(Panel):
    """Pick cards from a hand: the engine names the shape or says why it is none, and what beats it."""

    def __init__(self, settings: Settings | None = None):
        self.selected: list[str] = []
        self.lead = GAME.new(0, hands=[SHAPE_HAND, NEXT_HAND, "QH"])
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The hand to pick from, the verdict, and the next player's answers to a legal shape."""
        out = [md(say("shape.pick", lang)),
               cards(self.lead.hands[0], PACK, lang, block="shape-hand", pick=True, selected=self.selected)]
        if not self.selected:
            out.append(note(say("shape.empty", lang), "info"))
            return out
        action, reason = GAME.check_selection(self.lead, self.selected)
        if action is None:
            out.append(note(reason.text(lang), "bad"))
        else:
            combo = classify(action.cards)
            out.append(note(say("shape.is", lang, shape=shape_text(combo, lang)), "ok"))
            answers = plays(NEXT_HAND.split(), combo)
            out += [md(say("shape.next_hand", lang)), cards(self.lead.hands[1], PACK, lang, block="next-hand")]
            if answers:
                out += [md(say("shape.beaten_by", lang, n=len(answers))), bullets(answer_lines(answers, lang))]
            else:
                out.append(note(say("shape.unbeaten", lang), "info"))
        out.append(buttons([("clear", say("shape.clear", lang))]))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """A pick toggles a card of the hand; ``clear`` empties the selection."""
        if intent == "pick" and content["card"] in self.lead.hands[0]:
            self.selected = toggle(self.selected, content["card"])
        elif content.get("id") == "clear":
            self.selected = []


# The plays compared in the bomb demo: (cards, opening play?).
BOMB_PLAYS: dict[str, tuple[str, bool]] = {
    "two": ("2S", False),
    "threes": ("3C 3D 3H 3S", False),
    "sevens": ("7C 7D 7H 7S", False),
    "kings": ("KC KD KH KS", False),
    "aces": ("AC AD AS", False),
    "heavenly": ("3C 3D 3H 3S", True),
}


def bomb_combo(name: str) -> Combo:
    """The engine's classification of one of the compared plays."""
    cards_, opening = BOMB_PLAYS[name]
    return classify(cards_, opening)


class BombDemo(Panel):
    """Bombs in the engine's order, and any play against any bomb: does the challenger beat it?"""

    def __init__(self, settings: Settings | None = None):
        self.top, self.challenger = "kings", "aces"
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The bomb ladder, two rows of choices, both plays as cards, and the engine's verdict."""
        ladder = sorted((n for n in BOMB_PLAYS if bomb_combo(n).is_bomb), key=lambda n: bomb_combo(n).strength)
        order = "\n".join(f"{i}. {shape_text(bomb_combo(n), lang)} — {say(f'bomb.when.{n}', lang)}"
                          for i, n in enumerate(ladder, 1))
        name = lambda n: say(f"bomb.name.{n}", lang)  # noqa: E731
        top, cand = bomb_combo(self.top), bomb_combo(self.challenger)
        verdict = beats(cand, top)
        return [
            md(say("bomb.ladder", lang)), md(order),
            md(say("bomb.on_table", lang)),
            buttons([(f"top:{n}", name(n)) for n in BOMB_PLAYS], pressed=f"top:{self.top}"),
            md(say("bomb.challenger", lang)),
            buttons([(f"cand:{n}", name(n)) for n in BOMB_PLAYS if n != "heavenly"], pressed=f"cand:{self.challenger}"),
            cards(BOMB_PLAYS[self.top][0].split(), PACK, lang, block="bomb-top"),
            cards(BOMB_PLAYS[self.challenger][0].split(), PACK, lang, block="bomb-cand"),
            note(say("bomb.beats" if verdict else "bomb.no", lang, cand=shape_text(cand, lang),
                     top=shape_text(top, lang)), "ok" if verdict else "bad"),
        ]

    def handle(self, intent: str, content: dict) -> None:
        """``top:<name>`` and ``cand:<name>`` choose the two plays (the heavenly bomb is only a lead)."""
        side, _, name = content.get("id", "").partition(":")
        if side == "top" and name in BOMB_PLAYS:
            self.top = name
        elif side == "cand" and name in BOMB_PLAYS and name != "heavenly":
            self.challenger = name


