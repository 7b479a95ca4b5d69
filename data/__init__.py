"""The bundled data (corpus, rules, lexicons, catalog, calibration questions) and small loaders of the
vocabularies several packages share, so that each lives once, as data.

:func:`states` reads ``lexicon/states.tsv``: the 28 states and 8 union territories, each with its
canonical name (the one myScheme pages use), the other names people write in any script, and short
codes ("UP", "MP") that are also ordinary words. :func:`lexicon_rows` reads any of the lexicon's
tab-separated tables (comments and blank lines skipped, the column count checked).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class StateNames:
    """One state or union territory: ``name`` (canonical), ``names`` (case-folded, any script, the
    canonical one first) and ``codes`` (case-folded short codes such as ``up``)."""

    name: str
    names: tuple[str, ...]
    codes: tuple[str, ...]


def lexicon_rows(name: str, columns: int) -> list[tuple[int, list[str]]]:
    """``(line number, columns)`` of each row of ``lexicon/<name>``, a tab-separated table whose lines
    starting with ``#`` and blank lines are skipped.

    Raises:
        ValueError: a row without exactly ``columns`` tab-separated columns.
    """
    text = resources.files("data").joinpath("lexicon", name).read_text(encoding="utf-8")
    rows = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != columns:
            raise ValueError(f"{name} line {n}: expected {columns} tab-separated columns, got {len(cols)}")
        rows.append((n, cols))
    return rows


@lru_cache(maxsize=1)
def states() -> tuple[StateNames, ...]:
    """The states and union territories of ``data/lexicon/states.tsv``, in file order.

    Raises:
        ValueError: a line without the three tab-separated columns.
    """
    out: list[StateNames] = []
    for _, cols in lexicon_rows("states.tsv", 3):
        name = cols[0].strip()
        names = tuple(dict.fromkeys([name.casefold(), *(p.strip().casefold() for p in cols[1].split("|") if p.strip())]))
        codes = tuple(c.strip().casefold() for c in cols[2].split("|") if c.strip())
        out.append(StateNames(name, names, codes))
    return tuple(out)
