"""The README is a front page: short, with its picture, badges, install, the two commands, the
tour and the way to the documentation; what it used to hold lives on in CONTRIBUTING.md and the
documentation's pages.

Its long description on an index is the same text with absolute links (hatch_build.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")
URLS = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["urls"]
LINK = re.compile(r"\]\(([^)\s]+)\)")
sys.path.insert(0, str(ROOT))

from hatch_build import absolute_links  # noqa: E402  (the build's metadata hook)


def test_it_is_at_most_15_kb() -> None:
    assert len(README.encode("utf-8")) <= 15 * 1024


def test_it_opens_with_badges_the_picture_and_what_it_is() -> None:
    head = README.split("## ", 1)[0]
    badges = re.findall(r"\[!\[([^\]]+)\]\(([^)]+)\)\]\(([^)]+)\)", head)
    by_name = {alt.split()[0].lower(): (image, target) for alt, image, target in badges}
    assert set(by_name) >= {"documentation", "launch", "try", "licence:"}
    for image, _ in by_name.values():  # drawn here: the docs site loads nothing from outside
        assert image.startswith("docs/badges/") and (ROOT / image).is_file()
    repository = URLS["Source"].removeprefix("https://github.com/")
    assert by_name["documentation"][1] == URLS["Documentation"]
    assert by_name["launch"][1].startswith(f"https://mybinder.org/v2/gh/{repository}/HEAD?")
    assert by_name["try"][1] == URLS["Documentation"].replace("/docs/", "/lite/")
    assert by_name["licence:"][1] == "LICENSE"
    assert "](docs/table.svg)" in head and "Exact 61 Five Up" in head


def test_it_has_the_sections_a_newcomer_needs() -> None:
    sections = re.findall(r"^## (.+)$", README, re.M)
    assert sections[:4] == ["Install", "Two commands", "A short tour", "Widgets"]
    assert {"Documentation", "Tests and CI", "Licence and citation"} <= set(sections)
    for command in ("pip install .", "exact61 tutorials", "make lab", "make test"):
        assert command in README
    ci = README.split("## Tests and CI", 1)[1].split("\n## ", 1)[0]
    assert "make test" in ci and not re.search(r"TODO|TBD|XXX|\?\?", ci)


def test_every_relative_link_names_a_file_of_the_repository() -> None:
    for target in LINK.findall(README):
        if re.match(r"[a-z][a-z0-9+.-]*:|#", target):
            continue
        assert (ROOT / target.split("#")[0]).exists(), target


def test_what_the_readme_held_is_still_there() -> None:
    """Each section of the old, long README is a section of a page now."""
    homes = {
        "CONTRIBUTING.md": [
            "The two commands, in detail",
            "Architecture",
            "Where to change what",
            "How the pictures are drawn",
            "Benchmarks",
            "Before a commit: make check",
            "Building the notebooks and the documentation",
        ],
        "docs/guide.md": [
            "Widgets",
            "Tutorials",
            "The classroom app",
            "Binder",
            "Bots, hints and simulations",
            "Puzzles and the solver",
            "Reviewing a match",
            "Handouts",
            "Command line",
            "Rules and the decisions we took",
        ],
        "docs/lite.md": ["In the browser, with nothing installed"],
        "docs/classroom.md": ["The classroom on the room's network"],
        "docs/pictures.md": ["Reading the pictures"],
    }
    for page, titles in homes.items():
        text = (ROOT / page).read_text("utf-8")
        for title in titles:
            assert re.search(rf"^#+ {re.escape(title)}$", text, re.M), (page, title)


def test_the_index_page_gets_absolute_links() -> None:
    text = absolute_links(README, URLS["Source"])
    relative = [t for t in LINK.findall(text) if not re.match(r"[a-z][a-z0-9+.-]*:|#", t)]
    assert not relative
    assert f"]({URLS['Source']}/raw/main/docs/table.svg)" in text
    assert f"]({URLS['Source']}/blob/main/RULES.md#r1-4)" in text
