"""What an index, a school's IT department or a citation manager reads: licence, metadata, citation.

The licence text names its holder; pyproject.toml declares it as an SPDX expression with
the file (PEP 639); the classifiers, keywords, authors and addresses are there; CITATION.cff
agrees with the package's version and licence and with pyproject's address, and its release
date is the changelog's for that version.
"""

from __future__ import annotations

import re
from pathlib import Path

import tomllib

import exact61_widgets

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
HOLDER = "The exact61_widgets authors"


def cff() -> dict[str, str]:
    """The top-level ``key: value`` lines of CITATION.cff (a flat subset of YAML)."""
    text = (ROOT / "CITATION.cff").read_text("utf-8")
    return {
        m.group(1): m.group(2).strip('"')
        for m in re.finditer(r'^([a-z-]+): *(".*"|[^>\n].*)$', text, re.M)
    }


def test_the_licence_is_mit_with_its_holder() -> None:
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 " + HOLDER + "\n")
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text
    assert PROJECT["license"] == "MIT"  # an SPDX expression (PEP 639), not a table
    assert PROJECT["license-files"] == ["LICENSE"]


def test_the_metadata_names_authors_addresses_keywords_and_classifiers() -> None:
    assert PROJECT["authors"] == [{"name": HOLDER}]
    assert set(PROJECT["urls"]) >= {"Homepage", "Documentation", "Source", "Issues", "Changelog"}
    assert all(url.startswith("https://") for url in PROJECT["urls"].values())
    assert {"jupyter", "widgets", "dominoes", "education"} <= set(PROJECT["keywords"])
    classifiers = set(PROJECT["classifiers"])
    assert {
        "Framework :: Jupyter :: JupyterLab :: 4",
        "Intended Audience :: Education",
        "Topic :: Education",
        "Topic :: Games/Entertainment :: Board Games",
        "Natural Language :: English",
        "Natural Language :: Russian",
        "Typing :: Typed",
    } <= classifiers
    # The Python versions the classifiers claim start at requires-python's floor.
    versions = sorted(
        int(c.rsplit(".", 1)[1])
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert versions == list(range(10, 14))
    assert PROJECT["requires-python"] == f">=3.{versions[0]}"
    assert "License ::" not in " ".join(classifiers)  # PEP 639: the expression says it


def test_no_classifier_is_made_up() -> None:
    """hatchling refuses unknown classifiers when it builds; check against the same list."""
    from trove_classifiers import classifiers as known

    assert set(PROJECT["classifiers"]) <= known


def test_the_citation_agrees_with_the_package_and_the_changelog() -> None:
    fields = cff()
    assert fields["cff-version"] == "1.2.0"
    assert fields["version"] == exact61_widgets.__version__
    assert fields["license"] == PROJECT["license"]
    assert fields["repository-code"] == PROJECT["urls"]["Source"]
    assert fields["url"] == PROJECT["urls"]["Documentation"]
    assert f'  - name: "{HOLDER}"' in (ROOT / "CITATION.cff").read_text("utf-8")
    changelog = (ROOT / "docs" / "changelog.md").read_text("utf-8")
    heading = re.search(
        rf"^## {re.escape(exact61_widgets.__version__)} — (\d{{4}}-\d\d-\d\d)$", changelog, re.M
    )
    assert heading, "the changelog has no heading for this version with its date"
    assert fields["date-released"] == heading.group(1)


def test_the_changelog_is_versioned_and_speaks_to_users() -> None:
    """``## Unreleased`` on top (new entries go there), then each version with its date; the
    notes say what changed for a user, not which issue changed it."""
    changelog = (ROOT / "docs" / "changelog.md").read_text("utf-8")
    headings = re.findall(r"^## (.*)$", changelog, re.M)
    assert headings[0] == "Unreleased"
    assert all(re.fullmatch(r"\d+\.\d+\.\d+ — \d{4}-\d\d-\d\d", h) for h in headings[1:])
    assert headings[1].startswith(exact61_widgets.__version__ + " ")
    assert not re.search(r"\bissues? \d", changelog, re.I)
