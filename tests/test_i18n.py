"""The five catalogs: complete, no unused keys, real translations, matching placeholders."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from cardavia_nb import i18n

ROOT = Path(__file__).resolve().parents[1]
OTHERS = [lang for lang in i18n.LANGS if lang != "en"]

# Texts that stay the same in every language: game terms players say in the game's own language,
# proper names, and symbols. A key is allowed to equal English when its English text is listed here.
SAME_EVERYWHERE = {
    "Truco", "Envido", "Real envido", "Falta envido", "Retruco", "Vale cuatro", "Quiero", "No quiero",
    "Prise", "Garde", "Garde sans", "Garde contre", "Chelem", "Poignée", "Petit au bout", "Petit",
    "Cardavia", "Pao De Kuai", "Pao De Kuai (Run Fast)", "mano", "pie", "parda", "Mano", "Pie",
    "Parda", "malas", "buenas", "mala", "buena", "Sota", "Caballo", "Rey", "Wikipedia", "English", "Português",
    "Français", "Nederlands", "Español", "Low", "High", "OK",
}


def placeholders(entry: str | dict) -> set[str]:
    """The {names} a text fills in (all its forms together, less the seat a "you" form says in words)."""
    if isinstance(entry, dict):
        return set().union(*(placeholders(v) for k, v in entry.items() if k != "you"))
    return {name for _, name, _, _ in string.Formatter().parse(entry) if name}


def test_every_key_exists_in_every_language():
    english = set(i18n.catalog("en"))
    missing = {lang: sorted(english - set(i18n.catalog(lang))) for lang in OTHERS}
    assert not any(missing.values()), {k: (len(v), v[:10]) for k, v in missing.items() if v}


def test_no_language_has_keys_english_lacks():
    english = set(i18n.catalog("en"))
    extra = {lang: sorted(set(i18n.catalog(lang)) - english) for lang in OTHERS}
    assert not any(extra.values()), extra


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_english(lang):
    english = i18n.catalog("en")
    wrong = [k for k, v in i18n.catalog(lang).items() if k in english and placeholders(v) != placeholders(english[k])]
    assert not wrong, wrong[:20]


def same_in(lang: str) -> set[str]:
    """Texts a language legitimately shares with English (tests/i18n_same/<lang>.txt)."""
    lines = (ROOT / "tests" / "i18n_same" / f"{lang}.txt").read_text(encoding="utf-8").splitlines()
    return SAME_EVERYWHERE | {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def _allowed_same(key: str, text: str | dict, allowed: set[str]) -> bool:
    if isinstance(text, dict):
        return all(_allowed_same(key, form, allowed) for form in text.values())
    stripped = re.sub(r"\{[^}]*\}", "", text).strip(" .:·—-–()!?/0123456789×%+|")
    return not stripped or text in allowed or stripped in allowed or key.startswith("ui.lang.")


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_are_not_english_copies(lang):
    english, allowed = i18n.catalog("en"), same_in(lang)
    copies = [k for k, v in i18n.catalog(lang).items()
              if english.get(k) == v and not _allowed_same(k, v, allowed)]
    assert not copies, copies[:30]


def _source_strings() -> tuple[set[str], set[str], set[str]]:
    """Every string literal in the code and notebooks, and the fixed prefixes and suffixes of f-strings."""
    literals, prefixes, suffixes = set(), set(), set()
    files = [*ROOT.glob("cardavia_nb/**/*.py"), *ROOT.glob("widgets/**/*.js"), *ROOT.glob("site/*.py")]
    texts = [p.read_text(encoding="utf-8") for p in files]
    for nb in ROOT.glob("notebooks/*.ipynb"):
        texts += ["".join(c["source"]) for c in json.loads(nb.read_text())["cells"] if c["cell_type"] == "code"]
    for text in texts:
        for quote in re.finditer(r"(f?)(['\"])([A-Za-z_{][\w.{}\-]*)\2", text):
            is_f, body = quote.group(1), quote.group(3)
            if is_f or "{" in body:
                prefixes.add(body.split("{", 1)[0])
                suffixes.add(body.rsplit("}", 1)[-1])
            else:
                literals.add(body)
    return literals, prefixes, suffixes


def _used(key: str, literals: set[str], prefixes: set[str], suffixes: set[str]) -> bool:
    parts = key.split(".")
    tails = {".".join(parts[i:]) for i in range(len(parts))}
    if tails & literals:
        return True
    heads = {".".join(parts[i:j]) + "." for i in range(len(parts)) for j in range(i + 1, len(parts))}
    return (bool(heads & prefixes) or any(key.startswith(p) and p.count(".") >= 2 for p in prefixes)
            or any(key.endswith(x) and x.count(".") >= 2 for x in suffixes))


def test_every_english_key_is_used_by_the_code():
    literals, prefixes, suffixes = _source_strings()
    unused = sorted(k for k in i18n.catalog("en") if not _used(k, literals, prefixes, suffixes))
    assert not unused, unused[:40]


def test_missing_key_falls_back_to_english_never_blank():
    assert i18n.translate("home.title", "nl") == i18n.translate("home.title", "nl") != ""
    assert i18n.translate("no.such.key", "fr") == "no.such.key"
    assert i18n.normalise("pt-BR") == "pt" and i18n.normalise("xx") == "en"


def test_card_names_in_every_language():
    from cardavia_nb.i18n import card_name

    for lang in i18n.LANGS:
        for card_id, pack in (("1E", "spanish"), ("12C", "spanish"), ("AS", "french"), ("T21", "tarot"), ("EX", "tarot"), ("NH", "tarot")):
            name = card_name(card_id, pack, lang)
            assert name and "{" not in name and "cards." not in name, (lang, card_id, name)


@pytest.mark.parametrize("key, card, pack, words", [
    ("truco.label.play", "1E", "spanish", {"en": "Play Ace of swords", "fr": "Jouer As d'épées"}),
    ("pao_de_kuai.illegal.not_in_hand", "9H", "french",
     {"en": "Nine of hearts is not in your hand.", "fr": "Neuf de cœur n'est pas dans votre main."}),
    ("french_tarot.illegal.discard_protected", "T21", "tarot", {"en": "Trump 21 may", "fr": "Atout 21 ne peut"}),
])
def test_a_games_card_placeholder_names_the_cards_of_the_pack_its_catalog_states(key, card, pack, words):
    """The pack comes from the game's English catalog file and names the card in each reader's language."""
    assert i18n.pack_of(key) == pack
    for lang, text in words.items():
        said = i18n.translate(key, lang, card=card)
        assert said.startswith(text) and i18n.card_name(card, pack, lang) in said, (lang, said)


def test_every_game_states_its_pack_and_no_other_key_has_one():
    """A game's catalog states its pack (a fourth game adds its own); other keys keep card ids as they are."""
    from cardavia_nb.games import REGISTRY

    assert {name: i18n.pack_of(f"{name}.label") for name in REGISTRY} == {
        "truco": "spanish", "pao_de_kuai": "french", "french_tarot": "tarot"}
    assert i18n.pack_of("ui.action.play") is None and i18n.translate("ui.action.play", "fr", cards="1E") == "Jouer 1E"
