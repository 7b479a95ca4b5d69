"""Splitting text to a channel's size limit, and SMS segment counting.

:func:`split_text` cuts plain text into parts that each measure at most ``limit`` (by a channel's
own measure: characters, UTF-16 code units, or the length after HTML escaping), such that the parts
joined give back the text. It prefers, in order, paragraph breaks, line breaks, sentence ends and
spaces, and never cuts inside a citation marker (``[3]``) or a URL; only a single word or URL longer
than the limit is cut where it must be.

SMS segments (3GPP TS 23.038 / 23.040): a message in the GSM 7-bit alphabet takes 160 characters in
one segment, 153 per segment when split (the rest holds the concatenation header); characters of the
extension table (``^ { } \\ [ ~ ] | €``) count twice. Anything else — any Devanagari, an emoji, a curly
quote — makes the whole message UCS-2: 70 UTF-16 code units in one segment, 67 per segment when split.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

_GSM_BASIC = set(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿"
    "abcdefghijklmnopqrstuvwxyzäöñüà"
)
_GSM_EXTENDED = set("^{}\\[~]|€\f")
_PROTECTED = re.compile(r"\[\d+\]|https?://\S+|www\.\S+")
_BOUNDARIES = (
    re.compile(r"\n\s*\n"),  # paragraph
    re.compile(r"\n"),  # line
    re.compile(r"(?<=[.!?।॥”\"])\s+"),  # sentence
    re.compile(r"\s+"),  # word
)


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units (how Telegram counts its 4,096 limit)."""
    return len(text.encode("utf-16-le")) // 2


def is_gsm7(text: str) -> bool:
    """True if every character is in the GSM 7-bit default alphabet or its extension table."""
    return all(c in _GSM_BASIC or c in _GSM_EXTENDED for c in text)


def sms_units(text: str) -> tuple[str, int]:
    """``("gsm7", septets)`` or ``("ucs2", UTF-16 code units)`` for ``text``."""
    if is_gsm7(text):
        return "gsm7", sum(2 if c in _GSM_EXTENDED else 1 for c in text)
    return "ucs2", utf16_len(text)


def sms_segments(text: str) -> int:
    """How many SMS segments ``text`` takes (see the module docstring); 1 for an empty text."""
    encoding, units = sms_units(text)
    single, multi = (160, 153) if encoding == "gsm7" else (70, 67)
    if units <= single:
        return 1
    return -(-units // multi)


def sms_fits(text: str, segments: int) -> bool:
    """True if ``text`` takes at most ``segments`` SMS segments."""
    return sms_segments(text) <= segments


def _protected(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _PROTECTED.finditer(text)]


def _inside(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(a < pos < b for a, b in spans)


def _longest_prefix(text: str, start: int, fits: Callable[[str], bool]) -> int:
    """The largest ``end`` with ``fits(text[start:end])`` (at least ``start + 1``)."""
    lo, hi = start + 1, len(text)
    if fits(text[start:hi]):
        return hi
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(text[start:mid]):
            lo = mid
        else:
            hi = mid - 1
    return lo


def split_text(text: str, limit: int, measure: Callable[[str], int] = len) -> list[str]:
    """Split ``text`` into parts with ``measure(part) <= limit`` whose concatenation is ``text``.

    Raises:
        ValueError: ``limit`` below 1.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    return split_fitting(text, lambda s: measure(s) <= limit)


def _cut(text: str, start: int, fits: Callable[[str], bool], spans: list[tuple[int, int]]) -> int:
    """Where the part of ``text`` starting at ``start`` ends: the last boundary (paragraph, then
    sentence, then word) within the longest prefix that ``fits``, never inside a protected span."""
    end = _longest_prefix(text, start, fits)
    if end >= len(text):
        return len(text)
    window = text[start:end + 1]
    for boundary in _BOUNDARIES:
        candidates = [start + m.end() for m in boundary.finditer(window) if start < start + m.end() <= end]
        candidates = [c for c in candidates if not _inside(c, spans) and c > start]
        if candidates:
            return max(candidates)
    # no boundary: avoid cutting a protected span if it can start the next part instead
    span_start = next((a for a, b in spans if a < end < b and a > start), None)
    if span_start is not None:
        return span_start
    # ... and never between a letter and its combining marks ("मु|झे" had sent "म" alone and "ुझे" on the next page): back
    # to the start of the letter, unless the letter alone is the whole part
    at = end
    while at > start + 1 and _combining(text[at]):
        at -= 1
    return at if at > start + 1 or not _combining(text[end]) else end


def _combining(ch: str) -> bool:
    """Whether ``ch`` is a combining mark (a vowel sign, virama, nukta): it belongs with the letter before it."""
    return unicodedata.category(ch) in ("Mn", "Mc", "Me")


def split_fitting(text: str, fits: Callable[[str], bool]) -> list[str]:
    """:func:`split_text` with any monotone size test (used for SMS segment budgets)."""
    spans = _protected(text)
    parts: list[str] = []
    start = 0
    while start < len(text):
        cut = _cut(text, start, fits, spans)
        parts.append(text[start:cut])
        start = cut
    return parts


def first_fitting(text: str, fits: Callable[[str], bool]) -> str:
    """The first part :func:`split_fitting` would give, without splitting the rest ("" for "")."""
    return text[:_cut(text, 0, fits, _protected(text))] if text else ""