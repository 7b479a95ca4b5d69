"""Parse a myScheme scheme page saved as Markdown (``Title:``, ``URL Source:``, ``Markdown Content:``).

The page wraps the scheme's sections in site chrome: menus, images, sign-in prompts, "Something went
wrong" dialogs, a feedback widget and a footer, and repeats part of the content after the FAQ block.
Sections are delimited by their anchors, e.g. ``[### Benefits](https://www.myscheme.gov.in/schemes/<id>#benefits)``;
only the first run of anchors is read. FAQs become question/answer pairs, "Sources And References"
becomes the scheme's official links, and the footer's "Last Updated On : dd/mm/yyyy" its date.
"""

from __future__ import annotations

import datetime as _dt
import re

from retrieval.corpus import FAQ, MYSCHEME_BASE, Links, Scheme

# avoid a circular import: Rejection lives in loaders but is a plain dataclass
from retrieval.text import normalize

_TITLE = re.compile(r"^Title:\s*(.+)$", re.MULTILINE)
_URL_SOURCE = re.compile(r"^URL Source:\s*(\S+)", re.MULTILINE)
_ANCHOR = re.compile(r"\[###\s*([^\]]+?)\s*\]\((https://www\.myscheme\.gov\.in/schemes/[^)#\s]+)#([a-z-]+)\)")
_UPDATED = re.compile(r"Last Updated On\s*:\s*(\d{1,2})/(\d{1,2})/(\d{4})")
_CHECK = "### Check Eligibility"
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
    r"Are you sure you want to sign out\?|#{0,6})\s*$"
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
    removed, ``[text](url)`` -> ``text (url)``, ``*`` bullets -> ``-``, blank-line runs collapsed."""
    out: list[str] = []
    for line in normalize(block).split("\n"):
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


def _source_links(text: str) -> list[str]:
    links = []
    for m in _LINK.finditer(text):
        url = m.group(2)
        if url.startswith(("http://", "https://")) and "myscheme.gov.in" not in url and url not in links:
            links.append(url)
    return links


def _header(raw: str) -> tuple[str, list[str]] | None:
    """The owner (ministry or state) and tags under the first "### Check Eligibility": the line over a
    ``---`` rule, then, after the name over a ``===`` rule, the tag lines up to "Sign in to apply".
    Read line by line (a page of thousands of rules costs linear time)."""
    at = raw.find(_CHECK)
    if at < 0:
        return None
    lines = [ln.strip() for ln in raw[at + len(_CHECK):].split("\n", 400)[:400]]
    body = [ln for ln in lines if ln]
    if len(body) < 4 or not set(body[1]) <= {"-"} or len(body[1]) < 3:
        return None
    owner = body[0]
    try:
        rule = next(i for i in range(2, len(body)) if set(body[i]) <= {"="} and len(body[i]) >= 3)
    except StopIteration:
        return None
    tags = []
    for ln in body[rule + 1:]:
        if ln.startswith(("Sign in to apply", "[###")):
            break
        if not ln.startswith(("!", "[", "#")):
            tags.append(ln)
    return owner, tags


def parse_myscheme_markdown(raw: str, origin: str):  # -> Scheme | Rejection
    """One saved myScheme page -> :class:`~retrieval.corpus.Scheme`, or a
    :class:`~retrieval.loaders.Rejection` naming why the page is unusable (no URL, no sections, empty
    sections, invalid record)."""
    from retrieval.loaders import Rejection

    raw = normalize(raw)
    url_m = _URL_SOURCE.search(raw)
    if not url_m or not url_m.group(1).startswith(MYSCHEME_BASE):
        return Rejection(origin, "no myScheme URL")
    slug = url_m.group(1)[len(MYSCHEME_BASE):].strip("/").split("/")[0].split("#")[0].split("?")[0]
    anchors = list(_ANCHOR.finditer(raw))
    if not anchors:
        return Rejection(origin, "no scheme sections (error or empty page)")
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
    title_m = _TITLE.search(raw)
    name = title_m.group(1).strip() if title_m else slug
    level, state, ministry, tags = "central", None, None, []
    header = _header(raw)
    if header:
        owner, tags = header
        if owner.lower().startswith(("ministry", "department")):
            ministry = owner
        else:
            level, state = "state", owner
    date_m = _UPDATED.search(raw)
    facts_as_of = None
    if date_m:
        try:
            facts_as_of = _dt.date(int(date_m.group(3)), int(date_m.group(2)), int(date_m.group(1)))
        except ValueError:
            facts_as_of = None
    try:
        return Scheme(
            id=slug,
            name=name,
            level=level,
            state=state,
            ministry=ministry,
            tags=tags[:12],
            sections=sections,
            faqs=faqs,
            links=Links(myscheme=MYSCHEME_BASE + slug, official=official),
            facts_as_of=facts_as_of,
            source="myscheme-md",
        )
    except ValueError as exc:
        return Rejection(origin, f"invalid record: {str(exc).splitlines()[0][:80]}")
