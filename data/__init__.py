"""The bundled data (corpus, rules, lexicons, catalog, calibration questions) and small loaders of the
vocabularies several packages share, so that each lives once, as data.

:func:`states` reads ``lexicon/states.tsv``: the 28 states and 8 union territories, each with its
canonical name (the one myScheme pages use), the other names people write in any script, and short
codes ("UP", "MP") that are also ordinary words.
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


@lru_cache(maxsize=1)
def states() -> tuple[StateNames, ...]:
    """The states and union territories of ``data/lexicon/states.tsv``, in file order.

    Raises:
        ValueError: a line without the three tab-separated columns.
    """
    text = resources.files("data").joinpath("lexicon", "states.tsv").read_text(encoding="utf-8")
    out: list[StateNames] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != 3:
            raise ValueError(f"states.tsv line {n}: expected 3 tab-separated columns, got {len(cols)}")
        name = cols[0].strip()
        names = tuple(dict.fromkeys([name.casefold(), *(p.strip().casefold() for p in cols[1].split("|") if p.strip())]))
        codes = tuple(c.strip().casefold() for c in cols[2].split("|") if c.strip())
        out.append(StateNames(name, names, codes))
    return tuple(out)
