"""The printed page: one self-contained HTML document with its print style sheet.

Everything is in the file: the style sheet, the pictures as inline SVG, the
system's own fonts (DejaVu Sans, then the usual sans-serif faces); nothing is
fetched, no script runs. ``@page`` sets the paper (A4 or Letter) and margins;
every picture, exercise and block is kept whole on one page (``break-inside:
avoid``); a block marked ``page-break`` starts a new page. The same arguments
give the same bytes.
"""

from __future__ import annotations

import html
import re
from typing import Final

from exact61_widgets.handouts.options import PAPERS
from exact61_widgets.rule_links import CODE_PATTERN, rule_anchor

#: The page margins in millimetres: top, right, bottom, left.
MARGINS: Final = (12.0, 12.0, 13.0, 12.0)

_WIDTH = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"')
_HEIGHT = re.compile(r'<svg\b[^>]*?\bheight="([\d.]+)"')
#: CSS pixels in a millimetre.
PX_PER_MM = 96 / 25.4


def esc(text: object) -> str:
    """``text`` escaped for HTML content and attribute values."""
    return html.escape(str(text), quote=True)


def _code(found: re.Match[str]) -> str:
    rule_anchor(found.group(0))  # an unknown code is an error, not a silent typo
    return f'<span class="rule">{found.group(0)}</span>'


#: A word holding a tile's notation (``[5|6]:low``, ``[3|4]@[3|6]:low,``): printed whole.
_NOTATION_WORD = re.compile(r"[^\s\[]*\[\d\|\d\][^\s]*")


def unbroken(text: str) -> str:
    """``text`` (escaped) with every word that holds a tile's notation kept on one line."""
    return _NOTATION_WORD.sub(lambda found: f'<span class="nb">{found.group(0)}</span>', text)


def prose(text: str) -> str:
    """Plain text as HTML: `backticks` become notation (``<code>``), rule codes bold; a tile's
    notation is never broken across lines (``[5|`` at a line's end, ``6]:low`` on the next)."""
    parts = esc(text).split("`")
    return "".join(
        f"<code>{unbroken(part)}</code>" if index % 2 else unbroken(CODE_PATTERN.sub(_code, part))
        for index, part in enumerate(parts)
    )


_STYLE: Final = """
*{box-sizing:border-box}
html{font-family:"DejaVu Sans","Liberation Sans",Verdana,Arial,Helvetica,sans-serif;
font-size:10pt;line-height:1.3;color:#000;background:#fff}
body{margin:0}
main{width:100%}
h1{font-size:15pt;margin:0 0 2mm}
h2{font-size:11pt;margin:3mm 0 1.5mm;break-after:avoid}
h3{font-size:10pt;margin:2mm 0 1mm;break-after:avoid}
p{margin:0 0 1.5mm}
ul,ol{margin:0 0 1.5mm;padding-left:5mm}
li{margin:0 0 .6mm}
code,.code{font-family:"DejaVu Sans Mono","Liberation Mono",monospace;font-size:1em}
.rule{font-weight:bold;white-space:nowrap}
.nb{white-space:nowrap}
.muted{color:#333}
.small{font-size:8.5pt}
.block,figure,.item,table.sheet,.key-item{break-inside:avoid;page-break-inside:avoid}
.page-break{break-before:page;page-break-before:always}
figure{margin:0 0 2mm}
figcaption{font-size:8.5pt;margin-top:.8mm}
.pic{display:inline-block;vertical-align:top;max-width:100%}
.pic>svg{display:block;width:100%;height:auto}
.pics{display:flex;flex-wrap:wrap;gap:2mm 4mm;align-items:flex-start}
.cols{column-gap:6mm}
.cols-2{columns:2}
.cols-3{columns:3}
.grid{display:grid;gap:2mm 4mm}
.head{display:flex;justify-content:space-between;align-items:baseline;gap:4mm;
border-bottom:.4mm solid #000;margin-bottom:2.5mm;padding-bottom:1mm}
.head h1{margin:0}
.fill{display:inline-block;border-bottom:.25mm solid #000;min-width:40mm;height:1.2em}
.answer{margin-top:1.5mm}
.fields .fill{min-width:70mm;margin-right:6mm}
.fields .fill.short{min-width:35mm}
.answer .fill{min-width:70mm}
.item{border:.3mm solid #000;border-radius:1.5mm;padding:2mm 3mm;margin:0 0 3mm}
.item h3{margin-top:0}
.facts{font-size:9pt;margin-top:1.5mm}
table{border-collapse:collapse;width:100%}
th,td{border:.25mm solid #000;padding:.8mm 1.5mm;text-align:left;vertical-align:top}
th{background:#e8e8e8}
.key-item{border-bottom:.25mm solid #777;padding:1.5mm 0}
.key-answer{font-weight:bold}
table.settle{font-size:8.2pt;width:auto;margin:0 0 1mm}
table.settle caption{text-align:left;font-weight:bold;caption-side:top}
table.settle th,table.settle td{padding:.3mm 1.2mm;border-width:.2mm}
table.settle .applied{color:#1a7f37}
table.settle .rejected{color:#b3261e}
.rules-card main{font-size:8.2pt;line-height:1.13}
.rules-card h1{font-size:12pt}
.rules-card h2{font-size:9.3pt;margin:1.2mm 0 .5mm}
.rules-card p{margin:0 0 .7mm}
.rules-card figure{margin:.5mm 0 1.2mm}
.rules-card figcaption{font-size:8.2pt;margin-top:.3mm}
.rules-card .head{margin-bottom:1.5mm}
.pics.two{display:grid;grid-template-columns:1fr 1fr;gap:2mm}
figure.with-text{display:flex;gap:3mm;align-items:center}
figure.with-text figcaption{flex:1}
figure.with-text figcaption.text{font-size:inherit}
figure>.pic{display:block}
figure.labelled{display:inline-block;vertical-align:top;margin:0}
figure.labelled figcaption{white-space:nowrap}
.steps{gap:1mm 2.5mm}
.steps figure{text-align:center;margin:0}
.key-text{display:flex;gap:4mm;align-items:flex-start}
.side{display:flex;gap:3mm;align-items:flex-start;margin-bottom:2.5mm}
.side .who{width:40mm;flex:none}
.side .who p{margin:0 0 .8mm}
.side .fill{min-width:38mm}
.side h3{margin:0 0 1mm}
.figure-row{display:flex;gap:2mm}
.figure-box{text-align:center;font-size:8.2pt}
.square{width:17mm;height:17mm;border:.3mm solid #555}
.sides-3 .square{width:14mm;height:14mm}
.fill.short{min-width:30mm}
table.sheet td{height:6.3mm;padding:0 1.5mm}
table.sheet td.num{width:12mm;text-align:center}
.halves{grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:0 6mm}
.beside{display:grid;grid-template-columns:62mm 1fr;gap:5mm;align-items:start}
table.moves td,table.moves th{padding:.6mm 1.2mm;font-size:8.5pt}
.notation main{font-size:8.6pt;line-height:1.13}
.notation h1{font-size:13pt}
.notation h2{font-size:10pt;margin:2mm 0 1mm}
.notation p{margin:0 0 1.1mm}
.notation .places{gap:1.5mm 3mm}
.places figure.labelled{width:27mm}
.places figure.labelled figcaption{white-space:normal}
.legend-list{margin:0;padding-left:4mm;font-size:8.2pt;line-height:1.12}
.legend-list li{margin:0 0 .3mm}
.legend-list li{break-inside:avoid}
.notation figcaption{font-size:8.2pt}
@media screen{html{background:#d8d8d8}
body{padding:8mm 0}
main{background:#fff;margin:0 auto;padding:@PAD@;width:@SCREEN@;
box-shadow:0 0 2mm #888}}
@media print{.pic>svg,.item,table,th{print-color-adjust:exact;-webkit-print-color-adjust:exact}}
"""


def style(paper: str, footer: str | None) -> str:
    """The style sheet for ``paper``; ``footer`` (plain text) goes under every page's number."""
    width, height = PAPERS[paper]
    top, right, bottom, left = MARGINS
    page = f"@page{{size:{width}mm {height}mm;margin:{top}mm {right}mm {bottom}mm {left}mm;"
    if footer is not None:
        text = footer.replace("\\", "\\\\").replace('"', '\\"')
        page += (
            '@bottom-left{content:"'
            + text
            + '";font-size:8.2pt;color:#333;font-family:"DejaVu Sans",sans-serif}'
            '@bottom-right{content:counter(page) " / " counter(pages);font-size:8.2pt;'
            'color:#333;font-family:"DejaVu Sans",sans-serif}'
        )
    page += "}"
    sheet = _STYLE.replace("@PAD@", f"{top}mm {right}mm {bottom}mm {left}mm")
    return page + sheet.replace("@SCREEN@", f"{width}mm")


def document(
    *,
    title: str,
    body: str,
    lang: str,
    paper: str,
    kind: str,
    footer: str | None = None,
) -> str:
    """The whole HTML document: head with the style sheet, ``body`` inside ``<main>``."""
    css = "".join(line.strip() for line in style(paper, footer).splitlines())
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc(title)}</title>\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<style>{css}</style>\n</head>\n"
        f'<body class="handout {esc(kind)} paper-{esc(paper)}">\n<main>\n{body}\n</main>\n'
        "</body>\n</html>\n"
    )


def picture(
    svg: str, scale: float = 1.0, *, label: str | None = None, max_height: float | None = None
) -> str:
    """An SVG picture shown at ``scale`` of its own size (never wider than its column).

    ``label`` is a short caption under it (plain text); ``max_height`` (millimetres)
    shrinks a tall picture further.
    """
    found = _WIDTH.search(svg)
    tall = _HEIGHT.search(svg)
    width = float(found.group(1)) * scale if found else None
    if width is not None and tall is not None and max_height is not None:
        height = float(tall.group(1)) * scale
        limit = max_height * PX_PER_MM
        if height > limit:
            width *= limit / height
    style = f' style="width:{width:.1f}px"' if width is not None else ""
    inner = f'<span class="pic"{style}>{svg}</span>'
    if label is None:
        return inner
    return f'<figure class="labelled">{inner}<figcaption>{esc(label)}</figcaption></figure>'


def heading(title: str, right: str = "") -> str:
    """The page's heading line: the title, and on the right e.g. name and date fields."""
    return f'<header class="head"><h1>{esc(title)}</h1><div>{right}</div></header>'
