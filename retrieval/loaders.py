"""Corpus loaders: the bundled format, myScheme-style JSON lists, myScheme pages saved as Markdown,
and a scheme catalog (names only). The format is detected per file.

``load_corpus(paths)`` returns a :class:`LoadReport`: the retrievable schemes, the records rejected
(with a reason; never indexed), the records superseded by a newer record of the same scheme id, and
the catalog entries (schemes we know by name but hold no text for).
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retrieval.corpus import FAQ, MYSCHEME_BASE, Links, Scheme, parse_bundled
from retrieval.errors import CorpusFormatError
from retrieval.markdown_page import ParsedPage, parse_myscheme_page
from retrieval.placement import PageNotes
from retrieval.text import normalize


@dataclass(frozen=True)
class Rejection:
    """A record that was not indexed: where it came from and why."""

    origin: str
    reason: str


@dataclass(frozen=True)
class CatalogEntry:
    """A scheme known by name only (no text): used to recognise it in a question and link to it.

    Attributes:
        id: myScheme slug (or a project slug when ``page`` is set or the scheme has no myScheme page).
        name, aliases: the names it is known by.
        description: a short description from the catalog, if any.
        ministry: ministry or department, if known.
        page: the official page when it is not ``myscheme.gov.in/schemes/<id>``; ``""`` for none known.
    """

    id: str
    name: str
    description: str = ""
    ministry: str | None = None
    aliases: tuple[str, ...] = ()
    page: str | None = None

    @property
    def url(self) -> str | None:
        """The scheme's official page: ``page`` when given, else its myScheme page."""
        if self.page is not None:
            return self.page or None
        return MYSCHEME_BASE + self.id

    def to_row(self) -> list[Any]:
        """A JSON-friendly row (see :meth:`from_row`)."""
        return [self.id, self.name, self.description, self.ministry, list(self.aliases), self.page]

    @classmethod
    def from_row(cls, row: list[Any]) -> CatalogEntry:
        """Inverse of :meth:`to_row`."""
        return cls(row[0], row[1], row[2], row[3], tuple(row[4]), row[5])


@dataclass
class LoadReport:
    """What :func:`load_corpus` found.

    Attributes:
        schemes: retrievable schemes, one per id, sorted by id.
        rejected: records that yielded no usable text, with reasons.
        superseded: ``(scheme_id, origin)`` of records replaced by a newer record of the same id.
        catalog: catalog entries, one per id.
        files_read: number of input files opened.
        sources: the input files, sorted (their content makes the index's input hash).
        page_notes: scheme id -> what ingest learned about the saved myScheme page it was read from
            (how its level/state was decided, whether its text names its state, FAQ-only); only for
            schemes read from ``.md`` pages. :meth:`summary` counts them.
    """

    schemes: list[Scheme] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    superseded: list[tuple[str, str]] = field(default_factory=list)
    catalog: list[CatalogEntry] = field(default_factory=list)
    files_read: int = 0
    sources: list[Path] = field(default_factory=list)
    page_notes: dict[str, PageNotes] = field(default_factory=dict)

    def rejected_by_reason(self) -> dict[str, int]:
        """Rejection counts keyed by reason, most frequent first."""
        counts: dict[str, int] = {}
        for r in self.rejected:
            counts[r.reason] = counts.get(r.reason, 0) + 1
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    def summary(self, examples: int = 5) -> dict[str, Any]:
        """Counts for the ingest summary, JSON-friendly.

        Keys: ``levels`` (``central``: central by the header or the record, ``state``, ``unknown``:
        central by default because neither the header nor the text named an owner or a state);
        ``state_from`` (``header``, ``text``, ``record``: a JSON/bundled record's own field);
        ``inferred_by`` (text rule -> count: ``title``, ``government of``, ``only state in opening``);
        ``state_named_in_text`` / ``state_not_named_in_text`` (state schemes whose page text names /
        never names their state) with ``not_named_examples``; ``title_mismatch`` (state schemes whose
        title names other states only) with ``title_mismatch_examples`` (``[id, state, [title
        states]]``, at most ``examples``); ``faq_only`` (pages indexed from their FAQs alone);
        ``closed`` (schemes whose page says they are closed).
        """
        levels = {"central": 0, "state": 0, "unknown": 0}
        state_from = {"header": 0, "text": 0, "record": 0}
        inferred_by: dict[str, int] = {}
        named = not_named = 0
        not_named_ex: list[str] = []
        mismatch_ex: list[list[Any]] = []
        mismatches = faq_only = closed = 0
        for s in self.schemes:
            notes = self.page_notes.get(s.id)
            closed += s.closed
            if notes is None:
                levels[s.level] += 1
                state_from["record"] += s.level == "state"
                continue
            p, check = notes.placement, notes.check
            faq_only += notes.faq_only
            levels["unknown" if p.decided == "none" else p.level] += 1
            if p.level == "state":
                state_from[p.decided] += 1
                if p.decided == "text":
                    inferred_by[p.rule] = inferred_by.get(p.rule, 0) + 1
                if check.named_in_text:
                    named += 1
                else:
                    not_named += 1
                    if len(not_named_ex) < examples:
                        not_named_ex.append(s.id)
                if check.title_mismatch:
                    mismatches += 1
                    if len(mismatch_ex) < examples:
                        mismatch_ex.append([s.id, p.state, list(check.title_states)])
        return {
            "levels": levels,
            "state_from": state_from,
            "inferred_by": dict(sorted(inferred_by.items(), key=lambda kv: -kv[1])),
            "state_named_in_text": named,
            "state_not_named_in_text": not_named,
            "not_named_examples": not_named_ex,
            "title_mismatch": mismatches,
            "title_mismatch_examples": mismatch_ex,
            "faq_only": faq_only,
            "closed": closed,
        }


# ---------------------------------------------------------------- myScheme-style JSON (OpenNyAI)

_JSON_SECTIONS = {
    "details": "details",
    "benefits": "benefits",
    # the page's own eligibility text; ``eligibility_criteria`` is a model-written rewrite, never quoted
    "original_eligibility": "eligibility",
    "application_process": "application_process",
    "documents_required": "documents",
}
_HEADINGS = {
    "details": "details",
    "benefits": "benefits",
    "eligibility": "eligibility",
    "application_process": "application process",
    "documents": "documents required",
}
#: structured eligibility fields of myScheme records, kept untouched for the eligibility rules.
STRUCTURED_FIELDS = (
    "gender", "caste", "age", "residence", "occupation", "beneficiaryState", "maritalStatus",
    "minority", "disability", "isBpl", "isStudent", "education",
)
_URL = re.compile(r"https?://[^\s<>\"')\]]+")


def _strip_heading(text: str, section: str) -> str:
    """Drop the first line when it is just the section's heading ("Benefits")."""
    first, _, rest = text.partition("\n")
    if first.strip().lower() == _HEADINGS[section]:
        return rest
    return text


def _clean_block(text: str) -> str:
    lines = [ln.rstrip() for ln in normalize(text).split("\n")]
    out: list[str] = []
    for ln in lines:
        if not ln.strip() and (not out or not out[-1].strip()):
            continue
        out.append(ln)
    return "\n".join(out).strip()


def _official_links(texts: Iterable[str], limit: int = 3) -> list[str]:
    links: list[str] = []
    for text in texts:
        for m in _URL.finditer(text):
            url = m.group().rstrip(".,;:")
            if "myscheme.gov.in" not in url and url not in links:
                links.append(url)
    return links[:limit]


def _strings(value: Any) -> list[str]:
    """A list of strings from a field that should be one (anything else gives ``[]``)."""
    if isinstance(value, list):
        return [str(v) for v in value if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
    return []


def parse_myscheme_json_record(rec: dict[str, Any], origin: str) -> Scheme | Rejection:
    """One record of a myScheme-style JSON list -> :class:`Scheme`, or a :class:`Rejection` (no URL,
    no text, or fields of the wrong type)."""
    try:
        return _parse_myscheme_json_record(rec, origin)
    except (TypeError, AttributeError, ValueError) as exc:
        return Rejection(origin, f"invalid record ({exc.__class__.__name__})")


def _parse_myscheme_json_record(rec: dict[str, Any], origin: str) -> Scheme | Rejection:
    link = str(rec.get("scheme_link") or "").strip()
    if not link.startswith(MYSCHEME_BASE):
        return Rejection(origin, "no myScheme URL")
    slug = link[len(MYSCHEME_BASE):].strip("/").split("/")[-1].split("#")[0]
    sections: dict[str, str] = {}
    for key, name in _JSON_SECTIONS.items():
        value = rec.get(key)
        if isinstance(value, str):
            text = _clean_block(_strip_heading(normalize(value), name))
            if text:
                sections[name] = text
    if not sections:
        return Rejection(origin, "empty sections")
    states = [s for s in _strings(rec.get("beneficiaryState")) if s and s != "All"]
    level, state = ("state", states[0]) if len(states) == 1 else ("central", None)
    short = str(rec.get("schemeShortTitle") or "").strip() or None
    try:
        return Scheme(
            id=slug,
            name=normalize(str(rec.get("scheme_name") or slug)).strip(),
            short_name=short,
            aliases=[short] if short else [],
            level=level,
            state=state,
            tags=_strings(rec.get("tags")),
            sections=sections,
            links=Links(myscheme=MYSCHEME_BASE + slug, official=_official_links(sections.values())),
            source="myscheme-json",
            structured_eligibility={k: rec.get(k) for k in STRUCTURED_FIELDS if k in rec},
        )
    except ValueError as exc:
        return Rejection(origin, f"invalid record: {exc.__class__.__name__}")


# ---------------------------------------------------------------- catalog


def parse_catalog(rows: list[dict[str, Any]]) -> list[CatalogEntry]:
    """``[{name, slug, description, ministry}]`` -> catalog entries, first row per slug."""
    out: dict[str, CatalogEntry] = {}
    for row in rows:
        slug = str(row.get("slug") or "").strip()
        name = str(row.get("name") or "").strip()
        if slug and name and re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug) and slug not in out:
            out[slug] = CatalogEntry(
                id=slug,
                name=normalize(name),
                description=normalize(str(row.get("description") or "")).strip(),
                ministry=row.get("ministry"),
            )
    return list(out.values())


def parse_named_catalog(rows: list[dict[str, Any]]) -> list[CatalogEntry]:
    """The project's catalog format (``data/catalog/known_schemes.json``): ``[{id, name, aliases,
    level, state, url}]``, ``url`` the official page (null: none known)."""
    out: list[CatalogEntry] = []
    for r in rows:
        sid, name = str(r.get("id") or ""), str(r.get("name") or "")
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", sid) or not name:
            continue
        url = r.get("url")
        page = None if url == MYSCHEME_BASE + sid else (url if isinstance(url, str) else "")
        aliases = tuple(str(a) for a in r.get("aliases") or [] if isinstance(a, str))
        out.append(CatalogEntry(sid, normalize(name), "", None, aliases, page))
    return out


# ---------------------------------------------------------------- detection


def _records_of_json(path: Path, data: Any, report: LoadReport) -> Iterator[Scheme | Rejection]:
    origin = str(path)
    if isinstance(data, dict) and "sections" in data:
        yield parse_bundled(data, origin)
        return
    if isinstance(data, dict) and "content" in data:
        yield Rejection(origin, "model-restructured page (not verbatim text)")
        return
    if not isinstance(data, list) or not data:
        yield Rejection(origin, "unknown format (not a scheme object or a list of records)")
        return
    first = next((r for r in data if isinstance(r, dict)), {})
    if "scheme_name" in first or "scheme_link" in first:
        for i, rec in enumerate(data):
            where = f"{origin}[{i}]"
            yield parse_myscheme_json_record(rec, where) if isinstance(rec, dict) else Rejection(where, "not an object")
    elif "slug" in first and "description" in first:
        report.catalog.extend(parse_catalog([r for r in data if isinstance(r, dict)]))
    elif "id" in first and "name" in first and "aliases" in first:
        report.catalog.extend(parse_named_catalog([r for r in data if isinstance(r, dict)]))
    elif "sections" in first:
        for i, rec in enumerate(data):
            yield parse_bundled(rec, f"{origin}[{i}]") if isinstance(rec, dict) else Rejection(f"{origin}[{i}]", "not an object")
    else:
        yield Rejection(origin, "unknown format (records without scheme_name, slug or sections)")


def _records_of_file(path: Path, report: LoadReport, strict: bool = True) -> Iterator[Scheme | Rejection | ParsedPage]:
    """The records of one corpus file; invalid JSON raises in a file given by name (``strict``) and is a
    rejection, like an unreadable file, in one found in a folder (one bad file does not stop the rest)."""
    try:
        raw = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        yield Rejection(str(path), f"unreadable file ({exc.__class__.__name__})")
        return
    if path.suffix.lower() == ".md":
        yield parse_myscheme_page(raw, str(path))
        return
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError) as exc:
        if strict:
            raise CorpusFormatError(f"{path}: invalid JSON: {exc}") from None
        yield Rejection(str(path), f"invalid JSON ({exc.__class__.__name__})")
        return
    yield from _records_of_json(path, data, report)


def corpus_files(paths: Iterable[Path]) -> list[Path]:
    """Expand folders to their ``*.json`` and ``*.md`` files (recursively), sorted; files as given.

    Raises:
        CorpusFormatError: a path that does not exist.
    """
    files: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            files.extend(sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in (".json", ".md")))
        elif p.is_file():
            files.append(p)
        else:
            raise CorpusFormatError(f"{p}: no such file or folder")
    return sorted(dict.fromkeys(files))


def _newer(a: Scheme, b: Scheme) -> bool:
    """True if ``a`` is newer than ``b`` (a missing date counts as oldest)."""
    return (a.facts_as_of or _dt.date.min) > (b.facts_as_of or _dt.date.min)


def load_corpus(paths: Iterable[Path], progress: Callable[[Iterable[Path]], Iterable[Path]] | None = None) -> LoadReport:
    """Load every scheme under ``paths`` (files or folders), detecting each file's format.

    A record with no usable text is rejected with a reason; when two records share an id, the one with
    the later ``facts_as_of`` stays (the first loaded on a tie) and the other is superseded.

    Args:
        paths: files or folders.
        progress: optional wrapper around the file iterator (e.g. ``tqdm``).

    Raises:
        CorpusFormatError: a missing path, invalid JSON in a file given by name (in a folder's file it is
            a rejection), an unknown format, or an invalid bundled record (message names the file and field).
    """
    report = LoadReport()
    paths = [Path(p) for p in paths]
    named = {p for p in paths if p.is_file()}  # files given by name: invalid JSON there is an error
    files = corpus_files(paths)
    report.sources = files
    by_id: dict[str, tuple[Scheme, str]] = {}
    notes: dict[str, PageNotes] = {}  # origin -> notes of a saved page
    for path in progress(files) if progress else files:
        report.files_read += 1
        for i, rec in enumerate(_records_of_file(path, report, strict=path in named)):
            if isinstance(rec, Rejection):
                report.rejected.append(rec)
                continue
            if isinstance(rec, ParsedPage):
                notes[str(path)] = rec.notes
                rec = rec.scheme
            origin = f"{path}[{i}]" if path.suffix == ".json" and rec.source == "myscheme-json" else str(path)
            if rec.id in by_id:
                kept, kept_origin = by_id[rec.id]
                if _newer(rec, kept):
                    report.superseded.append((rec.id, kept_origin))
                    by_id[rec.id] = (rec, origin)
                else:
                    report.superseded.append((rec.id, origin))
            else:
                by_id[rec.id] = (rec, origin)
    report.schemes = [s for _, (s, _) in sorted(by_id.items())]
    report.page_notes = {sid: notes[origin] for sid, (_, origin) in sorted(by_id.items()) if origin in notes}
    known = set(by_id)
    report.catalog = [c for c in parse_catalog_dedup(report.catalog) if c.id not in known]
    return report


def parse_catalog_dedup(entries: list[CatalogEntry]) -> list[CatalogEntry]:
    """Catalog entries, first per id, in order."""
    seen: dict[str, CatalogEntry] = {}
    for e in entries:
        seen.setdefault(e.id, e)
    return list(seen.values())


__all__ = [
    "FAQ",
    "CatalogEntry",
    "LoadReport",
    "Rejection",
    "corpus_files",
    "load_corpus",
    "parse_catalog",
    "parse_myscheme_json_record",
]
