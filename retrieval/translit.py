"""Script bridging for queries: Devanagari words to readable Latin, and a spelling-tolerant key.

:func:`romanize` turns ``किसान`` into ``kisan`` and ``उज्ज्वला`` into ``ujjvala`` (ITRANS from the
``indic_transliteration`` library, then lower-cased with the final inherent vowel dropped, as Hindi
speakers write it). :func:`skeleton` maps spelling variants of one Romanized Hindi word to one key
(``yojana``/``yojna`` -> ``yjn``, ``ujjwala``/``ujwala``/``ujjvala`` -> ``ujvl``): consonants only, after
the usual Hinglish spelling alternations (w/v, sh/s, ph/f, z/j, aspirated/plain, doubled letters).
:func:`loanword_key` is a looser key for English words written in Devanagari (``सीनियर`` "siniyar" =
"senior", ``स्कीम`` "skim" = "scheme", ``रजिस्ट्रेशन`` = "registration"): English spelling rules
(soft c and g, "sch", "-tion") applied, then consonants only with ``y`` and ``h`` dropped too.
"""

from __future__ import annotations

import re
from functools import lru_cache

from indic_transliteration import sanscript

_DEVANAGARI = re.compile(r"[\u0900-\u097f]")
# ITRANS marks that have no place in a plain Latin spelling
_ITRANS_FIXES = (
    ("RRi", "ri"), ("RRI", "ri"), ("LLi", "li"), (".N", "n"), ("~N", "n"), ("~n", "n"), ("N", "n"),
    ("M", "n"), (".h", ""), (".a", ""), ("H", "h"), ("Sh", "sh"), ("x", "ksh"), ("^", ""), (".", ""),
)
_CONSONANT = "bcdfghjklmnpqrstvwxyz"
#: the candra vowels of English loanwords (ॉ/ऑ, the "o" of "doctor"; ॅ/ऍ, the "a" of "app"), which ITRANS leaves
#: in Devanagari ("कॉलेज" -> "kaॉlej"): spelled as the nearest plain vowel sign or letter first ("kolej")
_CANDRA = str.maketrans({"\u0949": "\u094b", "\u0911": "\u0913", "\u0945": "\u0947", "\u090d": "\u090f"})


def has_devanagari(text: str) -> bool:
    """True if ``text`` contains a Devanagari character."""
    return _DEVANAGARI.search(text) is not None


#: the names of the Latin letters as Hindi writes them: an acronym spelled out in Devanagari ("एडीआईपी" is ADIP)
_LETTER_NAMES = {"ए": "a", "बी": "b", "सी": "c", "डी": "d", "ई": "e", "एफ": "f", "जी": "g", "एच": "h", "आई": "i", "जे": "j",
                 "के": "k", "एल": "l", "एम": "m", "एन": "n", "ओ": "o", "पी": "p", "क्यू": "q", "आर": "r", "एस": "s", "टी": "t",
                 "यू": "u", "वी": "v", "डब्ल्यू": "w", "एक्स": "x", "वाई": "y", "जेड": "z", "ज़ेड": "z"}
_LETTER_NAME_RE = re.compile("|".join(sorted(map(re.escape, _LETTER_NAMES), key=len, reverse=True)))


def spelled_acronym(word: str) -> str | None:
    """The Latin acronym a Devanagari word spells letter by letter ("एडीआईपी" -> "adip", "पीएम" -> "pm"), or ``None``
    when the word is not wholly letter names or names fewer than two letters ("के" is a word, not K)."""
    letters = []
    at = 0
    while at < len(word):
        m = _LETTER_NAME_RE.match(word, at)
        if not m:
            return None
        letters.append(_LETTER_NAMES[m.group()])
        at = m.end()
    return "".join(letters) if len(letters) >= 2 else None


#: spellings of one sound in Romanized Hindi, made one: "ph"/"f", "w"/"v", long vowels written double
_LOOSE = (("ph", "f"), ("w", "v"), ("aa", "a"), ("ee", "i"), ("oo", "u"), ("z", "j"))


def loose_spelling(word: str) -> str:
    """Latin ``word`` with the spellings of :data:`_LOOSE` made one and inner short "a" dropped: equal for
    two spellings of the same sounds ("yojana"/"yojna", "vishvakarma"/"vishwakarma", "phasal"/"fasal")."""
    for a, b in _LOOSE:
        word = word.replace(a, b)
    return word[0] + word[1:-1].replace("a", "") + word[-1] if len(word) > 2 else word


@lru_cache(maxsize=65536)
def romanize(word: str) -> str:
    """One Devanagari word -> lower-case Latin (``पेंशन`` -> ``penshan``); other text unchanged."""
    if not has_devanagari(word):
        return word
    itrans = sanscript.transliterate(word.translate(_CANDRA), sanscript.DEVANAGARI, sanscript.ITRANS)
    # schwa deletion at the end of the word: "kisAna" -> "kisAn" (a final long "A" stays)
    if len(itrans) > 3 and itrans.endswith("a") and itrans[-2].lower() in _CONSONANT:
        itrans = itrans[:-1]
    for old, new in _ITRANS_FIXES:
        itrans = itrans.replace(old, new)
    return itrans.lower()


_SUBS = (("chh", "c"), ("ch", "c"), ("sh", "s"), ("ph", "f"), ("ck", "k"), ("w", "v"), ("z", "j"), ("q", "k"), ("x", "ks"))


@lru_cache(maxsize=65536)
def skeleton(word: str) -> str:
    """Spelling-tolerant key of a Latin word: consonants only, with Hinglish alternations folded.

    The first letter is kept even when it is a vowel (``ujjwala`` -> ``ujvl``), ``h`` after a
    consonant or between vowels is dropped (``dh`` -> ``d``, ``palanahar`` = ``palanhar``), ``n`` before
    ``b``/``p``/``m`` is ``m`` (an anusvara: ``svavalanban`` = ``swavalamban``), doubled letters
    collapse. Non-Latin input -> ``""``.
    """
    w = romanize(word).lower()
    if not w or not w.isascii() or not w.isalpha():
        return ""
    for old, new in _SUBS:
        w = w.replace(old, new)
    w = re.sub(r"(?<=[bcdfgjklmnpqrstvxyz])h", "", w)
    w = re.sub(r"(?<=[aeiou])h(?=[aeiou])", "", w)  # "palanahar" (from पालनहार) = "palanhar"
    w = re.sub(r"n(?=[bpm])", "m", w)  # anusvara before a labial: "svavalanban" = "swavalamban"
    return _squeezed(w[0], re.sub(r"[aeiou]", "", w[1:]))


def _squeezed(head: str, tail: str) -> str:
    """``head`` then the letters of ``tail``, a letter repeated at once written once."""
    out = head
    for ch in tail:
        if ch != out[-1]:
            out += ch
    return out


#: English spellings and their sounds, in order (applied to English words and to romanized Hindi alike)
_LOAN_RULES = (("tion", "shan"), ("sch", "sk"), ("ck", "k"), ("ph", "f"), ("th", "t"), ("sh", "s"), ("ch", "c"), ("dh", "d"),
               ("bh", "b"), ("kh", "k"), ("gh", "g"), ("jh", "j"), ("q", "k"), ("x", "ks"), ("z", "j"), ("w", "v"))


@lru_cache(maxsize=65536)
def loanword_key(word: str) -> str:
    """Sound key of an English word or of an English word written in Devanagari (romanised first):
    English spelling rules applied (``c`` before e/i/y is ``s``, else ``k``; ``g`` before e/i is ``j``;
    ``sch`` is ``sk``; ``-tion`` is ``shan``), then a leading vowel as ``a`` and the other letters'
    consonants without ``y`` and ``h``, doubled ones once ("senior" and "siniyar" -> ``snr``,
    "disability" and "disebiliti" -> ``dsblt``). Non-Latin input -> ``""``."""
    w = romanize(word).lower()
    if not w or not w.isascii() or not w.isalpha():
        return ""
    for old, new in _LOAN_RULES:
        w = w.replace(old, new)
    w = re.sub(r"c(?=[eiy])", "s", w).replace("c", "k")
    w = re.sub(r"g(?=[ei])", "j", w)
    return _squeezed("a" if w[0] in "aeiou" else w[0], re.sub(r"[aeiouyh]", "", w[1:]))


#: Hindi noun endings and what the base form ends in instead, longest first: the oblique plural
#: (-ों: किसानों -> किसान; -ियों: लड़कियों -> लड़की, जातियों -> जाति; -ाओं: महिलाओं -> महिला), the direct
#: plural (-ियाँ: लड़कियाँ -> लड़की; -ाएँ: महिलाएँ -> महिला; -ें: किताबें -> किताब) and the oblique singular of a
#: masculine noun in -ा (-े: लड़के -> लड़का, बीमे -> बीमा)
_HINDI_ENDINGS: tuple[tuple[str, str], ...] = (
    ("ियों", "ी"), ("ियों", "ि"), ("ियाँ", "ी"), ("ियां", "ी"), ("ाओं", "ा"), ("ाएँ", "ा"), ("ाएं", "ा"),
    ("ों", ""), ("ें", ""), ("े", "ा"),
)


def hindi_bases(word: str) -> list[str]:
    """The base forms a Devanagari noun ``word`` may be an inflection of (:data:`_HINDI_ENDINGS`), most
    likely first; ``[]`` for a word without such an ending or too short to have one (a base of at least
    two letters is left). The caller keeps only a base its glossary or corpus knows."""
    return [word[: -len(end)] + base for end, base in _HINDI_ENDINGS if word.endswith(end) and len(word) - len(end) >= 2]
