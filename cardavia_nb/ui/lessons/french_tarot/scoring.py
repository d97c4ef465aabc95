"""French Tarot steps 7 and 8: counting a pile, bonuses, and the settlement of a deal from its facts."""

from __future__ import annotations

from functools import partial

from cardavia_nb import i18n
from cardavia_nb.games.french_tarot import card_points, settle_facts, target
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.ui.lessons.french_tarot.common import PACK, contract_name, group_title, pack_groups, say, words
from cardavia_nb.ui.lessons.kit import toggle
from cardavia_nb.ui.panel import Panel, Prose, Quiz, buttons, cards, md, note, number, table
from cardavia_nb.ui.settings import Settings


EXAMPLE_PILE = ("T21", "T1", "EX", "KS", "KH", "QD", "NC", "JS", "7H", "T5")


class PileDemo(Panel):
    """Click cards into a pile; the engine counts its card points and oudlers and sets its target."""

    def __init__(self, settings: Settings | None = None):
        self.pile: list[str] = []
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The pack to pick from, the pile, its count and target."""
        out = []
        for group, ids in pack_groups():
            out += [md(group_title(group, lang)),
                    cards(ids, PACK, lang, block=group, pick=True, selected=self.pile)]
        out += [buttons([("example", say("step7.example", lang)), ("clear", say("clear", lang))]),
                md(say("step7.pile", lang))]
        if not self.pile:
            return out + [note(say("step7.empty", lang), "info")]
        points, n = card_points(self.pile), R.oudlers(self.pile)
        goal = target(n)
        verdict = (say("step7.made", lang, diff=points - goal) if points >= goal
                   else say("step7.short", lang, diff=goal - points))
        return out + [cards(R.sort_cards(self.pile), PACK, lang, block="pile"),
                      note(say("step7.count", lang, n=len(self.pile), points=points, oudlers=n,
                               target=goal) + " " + verdict, "ok" if points >= goal else "info")]

    def handle(self, intent: str, content: dict) -> None:
        """Add or remove a card, load the example pile, or clear."""
        if intent == "pick" and content["card"] in R.KEY:
            self.pile = toggle(self.pile, content["card"])
        elif intent == "press" and content["id"] == "example":
            self.pile = list(EXAMPLE_PILE)
        elif intent == "press" and content["id"] == "clear":
            self.pile = []


def pile_quiz(settings: Settings | None = None) -> Quiz:
    """Count four cards; the right answer is the engine's count."""
    right = card_points(("KS", "QH", "T21", "7D"))
    choices = [(f"{v:g}", partial(i18n.number, v)) for v in sorted({right, 12, 13.5, 4})]
    return say.quiz("step7.quiz", choices, f"{right:g}", settings,
                extra=lambda lang: [cards(("KS", "QH", "T21", "7D"), PACK, lang, block="quiz")])


def bonuses(settings: Settings | None = None) -> Prose:
    """The text on Petit au bout, poignée and chelem bonuses."""
    return words("step7.bonuses", settings=settings)


# --- step 8: settlement ---------------------------------------------------------------------------

CHELEM = {"none": (False, False, False), "made": (True, True, False), "failed": (True, False, False),
          "silent": (False, True, False), "defence": (False, False, True)}
PRESETS = {
    "seed": dict(contract="garde", oudlers=2, points=45, half=False, pab="none", poignee=0, chelem="none"),
    "pab": dict(contract="garde", oudlers=2, points=50, half=False, pab="taker", poignee=0, chelem="none"),
    "chelem": dict(contract="garde", oudlers=3, points=91, half=False, pab="none", poignee=0, chelem="made"),
}


class SettleDemo(Panel):
    """The settlement of a deal from its facts, computed and itemised by the engine's ``settle_facts``."""

    def __init__(self, settings: Settings | None = None):
        self.facts = dict(PRESETS["seed"])
        super().__init__(settings)

    def result(self):
        """The engine's settlement of the current facts."""
        f = self.facts
        announced, taker_all, defence_all = CHELEM[f["chelem"]]
        return settle_facts(f["contract"], f["oudlers"], f["points"] + (0.5 if f["half"] else 0),
                      None if f["pab"] == "none" else f["pab"], (f["poignee"],) if f["poignee"] else (),
                      announced, taker_all, defence_all)

    def item_line(self, item, lang: str) -> list[str]:
        """One settlement line in words with its amount."""
        return [i18n.translate(item.key, lang, **dict(item.params)), i18n.number(item.amount, lang)]

    def render(self, lang: str) -> list[dict]:
        """Presets, the facts as buttons and numbers, the itemised settlement and the four scores."""
        f = self.facts
        st = self.result()
        choice = lambda label, items, pressed: [md(say(label, lang)), buttons(items, pressed=pressed)]  # noqa: E731
        out = [buttons([("preset-seed", say("step8.seed_example", lang)),
                        ("preset-pab", say("step8.pab_example", lang)),
                        ("preset-chelem", say("step8.chelem_example", lang))]),
               *choice("step8.contract", [(f"contract-{c}", contract_name(c, lang)) for c in R.CONTRACTS[1:]],
                       f"contract-{f['contract']}"),
               number("oudlers", say("step8.oudlers", lang), f["oudlers"], 0, 3),
               number("points", say("step8.points", lang), f["points"], 0, 91),
               buttons([("half", say("step8.half_on" if f["half"] else "step8.half", lang))],
                       pressed="half" if f["half"] else None),
               *choice("step8.pab", [(f"pab-{p}", say(f"step8.pab_{p}", lang)) for p in ("none", "taker", "defence")],
                       f"pab-{f['pab']}"),
               *choice("step8.poignee", [("poignee-0", say("none", lang))]
                       + [(f"poignee-{b}", f"{i18n.translate(f'french_tarot.level.{n}', lang)} ({b})")
                          for _, n, b in R.POIGNEE_LEVELS], f"poignee-{f['poignee']}"),
               *choice("step8.chelem", [(f"chelem-{c}", say(f"step8.chelem_{c}", lang)) for c in CHELEM],
                       f"chelem-{f['chelem']}"),
               note(say("step8.made" if st.made else "step8.failed", lang), "ok" if st.made else "bad"),
               table([say("step8.head_line", lang), say("step8.head_amount", lang)],
                     [self.item_line(i, lang) for i in st.items]),
               table([say("step8.head_player", lang), say("step8.head_score", lang)],
                     [[say("step8.taker_row", lang), f"{3 * st.d:+g}"],
                      [say("step8.defender_row", lang), f"{-st.d:+g}"]])]
        return out

    def handle(self, intent: str, content: dict) -> None:
        """A preset, a fact button, or a number field."""
        if intent == "number":
            field = content["id"]
            limits = {"oudlers": (0, 3), "points": (0, 91)}
            if field in limits:
                low, high = limits[field]
                self.facts[field] = self.bounded(content["value"], low, high)
            return
        if intent != "press":
            return
        kind, _, value = content["id"].partition("-")
        f = self.facts
        if kind == "preset" and value in PRESETS:
            self.facts = dict(PRESETS[value])
        elif kind == "contract" and value in R.MULTIPLIER:
            f["contract"] = value
        elif kind == "half":
            f["half"] = not f["half"]
        elif kind == "pab" and value in ("none", "taker", "defence"):
            f["pab"] = value
        elif kind == "poignee" and value in ("0", "20", "30", "40"):
            f["poignee"] = int(value)
        elif kind == "chelem" and value in CHELEM:
            f["chelem"] = value
