"""The page of the original rules' eleven diagrams (``docs/diagrams.md``, ``docs/diagrams.ru.md``).

The page is written by ``authoring/diagrams.py``: the committed page and pictures must be
what the script writes, every text on it must be ``caption``/``describe`` of its layout
(in Russian, the original's texts word for word), and the tutorials that speak of the
rules' diagrams or their nine plays must link to it.
"""

from __future__ import annotations

import html
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from exact61_widgets import Layout, caption, describe, render_svg
from exact61_widgets.tutorial.diagrams import DIAGRAMS, GROUPS, NINE_PLAYS, diagram, nine_plays

ROOT = Path(__file__).resolve().parent.parent
SECTION = re.compile(
    r'<a id="diagram-(\d+)"></a>\n### (.*?)\n\n!\[.*?\]\(diagrams/([\w.-]+)\)\n\n'
    r"\*\*[^*]+\*\* `([^`]+)`\n\n\*\*[^*]+\*\* (.*?)\n\n\*\*[^*]+\*\* (.*?)\n",
)


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "diagrams_page", ROOT / "authoring" / "diagrams.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["diagrams_page"] = module
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


def sections(lang: str) -> list[tuple[str, ...]]:
    """Each diagram of the committed page: number, heading, picture, layout, caption, text."""
    page = (ROOT / "docs" / SCRIPT.PAGES[lang]).read_text("utf-8")
    return SECTION.findall(page)


def test_the_committed_page_and_pictures_are_what_the_script_writes() -> None:
    wanted = SCRIPT.files()
    assert len(wanted) == 2 + 2 * 11
    for path, text in wanted.items():
        assert path.is_file(), f"{path.relative_to(ROOT)}: run python authoring/diagrams.py"
        assert path.read_text("utf-8") == text, f"{path.relative_to(ROOT)} is stale"
    assert sorted((ROOT / "docs" / "diagrams").iterdir()) == sorted(
        p for p in wanted if p.suffix == ".svg"
    )
    assert SCRIPT.main(["--check"]) == 0


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_diagram_is_on_the_page_with_the_texts_of_its_layout(lang: str) -> None:
    found = sections(lang)
    assert [int(s[0]) for s in found] == list(range(1, 12))
    for number, heading, picture, layout, short, full in found:
        assert layout == diagram(int(number))
        assert short == caption(layout, lang) and full == describe(layout, lang)
        tile = str(Layout.parse(layout).placements[-1].tile)
        assert f"`{tile}`" in heading
        drawn = (ROOT / "docs" / "diagrams" / picture).read_text("utf-8")
        wanted = render_svg(layout, lang=lang, id_prefix=f"diagram-{int(number):02d}")
        assert drawn == f"{wanted}\n"
        assert html.escape(describe(layout, lang), quote=False) in drawn  # its <desc>


def test_the_russian_texts_are_the_originals_word_for_word(
    seed_examples: list[dict[str, Any]],
) -> None:
    found = sections("ru")
    assert [e["notation"] for e in seed_examples] == list(DIAGRAMS)
    for (_, heading, _, layout, short, full), example in zip(found, seed_examples, strict=True):
        assert layout == example["notation"]
        assert short == example["caption_ru"] and full == example["description_ru"]
        assert heading.endswith(f"Выложена кость `{example['played']}`")


def test_the_groups_and_the_nine_plays() -> None:
    assert [n for g in GROUPS for n in g.numbers] == list(range(1, 12))
    plays = nine_plays()
    assert " ".join(p for p, _ in plays) == NINE_PLAYS
    assert [n for _, n in plays] == [8, 9, 5, 6, 1, 2, None, 3, 4]
    awards = []
    for count in range(1, 10):
        awards.append(Layout.parse(" ".join(p for p, _ in plays[:count])).award)
    assert awards == [5, 0, 10, 5, 5, 10, 15, 5, 0]  # pagat.com's All Fives example
    for lang in ("en", "ru"):
        page = (ROOT / "docs" / SCRIPT.PAGES[lang]).read_text("utf-8")
        table = page.split('<a id="nine-plays"></a>', 1)[1]
        assert len(re.findall(r"^\| \d \|", table, re.M)) == 9


def test_a_diagram_number_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="diagrams 1 to 11, not 12"):
        diagram(12)


TUTORIALS = ROOT / "authoring" / "tutorials"
#: How the tutorials speak of the original's diagrams and plays, in both languages.
MENTION = re.compile(
    r"rules text|rules' (?:own )?diagram|diagrams? of the (?:original )?rules|nine plays"
    r"|eleven diagrams|текст\w* правил|схем\w* из правил|девят(?:ь|и) выкладыван"
    r"|одиннадцат\w* схем",
    re.I,
)
#: A link to a page a user of the repository has: the diagrams page or the rules page.
LINKED = re.compile(r"\]\((?:\.\./)?(?:docs/diagrams(?:\.ru)?\.md|\.\./RULES(?:\.ru)?\.md)")


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("diagrams_build", ROOT / "authoring" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["diagrams_build"] = module
    spec.loader.exec_module(module)
    return module


def unlinked_mentions(path: Path) -> list[str]:
    """The mentions of the rules' diagrams or nine plays in a tutorial source's text whose
    paragraph links to no page a user of the repository has (headings aside)."""
    unlinked = []
    for cell in _builder().parse(path).cells:
        if cell.kind != "md":
            continue
        for text in cell.text.values():
            for paragraph in re.split(r"\n\s*\n", text):
                prose = "\n".join(
                    line for line in paragraph.splitlines() if not line.lstrip().startswith("#")
                )
                found = MENTION.search(prose)
                if found and not LINKED.search(prose):
                    unlinked.append(found.group(0))
    return unlinked


@pytest.mark.parametrize("path", sorted(TUTORIALS.glob("*.md")), ids=lambda p: p.stem)
def test_every_mention_of_the_original_links_to_the_diagrams_or_the_rules(path: Path) -> None:
    assert unlinked_mentions(path) == [], path.name


def test_an_unlinked_mention_is_found(tmp_path: Path) -> None:
    source = tmp_path / "t.md"
    source.write_text(
        "<!-- md -->\n## The nine plays\n\nAs the rules text shows.\n\nSee [the diagrams]"
        "(../docs/diagrams.md) of the nine plays.\n<!-- ru -->\nКак в девяти выкладываниях.\n",
        "utf-8",
    )
    assert unlinked_mentions(source) == ["rules text", "девяти выкладыван"]
