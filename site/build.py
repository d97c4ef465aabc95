"""Build the static site in _site/ (JupyterLite Lab + voici apps + a landing page) from pinned packages.

Python runs in each visitor's browser (Pyodide), so any static host can serve the lessons. Everything
comes from the package registries at build time (wheels from PyPI with pip, the Pyodide runtime from
npm); nothing is fetched from outside the site when a page runs. Run it with the site-building venv:
``make site`` (or ``.venv-site/bin/python site/build.py``).
"""

from __future__ import annotations

import argparse
import base64
import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

sys.path.insert(0, str(Path(__file__).resolve().parent))
from landing import landing  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
WORK = ROOT / "build" / "site"
# The browser's Python: what wheel markers are evaluated against when the lock's dependencies are written.
PYODIDE_ENV = {**default_environment(), "python_version": "3.12", "python_full_version": "3.12.7",
               "sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
               "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
# The Pyodide runtime from npm that jupyterlite-pyodide-kernel 0.6.1 expects: version and tarball sha256.
PYODIDE = ("0.27.6", "b0840fd9784429dfbd65e012f61a3b64981fd88bc02d1f6b2d69867dcc16d754")
# Runtime files of the npm package the kernel needs (pyodide.js loads the rest); the rest is left out.
RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
# Wheels the kernel extension ships itself: its kernel, its pip shim and the widgets stubs for Pyodide.
KERNEL_WHEELS = ("ipykernel", "piplite", "pyodide_kernel", "widgetsnbextension-4")
# Compiled standard-library modules found only in Pyodide's full release. The kernel asks for both; only
# sqlite3 is imported (by IPython, whose history the kernel turns off): a small module stands in for it.
ABSENT = ("ssl", "sqlite3")
# What the kernel loads by name when it starts (jupyterlite-pyodide-kernel 0.6.1), and this package: the
# lock holds these and their dependencies; a pinned wheel nothing needs is left out of the site.
ROOTS = ("cardavia-nb", "ipykernel", "pyodide-kernel", "piplite", "micropip", "comm", "jedi", "ipython", "ssl",
         "sqlite3")
# Python packages whose browser half (a lab extension) the build copies from the build venv.
EXTENSIONS = ("anywidget", "jupyterlab-widgets")
# Notebooks that need what the browser's Python lacks stay out of the site (nothing links to them from
# the pages): the bot workshop's arena runs each bot in its own process and its extras need numpy,
# matplotlib and cloudpickle, which are no pure wheels.
NEEDS_A_SERVER = ("04-your-own-bot.ipynb", "05-class.ipynb")
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"


def run(*cmd: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command, echoing it; stop the build when it fails."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True, env=env)


def download_wheels(dest: Path) -> None:
    """The pinned pure wheels from PyPI (hashes checked), and this project's own wheel built from the checkout."""
    run(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--require-hashes", "--only-binary=:all:",
        "--platform", "any", "--python-version", "3.12", "--implementation", "py", "--abi", "none", "-d", dest,
        "-r", SITE / "pyodide.txt")
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", dest, ROOT)
    kernel = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    for prefix in KERNEL_WHEELS:
        (wheel,) = kernel.glob(f"{prefix}*.whl")
        shutil.copy2(wheel, dest / wheel.name)
    for name in ABSENT:
        stand_in(name, dest)
    slim_babel(dest)


def slim_babel(dest: Path) -> None:
    """Babel's wheel with the locale data of the site's five languages only (11 MB → under 1 MB): the
    pages never format for another locale, and every visitor would download it."""
    (wheel,) = dest.glob("babel-*.whl")
    keep = {"root", *(p.name for p in (ROOT / "cardavia_nb" / "i18n").iterdir() if any(p.glob("*.toml")))}
    with zipfile.ZipFile(wheel) as whl:
        files = {i.filename: whl.read(i) for i in whl.infolist()
                 if not i.filename.startswith("babel/locale-data/") or Path(i.filename).stem in keep}
    (record,) = [path for path in files if path.endswith(".dist-info/RECORD")]
    lines = [f"{path},sha256={_b64sha(data)},{len(data)}" for path, data in files.items() if path != record]
    files[record] = ("\n".join([*lines, f"{record},,"]) + "\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as whl:
        for path, data in files.items():
            whl.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)


def stand_in(name: str, dest: Path) -> None:
    """An installable wheel named ``name`` holding site/stand_ins/<name>.py if there is one (see ABSENT)."""
    info = f"{name}-0.0.0.dist-info"
    module = SITE / "stand_ins" / f"{name}.py"
    files = {f"{name}.py": module.read_text()} if module.exists() else {}
    files |= {f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n",
              f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: cardavia-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    record = [f"{path},sha256={_b64sha(text.encode())},{len(text.encode())}" for path, text in files.items()]
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    with zipfile.ZipFile(dest / f"{name}-0.0.0-py3-none-any.whl", "w") as whl:
        for path, text in files.items():
            whl.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), text)


def _b64sha(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def pyodide_runtime(dest: Path) -> dict:
    """Unpack the runtime files of the pinned npm package into ``dest``; returns its lock's info."""
    version, sha256 = PYODIDE
    tarball = WORK / f"pyodide-{version}.tgz"
    if not tarball.exists():
        run("npm", "pack", "--silent", f"pyodide@{version}", "--pack-destination", WORK)
    if hashlib.sha256(tarball.read_bytes()).hexdigest() != sha256:
        tarball.unlink()
        raise SystemExit(f"pyodide-{version}.tgz from npm does not have the pinned sha256; run the build again.")
    with tarfile.open(tarball) as tar:
        for name in RUNTIME:
            (dest / name).write_bytes(tar.extractfile(f"package/{name}").read())
        return json.load(tar.extractfile("package/pyodide-lock.json"))["info"]


def same_widgets(wheels: list[Path]) -> None:
    """The browser-side widget extensions copied into the site must match the kernel's Python packages."""
    for wheel in wheels:
        name, version, _, _ = parse_wheel_filename(wheel.name)
        if name in EXTENSIONS and metadata.version(name) != str(version):
            raise SystemExit(f"{name}: the lab extension is {metadata.version(name)}, the kernel's wheel {version}; "
                             "pin one version in site/requirements.txt and site/pyodide.txt")


def lock_entry(wheel: Path) -> dict:
    """One package of pyodide-lock.json: name, version, real sha256, imports and dependencies."""
    name, version, _, _ = parse_wheel_filename(wheel.name)
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        fields = email.parser.Parser().parsestr(whl.read(meta).decode())
    requires = [Requirement(r) for r in fields.get_all("Requires-Dist") or []]
    depends = sorted({canonicalize_name(r.name) for r in requires if not r.marker or r.marker.evaluate(PYODIDE_ENV)})
    imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                      if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)})
    return {"name": str(name), "version": str(version), "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": depends, "unvendored_tests": False, "shared_library": False}


def needed(entries: dict[str, dict]) -> list[str]:
    """The packages ROOTS need, dependencies included; fails when one is not among ``entries``."""
    keep, todo, missing = set(), list(ROOTS), set()
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        if name not in entries:
            missing.add(name)
            continue
        keep.add(name)
        todo += entries[name]["depends"]
    if missing:
        raise SystemExit(f"site/pyodide.txt lacks what the kernel or the package needs: {', '.join(sorted(missing))}")
    return sorted(keep)


def write_lock(info: dict, wheels: list[Path], dest: Path) -> list[str]:
    """Copy the needed ``wheels`` next to ``dest`` and write pyodide-lock.json for exactly them; their names."""
    entries = {canonicalize_name(e["name"]): e for e in map(lock_entry, wheels)}
    keep = needed(entries)
    for name in keep:
        shutil.copy2(wheels[0].parent / entries[name]["file_name"], dest.parent)
    dest.write_text(json.dumps({"info": info, "packages": {name: entries[name] for name in keep}}, indent=1))
    return keep


def lite_config(packages: list[str], pyodide_url: str) -> dict:
    """jupyter-lite.json: the local Pyodide, every package loaded from the lock, never from PyPI."""
    kernel = {"pyodideUrl": pyodide_url, "disablePyPIFallback": True, "loadPyodideOptions": {"packages": packages}}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "Cardavia", "litePluginSettings": {KERNEL_SETTINGS: kernel}}}


def fresh(path: Path) -> Path:
    """An empty folder at ``path``."""
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def build_apps(lab_src: Path, voici_src: Path, packages: list[str], notebooks: list[Path], out: Path) -> None:
    """JupyterLite's Lab in out/lab, the voici apps in out/app (separate sources: see stack-notes)."""
    contents = [a for nb in notebooks for a in ("--contents", nb)]
    common = ("--no-sourcemaps", "--no-unused-shared-packages", *contents)
    config = json.dumps(lite_config(packages, "./static/pyodide/pyodide.js"))
    (lab_src / "jupyter-lite.json").write_text(config)
    run(sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", lab_src, "--output-dir", out / "lab",
        "--apps", "lab", *common, cwd=lab_src)
    (voici_src / "jupyter-lite.json").write_text(config)
    # voici renders with the project's Voila template (Voila's lab page without CDN links).
    env = {**os.environ, "JUPYTER_PATH": str(ROOT / "share" / "jupyter")}
    run(Path(sys.executable).with_name("voici"), "build", "--lite-dir", voici_src, "--output-dir", out / "app",
        "--template", "cardavia", *common, cwd=voici_src, env=env)
    prune(out)
    script = f"<script>\n{(SITE / 'page.js').read_text()}</script>\n"
    for page in (out / "app" / "voici" / "render").glob("*.html"):
        voici_page(page, out, script)
    lab_page = out / "lab" / "lab" / "index.html"  # its own icon, or Chromium asks the host's root for one
    text = lab_page.read_text().replace("</head>", '<link rel="icon" href="favicon.ico" />\n</head>', 1)
    lab_page.write_text(text.replace("</body>", script + "</body>", 1))


def prune(out: Path) -> None:
    """Drop what no page uses: source maps, Voila's preview extension (it needs a server), voici's file tree
    and the JupyterLite app shell voici's output carries (its pages load voici/build only)."""
    for path in out.rglob("*.map"):
        path.unlink()
    for unused in (out / "lab" / "extensions" / "@voila-dashboards", out / "app" / "voici" / "tree",
                   out / "app" / "doc", out / "app" / "build"):
        shutil.rmtree(unused, ignore_errors=True)
    lab_config = out / "lab" / "jupyter-lite.json"
    config = json.loads(lab_config.read_text())
    data = config["jupyter-config-data"]
    data["federated_extensions"] = [e for e in data["federated_extensions"] if not e["name"].startswith("@voila")]
    lab_config.write_text(json.dumps(config, indent=2))


def voici_page(page: Path, out: Path, script: str) -> None:
    """A voici page loads Pyodide from the Lab's copy, relative to itself (voici would ask the site root)."""
    up = "../" * len(page.parent.relative_to(out).parts)
    text = page.read_text(encoding="utf-8")
    baked = '"pyodideUrl": "./static/pyodide/pyodide.js"'
    if baked not in text:
        raise SystemExit(f"{page.name}: the baked Pyodide URL changed; update build.py")
    text = text.replace(baked, f'"pyodideUrl": "{up}lab/static/pyodide/pyodide.js"')
    text = text.replace('"pipliteUrls": ["./extensions/', f'"pipliteUrls": ["{up}app/extensions/')
    page.write_text(text.replace("</body>", script + "</body>", 1), encoding="utf-8")


def report(out: Path, seconds: float) -> None:
    """Print the site's size and the Python part every first visit downloads (the browser test measures the rest)."""
    files = [p for p in out.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    python = sum(p.stat().st_size for p in (out / "lab" / "static" / "pyodide").iterdir())
    print(f"site built in {seconds:.0f} s: {len(files)} files, {total / 1e6:.1f} MB in {out}; a first visit to any "
          f"page downloads the Python runtime and wheels, {python / 1e6:.1f} MB, plus its app's scripts")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="where the site goes (default _site/)")
    out = parser.parse_args().out.resolve()
    start = time.monotonic()
    wheels = fresh(WORK / "wheels")
    download_wheels(wheels)
    lab_src, voici_src = fresh(WORK / "lab-src"), fresh(WORK / "voici-src")
    runtime = fresh(lab_src / "static" / "pyodide")
    info = pyodide_runtime(runtime)
    same_widgets(sorted(wheels.glob("*.whl")))
    packages = write_lock(info, sorted(wheels.glob("*.whl")), runtime / "pyodide-lock.json")
    print(f"runtime and {len(packages)} wheels ready in {time.monotonic() - start:.0f} s", flush=True)
    notebooks = sorted(nb for nb in (ROOT / "notebooks").glob("*.ipynb") if nb.name not in NEEDS_A_SERVER)
    fresh(out)
    build_apps(lab_src, voici_src, packages, notebooks, out)
    (out / "index.html").write_text(landing([nb.stem for nb in notebooks]), encoding="utf-8")
    (out / ".nojekyll").touch()  # GitHub Pages serves folders whose names start with "_" as they are
    report(out, time.monotonic() - start)


if __name__ == "__main__":
    main()
