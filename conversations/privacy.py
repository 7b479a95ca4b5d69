"""What a message must not leave behind: identity numbers, and the words that ask to delete one's data.

- :func:`mask_numbers` finds an Aadhaar number (12 digits, however grouped), an Indian mobile number
  (10 digits starting 6-9, the National Numbering Plan, with or without +91 or 0), a bank account
  number (any other run of 9 to 18 digits, the lengths Indian banks use), written with spaces, dashes,
  dots or brackets between groups, a PAN ("ABCDE1234F") and a voter ID ("ABC1234567"), and blanks them, so that they are
  neither searched nor kept in the conversation's history; the engine then warns the user not to send
  them. Incomes, ages, years and PIN codes (at most 8 digits), lists of amounts or years ("2000 2000
  2000", "60000-80000"), round amounts and toll-free numbers are left alone. Digits of any script count
  ("९८७६५४३२१०").
- the words that ask to delete one's data ("DELETE", "STOP DATA", "हटाओ", "mera data hatao"), for SMS
  users who cannot send a command, are the ``forget`` intent of ``data/lexicon/intents.tsv``
  (:mod:`conversations.intents`); they start the same confirmation as ``/forget``.
"""

from __future__ import annotations

import re
import unicodedata

#: a run of digit groups joined by at most three spaces, dashes, dots, slashes, underscores or brackets
#: ("2345 6789 0123", "+91 (98765) 43210", "98 76 54 32 10", "1234-5678-901")
_DIGIT_RUN = re.compile(r"(?<![\d])\+?\(?\d+\)?(?:[ \-./_()]{1,3}\d+\)?)*(?![\d])")
KINDS = ("aadhaar", "phone", "account", "pan", "voter_id")
#: identity numbers with letters: a PAN (five letters, four digits, a letter: Income Tax Department's format,
#: "ABCDE1234F") and a voter ID / EPIC number (three letters, seven digits: Election Commission's, "ABC1234567")
_LETTERED = (("pan", re.compile(r"(?<![^\W_])[A-Za-z]{5}\d{4}[A-Za-z](?![^\W_])")),
             ("voter_id", re.compile(r"(?<![^\W_])[A-Za-z]{3}\d{7}(?![^\W_])")))
#: words that only introduce the number ("my aadhaar no. is", "mera mobile number"): what is left of a
#: message made of these asks nothing
_ABOUT_THE_NUMBER = re.compile(
    r"\b(my|mine|is|it|its|it's|here|the|number|no|num|aadhaar|aadhar|adhar|uid|account|acc|a/c|bank|ifsc|phone|mobile|pan|card|voter|id|epic|and|"
    r"contact|call|me|on|at|mera|meri|mere|hai|ka|ki|ke|yeh|ye|nambar|namber|khata)\b|मेरा|मेरी|मेरे|नंबर|नम्बर|आधार|खाता|"
    r"फ़ोन|फोन|मोबाइल|है|का|की|के|यह|[.:,;#\-]", re.IGNORECASE)


def _ascii_digits(text: str) -> str:
    """``text`` with every decimal digit of any script written 0-9 (one character for one)."""
    return "".join(str(unicodedata.decimal(c)) if not c.isascii() and unicodedata.decimal(c, None) is not None else c
                   for c in text)


def _kind(digits: str, groups: list[str]) -> str | None:
    """What a run of 9-18 digits is: ``phone`` (10 digits from 6-9, after +91 or 0), ``aadhaar`` (12),
    ``account`` (any other 9 to 18), or ``None`` for what reads as amounts or years ("2000 2000 2000",
    "60000-80000", "2022 2023 2024", "100000000") or a toll-free number (1800...)."""
    if not 9 <= len(digits) <= 18 or digits.startswith("1800"):
        return None
    if len(groups) > 1 and (len(set(groups)) == 1 or all(re.fullmatch(r"(?:19|20)\d\d", g) for g in groups)
                            or all(len(g) >= 4 and g.endswith("000") for g in groups)):
        return None
    if digits.endswith("0000"):
        return None  # a round amount ("a loan of 100000000")
    local = digits[2:] if len(digits) == 12 and digits.startswith("91") else digits[1:] if len(digits) == 11 and digits[0] == "0" else digits
    if len(local) == 10 and local[0] in "6789":
        return "phone"
    return "aadhaar" if len(digits) == 12 else "account"


def mask_numbers(text: str) -> tuple[str, list[str]]:
    """``(text with each identity number replaced by spaces, kinds found)``; kinds are among
    :data:`KINDS`, in that order, each at most once. Offsets of the rest of the text are kept."""
    plain = _ascii_digits(text)
    spans: list[tuple[int, int]] = []
    found: set[str] = set()
    for m in _DIGIT_RUN.finditer(plain):
        groups = re.findall(r"\d+", m.group())
        kind = _kind("".join(groups), groups)
        if kind is not None:
            spans.append(m.span())
            found.add(kind)
    for kind, pattern in _LETTERED:
        for m in pattern.finditer(plain):
            spans.append(m.span())
            found.add(kind)
    if not spans:
        return text, []
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars), [k for k in KINDS if k in found]


def only_about_the_number(rest: str) -> bool:
    """True when what is left of a message once its numbers are masked only introduces them ("my
    aadhaar number is"): there is no question to answer."""
    return not _ABOUT_THE_NUMBER.sub(" ", rest).strip()


def without_number_clauses(rest: str) -> str:
    """``rest`` without the clauses that only introduced a blanked number ("widow pension in Bihar, my
    number is" -> "widow pension in Bihar"), so what is left is read as the question it was."""
    clauses = re.split(r"(?<=[,;.।!?])\s*", rest)
    return " ".join(c for c in clauses if c.strip() and not only_about_the_number(c)).strip(" ,;")


def blank_numbers(text: str) -> tuple[str, list[str]]:
    """``(text, kinds)``: ``text`` with its identity numbers blanked (:func:`mask_numbers`) and, when there were any, the
    clauses that only introduced them dropped (:func:`without_number_clauses`); ``kinds`` as :func:`mask_numbers` gives
    them. What the chat, the webhooks and ``schemebot ask`` search and keep."""
    masked, kinds = mask_numbers(text)
    return (without_number_clauses(" ".join(masked.split())) if kinds else masked), kinds
