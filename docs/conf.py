"""Sphinx settings of the documentation site (``make docs``: ``build/docs``).

The source folder is the repository's root, read through ``include_patterns``: the pages in
``docs/``, ``README.md``, ``CONTRIBUTING.md``, ``RULES.md``, ``RULES.ru.md`` and the tutorial
notebooks, so that every relative link they hold works the same on the site as in the
repository. Notebooks are rendered from their saved outputs (they are committed executed);
nothing is fetched at build or view time.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

from exact61_widgets import __version__  # noqa: E402

project = "exact61_widgets"
author = "the exact61_widgets authors"
copyright = "the exact61_widgets authors"
version = release = __version__
language = "en"

root_doc = Path("docs/index.md").with_suffix("").as_posix()  # the start page
include_patterns = [
    "docs/**",
    "README.md",
    "CONTRIBUTING.md",
    "RULES.md",
    "RULES.ru.md",
    "tutorials/*.ipynb",
]
exclude_patterns = [
    ".git",
    ".venv",
    "build",
    "_site",
    ".lite-cache",
    "node_modules",
    "docs/_ext",
    "docs/_static",
    "docs/diagrams",
    "**/.ipynb_checkpoints",
]

extensions = [
    "myst_nb",  # MyST Markdown and notebooks (myst-parser comes with it)
    "sphinx.ext.autodoc",
    "sphinxarg.ext",
    "exact61_docs",  # docs/_ext: the API pages, the tutorial lists, the links
]

# Notebooks: their saved outputs, never executed here.
nb_execution_mode = "off"
# A widget's saved view needs the widget's JavaScript, which a static page lacks: show the
# static form the notebook saved beside it (HTML, SVG or text) instead.
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/vnd.jupyter.widget-state+json", None),
]
nb_output_stderr = "show"
# No widget manager from a CDN (myst-nb's default): the saved static forms need no script.
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
myst_enable_extensions = ["colon_fence", "deflist", "html_image"]
# Links are written as the repository reads them (``RULES.md#r7-3``, ``../docs/formats.md``):
# exact61_docs turns those to pages into links to the built pages and checks nothing is lost.
myst_all_links_external = True
suppress_warnings: list[str] = []

autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_member_order = "bysource"
# Undocumented members are shown too, so that exact61_docs can fail on a public name without a
# docstring instead of leaving it out.
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
autodoc_preserve_defaults = True
add_module_names = False

# Every cross-reference must resolve, except to names of other libraries (no intersphinx: the
# site is built and read offline) and typing's own helpers.
nitpicky = True
nitpick_ignore_regex = [
    ("py:.*", r"(typing|collections|collections\.abc|abc|enum|pathlib|argparse|dataclasses)\..*"),
    ("py:.*", r"(ipywidgets|anywidget|traitlets|svgwrite|babel)(\..*)?"),
    ("py:.*", r"(Any|Callable|Iterable|Iterator|Mapping|Sequence|Literal|TypeAlias|Self)"),
    ("py:.*", r"(NoReturn|Path|Enum|IntEnum|Fraction|Random|random\.Random|fractions\..*)"),
    ("py:class", r"(optional|T|K|V|NamedTuple|object|sys\..*|types\..*)"),
]

html_theme = "furo"
html_title = f"exact61_widgets {release}"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_extra_path = ["_root"]  # the site's index.html, which opens the start page
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {
    "navigation_with_keys": True,
    "footer_icons": [],  # Furo's default icons link to its own site
}
# MathJax is not loaded (it would come from the internet): mathematics shows as its text.
html_math_renderer = "text"
