"""Life events and needs stated instead of asked ("my husband died", "barish se fasal kharab ho gai",
"beti ki shadi hai", "I lost my job"): read as a request for the schemes that serve them.

The table is ``data/lexicon/life_events.tsv`` (written for this project): per event, the search it
stands for, its name in English, Hindi and Romanized Hindi, and a pattern over the message in the three
languages. The first event whose pattern matches wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from data import lexicon_rows


@dataclass(frozen=True)
class LifeEvent:
    """One row of the table: ``name`` (``widowhood``), ``query`` (English words of the scheme texts; several
    searches separated by ``;``),
    ``labels`` by reply language (``en``, ``hi``, ``hinglish``) and the compiled ``pattern``."""

    name: str
    query: str
    labels: dict[str, str]
    pattern: re.Pattern[str]

    @property
    def queries(self) -> list[str]:
        """The event's searches: ``query`` split at ``;`` (a need served by schemes of several kinds)."""
        return [q.strip() for q in self.query.split(";") if q.strip()]


@lru_cache(maxsize=1)
def life_events() -> tuple[LifeEvent, ...]:
    """The events of ``data/lexicon/life_events.tsv``, in file order.

    Raises:
        ValueError: a row without its six columns or with a pattern that does not compile.
    """
    return tuple(LifeEvent(name, query, {"en": en, "hi": hi, "hinglish": hinglish}, _compiled(pattern, "life_events.tsv", n))
                 for n, (name, query, en, hi, hinglish, pattern) in lexicon_rows("life_events.tsv", 6))


def _compiled(pattern: str, table: str, line: int) -> re.Pattern[str]:
    """``pattern`` of line ``line`` of lexicon ``table``, compiled case-insensitive.

    Raises:
        ValueError: the pattern does not compile (the message names the table and line).
    """
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        raise ValueError(f"{table} line {line}: {exc}") from exc


@lru_cache(maxsize=1)
def special_groups() -> tuple[re.Pattern[str], ...]:
    """The patterns of ``data/lexicon/special_groups.tsv``: groups a scheme can be reserved for.

    Raises:
        ValueError: a row without its two columns or with a pattern that does not compile.
    """
    return tuple(_compiled(pattern, "special_groups.tsv", n) for n, (_, pattern) in lexicon_rows("special_groups.tsv", 2))


def for_another_group(scheme_name: str, text: str) -> bool:
    """Whether ``scheme_name`` names a group of ``special_groups.tsv`` ("... Widows Of Ex-Servicemen")
    that ``text``, the user's message, does not."""
    name, said = scheme_name.casefold(), text.casefold()
    return any(p.search(name) and not p.search(said) for p in special_groups())


def life_event(text: str) -> LifeEvent | None:
    """The first event whose pattern matches ``text`` (case-folded), or ``None``."""
    folded = text.casefold()
    return next((e for e in life_events() if e.pattern.search(folded)), None)
