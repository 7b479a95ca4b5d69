"""The one analyzer shared by TF-IDF and BM25 (documents and queries alike).

``analyze("PM-KISAN के लिए पात्रता")`` -> ``["pmkisan", "pm", "kisan", "पात्रता"]``.

Steps: :func:`retrieval.text.normalize` (NFC, no zero-width characters); casefold; Devanagari digits
to ASCII (``२५`` -> ``25``); thousands separators dropped inside numbers (``2,50,000`` -> ``250000``);
tokens are runs of letters, digits and combining marks, so a Devanagari word keeps its vowel signs,
virama and nukta (scikit-learn's default ``\\w\\w+`` breaks ``किसान`` apart because vowel signs are
not ``\\w``); degrees written with points are one word (``B.Sc`` -> ``bsc``, not the ``sc`` of
Scheduled Castes); hyphen- or ampersand-joined words also give the joined form (``pm-kisan`` -> ``pmkisan``,
``pm``, ``kisan``; ``j&k`` -> ``jk``); stopwords from ``data/lexicon/stopwords_*.txt`` are removed;
Latin words get the S-stemmer (Harman, "How effective is suffixing?", JASIS 1991): plural endings only.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from importlib import resources

from retrieval.text import normalize

_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")
# letters/digits (\w minus "_") plus the Devanagari block without its dandas (U+0964, U+0965) and
# abbreviation sign (U+0970); covers vowel signs (matras), virama, nukta, anusvara, chandrabindu.
_WORD = r"(?:[^\W_]|[\u0900-\u0963\u0966-\u096f\u0971-\u097f])+"
_TOKEN = re.compile(rf"\d+(?:\.\d+)+|{_WORD}(?:[-&]{_WORD})*")
_NUMBER_SEP = re.compile(r"(?<=\d),(?=\d)")
#: degrees written with points ("B.Tech", "M.Sc.", "Ph.D", "B.Ed") are one word ("btech", "msc", "phd"): split at
#: the point, "B.Sc" gave the term "sc", the one of Scheduled Castes, and "B.Tech" only "tech"
_DEGREE = re.compile(r"\b(b|m|ph)\.\s?(tech|sc|com|ed|pharm|arch|phil|voc|des|lib|d)\b\.?")
#: "old" and "aged" in a statement of an age under :data:`ELDERLY_AGE` ("18 years old", "aged 18 to 40", "aged
#: between 21 and 45") say how old, not that someone is elderly: kept as terms they matched an elderly person's question
#: ("vriddha pension" -> old aged) to every page with an age limit. "60 years old" and "aged 60 and above" stay.
_AGE_STATEMENT = re.compile(r"\b(\d+)(\s*(?:years?|yrs?)\.?\s+)old\b"
                            r"|\baged(?=\s+(?:between\s+|above\s+|below\s+|from\s+|under\s+|over\s+|upto\s+|up\s+to\s+"
                            r"|less\s+than\s+|more\s+than\s+|not\s+less\s+than\s+|not\s+more\s+than\s+|at\s+least\s+)?(\d+)\b)")
#: the age from which "old" and "aged" describe the elderly (the national old-age pension's 60, with a margin for the
#: states' 55 for some groups: Indira Gandhi National Old Age Pension Scheme, NSAP guidelines)
ELDERLY_AGE = 55


def _age_statement(m: re.Match) -> str:
    if m.group(1) is not None:
        return m.group() if int(m.group(1)) >= ELDERLY_AGE else m.group(1) + m.group(2)
    return m.group() if int(m.group(3)) >= ELDERLY_AGE else " "


@lru_cache(maxsize=1)
def stopwords() -> frozenset[str]:
    """English + Hindi (Devanagari and Romanized) stopwords from ``data/lexicon`` (casefolded, NFC)."""
    words: set[str] = set()
    for name in ("stopwords_en.txt", "stopwords_hi.txt"):
        text = resources.files("data").joinpath("lexicon", name).read_text(encoding="utf-8")
        for line in text.splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                words.add(normalize(line).casefold())
    return frozenset(words)


def stem(token: str) -> str:
    """Plural stripping for Latin-script words; other tokens unchanged.

    Harman's S-stemmer (JASIS 1991) with Porter's (1980) step-1a ``sses`` rule and sibilant ``es``:
    ``sses`` -> ``ss``; ``ies`` -> ``y`` (not ``eies``/``aies``); ``ches``/``shes``/``xes``/``zes`` drop
    ``es``; otherwise a final ``s`` goes unless the word ends in ``ss``, ``us`` or ``is``. Words of three
    letters or fewer are left alone. ``scholarships`` -> ``scholarship``, ``classes`` -> ``class``.
    """
    if len(token) <= 3 or not token.isascii() or not token.isalpha():
        return token
    if token.endswith("sses"):
        return token[:-2]
    if token.endswith("ies") and token[-4] not in "ea":
        return token[:-3] + "y"
    if token.endswith(("ches", "shes", "xes", "zes")):
        return token[:-2]
    if token.endswith("s") and not token.endswith(("ss", "us", "is")):
        return token[:-1]
    return token


def _keep(token: str, stop: frozenset[str]) -> bool:
    if token in stop:
        return False
    return len(token) > 1 or token.isdigit()


def analyze(text: str) -> list[str]:
    """Turn text into index terms (see the module docstring). Never raises; ``""`` gives ``[]``."""
    text = normalize(text).casefold().translate(_DIGITS)
    text = _NUMBER_SEP.sub("", text)
    if "." in text:
        text = _DEGREE.sub(r"\1\2", text)
    if "old" in text or "aged" in text:
        text = _AGE_STATEMENT.sub(_age_statement, text)
    stop = stopwords()
    out: list[str] = []
    for m in _TOKEN.finditer(text):
        raw = m.group()
        if "-" in raw or "&" in raw:
            parts = [p for p in re.split(r"[-&]", raw) if p]
            joined = "".join(parts)
            if _keep(joined, stop):
                out.append(stem(joined))
            out.extend(stem(p) for p in parts if _keep(p, stop))
        elif _keep(raw, stop):
            out.append(stem(raw))
    return out


def analyzer_fingerprint() -> str:
    """A short hash of everything that changes the analyzer's output (code version + stopword lists).

    Saved with an index so that an index built by another analyzer refuses to load.
    """
    # v2: degrees with points are one word; v3: "old"/"aged" of age statements; v4: sentences (and so chunks)
    # not ended by initials after a slash ("C.A. /I.C.W.A. /C.S.") nor before "/", ",", ";" or ":"
    h = hashlib.sha256(b"analyzer-v4\n")
    for w in sorted(stopwords()):
        h.update(w.encode("utf-8") + b"\n")
    return h.hexdigest()[:16]
