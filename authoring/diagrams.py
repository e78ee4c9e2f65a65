"""Write the page of the original rules' eleven diagrams, in English and Russian, with pictures.

The original rules explain scoring with eleven diagrams in three groups. This script
writes ``docs/diagrams.md`` and ``docs/diagrams.ru.md``: each diagram with its
picture (``docs/diagrams/diagram-01.svg`` … ``diagram-11.svg``, and ``.ru.svg`` in
Russian, drawn by ``render_svg``), its layout in notation, its caption and its full description —
``caption`` and ``describe`` of the layout, which in Russian are the original's
texts word for word — and, at the end, the nine plays that built the layout of
diagram 4. The layouts are the package's own
(:data:`exact61_widgets.tutorial.diagrams.DIAGRAMS`); ``tests/test_diagrams_page.py``
fails when the committed page differs from what this script writes.

Usage: ``python authoring/diagrams.py`` writes the page and its pictures;
``--check`` only says whether they are up to date.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from exact61_widgets.engine.layout import Layout
from exact61_widgets.render import caption, describe, render_svg
from exact61_widgets.render.descriptions import raw_points
from exact61_widgets.tutorial.diagrams import DIAGRAMS, GROUPS, diagram, nine_plays

ROOT: Final = Path(__file__).resolve().parent.parent
DOCS: Final = ROOT / "docs"
PICTURES: Final = DOCS / "diagrams"
PAGES: Final[Mapping[str, str]] = {"en": "diagrams.md", "ru": "diagrams.ru.md"}
RULES: Final[Mapping[str, str]] = {"en": "../RULES.md", "ru": "../RULES.ru.md"}

#: The page's own words, in each language ({...} are filled in by the script).
WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "title": "# The eleven diagrams of the original rules",
        "intro": (
            "The original rules of Exact 61 Five Up were written in Russian; the [rules "
            "page]({rules}) retells them in plain words. They explain how the ends score with "
            "eleven diagrams, in three groups. This page draws each of them again with the "
            "package's own pictures, in the original's order, with its two texts: the short "
            "caption (the scoring contributions, their sum and the award for the play) and the "
            "full description (every tile, spinner, connection, open place and scoring end). "
            "They are the texts the pictures carry for screen readers, and what "
            "`caption(layout)` and `describe(layout)` return (on the command line: `exact61 "
            "describe LAYOUT`). The Russian page, [diagrams.ru.md](diagrams.ru.md), gives "
            "them in the original's own words."
        ),
        "tutorial": (
            "The tutorials show these diagrams in [notebook "
            "04](../tutorials/04_scoring_ends.ipynb#diagrams), and step through the [nine "
            "plays](#nine-plays) below in its [walkthrough]"
            "(../tutorials/04_scoring_ends.ipynb#nine-plays)."
        ),
        "marks": (
            "How to read the pictures: a number in a filled square is a scoring end with its "
            "contribution; a dot is an open place, where a tile may be joined, which adds "
            "nothing by itself; a ring is a branch of a spinner that is still closed; a dashed "
            "frame marks a spinner, and the star the tile just played. The "
            "[legend](legend.svg) shows every mark."
        ),
        "contents": "Contents",
        "branches": "Opening the branches of a spinner",
        "branches-text": (
            "One layout, four plays in turn: {tiles}. A side branch opens only once both "
            "lines of its spinner are filled, and an open place is not a scoring end "
            "({R4.3}, {R4.4})."
        ),
        "doubles": "Doubles at the end and inside the layout",
        "doubles-text": (
            "An end double counts both halves; once both its lines are filled it is inside "
            "the layout and adds nothing by itself ({R5.1}, {R5.2}). Every double is a "
            "spinner, the opening one included ({R4.1})."
        ),
        "points": "From the end sum to points",
        "points-text": (
            "Only the scoring ends count, blank ones included. A positive sum that is a "
            "multiple of 5 earns that many raw points, any other sum earns nothing, and 5 raw "
            "points are 1 displayed point ({R5.4}, {R6.2})."
        ),
        "heading": "Diagram {n}: {tile} is played",
        "alt": "Diagram {n}: the layout after {tile} is played",
        "layout": "**Layout:**",
        "caption": "**Caption:**",
        "description": "**Description:**",
        "nine": "The nine plays",
        "nine-text": (
            "The layout of diagram 4 was built by nine plays. Eight of them are diagrams of "
            "their own ({shown}); the {missing_th} play, {missing}, has none. The same nine "
            "moves are the worked example of the pagat.com page on All Fives, where only the "
            "first double spins; here every double does, and the awards are the same."
        ),
        "nine-head": "| play | tile and place | sum of the ends | award | diagram |",
        "no-diagram": "—",
        "opening": "{tile} (opening)",
        "ordinal": "seventh",
        "and": "and",
    },
    "ru": {
        "title": "# Одиннадцать схем из первоначального текста правил",
        "intro": (
            "Правила «Экзакт 61 Файв Ап» изначально написаны по-русски; [страница "
            "правил]({rules}) пересказывает их простыми словами. Как считаются концы, "
            "первоначальный текст правил объясняет на одиннадцати схемах, собранных в три "
            "группы. Здесь каждая схема нарисована заново средствами пакета, в том же порядке, "
            "вместе с двумя её текстами: короткой подписью (учитываемые вклады, их сумма и "
            "начисление за выкладывание) и полным описанием (все кости, разветвляющие дубли, "
            "соединения, допустимые места продолжения и зачётные концы). Тексты приведены "
            "слово в слово, как в правилах. Их же рисунки передают программам экранного "
            'доступа, и их же возвращают `caption(layout, lang="ru")` и `describe(layout, '
            'lang="ru")` (в командной строке: `exact61 describe ВЫКЛАДКА --lang ru`). '
            "Английская версия страницы: [diagrams.md](diagrams.md)."
        ),
        "tutorial": (
            "В учебных блокнотах эти схемы показаны в [блокноте "
            "04](../tutorials/04_scoring_ends_ru.ipynb#diagrams), а [девять "
            "выкладываний](#nine-plays), о которых речь ниже, пройдены там же в [пошаговом "
            "разборе](../tutorials/04_scoring_ends_ru.ipynb#nine-plays)."
        ),
        "marks": (
            "Как читать рисунки: число в закрашенном квадрате — зачётный конец и его вклад; "
            "точка — допустимое место продолжения, к которому можно присоединить кость, "
            "само по себе оно ничего не добавляет; кольцо — ветвь разветвляющего дубля, "
            "которая ещё закрыта; пунктирная рамка отмечает разветвляющий дубль, а звезда — "
            "только что выложенную кость. Все обозначения собраны в [легенде](legend.ru.svg)."
        ),
        "contents": "Содержание",
        "branches": "Открытие ветвей разветвляющего дубля",
        "branches-text": (
            "Одна выкладка, четыре выкладывания подряд: {tiles}. Боковая ветвь открывается "
            "только после того, как заняты обе линии её дубля, а допустимое место продолжения "
            "— ещё не зачётный конец ({R4.3}, {R4.4})."
        ),
        "doubles": "Дубли на конце и внутри выкладки",
        "doubles-text": (
            "Конечный дубль учитывается обеими половинками; когда обе его линии заняты, он "
            "становится внутренним и сам по себе ничего не добавляет ({R5.1}, {R5.2}). Каждый "
            "дубль разветвляющий, включая начальный ({R4.1})."
        ),
        "points": "От суммы концов к очкам",
        "points-text": (
            "Учитываются только зачётные концы, включая концы со значением ноль. Положительная "
            "сумма, кратная пяти, приносит столько же исходных очков, любая другая сумма не "
            "приносит ничего, а 5 исходных очков — это 1 отображаемое ({R5.4}, {R6.2})."
        ),
        "heading": "Схема {n}. Выложена кость {tile}",
        "alt": "Схема {n}: выкладка после того, как выложена кость {tile}",
        "layout": "**Выкладка:**",
        "caption": "**Подпись:**",
        "description": "**Описание:**",
        "nine": "Девять выкладываний",
        "nine-text": (
            "Выкладка схемы 4 построена девятью выкладываниями. Восемь из них показаны на "
            "своих схемах ({shown}); у {missing_th} выкладывания, {missing}, своей схемы нет. "
            "Те же девять ходов — разобранный пример со страницы pagat.com об игре All Fives, "
            "где разветвляется только первый дубль; здесь разветвляется каждый дубль, а "
            "начисления те же."
        ),
        "nine-head": "| № | кость и место | сумма концов | начисление | схема |",
        "no-diagram": "—",
        "opening": "{tile} (первая кость)",
        "ordinal": "седьмого",
        "and": "и",
    },
}


def rule_link(code: str, lang: str) -> str:
    """A markdown link to rule ``code`` on the rules page of ``lang``."""
    return f"[{code}]({RULES[lang]}#{code.lower().replace('.', '-')})"


def fill(text: str, lang: str, **values: str) -> str:
    """``text`` with its rule codes linked and ``values`` put in."""
    for code in ("R4.1", "R4.3", "R4.4", "R5.1", "R5.2", "R5.4", "R6.2"):
        text = text.replace("{" + code + "}", rule_link(code, lang))
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text


def played(number: int) -> str:
    """The tile whose play each diagram shows: the layout's last placement."""
    return str(Layout.parse(diagram(number)).placements[-1].tile)


def picture_name(number: int, lang: str) -> str:
    """The file name of a diagram's picture in ``lang``."""
    return f"diagram-{number:02d}.svg" if lang == "en" else f"diagram-{number:02d}.{lang}.svg"


def picture(number: int, lang: str) -> str:
    """The picture of diagram ``number`` in ``lang``: the layout with its scoring ends, places,
    spinners, the last play's star and the caption line."""
    return str(render_svg(diagram(number), lang=lang, id_prefix=f"diagram-{number:02d}"))


def listing(items: Sequence[str], lang: str) -> str:
    """``a, b, c and d`` in ``lang``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {WORDS[lang]['and']} {items[-1]}"


def diagram_section(number: int, lang: str) -> list[str]:
    """A diagram's heading, picture, layout and its two texts."""
    words = WORDS[lang]
    layout = diagram(number)
    tile = f"`{played(number)}`"
    return [
        f'<a id="diagram-{number}"></a>',
        f"### {fill(words['heading'], lang, n=str(number), tile=tile)}",
        "",
        f"![{fill(words['alt'], lang, n=str(number), tile=played(number))}]"
        f"(diagrams/{picture_name(number, lang)})",
        "",
        f"{words['layout']} `{layout}`",
        "",
        f"{words['caption']} {caption(layout, lang)}",
        "",
        f"{words['description']} {describe(layout, lang)}",
        "",
    ]


def nine_section(lang: str) -> list[str]:
    """The nine plays of diagram 4's layout: each with its sum, award and diagram."""
    words = WORDS[lang]
    plays = nine_plays()
    shown = [str(n) for _, n in plays if n is not None]
    missing = [(i, p) for i, (p, n) in enumerate(plays, 1) if n is None]
    assert len(missing) == 1 and missing[0][0] == 7, missing  # the words say "seventh"
    rows = [words["nine-head"], "|---|---|---|---|---|"]
    placements: list[str] = []
    for index, (placement, number) in enumerate(plays, start=1):
        placements.append(placement)
        after = Layout.parse(" ".join(placements))
        code = "`" + placement.replace("|", "\\|") + "`"  # a pipe in a table cell is escaped
        shown_as = fill(words["opening"], lang, tile=code) if index == 1 else code
        where = words["no-diagram"] if number is None else f"[{number}](#diagram-{number})"
        rows.append(
            f"| {index} | {shown_as} | {after.end_sum} | {raw_points(after.award, lang)} "
            f"| {where} |"
        )
    text = fill(
        words["nine-text"],
        lang,
        shown=listing(shown, lang),
        missing_th=words["ordinal"],
        missing=f"`{missing[0][1].split('@')[0]}`",
    )
    return ['<a id="nine-plays"></a>', f"## {words['nine']}", "", text, "", *rows, ""]


def page(lang: str) -> str:
    """The whole page in ``lang``."""
    words = WORDS[lang]
    lines = [
        words["title"],
        "",
        fill(words["intro"], lang, rules=RULES[lang]),
        "",
        words["tutorial"],
        "",
        words["marks"],
        "",
        f"## {words['contents']}",
        "",
    ]
    for group in GROUPS:
        numbers = ", ".join(f"[{n}](#diagram-{n})" for n in group.numbers)
        lines.append(f"- [{words[group.key]}](#{group.key}): {numbers}")
    lines += [f"- [{words['nine']}](#nine-plays)", ""]
    for group in GROUPS:
        tiles = listing([f"`{played(n)}`" for n in group.numbers], lang)
        lines += [
            f'<a id="{group.key}"></a>',
            f"## {words[group.key]}",
            "",
            fill(words[f"{group.key}-text"], lang, tiles=tiles),
            "",
        ]
        for number in group.numbers:
            lines += diagram_section(number, lang)
    lines += nine_section(lang)
    return "\n".join(lines).rstrip("\n") + "\n"


def files() -> dict[Path, str]:
    """Every file the script writes, with its content."""
    found = {DOCS / PAGES[lang]: page(lang) for lang in PAGES}
    for number in range(1, len(DIAGRAMS) + 1):
        for lang in PAGES:
            found[PICTURES / picture_name(number, lang)] = picture(number, lang) + "\n"
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the committed files")
    args = parser.parse_args(argv)
    wanted = files()
    if args.check:
        stale = [
            p.relative_to(ROOT).as_posix()
            for p, text in wanted.items()
            if not p.is_file() or p.read_text("utf-8") != text
        ]
        extra = sorted(
            p.relative_to(ROOT).as_posix() for p in PICTURES.glob("*") if p not in wanted
        )
        for problem in stale:
            print(f"{problem}: differs from what authoring/diagrams.py writes", file=sys.stderr)
        for problem in extra:
            print(f"{problem}: not written by authoring/diagrams.py", file=sys.stderr)
        return 1 if stale or extra else 0
    PICTURES.mkdir(parents=True, exist_ok=True)
    for path, text in wanted.items():
        path.write_text(text, "utf-8")
        print(f"wrote {path.relative_to(ROOT).as_posix()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
