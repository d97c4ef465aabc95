"""Everyone can play: axe-core finds no critical or serious violation on any page, and every text keeps 4.5:1 (suit
colours and focus rings 3:1) at the slider extremes, in the light and the dark theme (on the Truco page module's
page)."""

from __future__ import annotations

import pytest

from cardavia_nb.ui.page import page_words
from tests.browser.conftest import picture, shot
from tests.browser.harness import AXE, axe_violations, show_tab
from tests.browser.pages import TABLE, cards_in, first_play, ids, in_language, played, select, set_look, wait

HOME = "00-cardavia.ipynb"
GAMES = {"01-truco.ipynb": "truco", "02-pao-de-kuai.ipynb": "pao_de_kuai", "03-french-tarot.ipynb": "french_tarot"}
WORDS = page_words()
VIEWPORTS = {"desktop": (1366, 900), "phone": (390, 844)}
# Violations that live in the table widget (widgets/table/, ui/table/widget.py), left to the table's own
# work; listed so that anything new fails. Everything outside the table must have none.
TABLE_SIDE: set[str] = set()

CONTRAST_JS = """() => {
  const parse = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const over = (top, bottom) => top.slice(0, 3).map((c, i) => c * top[3] + bottom[i] * (1 - top[3]));
  const root = (el) => el.closest('.cardavia');
  // The tint of the colour-temperature layer (the root's ::after: one colour, soft-light blended over
  // the root's paper and grain, under every child's own background): W3C compositing's soft-light.
  const soft = (cb, cs) => cs <= 0.5 ? cb - (1 - 2 * cs) * cb * (1 - cb)
    : cb + (2 * cs - 1) * ((cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : Math.sqrt(cb)) - cb);
  const tint = (colour, r) => {
    const style = getComputedStyle(r);
    let out = colour;
    for (const [rgb, name] of [[[40, 120, 255], '--cv-cool'], [[255, 140, 40], '--cv-warm']]) {
      const a = Number(style.getPropertyValue(name) || 0);
      out = out.map((c, i) => 255 * ((1 - a) * (c / 255) + a * soft(c / 255, rgb[i] / 255)));
    }
    return out;
  };
  // The colours that can lie behind an element: its own and its ancestors' background colours composed
  // over the first opaque one; the felt's gradient counts as its lighter colour (the worse one for light
  // text). The opaque layer is also shown darkened by the grain at its strongest (multiply, up to a
  // fifth), and, when it is a root's paper, under the temperature tint.
  function backgrounds(el) {
    const layers = [];
    let base = null, grained = false, tinted = null;
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (node.classList.contains('cv-felt') || node.classList.contains('cv-fan')) {
        base = parse(style.getPropertyValue('--cv-felt')).slice(0, 3);
        grained = true;
        break;
      }
      const color = parse(style.backgroundColor);
      if (color[3] >= 1) {
        base = color.slice(0, 3);
        if (node.classList.contains('cardavia')) { grained = true; tinted = node; }
        break;
      }
      if (color[3] > 0) layers.push(color);
    }
    if (!base) {
      const body = parse(getComputedStyle(document.body).backgroundColor);
      base = body[3] === 0 ? [255, 255, 255] : body.slice(0, 3);
    }
    const r = root(el);
    const grain = r && grained ? Number(getComputedStyle(r).getPropertyValue('--cv-grain') || 0) : 0;
    const bases = [base, base.map((c) => c * (1 - grain * 0.6))];
    if (tinted) bases.push(...bases.map((b) => tint(b, tinted)));
    return bases.map((b) => layers.reduceRight((colour, layer) => over(layer, colour), b));
  }
  const texts = [];
  const all = document.querySelectorAll('.cardavia *, .cv-page-header *, .cv-skiplink');
  for (const el of all) {
    if (el.closest('svg')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const style = getComputedStyle(el);
    let worst = Infinity, fg, bg;
    for (const under of backgrounds(el)) {
      const colour = over(parse(style.color), under);
      if (ratio(colour, under) < worst) [worst, fg, bg] = [ratio(colour, under), colour, under];
    }
    texts.push({ text: el.textContent.trim().slice(0, 40), tag: el.tagName, ratio: Math.round(worst * 100) / 100,
                 fg: fg.map(Math.round), bg: bg.map(Math.round) });
  }
  // suits on the card face (#fffdf6) through the cards' contrast filter; focus ring on paper, halo and felt
  const some = document.querySelector('.cardavia');
  const style = getComputedStyle(some);
  const k = Number(style.getPropertyValue('--cv-contrast') || 1);
  const filt = (c) => c.map((v) => Math.max(0, Math.min(255, ((v / 255 - 0.5) * k + 0.5) * 255)));
  const face = filt([255, 253, 246]);
  const probe = (css) => {
    const span = document.createElement('span');
    span.style.color = css;
    some.append(span);
    const c = parse(getComputedStyle(span).color);
    span.remove();
    return c;
  };
  const suits = {};
  for (const [pack, letters] of [['es', 'EBOC'], ['fr', 'SCHD']]) for (const s of letters) {
    suits[`${pack}-${s}`] = Math.round(ratio(filt(probe(`var(--cv-suit-${pack}-${s})`)), face) * 100) / 100;
  }
  const focus = probe('var(--cv-focus)'), halo = probe('var(--cv-focus-halo)'), paper = probe('var(--cv-paper)');
  const felt = parse(style.getPropertyValue('--cv-felt'));
  const onFelt = Math.max(ratio(focus, felt), Math.min(ratio(focus, halo), ratio(halo, felt)));
  const ring = Math.min(ratio(focus, paper), ratio(focus, tint(paper.slice(0, 3), some)), onFelt);
  return { texts, suits, ring: Math.round(ring * 100) / 100, paper: paper.slice(0, 3).map(Math.round),
           tinted: tint(paper.slice(0, 3), some).map(Math.round) };
}"""


def below_the_floor(page, label: str, suit_colours: tuple[str, ...] = ("two", "four")) -> list:
    """Every text under 4.5:1 and every suit colour or focus ring under 3:1 on the Truco table (a deal
    started) at the contrast and temperature extremes, grain at its strongest, for each suit setting."""
    table = page.locator(TABLE)
    table.locator("[data-testid='seed']").fill("13")
    since = table.get_attribute("data-seq")  # the page's earlier tests may have dealt this code already
    table.locator("[data-testid='seed']").press("Enter")
    wait(page, since)
    table.locator("[data-testid='log'] li", has_text="code 13.").wait_for()
    low = []
    for contrast in (0, 100):
        for temperature in (0, 100):
            for suits in suit_colours:
                set_look(page, contrast=contrast, grain=100, temperature=temperature, suits=suits)
                found = page.evaluate(CONTRAST_JS)
                assert len(found["texts"]) > 40
                where = (contrast, temperature, suits)
                assert found["tinted"] != found["paper"], "the temperature tint is not modelled"
                low += [(*where, t) for t in found["texts"] if t["ratio"] < 4.5]
                low += [(*where, f"suit {s}: {r}") for s, r in found["suits"].items() if r < 3]
                low += [(*where, f"focus ring: {found['ring']}")] if found["ring"] < 3 else []
                print(label, f"contrast {contrast} temperature {temperature}", suits, "lowest text",
                      min(t["ratio"] for t in found["texts"]), "suits", min(found["suits"].values()), "ring", found["ring"],
                      "paper", found["paper"], "tinted", found["tinted"])
            shot(page, f"look-truco-{label}-contrast{contrast}-temperature{temperature}")
    return low


def contrast_kept(page, watch) -> None:
    """Text, suit colours and focus rings keep their contrast at the slider extremes on the Truco page (on its
    table tab): in the light theme, then the dark one. The Truco page module runs it last, on its page (it
    leaves the sliders at their extremes)."""
    in_language(page, "en")  # the axe check before it leaves it in Portuguese
    page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS["desktop"])))
    show_tab(page, "table")
    low = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        low += below_the_floor(page, scheme)
    assert not low, "\n".join(map(str, low[:30]))
    watch.assert_clean()


def on_tabs(page, size: str, tabs: list) -> list[tuple[str, str, dict]]:
    """axe's findings on each of ``tabs`` (None: the page as it is) at ``size``."""
    page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS[size])))
    page.wait_for_function("!document.documentElement.dataset.cvSettling", timeout=30_000)
    if tabs[0]:
        page.wait_for_selector(f"{TABLE}[data-ready='1']", state="attached")
    found = []
    for tab in tabs:
        if tab:
            show_tab(page, tab)
        found += [(size, tab, v) for v in axe_violations(page)]
    return found


def titled(page, notebook: str, lang: str) -> None:
    """The game page's title, its one heading and ``<html lang>`` are in ``lang`` (the page's header and tabs, by
    keyboard, in test_pages.py)."""
    game = GAMES[notebook]
    words = WORDS[lang]
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang, timeout=30_000)
    assert page.title() == words["title"][game]
    assert page.locator("h1").all_inner_texts() == [words["heading"][game]]


def test_axe_finds_no_critical_or_serious_violation_on_the_home_page(open_page):
    """The home page at 1366×900 in English, then in Portuguese, chosen in the settings bar, at 390×844."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` unpacks axe-core from npm.")
    page, watch = open_page(HOME)
    found = on_tabs(page, "desktop", [None])
    set_look(page, lang="pt")
    found += on_tabs(page, "phone", [None])
    judged(HOME, found)
    watch.assert_clean()


@pytest.mark.parametrize("notebook", list(GAMES))
def test_axe_finds_no_critical_or_serious_violation(open_page, notebook):
    """Each game page on a page of its own (``game_page_under_axe``): run on the page its page module had used,
    the Tarot page's tab once never became clickable at 390×844 (1 run in 6; not understood)."""
    page, watch = open_page(notebook)
    game_page_under_axe(page, watch, notebook)


def game_page_under_axe(page, watch, notebook: str) -> None:
    """A game page in English at 1366×900: the Learn and Full rules tabs, then the table in the middle of a deal
    at both sizes (story.py puts each deal's end under axe, Truco's in Portuguese); then in
    Portuguese, chosen in the settings bar as a player would, at 390×844: the Full rules tab, the table
    with its deal under way. At 390×844 the Learn tab is left out: the same widgets as at 1366×900, its
    longest axe run (the lessons are most of a page's nodes), and nothing in it changes layout on a phone but
    its width."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` unpacks axe-core from npm.")
    in_language(page, "en")
    titled(page, notebook, "en")
    found = on_tabs(page, "desktop", ["learn", "rules"])
    found += [(size, phase, v) for phase, size, v in mid_deal(page, notebook)]
    set_look(page, lang="pt")
    titled(page, notebook, "pt")
    found += on_tabs(page, "phone", ["rules", "table"])
    judged(notebook, found)
    watch.assert_clean()


def judged(notebook: str, found: list[tuple[str, str, dict]]) -> None:
    """axe's findings printed; none outside the table, none new in it (``TABLE_SIDE``)."""
    for size, tab, v in found:
        print(notebook, size, tab, v["impact"], v["id"], len(v["nodes"]), [n["target"] for n in v["nodes"][:3]])
    outside = sorted({v["id"] for _, _, v in found for n in v["nodes"] if not n["table"]})
    inside = sorted({v["id"] for _, _, v in found for n in v["nodes"] if n["table"]})
    assert outside == [], f"outside the table: {outside}"
    assert set(inside) <= TABLE_SIDE, f"new in the table: {sorted(set(inside) - TABLE_SIDE)}"


# --- axe mid-deal: each game's checked phase at both sizes -------------------------------------

def check_both_sizes(page, phase: str, suits: str, hint: bool = False) -> list[tuple[str, str, dict]]:
    """axe at 1366×900 in the light theme, then at 390×844 in the dark theme, with the given suit colours
    (the hint panel open first when asked); a picture of the felt at each size; back to the desktop after."""
    if hint:
        page.locator(f"{TABLE} [data-testid='hint']").click()
        page.locator(f"{TABLE} [data-testid='hint-panel'] li").first.wait_for()
    set_look(page, suits=suits)
    found = []
    for size, scheme in (("desktop", "light"), ("phone", "dark")):
        page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS[size])))
        page.emulate_media(color_scheme=scheme)
        now = axe_violations(page, within=TABLE)  # the page around it: on_tabs, at both sizes
        print(f"axe {phase} {size} {scheme} {suits} suits: {len(now)} critical or serious violations")
        found += [(phase, size, v) for v in now]
        game = page.locator(TABLE).get_attribute("data-game")
        name = f"a11y-{game}-{phase.replace(' ', '-')}-{size}-{scheme}-{suits}"
        picture(page.locator(f"{TABLE} [data-testid='felt']"), name)
    page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS["desktop"])))
    page.emulate_media(color_scheme="light")
    return found


def act(page, selector: str) -> None:
    """Click a move of the table and wait for the frame it brought, drawn in full."""
    played(page, page.locator(f"{TABLE} {selector}").first)


def deal_over(page) -> bool:
    return page.locator(f"{TABLE}[data-over='1'], {TABLE} [data-testid='summary-go']").count() > 0


def first_card(page) -> str:
    return f"[data-testid='hand'] [data-action-id='{ids(page, '[data-testid=hand] [data-action-id]')[0]}']"


def truco(page) -> list:
    """Seed 13: a card, then the computer's envido to answer with the hint open."""
    act(page, first_card(page))
    return check_both_sizes(page, "mid-deal", "four", hint=True)


def pao_de_kuai(page) -> list:
    """Seed 24: play until a play must be beaten, select the engine's first answer, open the hint."""
    for _ in range(40):
        if deal_over(page):
            break
        if page.locator(f"{TABLE} [data-testid='actions'] [data-action-id='pass']").count():
            act(page, "[data-testid='actions'] [data-action-id='pass']")
            continue
        top = cards_in(page.locator(TABLE), "played-")
        select(page.locator(TABLE), first_play(cards_in(page.locator(TABLE), "hand"), top))
        page.locator(f"{TABLE} [data-testid='play-selection']:not([disabled])").wait_for()
        if top:
            return check_both_sizes(page, "must beat", "four", hint=True)
        act(page, "[data-testid='play-selection']:not([disabled])")
    raise AssertionError("never had to beat a play")


def french_tarot(page) -> list:
    """Seed 1: Garde, the discard selected (the table's own preset) and checked, each card named by its corner."""
    act(page, "[data-action-id='bid:garde']")
    page.locator(f"{TABLE} [data-testid='preset-0']").click()
    page.locator(f"{TABLE} [data-testid='play-selection']:not([disabled])").wait_for()
    found = check_both_sizes(page, "discard", "four")
    corners = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
    for card, label in page.locator(f"{TABLE} [data-testid='hand'] [data-card]").evaluate_all(
            "nodes => nodes.map(n => [n.dataset.card, n.getAttribute('aria-label')])"):
        corner = "EXCUSE" if card == "EX" else card[1:] if card.startswith("T") else card[:-1] + corners[card[-1]]
        assert label.startswith(f"{corner}, "), (card, label)  # the name starts with the corner: "7♠, Seven of spades"
    return found


DEALS = {"01-truco.ipynb": (13, truco), "02-pao-de-kuai.ipynb": (24, pao_de_kuai), "03-french-tarot.ipynb": (1, french_tarot)}


def mid_deal(page, notebook: str) -> list:
    """The game's seeded deal started on the table tab at 1366×900 and played to its checked phase: axe's
    findings there at both sizes."""
    seed, play = DEALS[notebook]
    page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS["desktop"])))
    show_tab(page, "table")
    table = page.locator(TABLE)
    table.locator("[data-testid='seed']").fill(str(seed))
    since = table.get_attribute("data-seq")  # the page's earlier tests may have dealt this code already
    table.locator("[data-testid='seed']").press("Enter")
    wait(page, since)
    table.locator("[data-testid='log'] li", has_text=f"code {seed}.").wait_for()
    return play(page)
