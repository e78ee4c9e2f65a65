"""The sdist and the wheel, as the release workflow builds them and a new user installs them.

Built once per module (``python -m build --no-isolation``: hatchling is in the test extra,
so nothing is downloaded to build) and checked as ``twine check --strict`` and an index do.
Then the wheel is installed into a clean venv in a temporary folder, outside the repository,
where nothing else is: the README's tour runs there and gives what it gives in the clone, the
command line works, ``exact61 tutorials`` writes the notebooks, and every rule link of every
walkthrough, built by the installed package in that folder, opens its rule on a rules page.

All slow (a build and a venv from the registry: about a minute), left out of ``make check``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_readme_examples import section

import exact61_widgets

ROOT = Path(__file__).resolve().parent.parent
VERSION = exact61_widgets.__version__
pytestmark = pytest.mark.slow


def run(args: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run a command; fail the test with its output when it fails."""
    result = subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, check=False, **kwargs
    )  # type: ignore[call-overload]
    assert result.returncode == 0, f"{args} failed:\n{result.stdout[-3000:]}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel built from this checkout (the wheel from the sdist)."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ROOT])
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def test_twine_check_passes(dists: tuple[Path, Path]) -> None:
    result = run([sys.executable, "-m", "twine", "check", "--strict", *dists])
    assert result.stdout.count("PASSED") == 2


def shipped_files() -> set[str] | None:
    """The files a clone holds (tracked, or new and not ignored); None outside a git checkout."""
    if not (ROOT / ".git").exists():
        return None
    listed = run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT
    ).stdout
    return {name for name in listed.split("\0") if name and (ROOT / name).is_file()}


def test_the_sdist_holds_the_tests_rules_licence_and_no_stray_file(
    dists: tuple[Path, Path],
) -> None:
    sdist, _ = dists
    prefix = f"exact61_widgets-{VERSION}/"
    with tarfile.open(sdist) as tar:
        names = {m.name.removeprefix(prefix) for m in tar.getmembers() if m.isfile()}
    assert {
        "LICENSE",
        "CITATION.cff",
        "CONTRIBUTING.md",
        "hatch_build.py",
        "RULES.md",
        "RULES.ru.md",
        "README.md",
        "pyproject.toml",
        "tests/conftest.py",
        "tests/test_distribution.py",
        "tutorials/00_start_here.ipynb",
        "authoring/tutorials/00_start_here.md",
        "docs/changelog.md",
    } <= names
    stray = [n for n in names if {"node_modules", "__pycache__", ".venv"} & set(n.split("/"))]
    assert not stray
    clone = shipped_files()
    if clone is not None:  # every file of the sdist is one of the clone's
        assert sorted(names - clone - {"PKG-INFO"}) == []


def test_the_wheel_holds_the_licence_rules_pages_and_tutorials(dists: tuple[Path, Path]) -> None:
    _, wheel = dists
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        meta = whl.read(f"exact61_widgets-{VERSION}.dist-info/METADATA").decode("utf-8")
        assert whl.read("exact61_widgets/_data/RULES.md") == (ROOT / "RULES.md").read_bytes()
    assert f"exact61_widgets-{VERSION}.dist-info/licenses/LICENSE" in names
    assert "License-Expression: MIT" in meta and "License-File: LICENSE" in meta
    description = meta.split("\n\n", 1)[1]  # the README, every link absolute (hatch_build.py)
    assert description.startswith("# exact61_widgets")
    targets = re.findall(r"\]\(([^)\s]+)\)", description)
    assert targets and all(re.match(r"https://|#", t) for t in targets)
    notebooks = {p.name for p in (ROOT / "tutorials").glob("*.ipynb")}
    assert {n.rsplit("/", 1)[1] for n in names if n.endswith(".ipynb")} == notebooks
    assert {f"exact61_widgets/_data/{n}" for n in ("RULES.ru.md", "docs/diagrams.md")} <= names
    assert not [n for n in names if "/tests/" in n or n.startswith("tests/")]


#: Runs the README tour's blocks statement by statement; prints the repr of each expression.
TOUR_DRIVER = """
import ast, json, sys
shown, namespace = [], {}
for code in json.loads(sys.argv[1]):
    for statement in ast.parse(code).body:
        if isinstance(statement, ast.Expr):
            value = eval(compile(ast.Expression(statement.value), "tour", "eval"), namespace)
            shown.append(repr(value)[:300])
        else:
            exec(compile(ast.Module([statement], []), "tour", "exec"), namespace)
print(json.dumps(shown))
"""

#: Builds every walkthrough in both languages at every step (in the folder of the notebooks,
#: where a notebook's kernel runs) and prints every rule link it shows.
LINKS_DRIVER = """
import json, re
import exact61_widgets.widgets as w
links = set()
for cls in (w.SpinnerWalkthrough, w.EndScoringWalkthrough, w.RoundingWalkthrough,
            w.GoingOutWalkthrough, w.BlockedWalkthrough, w.Exact61Walkthrough):
    for lang in ("en", "ru"):
        walk = cls(lang=lang)
        pages = [walk.static_html()]
        for index in range(len(walk.steps)):
            walk.go(index)
            pages += [walk.caption.value, walk.text_panel.value]
        for page in pages:
            links.update(re.findall(r'href="([^"]*RULES[^"]*)"', page))
print(json.dumps(sorted(links)))
"""


@pytest.fixture(scope="module")
def installed(dists: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean venv, outside the repository, with the wheel and its dependencies alone."""
    home = tmp_path_factory.mktemp("user")
    run([sys.executable, "-m", "venv", home / "venv"])
    python = home / "venv" / "bin" / "python"
    run([python, "-m", "pip", "install", "--quiet", "--no-compile", dists[1]], cwd=home)
    return home


def user_env(home: Path) -> dict[str, str]:
    """The environment of a user of the venv: nothing points into the repository."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    return {**env, "HOME": str(home), "PATH": f"{home / 'venv' / 'bin'}:{env['PATH']}"}


def test_the_installed_package_is_the_wheel_not_the_clone(installed: Path) -> None:
    out = run(
        ["python", "-c", "import exact61_widgets as e; print(e.__file__, e.__version__)"],
        cwd=installed,
        env=user_env(installed),
    ).stdout.split()
    assert out[0].startswith(str(installed / "venv")) and out[1] == VERSION


def test_the_tour_runs_in_the_installed_package_as_in_the_clone(installed: Path) -> None:
    blocks = json.dumps([b for b in section_blocks("A short tour")])
    there = run(
        ["python", "-c", TOUR_DRIVER, blocks], cwd=installed, env=user_env(installed)
    ).stdout
    here = run([sys.executable, "-c", TOUR_DRIVER, blocks], cwd=ROOT).stdout
    assert len(json.loads(there)) >= 3 and there == here


def section_blocks(title: str) -> Iterator[str]:
    """The python blocks of a README section."""
    text = section(title)
    while "```python\n" in text:
        text = text.split("```python\n", 1)[1]
        block, text = text.split("```", 1)
        yield block


def test_the_command_line_works_in_the_installed_package(installed: Path) -> None:
    env = user_env(installed)
    assert run(["exact61", "--version"], cwd=installed, env=env).stdout == f"exact61 {VERSION}\n"
    text = run(["exact61", "describe", "[1|4]"], cwd=installed, env=env).stdout
    assert text.startswith("Scoring contributions: 4 + 1 = 5.")
    run(
        ["exact61", "play", "--players", "2", "--seed", "3", "--record", "m.json"],
        cwd=installed,
        env=env,
    )
    assert "Final scores" in run(["exact61", "replay", "m.json"], cwd=installed, env=env).stdout


def test_the_tutorials_command_writes_notebooks_whose_rule_links_all_land(
    installed: Path,
) -> None:
    env = user_env(installed)
    told = run(["exact61", "tutorials", "lessons"], cwd=installed, env=env).stdout
    folder = installed / "lessons"
    assert f"jupyter lab {folder.name}/tutorials/00_start_here.ipynb" in told
    notebooks = sorted((folder / "tutorials").glob("*.ipynb"))
    assert {p.name for p in notebooks} == {p.name for p in (ROOT / "tutorials").glob("*.ipynb")}
    assert (folder / "tutorials" / "data" / "simulations").is_dir()
    # The walkthroughs' links, built by the installed package where a notebook runs.
    links = json.loads(
        run(["python", "-c", LINKS_DRIVER], cwd=folder / "tutorials", env=env).stdout
    )
    # The links saved in the notebooks' markdown and outputs.
    for path in notebooks:
        links += re_links(path.read_text("utf-8"))
    assert len(set(links)) > 100
    broken = [link for link in set(links) if not lands(folder / "tutorials", link)]
    assert not broken


#: A link to a rules page in a notebook's markdown (``](../RULES.md#r7-3)``) or saved HTML.
RULE_LINK = re.compile(r'\]\((\.\./RULES[^)]*)\)|href=\\"(\.\./RULES[^"\\]*)')


def re_links(text: str) -> list[str]:
    """Every link to a rules page in a notebook's text (its JSON)."""
    return [a or b for a, b in RULE_LINK.findall(text)]


def lands(base: Path, link: str) -> bool:
    """Whether a relative link from ``base`` opens an existing page holding its anchor."""
    target, _, anchor = link.partition("#")
    page = (base / target).resolve()
    return page.is_file() and (not anchor or f'<a id="{anchor}"></a>' in page.read_text("utf-8"))
