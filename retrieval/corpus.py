"""The corpus model: one welfare scheme, its sections, FAQs and official links.

A :class:`Scheme` is what every loader produces and what the index is built from.
Section texts are stored exactly as they will be quoted: every citation the bot
shows is a substring of one of these strings, addressed by character offsets.

The bundled format (``data/schemes/<id>.json``, one object per file) is this
model serialised as JSON; :func:`parse_bundled` validates it and names the file
and field when something is wrong.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from retrieval.errors import CorpusFormatError

_SURROGATE = re.compile("[\ud800-\udfff]")


def _replace_surrogates(value: Any) -> Any:
    """``value`` (nested dicts, lists and strings) with every lone surrogate replaced by U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, dict):
        return {k: _replace_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace_surrogates(v) for v in value]
    return value


#: Canonical section names, in the order myScheme pages show them.
SECTION_ORDER: tuple[str, ...] = (
    "details",
    "benefits",
    "eligibility",
    "exclusions",
    "application_process",
    "documents",
    "faqs",
)
SectionName = Literal[
    "details", "benefits", "eligibility", "exclusions", "application_process", "documents", "faqs"
]

#: myScheme page anchors for each section (``https://www.myscheme.gov.in/schemes/<id>#<anchor>``).
MYSCHEME_ANCHORS: dict[str, str] = {
    "details": "details",
    "benefits": "benefits",
    "eligibility": "eligibility",
    "exclusions": "exclusions",
    "application_process": "application-process",
    "documents": "documents-required",
    "faqs": "faqs",
}

MYSCHEME_BASE = "https://www.myscheme.gov.in/schemes/"
MYSCHEME_SEARCH = "https://www.myscheme.gov.in/search"

_SLUG = r"^[a-z0-9][a-z0-9-]*$"


class FAQ(BaseModel):
    """One question/answer pair from a scheme's FAQ section (both verbatim from the source)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    question: str = Field(min_length=1)
    answer: str = Field(min_length=1)


class Links(BaseModel):
    """Official links of a scheme: its own portal(s) and its myScheme page."""

    model_config = ConfigDict(extra="forbid")
    official: list[str] = Field(default_factory=list)
    myscheme: str | None = None

    @field_validator("official")
    @classmethod
    def _urls(cls, v: list[str]) -> list[str]:
        for url in v:
            if not url.startswith(("https://", "http://")):
                raise ValueError(f"not an http(s) URL: {url!r}")
        return v

    @field_validator("myscheme")
    @classmethod
    def _myscheme(cls, v: str | None) -> str | None:
        if v is not None and not v.startswith(MYSCHEME_BASE):
            raise ValueError(f"myScheme link must start with {MYSCHEME_BASE}: {v!r}")
        return v

    def all(self) -> list[str]:
        """Every link, myScheme page first, without duplicates."""
        seen: list[str] = []
        for url in ([self.myscheme] if self.myscheme else []) + self.official:
            if url not in seen:
                seen.append(url)
        return seen


class Scheme(BaseModel):
    """One welfare scheme.

    Attributes:
        id: the scheme's myScheme slug (``pm-kisan``); unique in a corpus.
        name: official English name.
        name_hi: Hindi name in Devanagari, where known.
        short_name: the usual short title or acronym (``PM-KISAN``).
        aliases: other names people use, in any script ("kisan samman nidhi", "किसान सम्मान निधि").
        level: ``central`` or ``state``; ``state`` names the state or union territory.
        sections: canonical section name -> text, exactly as quoted to users.
        faqs: question/answer pairs; the ``faqs`` section text is derived from them.
        links: official portal(s) and the myScheme page.
        facts_as_of: the date the facts were taken from the official source.
        source: which loader produced the record (``bundled``, ``myscheme-json``, ``myscheme-md``).
        structured_eligibility: myScheme's structured eligibility filters, kept untouched for the
            eligibility rules (``gender``, ``caste``, ``age`` ...); ``None`` when the source has none.
        closed: the source page says the scheme is closed (no longer takes applications); every
            answer that quotes it says so.
    """

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=_SLUG, max_length=120)
    name: str = Field(min_length=2)
    name_hi: str | None = None
    short_name: str | None = None
    aliases: list[str] = Field(default_factory=list)
    level: Literal["central", "state"]
    state: str | None = None
    ministry: str | None = None
    tags: list[str] = Field(default_factory=list)
    sections: dict[SectionName, str]
    faqs: list[FAQ] = Field(default_factory=list)
    links: Links
    facts_as_of: _dt.date | None = None
    source: str = "bundled"
    structured_eligibility: dict[str, Any] | None = None
    closed: bool = False

    @model_validator(mode="before")
    @classmethod
    def _no_lone_surrogates(cls, data: Any) -> Any:
        # a JSON file may escape half a surrogate pair ("\ud800"): such text cannot be hashed, saved or
        # sent, so it becomes U+FFFD as it is read
        return _replace_surrogates(data)

    @model_validator(mode="after")
    def _check(self) -> Scheme:
        if self.level == "state" and not self.state:
            raise ValueError("a state scheme must name its state")
        if self.level == "central" and self.state:
            raise ValueError("a central scheme has no state")
        if not self.links.all():
            raise ValueError("a scheme needs at least one official link")
        for name, text in self.sections.items():
            if name == "faqs":
                raise ValueError("'faqs' is derived from the faqs list; do not give it as a section")
            if not text.strip():
                raise ValueError(f"section {name!r} is empty")
        if not any(t.strip() for t in self.sections.values()) and not self.faqs:
            raise ValueError("scheme has no text")
        return self

    def section_texts(self) -> dict[str, str]:
        """Section name -> text, in :data:`SECTION_ORDER`, with the FAQ pairs as a ``faqs`` section.

        The ``faqs`` text is the pairs joined as ``question\\nanswer`` separated by blank lines, so a
        quote from it is still a verbatim substring of the source's question or answer.
        """
        out = {name: self.sections[name] for name in SECTION_ORDER if name in self.sections}
        if self.faqs:
            out["faqs"] = "\n\n".join(f"{f.question}\n{f.answer}" for f in self.faqs)
        return out

    def section_url(self, section: str) -> str:
        """The link a citation of ``section`` carries: the myScheme anchor, else the first official link."""
        if self.links.myscheme:
            return f"{self.links.myscheme}#{MYSCHEME_ANCHORS.get(section, section)}"
        return self.links.all()[0]

    @property
    def page_url(self) -> str:
        """The scheme's main page: myScheme where known, else its first official link."""
        return self.links.myscheme or self.links.all()[0]


def parse_bundled(obj: Any, origin: str) -> Scheme:
    """Validate one bundled-format object.

    Args:
        obj: the decoded JSON object.
        origin: file name (and position) used in the error message.

    Raises:
        CorpusFormatError: naming ``origin`` and every failing field.
    """
    if not isinstance(obj, dict):
        raise CorpusFormatError(f"{origin}: a scheme record must be a JSON object")
    try:
        return Scheme.model_validate({**obj, "source": obj.get("source", "bundled")})
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '<record>'}: {err['msg']}" for err in exc.errors()
        )
        raise CorpusFormatError(f"{origin}: invalid scheme record: {problems}") from None


def load_bundled_file(path: Path) -> Scheme:
    """Read and validate one bundled-format file.

    Raises:
        CorpusFormatError: unreadable JSON or an invalid record, naming the file and field.
    """
    try:
        obj = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CorpusFormatError(f"{path}: cannot read JSON: {exc}") from None
    return parse_bundled(obj, str(path))
