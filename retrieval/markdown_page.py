"""Parse a myScheme scheme page saved as Markdown (``Title:``, ``URL Source:``, ``Markdown Content:``).

The page wraps the scheme's sections in site chrome: menus, images, sign-in prompts, "Something went
wrong" dialogs, a feedback widget and a footer, and repeats part of the content after the FAQ block.
Sections are delimited by their anchors, e.g. ``[### Benefits](https://www.myscheme.gov.in/schemes/<id>#benefits)``;
only the first run of anchors is read. FAQs become question/answer pairs, "Sources And References"
becomes the scheme's official links, and the footer's "Last Updated On : dd/mm/yyyy" its date.
The header under "### Check Eligibility" gives the level, state, ministry and tags in one of three
layouts (:mod:`retrieval.placement`, which also infers the state from the text when the header has
none). A line "This scheme is closed" sets ``Scheme.closed`` (and is not quoted). A page without anchors
whose content is question/answer pairs is indexed from those pairs alone (:func:`parse_faq_only`).
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass

from retrieval.corpus import FAQ, MYSCHEME_BASE, Links, Scheme
from retrieval.placement import Header, PageNotes, Placement, check_text, place, read_header
from retrieval.html_text import html_to_text
from retrieval.text import normalize

# Rejection lives in retrieval.loaders, which imports this module: it is imported inside the functions

_TITLE = re.compile(r"^Title:\s*(.+)$", re.MULTILINE)
_URL_SOURCE = re.compile(r"^URL Source:\s*(\S+)", re.MULTILINE)
_ANCHOR = re.compile(r"\[###\s*([^\]]+?)\s*\]\((https://www\.myscheme\.gov\.in/schemes/[^)#\s]+)#([a-z-]+)\)")
_UPDATED = re.compile(r"Last Updated On\s*:\s*(\d{1,2})/(\d{1,2})/(\d{4})")
_CHECK = "### Check Eligibility"
_CONTENT = "Markdown Content:"
_CLOSED = re.compile(r"^[ \t]*(?:#{1,6}[ \t]*)?This scheme is closed\.?[ \t]*$", re.MULTILINE | re.IGNORECASE)
_ANCHOR_SECTIONS = {
    "details": "details",
    "benefits": "benefits",
    "eligibility": "eligibility",
    "exclusions": "exclusions",
    "application-process": "application_process",
    "documents-required": "documents",
    "faqs": "faqs",
    "sources": "sources",
}
#: Lines of site chrome dropped wherever they appear inside a section.
_CHROME_LINES = re.compile(
    r"^(?:#{1,6}\s*)?(?:You need to sign in before applying for schemes|CancelSign In|CancelSign Out|"
    r"Something went wrong\. Please try again later\.|Ok|Cancel|Apply Now|Check Eligibility|Sign in to apply|"
    r"It seems you have already initiated your application earlier\.\s*To know more please visit|"
    r"Are you sure you want to sign out\?|This scheme is closed\.?|#{0,6})\s*$"
)
#: A line that starts the trailing chrome: everything from it on is not scheme text.
_STOP_LINES = re.compile(r"^(?:Was this helpful\?|#{1,6}\s*News and Updates|#{1,6}\s*Share|©\s*\d{4})\s*$")
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
# link targets may contain one level of balanced parentheses: ...Guidelines/(English/).pdf
_LINK = re.compile(r"\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))+)\)")
_MD_BULLET = re.compile(r"^(\s*)[*+]\s+")
_HEADING = re.compile(r"^#{1,6}\s*")
_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])")


class MarkdownRejection(Exception):
    """Raised internally for a page that yields no usable scheme; carries the reason."""


def _link_text(m: re.Match[str]) -> str:
    text, url = m.group(1).strip(), m.group(2)
    if not text or text == url:
        return url
    return f"{text} ({url})"


def clean_markdown(block: str) -> str:
    """Markdown of one section -> plain text: chrome lines, images, emphasis markers and heading marks
    removed, ``[text](url)`` -> ``text (url)``, ``*`` bullets -> ``-``, HTML tables -> one line per row
    (:func:`retrieval.html_text.html_to_text`), blank-line runs collapsed."""
    out: list[str] = []
    for line in html_to_text(normalize(block)).split("\n"):
        if _STOP_LINES.match(line.strip()):
            break
        line = _IMAGE.sub("", line)
        if _CHROME_LINES.match(line.strip()):
            line = ""
        line = _LINK.sub(_link_text, line)
        line = _EMPHASIS.sub(r"\2", line)
        line = _HEADING.sub("", line)
        line = _MD_BULLET.sub(r"\1- ", line)
        line = _ESCAPE.sub(r"\1", line).rstrip()
        if set(line.strip()) <= set("-=*_|: "):  # rules and empty table borders
            line = ""
        if not line.strip() and (not out or not out[-1].strip()):
            continue
        out.append(line)
    return "\n".join(out).strip()


def _looks_like_question(par: str) -> bool:
    one_line = "\n" not in par
    return par.rstrip().endswith("?") or (one_line and len(par) <= 250 and not par.rstrip().endswith((".", ":", ";")))


def parse_faqs(text: str) -> list[FAQ]:
    """FAQ section text -> pairs. A question is a paragraph ending in ``?`` (or a short line without a
    final full stop right after an answer); its answer is every paragraph up to the next question."""
    pars = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    faqs: list[FAQ] = []
    question: str | None = None
    answer: list[str] = []
    for par in pars:
        if question is None:
            question, answer = par, []
            continue
        if answer and _looks_like_question(par) and (par.rstrip().endswith("?") or len(answer) >= 1):
            faqs.append(FAQ(question=question, answer="\n\n".join(answer)))
            question, answer = par, []
        else:
            answer.append(par)
    if question is not None and answer:
        faqs.append(FAQ(question=question, answer="\n\n".join(answer)))
    return faqs



#: First words of a question written without its question mark ("How can applicants apply online").
_QUESTION_WORDS = frozenset(
    "what how who whom whose which when where why is are am can could do does did will would shall should "
    "whether has have".split()
)
_SMALL_WORDS = frozenset("a an and as at by for from in into of on or per the to under upon with via".split())
_WORDS = re.compile(r"[^\W\d_][\w'’.-]*")
#: a page that holds FAQs only must yield at least this many pairs, covering at least this share of
#: its paragraphs (a page of plain text with one stray question is not a FAQ page)
FAQ_ONLY_MIN_PAIRS = 2
FAQ_ONLY_MIN_SHARE = 0.5


def _title_case(par: str) -> bool:
    words = [w for w in _WORDS.findall(par) if w.casefold() not in _SMALL_WORDS]
    return len(words) >= 4 and sum(w[0].isupper() for w in words) >= 0.8 * len(words)


def question_strength(par: str) -> int:
    """How surely one paragraph of a FAQ-only page is a question: 2 (one line ending in "?", or starting
    with a question word and holding a "?"), 1 (one line, no final ":", either Title Case or starting
    with a question word and not ending in "."), 0 (not a question)."""
    p = par.strip()
    if "\n" in p or len(p) > 400 or not p or p.startswith((">", "-", "|")) or p.endswith(":"):
        return 0
    first = _WORDS.match(p)
    asks = bool(first) and first.group().casefold() in _QUESTION_WORDS
    if p.rstrip("*\\ ").endswith("?") or (asks and "?" in p):
        return 2
    if len(p) <= 200 and (_title_case(p) or (asks and not p.endswith("."))):
        return 1
    return 0


def parse_faq_only(text: str) -> tuple[list[FAQ], int]:
    """The question/answer pairs of a page that holds only FAQs (cleaned text, paragraphs separated by
    blank lines): each question (:func:`question_strength`) followed by its one answer paragraph.

    A paragraph whose question is missing (an answer after an answer) is dropped, and so is a question
    without an answer. After a sure question the next paragraph is its answer even in Title Case
    (a list of documents), unless it is itself followed by an answer.

    Returns:
        ``(pairs, dropped)``: the pairs in page order and the number of paragraphs dropped.
    """
    pars = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    strength = [question_strength(p) for p in pars]
    faqs: list[FAQ] = []
    dropped = 0
    i = 0
    while i < len(pars):
        q = strength[i]
        nxt = strength[i + 1] if i + 1 < len(pars) else None
        after = strength[i + 2] if i + 2 < len(pars) else None
        takes = nxt == 0 or (q == 2 and nxt == 1 and after != 0)
        if q and nxt is not None and takes:
            faqs.append(FAQ(question=pars[i], answer=pars[i + 1]))
            i += 2
            continue
        dropped += 1
        i += 1
    return faqs, dropped


def _source_links(text: str) -> list[str]:
    links = []
    for m in _LINK.finditer(text):
        url = m.group(2)
        if url.startswith(("http://", "https://")) and "myscheme.gov.in" not in url and url not in links:
            links.append(url)
    return links


def read_page_header(raw: str) -> Header | None:
    """The header under the page's first "### Check Eligibility" (:func:`retrieval.placement.read_header`;
    at most 400 lines are read, so a page of thousands of rules costs linear time); ``None`` without one."""
    at = raw.find(_CHECK)
    if at < 0:
        return None
    return read_header(raw[at + len(_CHECK):].split("\n", 400)[:400])


def is_closed(raw: str) -> bool:
    """True when the page has a line "This scheme is closed"."""
    return _CLOSED.search(raw) is not None


@dataclass(frozen=True)
class ParsedPage:
    """A page read into its :class:`~retrieval.corpus.Scheme` and the ingest notes about it
    (:class:`~retrieval.placement.PageNotes`: placement provenance, text check, FAQ-only)."""

    scheme: Scheme
    notes: PageNotes


def _facts_date(raw: str) -> _dt.date | None:
    date_m = _UPDATED.search(raw)
    if not date_m:
        return None
    try:
        return _dt.date(int(date_m.group(3)), int(date_m.group(2)), int(date_m.group(1)))
    except ValueError:
        return None


def parse_myscheme_page(raw: str, origin: str):  # -> ParsedPage | Rejection
    """One saved myScheme page -> :class:`ParsedPage`, or a :class:`~retrieval.loaders.Rejection`
    naming why it is unusable.

    A page with section anchors gives the sections, FAQs, official links, date, header (level, state,
    ministry, tags; see :mod:`retrieval.placement`) and ``closed``. A page without anchors whose content
    is question/answer pairs is indexed from its FAQs alone (:func:`parse_faq_only`), with no tags and
    its state only when its title or text names one.

    Rejection reasons: ``no myScheme URL``; ``eligibility questionnaire (no scheme text)``;
    ``page not found``; ``no scheme sections (error or empty page)``; ``no scheme sections or FAQ pairs
    (text without section anchors)``; ``empty sections``; ``invalid record: ...``.
    """
    from retrieval.loaders import Rejection

    raw = normalize(raw)
    url_m = _URL_SOURCE.search(raw)
    if not url_m or not url_m.group(1).startswith(MYSCHEME_BASE):
        return Rejection(origin, "no myScheme URL")
    slug = url_m.group(1)[len(MYSCHEME_BASE):].strip("/").split("/")[0].split("#")[0].split("?")[0]
    title_m = _TITLE.search(raw)
    title = title_m.group(1).strip() if title_m else slug
    anchors = list(_ANCHOR.finditer(raw))
    if not anchors:
        return _faq_only_page(raw, origin, slug, title)
    # the first run of anchors, one per section name
    seen: dict[str, tuple[int, int]] = {}
    order: list[str] = []
    for i, m in enumerate(anchors):
        name = _ANCHOR_SECTIONS.get(m.group(3))
        if name is None or name in seen:
            continue
        end = anchors[i + 1].start() if i + 1 < len(anchors) else len(raw)
        seen[name] = (m.end(), end)
        order.append(name)
    sections: dict[str, str] = {}
    faqs: list[FAQ] = []
    official: list[str] = []
    for name in order:
        start, end = seen[name]
        block = raw[start:end]
        if name == "sources":
            official = _source_links(block.split("Was this helpful?")[0])
            continue
        text = clean_markdown(block)
        if not text:
            continue
        if name == "faqs":
            faqs = parse_faqs(text)
        else:
            sections[name] = text
    if not sections and not faqs:
        return Rejection(origin, "empty sections")
    header = read_page_header(raw)
    tags = list(header.tags[:12]) if header else []
    opening = sections.get("details") or next(iter(sections.values()), "") or _faq_text(faqs)
    texts = [*sections.values(), _faq_text(faqs), *tags]
    placement = place(header, title, opening, "\n\n".join(texts), slug)
    notes = PageNotes(placement, check_text(placement, title, texts))
    return _scheme(origin, slug, title, placement, notes, tags=tags, sections=sections, faqs=faqs,
                   official=official, facts_as_of=_facts_date(raw), closed=is_closed(raw))


def _faq_text(faqs: list[FAQ]) -> str:
    return "\n\n".join(f"{f.question}\n{f.answer}" for f in faqs)


def _faq_only_page(raw: str, origin: str, slug: str, title: str):  # -> ParsedPage | Rejection
    from retrieval.loaders import Rejection

    if title.casefold().startswith("check eligibility -"):
        return Rejection(origin, "eligibility questionnaire (no scheme text)")
    if title.rstrip(".").casefold() == "page not found":
        return Rejection(origin, "page not found")
    body = raw.split(_CONTENT, 1)[1] if _CONTENT in raw else ""
    text = clean_markdown(body)
    faqs, dropped = parse_faq_only(text)
    if len(faqs) < FAQ_ONLY_MIN_PAIRS or 2 * len(faqs) < FAQ_ONLY_MIN_SHARE * (2 * len(faqs) + dropped):
        if text.strip():
            return Rejection(origin, "no scheme sections or FAQ pairs (text without section anchors)")
        return Rejection(origin, "no scheme sections (error or empty page)")
    faq_text = _faq_text(faqs)
    placement = place(None, title, faq_text, slug=slug)
    notes = PageNotes(placement, check_text(placement, title, [faq_text]), faq_only=True)
    return _scheme(origin, slug, title, placement, notes, tags=[], sections={}, faqs=faqs, official=[],
                   facts_as_of=_facts_date(raw), closed=is_closed(raw))


def _scheme(origin: str, slug: str, title: str, placement: Placement, notes: PageNotes, **fields):
    from retrieval.loaders import Rejection

    official = fields.pop("official")
    try:
        scheme = Scheme(
            id=slug,
            name=title,
            level=placement.level,
            state=placement.state,
            ministry=placement.ministry,
            links=Links(myscheme=MYSCHEME_BASE + slug, official=official),
            source="myscheme-md",
            **fields,
        )
    except ValueError as exc:
        return Rejection(origin, f"invalid record: {str(exc).splitlines()[0][:80]}")
    return ParsedPage(scheme, notes)


def parse_myscheme_markdown(raw: str, origin: str):  # -> Scheme | Rejection
    """One saved myScheme page -> :class:`~retrieval.corpus.Scheme`, or a
    :class:`~retrieval.loaders.Rejection` naming why the page is unusable (see
    :func:`parse_myscheme_page`, which also returns the ingest notes)."""
    page = parse_myscheme_page(raw, origin)
    return page.scheme if isinstance(page, ParsedPage) else page
