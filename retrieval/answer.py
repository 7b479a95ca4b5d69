"""Extractive answers: quotes of the corpus, word for word, each with its citation — or a decline.

:class:`Answerer` runs search, the abstention gate and the composer for one standalone question and
returns an :class:`Answer` in the shape of ``schemebot ask --json`` (see DESIGN.md). The composer
never rewrites text: a citation's ``text`` is ``section_text[start:end]`` of a chunk, and
:func:`verify` checks that through the offsets.

Which quotes:
- the best chunk of the first scheme;
- the best chunk of every other scheme the question names (at most :data:`MAX_SCHEMES` schemes);
- when the question names no scheme, the best chunk of the next schemes whose score is at least
  :data:`CLOSE_SHARE` of the first one's ("what scholarships are there for SC students" has several
  right answers; a question with one clear answer gets one quote).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from retrieval.corpus import MYSCHEME_SEARCH
from retrieval.gate import Decision, decide
from retrieval.index import Index
from retrieval.searcher import MAX_QUOTED as MAX_SCHEMES
from retrieval.searcher import Retrieval, Searcher
from retrieval.text import clean_user_text

#: other schemes are quoted when their score is at least this share of the first scheme's
CLOSE_SHARE = 0.85
#: a section of at most this many characters is quoted whole (a documents list is not cut to 3 items)
WHOLE_SECTION_CHARS = 700
#: in a list-like section, a chunk ending within this many characters is quoted from the section's
#: start (step 1 onwards, not from step 3)
FROM_START_CHARS = 900
LIST_SECTIONS = ("application_process", "documents", "eligibility", "exclusions")
#: user-facing wording of each decline reason
DECLINE_TEXT = {
    "empty": "The question is empty.",
    "no_match": "I could not find anything about this in the scheme documents I have.",
    "not_in_corpus": "I know of this scheme, but I do not have its documents, so I cannot quote them.",
    "no_section": "The documents I have for this scheme do not cover what you asked, so I cannot quote an answer.",
    "low_confidence": "I am not confident any scheme document I have answers this.",
    "out_of_scope": "This does not look like a question about a government scheme I have documents for.",
}


class Citation(BaseModel):
    """One quoted passage: ``text`` is ``section_text[start:end]`` of the named scheme's section."""

    n: int
    scheme_id: str
    scheme_name: str
    section: str
    text: str
    url: str
    chunk_id: str
    score: float
    start: int = Field(default=-1, exclude=True)
    end: int = Field(default=-1, exclude=True)
    as_of: str | None = Field(default=None, exclude=True)

    def source_line(self) -> str:
        """``Scheme - Section - link (as of 24 Jun 2024)``: where the quote comes from and how old it is."""
        when = f" (as of {self.as_of})" if self.as_of else ""
        return f"{self.scheme_name} - {section_title(self.section)} - {self.url}{when}"


def quote_span(section_text: str, start: int, end: int, section: str = "") -> tuple[int, int]:
    """The span to quote for a chunk ``[start, end)``: the whole section when it is short (at most
    :data:`WHOLE_SECTION_CHARS`); in a list-like section a chunk near the start is quoted from the
    start (:data:`FROM_START_CHARS`); otherwise the chunk, widened to the start of its first line when
    only a list marker stands before it ("- Aadhaar card", not "Aadhaar card")."""
    if section in LIST_SECTIONS and end <= FROM_START_CHARS:
        start = 0
    if len(section_text) <= WHOLE_SECTION_CHARS:
        a, b = 0, len(section_text)
        while a < b and section_text[a].isspace():
            a += 1
        while b > a and section_text[b - 1].isspace():
            b -= 1
        return a, b
    line_start = section_text.rfind("\n", 0, start) + 1
    prefix = section_text[line_start:start]
    if prefix.strip() in ("", "-", "*", "•") or re.fullmatch(r"\s*\(?\w{1,3}[.)]\s*", prefix):
        start = line_start
    return start, end


class Answer(BaseModel):
    """The result of one question (the ``schemebot ask --json`` shape)."""

    status: str = Field(pattern="^(answered|declined)$")
    query: str
    standalone_query: str
    language: str
    citations: list[Citation] = Field(default_factory=list)
    decline_reason: str | None = None
    official_links: list[str] = Field(default_factory=list)
    ranked_scheme_ids: list[str] = Field(default_factory=list, exclude=True)
    probability: float = Field(default=0.0, exclude=True)
    decline_scheme: str | None = Field(default=None, exclude=True)

    def plain(self, head: str | None = None, official: str = "Official sources:", sources: str = "Sources:") -> str:
        """Plain-text rendering: numbered quotes ``[n]`` and a source list (scheme - section - link); a
        decline is ``head`` (default: the reason in English) and the official links. The labels are
        parameters so that the conversation can say them in the user's language."""
        if self.status == "declined":
            if head is None:
                head = DECLINE_TEXT.get(self.decline_reason or "", "I don't know.")
                if self.decline_scheme:
                    head = f"{head} ({self.decline_scheme})"
            return "\n".join([head, official, *self.official_links])
        quotes = [f"[{c.n}] \u201c{c.text}\u201d" for c in self.citations]
        listed = [f"[{c.n}] {c.source_line()}" for c in self.citations]
        return "\n\n".join(quotes) + "\n\n" + sources + "\n" + "\n".join(listed)


def section_title(section: str) -> str:
    """Display title of a section name (``application_process`` -> ``Application process``)."""
    return {"faqs": "FAQ", "documents": "Documents required"}.get(section, section.replace("_", " ").capitalize())


class Answerer:
    """Answers standalone questions from one index (search + gate + composer)."""

    def __init__(self, index: Index) -> None:
        self.index = index
        self.searcher = Searcher(index)

    def retrieve(
        self,
        question: str,
        scheme_ids: list[str] | None = None,
        level: str | None = None,
        state: str | None = None,
        focus: list[str] | None = None,
        user_text: str | None = None,
    ) -> tuple[Retrieval, Decision]:
        """Search and gate, without composing (used by evaluation and tuning)."""
        r = self.searcher.search(question, scheme_ids=scheme_ids, level=level, state=state, focus=focus, user_text=user_text)
        return r, decide(self.index, r)

    def ask(
        self,
        question: str,
        standalone_query: str | None = None,
        scheme_ids: list[str] | None = None,
        level: str | None = None,
        state: str | None = None,
        focus: list[str] | None = None,
    ) -> Answer:
        """Answer ``standalone_query`` (default: ``question`` itself) and report both.

        Args:
            question: the user's message.
            standalone_query: the rewritten query, when the message was a follow-up.
            scheme_ids, level, state: filters.
            focus: the scheme(s) a follow-up is about (quoted first).

        Returns a declined :class:`Answer` for an empty question; never raises on user text.
        """
        question = clean_user_text(question)
        standalone = clean_user_text(standalone_query if standalone_query is not None else question).strip()
        if not standalone:
            return Answer(status="declined", query=question, standalone_query=standalone, language="en",
                          decline_reason="empty", official_links=[MYSCHEME_SEARCH])
        r, decision = self.retrieve(standalone, scheme_ids=scheme_ids, level=level, state=state, focus=focus,
                                    user_text=question if standalone != question.strip() else None)
        return compose(self.searcher, question, standalone, r, decision)


def compose(searcher: Searcher, question: str, standalone: str, r: Retrieval, decision: Decision) -> Answer:
    """Build the :class:`Answer` for a retrieval and the gate's decision."""
    index = searcher.index
    base = dict(query=question, standalone_query=standalone, language=r.query.language,
                ranked_scheme_ids=r.ranked_ids, probability=decision.probability)
    if not decision.answer:
        links = [MYSCHEME_SEARCH]
        scheme_name = None
        if decision.named_catalog:
            entry = searcher.catalog.get(decision.named_catalog)
            if entry is not None:
                if entry.url:
                    links.insert(0, entry.url)
                scheme_name = entry.name
        elif decision.scheme_id:
            scheme = index.schemes[decision.scheme_id]
            links.insert(0, scheme.page_url)
            scheme_name = scheme.name
        return Answer(status="declined", decline_reason=decision.reason, official_links=links,
                      decline_scheme=scheme_name, **base)
    chosen = [r.schemes[0]]
    named = {m.scheme_id for m in r.user_mentions if m.indexed} | set(r.focus)
    for s in r.schemes[1:]:
        if len(chosen) >= MAX_SCHEMES:
            break
        if s.scheme_id in named or (not named and s.score >= CLOSE_SHARE * r.schemes[0].score):
            chosen.append(s)
    citations = []
    for n, s in enumerate(chosen, start=1):
        chunk = index.chunks[s.hit.chunk]
        section = index.section_text(chunk.scheme_id, chunk.section)
        a, b = quote_span(section, chunk.start, chunk.end, chunk.section)
        facts = index.schemes[chunk.scheme_id].facts_as_of
        citations.append(Citation(n=n, scheme_id=chunk.scheme_id, scheme_name=chunk.scheme_name, section=chunk.section,
                                  text=section[a:b], url=chunk.url, chunk_id=chunk.chunk_id, score=round(s.score, 6), start=a, end=b,
                                  as_of=facts.strftime("%d %b %Y") if facts else None))
    links = list(dict.fromkeys(index.schemes[c.scheme_id].page_url for c in citations))
    return Answer(status="answered", citations=citations, official_links=links, **base)


def verify(index: Index, answer: Answer) -> bool:
    """True if every citation's text is exactly its offsets in its section's text (verbatim), and the
    quote contains the chunk it was chosen for."""
    for cit in answer.citations:
        chunk = index.chunk_by_id(cit.chunk_id)
        if chunk is None or cit.scheme_id != chunk.scheme_id or cit.section != chunk.section:
            return False
        section = index.section_text(chunk.scheme_id, chunk.section)
        if cit.start < 0 or section[cit.start:cit.end] != cit.text:
            return False
        if not (cit.start <= chunk.start and chunk.end <= cit.end):
            return False
    return True
