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
from retrieval.query import compile_pattern


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
        """The event's searches: ``query`` split at ``;`` (a need served by schemes of several kinds), without
        the ``+`` marks."""
        return [q.strip() for q in self.query.replace("+", "").split(";") if q.strip()]

    @property
    def search(self) -> str:
        """``query`` without its ``+`` marks (what is remembered as the conversation's standalone query)."""
        return self.query.replace("+", "")

    @property
    def required(self) -> list[str]:
        """The words marked ``+`` in ``query`` ("financial assistance for +marriage of daughter"): a scheme listed
        for the event holds each of them (analysed as the index is), not only the event's other words."""
        from retrieval.tokenize import analyze

        return [t for w in re.findall(r"\+(\w+)", self.query) for t in analyze(w)]


@lru_cache(maxsize=1)
def life_events() -> tuple[LifeEvent, ...]:
    """The events of ``data/lexicon/life_events.tsv``, in file order.

    Raises:
        ValueError: a row without its six columns or with a pattern that does not compile.
    """
    return tuple(LifeEvent(name, query, {"en": en, "hi": hi, "hinglish": hinglish}, compile_pattern(pattern, "life_events.tsv", n))
                 for n, (name, query, en, hi, hinglish, pattern) in lexicon_rows("life_events.tsv", 6))


#: words that deny what follows them within a clause ("I am not pregnant") or, in Hindi, what precedes them ("pregnant
#: nahi hoon", "गर्भवती नहीं हूँ")
_DENY_BEFORE = frozenset({"not", "never", "no", "nahi", "nahin", "nhi", "नहीं", "नही"})
_DENY_AFTER = frozenset({"nahi", "nahin", "nhi", "nai", "नहीं", "नही", "न"})
_CLAUSE_END = re.compile(r"[.,;:!?\n\u0964]")
_WORD = re.compile(r"[\w\u0900-\u097f']+")


def denied(folded: str, start: int, end: int) -> bool:
    """Whether what ``folded[start:end]`` says is denied within its clause: one of the three words before it is a
    negation, or one of the two after it a Hindi one. A break-it trial's "I am not pregnant" had been met with the
    schemes for a pregnancy and a check that took it as said."""
    head = _CLAUSE_END.split(folded[max(0, start - 60):start])[-1]
    tail = _CLAUSE_END.split(folded[end:end + 40])[0]
    return bool(set(_WORD.findall(head)[-3:]) & _DENY_BEFORE or set(_WORD.findall(tail)[:2]) & _DENY_AFTER)


def affirmed(pattern: re.Pattern[str], text: str) -> bool:
    """Whether ``pattern`` finds something in ``text`` (case-folded) that is not denied there (:func:`denied`)."""
    folded = text.casefold()
    return any(not denied(folded, m.start(), m.end()) for m in pattern.finditer(folded))


def life_event(text: str) -> LifeEvent | None:
    """The first event whose pattern matches ``text`` (case-folded) where it is not denied (:func:`denied`), or ``None``."""
    return next((e for e in life_events() if affirmed(e.pattern, text)), None)
