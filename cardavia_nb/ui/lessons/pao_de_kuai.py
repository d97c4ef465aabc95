"""Pao De Kuai lesson panels: the deck, shapes, must-beat, bombs, settlement and the High player's view.

Every rule a demo shows comes from the engine (``cardavia_nb.games.pao_de_kuai``): classification,
comparison, legal actions, the reasons for refusals and the settlement. The panels only pick
positions, keep the learner's choices and put the engine's answers into words of the page language.
"""

from __future__ import annotations

from typing import Any

from cardavia_nb import i18n
from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import IllegalAction, Item
from cardavia_nb.games.pao_de_kuai import Combo, PaoDeKuai, PdkState, beats, classify, play_action, plays, shape_text
from cardavia_nb.games.pao_de_kuai import RANK
from cardavia_nb.players.pao_de_kuai import HighPlayer, LowPlayer
from cardavia_nb.traditions import by_game
from cardavia_nb.ui.panel import Panel, Quiz, buttons, cards, md, note, table
from cardavia_nb.ui.settings import Settings

GAME = PaoDeKuai()
PACK = "french"
BEATERS_SHOWN = 8


def say(key: str, lang: str, **params: Any) -> str:
    """A lesson text of this game in ``lang``."""
    return i18n.translate(f"pao_de_kuai.lesson.{key}", lang, **params)


def seat_name(seat: int, lang: str) -> str:
    """A seat's name in the demos ("Seat 1"), matching the engine's log lines."""
    return say("seat", lang, n=seat)


def bullets(lines: list[str]) -> dict:
    """A Markdown bullet list block."""
    return md("\n".join(f"- {line}" for line in lines))


def item_words(item: Item, lang: str) -> str:
    """One settlement line in words: the engine's item text, with the doubling said aloud."""
    params = dict(item.params)
    words = i18n.translate(item.key, lang, **params)
    if params.get("doubled"):
        words += " " + say("settle.doubled", lang)
    return words


def settlement_blocks(state: PdkState, lang: str) -> list[dict]:
    """The engine's itemised settlement as a table, then each seat's total."""
    scores, items = GAME.settle(state)
    head = [say("settle.col_seat", lang), say("settle.col_item", lang), say("settle.col_amount", lang)]
    rows = [[seat_name(i.seat, lang), item_words(i, lang), f"{i.amount:+d}"] for i in items]
    rows += [[seat_name(s, lang), say("settle.total", lang), f"{v:+d}"] for s, v in enumerate(scores)]
    return [table(head, rows), note(say("settle.sum", lang, total=sum(scores)), "info")]


# --- texts and the introduction --------------------------------------------------------------------------------

class Intro(Panel):
    """What the game is, where its pack comes from, players, length, and a glossary."""

    def render(self, lang: str) -> list[dict]:
        """Title, tradition with a few of its cards, and the glossary."""
        tradition = by_game("pao_de_kuai")
        return [
            md(say("intro.text", lang, tradition=tradition.name(lang), place=tradition.place(lang),
                   count=tradition.card_count)),
            cards(tradition.sample, PACK, lang, block="tradition"),
            md(say("intro.glossary", lang)),
        ]


# --- step 1: the race -------------------------------------------------------------------------

RACE_HANDS = ("5S 5H 9D", "6C 6D 8S 8H 8D 8C KH 3D", "4S 4H JC 2S")
RACE_MOVES = ("play:5H+5S", "play:6C+6D", "pass", "pass", "play:8C+8D+8H+8S", "pass", "pass",
              "play:3D", "play:JC", "pass", "play:KH")


class RaceDemo(Panel):
    """A short deal near its end, move by move: the first seat to empty its hand ends the deal."""

    def __init__(self, settings: Settings | None = None):
        self.states = self.replay()
        self.at = 0
        super().__init__(settings)

    @staticmethod
    def replay() -> list[PdkState]:
        """Every state of the race deal, from the start to the seat going out."""
        states = [GAME.new(0, hands=list(RACE_HANDS), has_played=[True, True, True])]
        for move in RACE_MOVES:
            states.append(GAME.apply(states[-1], move))
        return states

    @classmethod
    def final_state(cls) -> PdkState:
        """The race deal once it is over."""
        return cls.replay()[-1]

    def render(self, lang: str) -> list[dict]:
        """Each seat's cards (open, for the lesson), the play to beat, what just happened, buttons."""
        state = self.states[self.at]
        out = [md(say("race.title", lang, step=self.at, steps=len(RACE_MOVES)))]
        for seat, hand in enumerate(state.hands):
            turn = " " + say("race.to_act", lang) if state.to_act == seat else ""
            out.append(md(f"**{seat_name(seat, lang)}** · {say('cards_left', lang, n=len(hand))}{turn}"))
            out.append(cards(hand, PACK, lang, block=f"race-{seat}"))
        if state.top is not None:
            out.append(md(say("race.top", lang, name=seat_name(state.top.seat, lang),
                              shape=shape_text(state.top.combo, lang))))
        lines = [GAME.describe(e, lang) for e in state.events if e.kind not in ("points", "deal")]
        if self.at and lines:
            out.append(bullets(lines))
        if state.winner is not None:
            out.append(note(say("race.over", lang, name=seat_name(state.winner, lang)), "ok"))
        items = [("restart", say("race.restart", lang))]
        if self.at < len(RACE_MOVES):
            items.insert(0, ("next", say("race.next", lang)))
        out.append(buttons(items))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """``next`` shows one more move, ``restart`` goes back to the start."""
        if content.get("id") == "next" and self.at < len(RACE_MOVES):
            self.at += 1
        elif content.get("id") == "restart":
            self.at = 0


# --- step 2: the deck and the 3 of hearts -----------------------------------------------------

DEAL_SEEDS = (1, 2, 3)


def removed_cards() -> tuple[str, ...]:
    """The cards of the 54-card pack that the game's 48-card deck leaves out."""
    kept = {c.id for c in deck(GAME.pack)}
    return tuple(c.id for c in deck("french54") if c.id not in kept)


def rank_ladder() -> tuple[str, ...]:
    """One card of each rank, lowest first, in the engine's rank order (spades where they exist)."""
    best: dict[int, str] = {}
    for card in deck(GAME.pack):
        rank = RANK[card.id]
        if rank not in best or card.id.endswith("S"):
            best[rank] = card.id
    return tuple(best[r] for r in sorted(best))


class DeckDemo(Panel):
    """The 54-card pack with the six cards removed, the rank ladder, and who opens a seeded deal."""

    def __init__(self, settings: Settings | None = None):
        self.seed = DEAL_SEEDS[0]
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Pack with marks, ranks low to high, then the 3♥ holder of the chosen deal and its first plays."""
        gone = removed_cards()
        mark = say("deck.removed_mark", lang)
        state = GAME.new(self.seed)
        holder = state.to_act
        first = [GAME.label(a, lang) for a in GAME.legal_actions(state)]
        return [
            md(say("deck.pack", lang, kept=len(deck(GAME.pack)), total=len(deck("french54")))),
            cards([c.id for c in deck("french54")], PACK, lang, block="pack", marks=dict.fromkeys(gone, mark)),
            md(say("deck.removed", lang, cards=gone)),
            md(say("deck.ranks", lang)),
            cards(rank_ladder(), PACK, lang, block="ranks"),
            md(say("deck.deal", lang)),
            buttons([(f"seed:{s}", say("deck.seed", lang, seed=s)) for s in DEAL_SEEDS], pressed=f"seed:{self.seed}"),
            md(say("deck.holder", lang, name=seat_name(holder, lang), n=len(first))),
            cards(state.hands[holder], PACK, lang, block="holder", marks={"3H": say("deck.opens_mark", lang)}),
            bullets(first),
        ]

    def handle(self, intent: str, content: dict) -> None:
        """``seed:<n>`` deals another seeded deal."""
        chosen = content.get("id", "")
        if chosen.startswith("seed:") and chosen[5:].isdigit() and int(chosen[5:]) in DEAL_SEEDS:
            self.seed = int(chosen[5:])


# --- step 3: must beat --------------------------------------------------------------------------

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

    def state(self) -> PdkState:
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
            out.append(md(say("must.top", lang, name=seat_name(state.top.seat, lang),
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
                out.append(note(say("must.accepted", lang, line=GAME.describe(after.events[0], lang)), "ok"))
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
            card = content["card"]
            self.selected = [c for c in self.selected if c != card] if card in self.selected else [*self.selected, card]
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


# --- step 5: settlement -----------------------------------------------------------------------

def _played_out(hands: list[str], moves: tuple[str, ...], **setup: Any) -> PdkState:
    """A fixture played through the engine to its end."""
    state = GAME.new(0, hands=hands, **setup)
    for move in moves:
        state = GAME.apply(state, move)
    return state


ENDINGS: dict[str, Any] = {
    "charges": lambda: GAME.new(0, hands=["5H 6D 9C 9D 2S", "3S 4S 4H 4D 4C 6C 7D 8S 9S 10H JD QC KH AS AD AC", ""],
                                has_played=[True, False, True]),
    "bombs": lambda: _played_out(["10S 10H QC QD QH QS", "JS JH 7C", "3C 5D 5S 5H 5C"],
                                 ("play:10H+10S", "play:JH+JS", "play:5C+5D+5H+5S", "play:QC+QD+QH+QS"),
                                 has_played=[True, True, True]),
    "spring": lambda: _played_out(["3H 3D 4H 4D 5H 5D 6H 6D 7H 7D 8H 8D 9H 9D 10H 10D",
                                   "JS JH JD JC QS QH QD QC AS AD AC 2S 3S 4S 5S 6S",
                                   "KS KH KD KC 3C 4C 5C 6C 7S 7C 8S 8C 9S 9C 10S 10C"],
                                  ("play:3D+3H+4D+4H+5D+5H+6D+6H+7D+7H+8D+8H+9D+9H+10D+10H",)),
}


class SettleDemo(Panel):
    """Finished deals and the engine's itemised settlement: cards left, doubling, 2♠, bombs, bonuses."""

    def __init__(self, settings: Settings | None = None):
        self.ending = "charges"
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Ending buttons, what each seat still holds, then the settlement table."""
        state = ENDINGS[self.ending]()
        out = [buttons([(f"end:{e}", say(f"settle.name.{e}", lang)) for e in ENDINGS], pressed=f"end:{self.ending}"),
               md(say(f"settle.story.{self.ending}", lang))]
        for seat, hand in enumerate(state.hands):
            if seat == state.winner:
                out.append(md(f"**{seat_name(seat, lang)}** · {say('settle.out', lang)}"))
                continue
            played = "" if state.has_played[seat] else " · " + say("settle.never", lang)
            out.append(md(f"**{seat_name(seat, lang)}** · {say('cards_left', lang, n=len(hand))}{played}"))
            out.append(cards(hand, PACK, lang, block=f"left-{seat}"))
        return out + settlement_blocks(state, lang)

    def handle(self, intent: str, content: dict) -> None:
        """``end:<name>`` shows another finished deal."""
        side, _, name = content.get("id", "").partition(":")
        if side == "end" and name in ENDINGS:
            self.ending = name


# --- the computer players -----------------------------------------------------------------------

EXPLAIN_SEED = 2
def explain_position() -> PdkState:
    """The seeded position of the explain view: deal ``EXPLAIN_SEED`` after its opening play by Low."""
    state = GAME.new(EXPLAIN_SEED)
    seat = state.to_act
    return GAME.apply(state, LowPlayer(seed=seat).choose(GAME, GAME.observe(state, seat), GAME.legal_actions(state)))


class ExplainDemo(Panel):
    """What the High player weighs in one seeded position, from its own view only, and what it plays."""

    def __init__(self, settings: Settings | None = None):
        self.position = explain_position()
        seat = self.position.to_act
        self.view = GAME.observe(self.position, seat)
        legal = GAME.legal_actions(self.position)
        high = HighPlayer(seed=seat)
        self.rows = high.explain(GAME, self.view, legal)
        self.chosen = high.choose(GAME, self.view, legal)
        self.low = LowPlayer(seed=seat).choose(GAME, self.view, legal)
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The view (own hand, the play to beat, counts), the candidates table, and both choices."""
        view, top = self.view, self.view.top
        counts = ", ".join(f"{seat_name(s, lang)}: {n}" for s, n in enumerate(view.counts))
        head = [say("explain.col_move", lang), say("explain.col_value", lang), say("explain.col_reason", lang)]
        rows = [[GAME.label(r["id"], lang), f"{r['value']:+.1f}", r["message"].text(lang)] for r in self.rows]
        return [
            md(say("explain.position", lang, seed=EXPLAIN_SEED, name=seat_name(view.seat, lang),
                   top=seat_name(top.seat, lang), shape=shape_text(top.combo, lang), counts=counts)),
            cards(top.cards, PACK, lang, block="explain-top"),
            md(say("explain.hand", lang, name=seat_name(view.seat, lang))),
            cards(view.hand, PACK, lang, block="explain-hand"),
            table(head, rows),
            note(say("explain.chosen", lang, move=GAME.label(self.chosen, lang)), "ok"),
            note(say("explain.low", lang, move=GAME.label(self.low, lang)), "info"),
        ]

# --- quizzes ------------------------------------------------------------------------------------

def _settle_answer() -> str:
    """What the seat left with 4♠ 4♥ 2♠ pays at the end of the race deal, by the engine."""
    return str(-GAME.settle(RaceDemo.final_state())[0][2])


def _pass_answer() -> str:
    """Whether a hand of three 7s may pass on a pair of 6s, by the engine's legal actions."""
    state = GAME.new(0, hands=["7S 7H 7D 8C KS", *OTHERS], top="6C 6D", top_owner=2)
    shapes = {classify(a.cards).shape if a.cards else "pass" for a in GAME.legal_actions(state)}
    return {"pass": "yes", "pair": "pair", "triple": "triple"}[shapes.pop()] if len(shapes) == 1 else "?"


# name -> (choices, right answer or the engine call deciding it, rows of cards shown with the question)
QUIZZES: dict[str, tuple[tuple[str, ...], Any, tuple[tuple[str, ...], ...]]] = {
    "end": (("all", "first", "rounds"), "first", ()),
    "two": (("spades", "hearts", "none"), "spades", ()),
    "pass": (("yes", "pair", "triple"), _pass_answer, (("6C", "6D"), ("7S", "7H", "7D", "8C", "KS"))),
    "shape": (("legal", "illegal", "bomb"), lambda: "illegal" if classify("5S 5H 5D 7C") is None else "legal",
              (("5S", "5H", "5D", "7C"),)),
    "bomb": (("aces", "kings", "nobody"), lambda: "aces" if beats("AC AD AS", "KC KD KH KS") else "kings",
             (("KC", "KD", "KH", "KS"), ("AC", "AD", "AS"))),
    "settle": (("3", "13", "23", "26"), _settle_answer, (("4S", "4H", "2S"),)),
    "bonus": (("gain", "nothing", "ten"), "gain", ()),
}


def quiz(name: str, settings: Settings | None = None) -> Quiz:
    """One of the lesson's quizzes (answers that the engine can decide are asked of the engine)."""
    choices, answer, shown = QUIZZES[name]
    base = f"pao_de_kuai.lesson.quiz.{name}"

    def extra(lang: str) -> list[dict]:
        """The rows of cards the question is about."""
        return [cards(row, PACK, lang, block=f"quiz-{name}-{i}") for i, row in enumerate(shown)]

    return Quiz(f"{base}.q", [(c, f"{base}.{c}" if i18n.has(f"{base}.{c}") else c) for c in choices],
                answer() if callable(answer) else answer, f"{base}.why", settings=settings, extra=extra if shown else None)


__all__ = [
    "BombDemo", "DeckDemo", "ExplainDemo", "Intro", "MustBeatDemo", "RaceDemo", "SettleDemo", "ShapeDemo",
    "QUIZZES", "explain_position", "quiz", "removed_cards", "settlement_blocks",
]
