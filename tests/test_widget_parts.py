"""Each joined front-end module's parts use only names defined by themselves or earlier parts; no file is left out."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from cardavia_nb.ui.assets import BOOT, SHARED_PARTS, asset

ROOT = Path(__file__).resolve().parents[1]
NAME = r"[A-Za-z_$][\w$]*"
# A top-level declaration starts its line: `function f`, `async function f`, `const X`, `let x`, `class C`
# (exported or not).
TOP = re.compile(rf"^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+({NAME})", re.M)
USE = re.compile(rf"(?<![\w$]){NAME}")
REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}  # a `/` after one of these opens a regular expression


def code_only(text: str) -> str:
    """The JS text with comments, strings and regular expressions blanked (a template's `${}` code kept)."""
    out = list(text)

    def blank(start: int, end: int) -> None:
        out[start:end] = [c if c == "\n" else " " for c in text[start:end]]

    i, n, depth, last, templates = 0, len(text), 0, "", []  # templates: the depth at which each `${` resumes one
    while i < n:
        c = text[i]
        if text.startswith("//", i) or text.startswith("/*", i):
            end = text.find("\n", i) if c + text[i + 1] == "//" else text.find("*/", i) + 2
            end = n if end < 2 else end
            blank(i, end)
            i = end
        elif c in "'\"" or c == "`" or (c == "}" and templates and templates[-1] == depth):
            if c == "}":
                templates.pop()
            close, j = ("`" if c in "`}" else c), i + 1
            while j < n and text[j] != close and not (close == "`" and text.startswith("${", j)):
                j += 2 if text[j] == "\\" else 1
            if close == "`" and text.startswith("${", j):
                templates.append(depth)
                blank(i + 1, j)
                i, last = j + 2, "("
            else:
                blank(i + 1, j)
                i, last = j + 1, "a"
        elif c == "/" and last in REGEX_BEFORE:
            j, in_class = i + 1, False
            while j < n and (in_class or text[j] != "/"):
                in_class = (in_class or text[j] == "[") and text[j] != "]"
                j += 2 if text[j] == "\\" else 1
            blank(i, j + 1)
            i, last = j + 1, "a"
        else:
            depth += {"{": 1, "}": -1}.get(c, 0)
            last = last if c.isspace() else c
            i += 1
    return "".join(out)


def used(code: str) -> set[str]:
    """The bare names a part's code uses: not a property after `.`, not an object literal's key."""
    names = set()
    for m in USE.finditer(code):
        before = code[max(0, m.start() - 80):m.start()].rstrip()
        if code[m.start() - 1:m.start()] == "." and not before.endswith("..."):
            continue  # a property, not a spread
        if re.match(r"\s*:(?!:)", code[m.end():]) and before[-1:] in ("{", ","):
            continue  # an object key
        names.add(m.group())
    return names


def late_names(parts: dict[str, str]) -> list[str]:
    """Each bare name a part uses that only a later part of the same module defines (or that two parts define)."""
    codes = {name: code_only(text) for name, text in parts.items()}
    defined = {name: set(TOP.findall(code)) for name, code in codes.items()}
    found = []
    order = list(codes)
    for i, name in enumerate(order):
        earlier = set().union(*(defined[p] for p in order[:i + 1]))
        for later in order[i + 1:]:
            late = sorted(used(codes[name]) & defined[later] - earlier)
            found += [f"{name} uses {x}, defined later in {later}" for x in late]
            found += [f"{name} and {later} both define {x}" for x in sorted(defined[name] & defined[later])]
    return found


def modules() -> dict[str, tuple[str, ...]]:
    """The parts of every joined module: the shared one, and each ``module(...)`` call in the package."""
    found = {"shared module": SHARED_PARTS}
    for path in sorted((ROOT / "cardavia_nb").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "module" and node.args:
                names = tuple(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
                assert len(names) == len(node.args), f"{path}: module() takes file names only"
                found[f"{path.relative_to(ROOT)}:{node.lineno}"] = (BOOT, *names)
    return found


def test_each_part_uses_only_what_comes_before_it():
    found = {where: late_names({p: asset(p).read_text(encoding="utf-8") for p in parts})
             for where, parts in modules().items()}
    wrong = {where: names for where, names in found.items() if names}
    assert len(found) > 6 and not wrong, wrong


def test_every_widget_file_is_joined_into_a_module():
    files = {p.relative_to(ROOT / "widgets").as_posix() for p in (ROOT / "widgets").rglob("*.js")}
    joined = {part for parts in modules().values() for part in parts}
    assert files == joined, (files - joined, joined - files)


def test_the_check_sees_a_later_name_and_skips_strings_comments_keys_and_properties():
    first = "// uses later()\nconst a = () => `${later(1)}`;\nconst re = /later/g;\n"
    assert late_names({"a.js": first, "b.js": "function later() {}\n"}) == ["a.js uses later, defined later in b.js"]
    quiet = "// later()\nconst a = (ui) => ({ later: ui.later, s: 'later', t: `later` });\n"
    assert late_names({"a.js": quiet, "b.js": "function later() {}\n"}) == []
    assert late_names({"b.js": "function later() {}\n", "a.js": first}) == []
