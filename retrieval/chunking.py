"""Chunks: windows of sentences inside one section of one scheme.

A chunk is ``WINDOW`` (3) consecutive sentences, the next window starting ``WINDOW - OVERLAP`` (2)
sentences later, so neighbouring chunks share one sentence. Windows never cross a section; in the
``faqs`` section they never cross a question/answer pair either. Every chunk stores character offsets
into its section text, so ``section_text[start:end] == chunk.text`` always holds.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from retrieval.corpus import SECTION_ORDER, Scheme
from retrieval.text import split_sentences

WINDOW = 3
OVERLAP = 1

#: Section name -> its position in :data:`~retrieval.corpus.SECTION_ORDER` (stored per chunk).
SECTION_ORDER_INDEX = {name: i for i, name in enumerate(SECTION_ORDER)}


@dataclass(frozen=True, slots=True)
class Chunk:
    """A passage of one scheme section.

    Attributes:
        chunk_id: ``<scheme_id>:<section>:<n>``, stable for the same input.
        scheme_id, scheme_name, section: where it comes from.
        url: the citation link (the myScheme section anchor where there is one).
        start, end: character offsets into the section text.
        sentences: sentence offsets, relative to the section text, in order.
        text: ``section_text[start:end]``.
        content_hash: first 16 hex digits of the SHA-256 of ``text``.
    """

    chunk_id: str
    scheme_id: str
    scheme_name: str
    section: str
    url: str
    start: int
    end: int
    sentences: tuple[tuple[int, int], ...]
    text: str
    content_hash: str


def _windows(n: int, window: int = WINDOW, overlap: int = OVERLAP) -> list[tuple[int, int]]:
    """Sentence-index windows ``[i, j)`` covering ``n`` sentences; the last window is never a subset."""
    if n <= 0:
        return []
    step = window - overlap
    out = []
    i = 0
    while True:
        j = min(i + window, n)
        out.append((i, j))
        if j >= n:
            return out
        i += step


def _blocks(scheme: Scheme, section: str, text: str) -> list[tuple[int, int]]:
    """Character ranges that windows must not cross: one per FAQ pair, else the whole section."""
    if section != "faqs":
        return [(0, len(text))]
    blocks, pos = [], 0
    for faq in scheme.faqs:
        length = len(faq.question) + 1 + len(faq.answer)
        blocks.append((pos, pos + length))
        pos += length + 2
    return blocks


def chunk_scheme(scheme: Scheme) -> list[Chunk]:
    """All chunks of one scheme, sections in :data:`retrieval.corpus.SECTION_ORDER`."""
    chunks: list[Chunk] = []
    for section, text in scheme.section_texts().items():
        spans = split_sentences(text)
        n = 0
        for b_start, b_end in _blocks(scheme, section, text):
            block = [s for s in spans if b_start <= s[0] and s[1] <= b_end]
            for i, j in _windows(len(block)):
                sents = tuple(block[i:j])
                start, end = sents[0][0], sents[-1][1]
                body = text[start:end]
                chunks.append(
                    Chunk(
                        chunk_id=f"{scheme.id}:{section}:{n}",
                        scheme_id=scheme.id,
                        scheme_name=scheme.name,
                        section=section,
                        url=scheme.section_url(section),
                        start=start,
                        end=end,
                        sentences=sents,
                        text=body,
                        content_hash=hashlib.sha256(body.encode("utf-8")).hexdigest()[:16],
                    )
                )
                n += 1
    return chunks
