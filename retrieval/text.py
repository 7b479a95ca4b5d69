"""Text normalisation and sentence splitting.

Sentences are returned as ``(start, end)`` character offsets into the text they were found in, so a
quote is always ``text[start:end]`` — verbatim by construction.

Rules (what a sentence is here):
- a bullet or numbered item (``- x``, ``* x``, ``• x``, ``1. x``, ``2) x``, ``(a) x``) is one sentence,
  without its marker;
- a line break ends a sentence (myScheme lists put one item per line without markers);
- inside a line, a sentence ends at ``. ! ? । ॥`` followed by space, except after abbreviations
  (``Rs.``, ``No.``, ``i.e.``, ``Dr.`` ...), single-letter initials (``D.S. Kothari``) and inside URLs;
  decimals and amounts (``₹1.5 lakh``, ``Rs.6000/-``) never split because no space follows the point.
"""

from __future__ import annotations

import re
import unicodedata

#: Zero-width characters removed by :func:`normalize` (ZWSP, ZWNJ, ZWJ, word joiner, BOM/ZWNBSP, soft hyphen).
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad" + "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"  # (and bidi marks)
_ZW_TABLE = {ord(c): None for c in ZERO_WIDTH}
_SPACES_TABLE = {ord(c): " " for c in "\u00a0\u2002\u2003\u2009\u202f\u3000\t\u000b\u000c"}

#: Abbreviations whose final point does not end a sentence (lower-cased, without the final point).
ABBREVIATIONS = frozenset(
    """rs re no nos sr jr dr mr mrs ms smt shri sh st mt vs viz etc e.g i.e ie eg govt dept deptt approx
    est max min ltd pvt co inc corp fig sq ft km kg gm mm cm yr yrs p.a pa a.m p.m u.t a/c acc ph tel
    prof asstt asst addl jt dist distt vol art sec cl para ref resp nr mob s.no sl amt""".split()
)

_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"')\]]+", re.IGNORECASE)
# A list marker at the start of a line: bullets, "1." / "1)" / "(1)" / "a)" / "(a)" / "i." numbering.
_BULLET = re.compile(r"[ \t]*(?:[-*•▪●◦‣–]|\(?\d{1,3}[.)]|\([a-zA-Z]\)|[a-zA-Z]\)|(?:i{1,3}|iv|v|vi{1,3}|ix|x)[.)])[ \t]+")
_INITIALS = re.compile(r"(?:[^\W\d_]\.)*[^\W\d_]")
#: a numbered label ("Note 2", "Step 1", "Phase III") that a point ends without ending the sentence it opens
_LABEL = re.compile(r"[A-Z][a-z]{1,9} (?:\d{1,2}|[IVX]{1,4})")
#: a person's age as people write it: "72 saal", "19 year old", "65 वर्ष", "70-year-old" (group 1: the years)
AGE_PHRASE = re.compile(r"\b(\d{1,3})\s*-?\s*(saal|sal|years?|yrs?|varsh|वर्ष|साल|बरस)(?:\s*-?\s*(old))?(?![^\W\d_])", re.IGNORECASE)
#: a holding of land as people state it: "2 acres", "1.5 hectare", "5 bigha", "3 guntha", "2 एकड़" (group 1: the size; group 2:
#: the unit): a fact about the person, as an age is, and no word a scheme's passage need hold
LAND_SIZE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*-?\s*(acres?|hectares?|ha|bighas?|gunthas?|kanals?|cents?|एकड़|एकड|बीघा|हेक्टेयर)(?![^\W\d_])",
                       re.IGNORECASE)
#: an elder's age said without a unit: "my father is 68", "meri maa 72 ki hai", "मेरे पिता 70 के हैं" (group 1: the years)
ELDER_AGE = re.compile(r"(?<![^\W\d_])(?:father|mother|grandmother|grandfather|papa|pitaji|pita|maa|mata|mataji|dadi|dada|nani|nana|"
                       r"पिताजी|पिता|माँ|मां|माता|दादी|दादा|नानी|नाना)(?:\s+(?:ji|जी))?\s+(?:is\s+|ki\s+umar\s+|ki\s+age\s+|की\s+उम्र\s+)?"
                       r"(\d{2,3})(?!\s*(?:%|percent|rs\b|₹|lakh|hazar|रुपये|लाख))(?!\d|[.,]\d)", re.IGNORECASE)


#: one's own age said without a unit: "I am 62", "age: 45", "meri umar 62 hai", "मेरी उम्र 62 है" (group 1: the years); not a
#: count of something else ("I am 5 months pregnant", "aged 2 children"), nor a number run on into letters ("age 1e3")
SELF_AGE = re.compile(r"(?<![^\W\d_])(?:i am|i'm|im|age|aged|umar|umr|उम्र|आयु)\s*(?:is\s+|hai\s+|[:=-]\s*)?(\d{1,3})(?!\d|[.,]\d|[^\W\d_])"
                      r"(?!\s*(?:%|percent|rs\b|₹|rupees?|lakh|hazar|thousand|k\b|months?|mahine|weeks?|days?|din\b|acres?|bigha|"
                      r"hectares?|children|kids|bacch|रुपये|लाख|महीने|हफ्ते|दिन|बच्चे))", re.IGNORECASE)


#: the words just before an age that make it a person's ("I am 45 years", "meri umar 62 saal", "main 45 saal ka hu")
_SAID_OF_A_PERSON = re.compile(r"(?:\b(?:i am|i'm|im|main|mai|mein|my|meri|mera|umar|umr|age|aged)\b|मैं|मेरी|मेरा|उम्र|आयु)\W*(?:\w+\W+){0,1}$",
                               re.IGNORECASE)


def personal_ages(text: str) -> list[int]:
    """The ages (years) ``text`` says a person is, rather than a limit it asks about: "I am 62", "main 45 saal ka hu",
    "my father is 70" — not "pension for widows above 75 saal"."""
    ages = [int(m.group(1)) for pattern in (ELDER_AGE, SELF_AGE) for m in pattern.finditer(text)]
    return ages + [int(m.group(1)) for m in AGE_PHRASE.finditer(text) if _SAID_OF_A_PERSON.search(text[max(0, m.start() - 20):m.start()])]


def stated_ages(text: str) -> list[int]:
    """The ages (years) ``text`` says of someone: "72 saal", "19 year old", "my father is 68", "I am 62"
    (:data:`AGE_PHRASE`, :data:`ELDER_AGE`, :data:`SELF_AGE`)."""
    return [int(m.group(1)) for pattern in (AGE_PHRASE, ELDER_AGE, SELF_AGE) for m in pattern.finditer(text)]


_TERMINATORS = ".!?।॥"
_CLOSERS = "\"'”’)]»"


def normalize(text: str) -> str:
    """Return ``text`` in NFC, without zero-width characters, with ``\\r\\n``/``\\r`` as ``\\n`` and
    unusual spaces (no-break, thin, tab ...) as plain spaces. Idempotent."""
    text = unicodedata.normalize("NFC", text)
    text = text.translate(_ZW_TABLE).translate(_SPACES_TABLE)
    return text.replace("\r\n", "\n").replace("\r", "\n")


_CONTROL = {c: None for c in range(32) if c not in (9, 10, 13)}
_CONTROL[127] = None
#: code points XML 1.0 forbids or Unicode reserves as non-characters (U+FFFE, U+FFFF, U+FDD0..U+FDEF and
#: the last two of every plane): a TwiML reply that echoed one would not parse, so they never enter
_NONCHARACTERS = re.compile("[\ufdd0-\ufdef\ufffe\uffff\U0001fffe\U0001ffff\U0002fffe\U0002ffff\U0003fffe\U0003ffff"
                            "\U0004fffe\U0004ffff\U0005fffe\U0005ffff\U0006fffe\U0006ffff\U0007fffe\U0007ffff"
                            "\U0008fffe\U0008ffff\U0009fffe\U0009ffff\U000afffe\U000affff\U000bfffe\U000bffff"
                            "\U000cfffe\U000cffff\U000dfffe\U000dffff\U000efffe\U000effff\U000ffffe\U000fffff"
                            "\U0010fffe\U0010ffff]")


def xml_safe(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot carry: C0 controls other than tab, newline and
    carriage return, DEL, lone surrogates and non-characters (U+FFFE, U+FFFF ...)."""
    text = text.encode("utf-8", "replace").decode("utf-8") if any("\ud800" <= c <= "\udfff" for c in text) else text
    return _NONCHARACTERS.sub("", text.translate(_CONTROL))


def clean_user_text(text: str) -> str:
    """User input made safe to store and search: lone surrogates (undecodable bytes) replaced with
    U+FFFD, control characters other than tab and newline and non-characters removed (:func:`xml_safe`),
    compatibility forms folded (NFKC:
    fullwidth "ｐｍ ｋｉｓａｎ" and math-bold letters are plain letters), then :func:`normalize`."""
    text = xml_safe(text)
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    return normalize(text)


def _url_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for m in _URL.finditer(text):
        end = m.end()
        while end > m.start() and text[end - 1] in ".,;:!?":  # a URL does not end with punctuation
            end -= 1
        spans.append((m.start(), end))
    return spans


def _is_abbreviation(line: str, dot: int) -> bool:
    """True if the point at ``line[dot]`` closes an abbreviation or an initial."""
    start = dot
    while start > 0 and (line[start - 1].isalpha() or line[start - 1] in "./"):
        start -= 1
    word = line[start:dot].lower().strip("./")  # "C.A. /I.C.W.A. /C.S.": initials after a slash
    if not word:
        return False
    if word in ABBREVIATIONS:
        return True
    # single-letter initials: "D.S. Kothari", "A. P. J."
    return _INITIALS.fullmatch(word) is not None


def _split_line(line: str, base: int, out: list[tuple[int, int]]) -> None:
    urls = _url_spans(line)
    i, start, n = 0, 0, len(line)
    while i < n:
        ch = line[i]
        if ch in _TERMINATORS and not any(s <= i < e for s, e in urls):
            j = i + 1
            while j < n and line[j] in _TERMINATORS:
                j += 1
            while j < n and line[j] in _CLOSERS:
                j += 1
            boundary = False
            if ch in "।॥":
                boundary = True
            elif j >= n:
                boundary = False  # end of line ends the sentence anyway
            elif line[j] == " ":
                k = j
                while k < n and line[k] == " ":
                    k += 1
                nxt = line[k] if k < n else ""
                if ch == "." and _is_abbreviation(line, i):
                    boundary = False
                elif nxt and (nxt.islower() and nxt.isascii()):
                    boundary = False  # "e.g. farmers", "approx. five"
                elif nxt in "/,;:":
                    boundary = False  # no sentence starts with these: "C.A. /C.S.", "Rs. 500. , per year"
                elif ch == "." and _LABEL.fullmatch(line[start:i].strip()):
                    boundary = False  # "Note 2. Students ...", "Step 1. Visit ...": a numbered label opens its sentence
                else:
                    boundary = True
            if boundary:
                _emit(line, start, j, base, out)
                start = j
            i = j
            continue
        i += 1
    _emit(line, start, n, base, out)


def _emit(line: str, start: int, end: int, base: int, out: list[tuple[int, int]]) -> None:
    while start < end and line[start].isspace():
        start += 1
    while end > start and line[end - 1].isspace():
        end -= 1
    if end > start and any(c.isalnum() for c in line[start:end]):
        out.append((base + start, base + end))


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Split ``text`` into sentences.

    Args:
        text: normalised text (see :func:`normalize`); may be empty.

    Returns:
        ``(start, end)`` offsets, in order, non-overlapping; ``text[start:end]`` is the sentence with
        surrounding whitespace and any list marker removed. Spans without a letter or digit are dropped.
    """
    out: list[tuple[int, int]] = []
    pos = 0
    for line in text.split("\n"):
        m = _BULLET.match(line)
        if m and m.end() < len(line):
            # one item, one sentence: the marker is not part of the quote
            _emit(line, m.end(), len(line), pos, out)
        else:
            _split_line(line, pos, out)
        pos += len(line) + 1
    return out


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` as strings (convenience over :func:`split_sentences`)."""
    return [text[s:e] for s, e in split_sentences(text)]
