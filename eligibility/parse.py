"""Parsing answers in English, Hindi and Romanized Hindi: numbers, money, yes/no, names from a list.

Every parser takes the user's text and returns the value, or ``None`` when the text does not give
one (never an exception): the interview then re-asks with an example.

Money follows Indian usage: ``lakh`` (100,000; ``L``, ``lac``, ``लाख``), ``crore`` (10,000,000; ``cr``,
``करोड़``), ``k``/``hazar``/``हज़ार`` (1,000), Indian digit grouping (``2,50,000``), Devanagari digits,
and the Hindi fractions ``डेढ़``/``dedh`` (1.5), ``ढाई``/``dhai`` (2.5), ``सवा``/``sawa`` (+0.25) and
``पौने``/``paune`` (-0.25).
"""

from __future__ import annotations

import math
import re
import unicodedata

_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")

#: Hindi/Hinglish number words (0-100 where commonly typed, plus fractions used with lakh/crore).
NUMBER_WORDS = {
    "ek": 1, "do": 2, "teen": 3, "char": 4, "chaar": 4, "paanch": 5, "panch": 5, "chhe": 6, "che": 6, "saat": 7,
    "aath": 8, "nau": 9, "das": 10, "bees": 20, "tees": 30, "chalis": 40, "pachas": 50, "saath": 60, "sattar": 70,
    "assi": 80, "nabbe": 90, "sau": 100,
    "एक": 1, "दो": 2, "तीन": 3, "चार": 4, "पांच": 5, "पाँच": 5, "छह": 6, "सात": 7, "आठ": 8, "नौ": 9, "दस": 10,
    "बीस": 20, "तीस": 30, "चालीस": 40, "पचास": 50, "साठ": 60, "सत्तर": 70, "अस्सी": 80, "नब्बे": 90, "सौ": 100,
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100,
}
_HUNDREDS = frozenset({"hundred", "sau", "सौ"})
FRACTIONS = {unicodedata.normalize("NFC", k): v for k, v in
             {"dedh": 1.5, "derh": 1.5, "डेढ़": 1.5, "डेढ": 1.5, "dhai": 2.5, "dhaai": 2.5, "ढाई": 2.5}.items()}
_MODIFIERS = {unicodedata.normalize("NFC", k): v for k, v in
              {"sawa": 0.25, "sava": 0.25, "सवा": 0.25, "paune": -0.25, "pone": -0.25, "पौने": -0.25}.items()}
_UNITS = [
    (re.compile(r"^(crores?|cr|करोड़|करोड)$"), 10_000_000),
    (re.compile(r"^(lakhs?|lacs?|l|lk|लाख)$"), 100_000),
    (re.compile(r"^(k|thousands?|hazar|hazaar|hajar|हज़ार|हजार)$"), 1_000),
]
_MONTHLY = re.compile(r"(per|a|/|every|each)\s*(month|mo)\b|monthly|mahina|mahine|महीन|माह|प्रति\s*माह|\bpm\b", re.IGNORECASE)
#: a word: letters, digits and Devanagari signs (vowel signs, virama and nukta are not ``\w``)
WORD = r"(?:[^\W_]|[\u0900-\u0963\u0966-\u097f])+"
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|(?:[^\W\d_]|[\u0900-\u0963\u0966-\u097f])+")

YES_WORDS = frozenset("""yes y yeah yep yup haan han haa ha ji jee sure true correct right hai hain हाँ हां हा जी है हैं
    sahi ok okay theek""".split())
NO_WORDS = frozenset("""no n nope nahi nahin nai na not false nhi नहीं नही ना मत never""".split())
SKIP_WORDS = re.compile(
    r"^\s*(skip|pass|next|don'?t know|dont know|do not know|not sure|no idea|pata nahi|pata nahin|maloom nahi|"
    r"malum nahi|nahi pata|nahi maloom|पता नहीं|मालूम नहीं|नहीं पता|छोड़ो|skip karo|rehne do|rahne do)\s*[.!]*\s*$",
    re.IGNORECASE,
)
STOP_WORDS = re.compile(r"^\s*(stop|cancel|quit|exit|band karo|bas|ruko|रुको|बंद करो|बस|/stop|/cancel)\s*[.!]*\s*$", re.IGNORECASE)


def normalise(text: str) -> str:
    """NFC, case-folded, Devanagari digits as ASCII."""
    return unicodedata.normalize("NFC", text).casefold().translate(_DIGITS)


def is_skip(text: str) -> bool:
    """"skip", "don't know", "pata nahi", "पता नहीं" ..."""
    return SKIP_WORDS.match(normalise(text)) is not None


def is_stop(text: str) -> bool:
    """"stop", "cancel", "bas", "बंद करो" ..."""
    return STOP_WORDS.match(normalise(text)) is not None


def parse_number(text: str) -> float | None:
    """The first number in ``text``: digits (``65``, ``२५``, ``1,200``) or a number word; else ``None``."""
    t = normalise(text).replace("\u2212", "-")
    m = re.search(r"(-\s*|minus\s+)?([0-9]+(?:[.,][0-9]+)*)(e[+-]?[0-9]+)?", t)
    if m:
        raw = m.group(2)
        if re.fullmatch(r"\d{1,3}(,\d{2,3})+", raw):
            raw = raw.replace(",", "")
        try:
            value = float(raw.replace(",", ".") + (m.group(3) or ""))
        except (ValueError, OverflowError):
            return None
        if value != value or value in (float("inf"), float("-inf")):
            return None
        return -value if m.group(1) else value
    total: float | None = None
    for tok in _TOKEN.findall(t):
        if tok in NUMBER_WORDS:
            if tok in _HUNDREDS:
                total = (total or 1) * 100
            else:
                total = (total or 0) + NUMBER_WORDS[tok]
        elif total is not None:
            break  # "sixty five years": the number words end here
    return total


def parse_money(text: str) -> int | None:
    """An amount in INR from ``text`` (see the module docstring); a per-month amount is turned into
    INR per year (x 12) when the text says so ("10000 per month", "10 hazar mahina"). ``None`` if none."""
    t = normalise(text).replace("\u2212", "-")
    if re.search(r"(^|[^\w])-\s*[₹\d]|\bminus\b|₹\s*-|\d\s*e[+-]?\d|\d\s*(\^|\*\*)\s*\d", t):
        return None  # a negative amount, or 1e9 / 10^9 notation: ask again rather than guess
    t = t.replace("₹", " ").replace("rs.", " ").replace("rs", " ").replace("inr", " ").replace("/-", " ")
    t = re.sub(r"(?<=\d),(?=\d)", "", t)
    t = re.sub(r"(\d)\s*(l|k|cr|lk)\b", r"\1 \2", t)
    tokens = _TOKEN.findall(t)
    value: float | None = None
    modifier = 0.0
    for i, tok in enumerate(tokens):
        if tok in _MODIFIERS:
            modifier = _MODIFIERS[tok]
            if i + 1 < len(tokens) and any(p.match(tokens[i + 1]) for p, _ in _UNITS):
                tokens[i] = "1"  # "sawa lakh" = 1.25 lakh
                tok = "1"
            else:
                continue
        num: float | None = None
        if re.fullmatch(r"\d+(\.\d+)?", tok):
            num = float(tok)
        elif tok in FRACTIONS:
            num = FRACTIONS[tok]
        elif tok in NUMBER_WORDS:
            num = float(NUMBER_WORDS[tok])
        if num is None:
            continue
        num += modifier
        unit = 1
        if i + 1 < len(tokens):
            for pattern, mult in _UNITS:
                if pattern.match(tokens[i + 1]):
                    unit = mult
                    break
        if unit == 1 and tok in FRACTIONS:
            unit = 100_000  # "dedh" alone in an income answer means 1.5 lakh
        value = num * unit
        break
    if value is None or not math.isfinite(value) or value > 1e15:
        return None
    if _MONTHLY.search(t):
        value *= 12
    return int(round(value))


def parse_yes_no(text: str) -> bool | None:
    """``True`` for yes/haan/हाँ, ``False`` for no/nahi/नहीं, ``None`` otherwise (first word decides;
    "yes, BPL card" is yes)."""
    words = re.findall(WORD, normalise(text))
    for w in words[:3]:
        if w in YES_WORDS:
            return True
        if w in NO_WORDS:
            return False
    return None


def parse_choice(text: str, synonyms: dict[str, tuple[str, ...]]) -> str | None:
    """The value whose synonym appears in ``text`` as a whole word or phrase (longest synonym wins);
    ``synonyms`` maps value -> phrases (case-folded)."""
    t = " " + re.sub(r"[^\w\u0900-\u097f&]+", " ", normalise(text)).strip() + " "
    best: tuple[int, str] | None = None
    for value, phrases in synonyms.items():
        for p in phrases:
            if f" {p} " in t and (best is None or len(p) > best[0]):
                best = (len(p), value)
    return best[1] if best else None
