"""States and union territories named in a text, in any script and common spelling.

The vocabulary is ``data/lexicon/states.tsv`` (one place for the whole project; the eligibility
interview reads the same file). A name matches as whole words ("tamilnadu", "Tamil Nadu", "तमिलनाडु",
"उत्तराखंड"); spellings the file does not list match when their skeleton (:func:`~retrieval.translit.skeleton`)
equals a listed one of at least 5 letters and they are spelled close to it ("rajastan", "hariyana").
Short codes ("UP", "MP", "HP") are also ordinary words ("set up", "ap" = you), so in free text a code
counts only when written in capitals (in a message not written all in capitals), or next to a place
word: after "in", "of", "from", "for", or before "me", "mein", "ke", "ki", "ka", "se", "govt",
"sarkar", "state" ("in up", "mp me"); "ap" and "uk" only after such a word, and never "my MP", "HP gas"
or "up to". A state name inside another name ("Punjab National Bank", "Bay of Bengal", "Bengal gram")
names no state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

from data import states as _state_table
from retrieval.text import AGE_PHRASE, ELDER_AGE, LAND_SIZE, normalize
from retrieval.translit import skeleton

_WORD = re.compile(r"(?:[^\W_]|[\u0900-\u0963\u0966-\u096f\u0971-\u097f]|&)+")
#: words that make a short code a place: "in up", "from mp"
_BEFORE = frozenset({"in", "of", "from", "for", "at", "to", "across"})
#: "up me", "mp ke", "hp govt", "cg sarkar"
_AFTER = frozenset({"me", "mein", "main", "mai", "mei", "ke", "ki", "ka", "se", "govt", "government", "sarkar",
                    "state", "wale", "wali", "waale", "में", "के", "की", "का", "से", "सरकार"})


@dataclass(frozen=True, slots=True)
class StateMention:
    """A state named in a text: ``state`` is the canonical name (``Tamil Nadu``); ``start``, ``end``
    are character offsets in ``normalize(text)``; ``surface`` is the text matched."""

    state: str
    start: int
    end: int
    surface: str


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[tuple[str, ...], str], dict[str, str], dict[str, tuple[str, str]], int]:
    names: dict[tuple[str, ...], str] = {}
    codes: dict[str, str] = {}
    skeletons: dict[str, tuple[str, str]] = {}
    for s in _state_table():
        for n in s.names:
            toks = tuple(m.group() for m in _WORD.finditer(n))
            if toks:
                names.setdefault(toks, s.name)
            if len(toks) == 1 and len(n) >= 5 and n.isascii():
                skeletons.setdefault(skeleton(n), (n, s.name))
            elif len(toks) == 2 and n.isascii():
                joined = "".join(toks)
                skeletons.setdefault(skeleton(joined), (joined, s.name))
        for c in s.codes:
            codes.setdefault(c, s.name)
    longest = max(len(k) for k in names)
    return names, codes, skeletons, longest


@lru_cache(maxsize=1)
def state_name_words() -> frozenset[str]:
    """Every word of every name of a state or union territory, in every script (``झारखंड``, ``jharkhand``,
    ``ਪੰਜਾਬ``), case-folded: words that place a scheme but do not name it."""
    return frozenset(w for toks in _tables()[0] for w in toks)


def all_states() -> tuple[str, ...]:
    """Canonical names of the 36 states and union territories."""
    return tuple(s.name for s in _state_table())


@lru_cache(maxsize=64)
def state_label(name: str, lang: str | None) -> str:
    """``name`` (a canonical state name) as a reply in ``lang`` writes it: in Hindi its first Devanagari
    name in ``data/lexicon/states.tsv`` ("बिहार"), else (English, Hinglish, a name not in the table) as it is."""
    if lang == "hi":
        row = next((s for s in _state_table() if s.name == name), None)
        hindi = next((n for n in row.names if any("\u0900" <= ch <= "\u097f" for ch in n)), None) if row else None
        if hindi:
            return hindi
    return name


def canonical_state(name: str) -> str | None:
    """The canonical name for a whole string that names one state ("The Dadra And Nagar Haveli And
    Daman And Diu" -> "Dadra and Nagar Haveli and Daman and Diu", "Orissa" -> "Odisha"), else ``None``."""
    toks = tuple(m.group() for m in _WORD.finditer(normalize(name).casefold()))
    if not toks:
        return None
    names, codes, _, _ = _tables()
    if toks in names:
        return names[toks]
    if toks[0] == "the" and toks[1:] in names:
        return names[toks[1:]]
    if len(toks) == 1 and toks[0] in codes:
        return codes[toks[0]]
    return None


def find_states(text: str) -> list[StateMention]:
    """Every state named in ``text``, left to right (a longer name wins at one place: "West Bengal", not
    "Bengal"; see the module docstring for codes and spellings)."""
    return list(_find_states(text))


@lru_cache(maxsize=1024)
def _find_states(text: str) -> tuple[StateMention, ...]:
    """:func:`find_states`, kept for the last texts (a question is read for its states some five times)."""
    norm = normalize(text)
    spans = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(norm)]
    low = [w.casefold() for w, _, _ in spans]
    names, codes, skeletons, longest = _tables()
    letters = [c for c in norm if c.isalpha() and c.isascii()]
    shouting = bool(letters) and all(c.isupper() for c in letters)  # "HOW DO I SIGN UP": capitals say nothing
    out: list[StateMention] = []
    i = 0
    while i < len(spans):
        found = None
        for n in range(min(longest, len(spans) - i), 0, -1):
            key = tuple(low[i:i + n])
            if key in names:
                found = (names[key], n)
                break
        if found is None:
            w = low[i]
            if w in codes and _code_counts(spans[i][0], low, i, shouting):
                found = (codes[w], 1)
            elif w.isascii() and len(w) >= 5 and w.isalpha():
                for cand, n in ((w, 1), (w + low[i + 1], 2) if i + 1 < len(low) and low[i + 1].isascii() else (None, 0)):
                    if cand is None:
                        continue
                    hit = skeletons.get(skeleton(cand))
                    if hit is not None and fuzz.ratio(cand, hit[0]) >= 80:
                        found = (hit[1], n)
                        break
        if found is not None and _names_something_else(low, i, found[1]):
            found = None
        if found is None:
            i += 1
            continue
        state, n = found
        a, b = spans[i][1], spans[i + n - 1][2]
        out.append(StateMention(state, a, b, norm[a:b]))
        i += n
    return tuple(out)


def _code_counts(original: str, low: list[str], i: int, shouting: bool = False) -> bool:
    """Whether a short code ("UP", "mp") at word ``i`` names a state here (see the module docstring)."""
    before = low[i - 1] if i > 0 else None
    after = low[i + 1] if i + 1 < len(low) else None
    if before in _OWNER or after in _NOT_AFTER_CODE:
        return False  # "my MP", "HP gas", "up to 40 years"
    if low[i] in _WORD_CODES:
        # codes that are everyday words ("ap" = you, "uk" = the United Kingdom) need a place word before
        return before in _BEFORE
    if original.isupper() and len(original) >= 2 and not shouting:
        return True
    return before in _BEFORE or after in _AFTER or (i == 0 and after is not None and after not in _FUNCTION_AFTER)


def _names_something_else(low: list[str], i: int, n: int) -> bool:
    """True when the state name at words ``[i, i + n)`` is part of another name: "Punjab National Bank",
    "Andhra Bank", "Bank of Maharashtra", "Bay of Bengal", "Bengal gram"."""
    after = low[i + n] if i + n < len(low) else None
    before = low[i - 2:i] if i >= 2 else []
    return after in _NAME_AFTER or before in (["bank", "of"], ["bay", "of"])


#: words after a state name that make it part of another name
_NAME_AFTER = frozenset({"bank", "national", "gram", "grameena", "gramin", "cooperative"})
#: "my MP", "our MP", "local MP": a member of parliament, not Madhya Pradesh
_OWNER = frozenset({"my", "our", "your", "local", "the", "hamare", "mere", "apne"})
#: "HP gas", "up to": a code followed by these is no state
_NOT_AFTER_CODE = frozenset({"gas", "to", "lad", "lads", "mla", "mp"})
#: codes that are also everyday words in the languages users write
_WORD_CODES = frozenset({"ap", "uk"})
#: English function words that do not follow a state code at the start of a question
_FUNCTION_AFTER = frozenset({"to", "for", "and", "with", "in", "on", "the", "a", "an", "of", "till", "until"})


def without_states(text: str, found: list[StateMention] | None = None) -> str:
    """``normalize(text)`` with the states it names (``found``, default :func:`find_states`) cut out,
    spaces collapsed: "old age pension in haryana how much" -> "old age pension in how much"."""
    out = normalize(text)
    for m in reversed(find_states(text) if found is None else found):
        out = out[: m.start] + " " + out[m.end:]
    return " ".join(out.split())


@lru_cache(maxsize=1)
def _cities() -> dict[tuple[str, ...], str]:
    """City name (its words, case-folded) -> canonical state, from ``data/lexicon/cities.tsv``."""
    from data import lexicon_rows

    out: dict[tuple[str, ...], str] = {}
    for _, (state, names) in lexicon_rows("cities.tsv", 2):
        for n in names.split("|"):
            toks = tuple(m.group().casefold() for m in _WORD.finditer(normalize(n.strip())))
            if toks:
                out.setdefault(toks, canonical_state(state) or state)
    return out


@lru_cache(maxsize=1)
def _city_words() -> frozenset[str]:
    from retrieval.tokenize import analyze

    return frozenset(w for toks in _cities() for t in toks for w in analyze(t))


def city_state(text: str) -> str | None:
    """The state of the first city of ``data/lexicon/cities.tsv`` that ``text`` names as whole words ("19 year
    old girl from Chennai" -> ``Tamil Nadu``), or ``None``. Names two states share, and names that are also
    common words, are not in that file."""
    low = [m.group().casefold() for m in _WORD.finditer(normalize(text))]
    table = _cities()
    for i in range(len(low)):
        for n in (3, 2, 1):
            if tuple(low[i:i + n]) in table:
                return table[tuple(low[i:i + n])]
    return None




#: parents and grandparents people ask for, with their age ("meri maa 72 saal ki hai"), in the three languages
_ELDERS = frozenset("""mother father parent parents grandmother grandfather mom mummy mummi papa maa maan mata mataji
    pita pitaji dadi dada nani nana saas sasur माँ मां माता पिता पिताजी दादी दादा नानी नाना सास ससुर""".split())


@lru_cache(maxsize=1024)
def personal_fact_words(text: str) -> frozenset[str]:
    """The analysed words of ``text`` that say where someone lives, how old they are or how much land they hold rather
    than what they ask: the states it names, the cities of ``data/lexicon/cities.tsv`` ("Bengaluru", "चेन्नई"; counted
    as places here only), the words of an age ("72 saal", "19 year old") with, beside an age, the parent whose it is,
    and the unit of a land holding (:data:`~retrieval.text.LAND_SIZE`: "2 acres"). The gate weighs the rest ("35, 60%
    locomotor disability, Bengaluru, any pension?" asks of disability pensions; "I am a farmer in Maharashtra with 2
    acres, what schemes can help me?" of farmers' schemes: no scheme's passage need say "acres", a newcomer trial)."""
    from retrieval.tokenize import analyze

    words = {w for m in find_states(text) for w in analyze(m.surface)}
    words |= {w for w in analyze(text) if w in _city_words()}
    ages = list(AGE_PHRASE.finditer(normalize(text)))
    for m in ages:
        words |= {w for g in m.groups()[1:] if g for w in analyze(g)}
    if ages or ELDER_AGE.search(normalize(text)):  # "my father is 70 years old": whose age it is, no need of theirs
        words |= {w for w in analyze(text) if w in _ELDERS}
    words |= {w for m in LAND_SIZE.finditer(normalize(text)) for w in analyze(m.group(2))}
    return frozenset(words)


def state_of(text: str) -> str | None:
    """The state a question is about: the only state it names, or the first of several ("in Tamil Nadu,
    not Puducherry" is about Tamil Nadu); ``None`` when it names none."""
    found = find_states(text)
    return found[0].state if found else None
