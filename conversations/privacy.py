"""What a message must not leave behind: identity numbers, and the words that ask to delete one's data.

- :func:`mask_numbers` finds an Aadhaar number (12 digits, often written 4-4-4; UIDAI issues none
  starting 0 or 1, but a mistyped one is as private), an
  Indian mobile number (10 digits starting 6-9, with or without +91 or 0) and a bank account number
  (any other run of 9 to 18 digits, the lengths Indian banks use) and blanks them, so that they are
  neither searched nor kept in the conversation's history; the engine then warns the user not to send
  them. Incomes, ages, years and PIN codes (at most 8 digits) are left alone. Digits of any script count
  ("९८७६५४३२१०").
- :data:`FORGET_WORDS`: a whole message asking to delete one's data in words ("DELETE", "STOP DATA",
  "हटाओ", "mera data hatao"), for SMS users who cannot send a command; it starts the same confirmation
  as ``/forget``.
"""

from __future__ import annotations

import re
import unicodedata

#: a whole message that asks to delete the user's data
FORGET_WORDS = re.compile(
    r"^\s*(?:delete|delete (?:my )?data|stop data|forget me|(?:delete|remove|erase) (?:all )?my (?:data|details|information)"
    r"|(?:mera|meri|mere) (?:data|jankari|jaankari) (?:hata|mita|delete kar)\w*|data (?:hata|mita|delete kar)\w*"
    r"|हटाओ|मिटाओ|(?:मेरा )?(?:डेटा|डाटा) (?:हटाओ|हटाएं|हटाएँ|मिटाओ|मिटाएं|मिटाएँ|डिलीट करो)"
    r"|(?:मेरी )?जानकारी (?:हटाओ|मिटाओ|हटाएं|मिटाएं))\s*[.!।]*\s*$",
    re.IGNORECASE,
)

_SEP = r"[ \-.]?"
#: Aadhaar: 12 digits, often in groups of 4
_AADHAAR = re.compile(r"(?<![\d])\d{4}" + _SEP + r"\d{4}" + _SEP + r"\d{4}(?![\d])")
#: an Indian mobile number: 10 digits starting 6-9 (the National Numbering Plan), maybe after +91 or 0
_MOBILE = re.compile(r"(?<![\d+])(?:\+?91" + _SEP + r"|0)?[6-9]\d{4}" + _SEP + r"\d{5}(?![\d])")
#: a bank account number: 9 to 18 digits
_ACCOUNT = re.compile(r"(?<![\d])\d{9,18}(?![\d])")

KINDS = ("aadhaar", "phone", "account")
#: words that only introduce the number ("my aadhaar no. is", "mera mobile number"): what is left of a
#: message made of these asks nothing
_ABOUT_THE_NUMBER = re.compile(
    r"\b(my|mine|is|it|its|it's|here|the|number|no|num|aadhaar|aadhar|adhar|uid|account|acc|a/c|bank|ifsc|phone|mobile|"
    r"contact|call|me|on|at|mera|meri|mere|hai|ka|ki|ke|yeh|ye|nambar|namber|khata)\b|मेरा|मेरी|मेरे|नंबर|नम्बर|आधार|खाता|"
    r"फ़ोन|फोन|मोबाइल|है|का|की|के|यह|[.:,;#\-]", re.IGNORECASE)


def _ascii_digits(text: str) -> str:
    """``text`` with every decimal digit of any script written 0-9 (one character for one)."""
    return "".join(str(unicodedata.decimal(c)) if not c.isascii() and unicodedata.decimal(c, None) is not None else c
                   for c in text)


def mask_numbers(text: str) -> tuple[str, list[str]]:
    """``(text with each identity number replaced by spaces, kinds found)``; kinds are among
    :data:`KINDS`, in that order, each at most once. Offsets of the rest of the text are kept."""
    plain = _ascii_digits(text)
    spans: list[tuple[int, int]] = []
    found: list[str] = []
    for kind, pattern in (("aadhaar", _AADHAAR), ("phone", _MOBILE), ("account", _ACCOUNT)):
        for m in pattern.finditer(plain):
            if any(a < m.end() and m.start() < b for a, b in spans):
                continue
            spans.append(m.span())
            if kind not in found:
                found.append(kind)
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
