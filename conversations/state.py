"""Per-user conversation state: what rewriting, the interview and paging need, nothing more.

Serialised as JSON (never pickle) with a ``schema_version``. Older versions are migrated on load
(:data:`MIGRATIONS`); a version newer than this code fails with :class:`StateVersionError`, so an old
worker never overwrites a newer worker's state with less than it read.
"""

from __future__ import annotations

import datetime as _dt
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

#: The schema this code writes.
SCHEMA_VERSION = 2
#: At most this many turns are kept (only what follow-up rewriting needs).
MAX_TURNS = 5
#: Stored turn texts are cut to this many characters.
TURN_TEXT_CHARS = 300


class StateVersionError(Exception):
    """A stored state has a schema version this code does not know (newer, or not a number)."""


class StateFormatError(Exception):
    """A stored state is not valid JSON of a known shape."""


def _now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc)


class Turn(BaseModel):
    """One user message as remembered: its text (cut), the standalone query and the scheme answered."""

    model_config = ConfigDict(extra="ignore")
    text: str
    standalone: str | None = None
    scheme_id: str | None = None
    at: _dt.datetime = Field(default_factory=_now)


class ProfileValue(BaseModel):
    """One eligibility field the user gave: the parsed value and the turn number it was given in."""

    model_config = ConfigDict(extra="ignore")
    value: Any
    turn: int
    said: str = ""


class InterviewState(BaseModel):
    """Progress of an eligibility interview.

    Attributes:
        mode: ``scheme`` (one scheme's rules) or ``screening`` (all schemes).
        scheme_id: the scheme of a ``scheme`` interview.
        field: the field the last question asked for (the answer expected next), or ``None``.
        asked: fields asked so far, in order.
        skipped: fields the user chose not to answer (they stay unknown).
        invalid: consecutive unusable answers to the current question.
        max_questions: the screening's question budget.
        finished: the verdict has been given; kept so that a correction ("actually my age is 62") can
            reopen the same check.
        kind: a ``screening`` limited to one kind of scheme, as the user named it ("old age pension" in
            "am I eligible for old age pension?"), or ``None`` (every scheme).
        kind_ids: the schemes of that kind found for the user's state (once the state is known or skipped),
            or ``None`` (not looked up yet).
        kind_state: the state ``kind_ids`` were found for (``None``: none known then); a state told later looks them
            up again.
        income_to_confirm: a bare amount given to the income question that is too small for a year (INR, as said),
            waiting for "per month" or "per year"; ``None`` otherwise.
    """

    model_config = ConfigDict(extra="ignore")
    mode: Literal["scheme", "screening"]
    scheme_id: str | None = None
    field: str | None = None
    asked: list[str] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list)
    invalid: int = 0
    max_questions: int = 8
    finished: bool = False
    kind: str | None = None
    kind_ids: list[str] | None = None
    kind_state: str | None = None
    income_to_confirm: int | None = None

    def ask(self, name: str) -> None:
        """Make ``name`` the question waiting for an answer, counted once in ``asked`` (a question asked
        again after a correction takes no second turn of the budget)."""
        self.field = name
        if name not in self.asked:
            self.asked.append(name)


class UserState(BaseModel):
    """Everything stored about one user (see the module docstring).

    Attributes:
        version: compare-and-set counter; the store bumps it on every save.
        language: reply language chosen with ``/lang`` (``None``: follow the user's own messages).
        auto_language: the language the user's messages were last written in (kept across short replies).
        scheme_id, scheme_name: the scheme under discussion.
        topic: the section last asked about (benefits, eligibility, documents, application_process ...).
        last_standalone: the last standalone query.
        turns: the last few user turns (at most :data:`MAX_TURNS`).
        turn_count: number of user messages handled.
        profile: eligibility fields the user gave (field name -> value and turn).
        interview: a running eligibility interview, or ``None``.
        paging: the rest of a long reply, sent on "MORE".
        pending: a question awaiting an answer: ``forget`` (yes/no), ``state_offer`` (an answer said that
            states run their own versions: a state named next gets the answer for it) or ``state`` (which state the user
            lives in, asked when a question is about a scheme each state runs its own way;
            ``state_again`` once asked a second time), ``pick`` (which scheme of the last list a
            section-only question is about: ``pending_query`` holds the question), ``need`` (what a request
            for schemes with no need of its own is for: ``pending_query`` holds its state, if any), ``check_offer`` (a
            reply offered the eligibility check: a "yes" next starts it), or ``None``.
        pending_query: the standalone query to answer once the ``state`` question is answered.
        topic_state: the state the user last named in a question (follow-ups are searched within it).
        topic_state_once: ``topic_state`` was named in a question ("and in Punjab?", "old age pension in punjab") by someone
            known to live in another state: follow-ups keep it (and say so), the next question of its own goes back to the user's
            state.
        list_rest, list_query, list_state: the schemes of the last list not shown yet (shown on "MORE",
            composed only then), the question and the state the list answered; list_shown: how many of
            its schemes were shown so far (a "MORE" page numbers on from there); list_ids: the schemes
            shown, in their numbered order (a question about "documents?" after a list asks which of
            them, ``pending`` ``pick``, and a number answers it); list_later: a verdict's numbered schemes kept for
            "MORE", pickable once a "MORE" page has shown them.
        last_message_id: the channel's id of the last message whose change was saved: when the reply to
            a save is lost and the compare-and-set retry finds this id, the save did happen, and the
            message is not applied a second time; last_replies: the replies to that message (without
            eligibility outcomes), sent again when a re-delivery of it finds its save went through
            (Telegram re-delivers after a 503 given when the answer to the save was lost).
        notice_given: the user was told what is kept about them and for how long (before the first
            personal fact is kept, or the interview's first question).
    """

    model_config = ConfigDict(extra="ignore")
    schema_version: int = SCHEMA_VERSION
    version: int = 0
    language: Literal["en", "hi", "hinglish"] | None = None
    auto_language: Literal["en", "hi", "hinglish"] | None = None
    scheme_id: str | None = None
    scheme_name: str | None = None
    topic: str | None = None
    last_standalone: str | None = None
    turns: list[Turn] = Field(default_factory=list)
    turn_count: int = 0
    profile: dict[str, ProfileValue] = Field(default_factory=dict)
    interview: InterviewState | None = None
    notice_given: bool = False
    paging: list[str] = Field(default_factory=list)
    pending: Literal["forget", "state", "state_again", "state_offer", "pick", "need", "check_offer"] | None = None
    pending_query: str | None = Field(default=None, max_length=1200)
    list_rest: list[str] = Field(default_factory=list, max_length=20)
    list_query: str | None = Field(default=None, max_length=1200)
    list_state: str | None = None
    list_shown: int = Field(default=0, ge=0)
    list_ids: list[str] = Field(default_factory=list, max_length=20)
    list_later: list[str] = Field(default_factory=list, max_length=20)
    topic_state: str | None = None
    topic_state_once: bool = False
    last_message_id: str | None = Field(default=None, max_length=200)
    last_replies: list[dict[str, Any]] = Field(default_factory=list, max_length=12)
    created_at: _dt.datetime = Field(default_factory=_now)
    updated_at: _dt.datetime = Field(default_factory=_now)
    #: the user's earlier state expired while an eligibility interview was running (from the store's
    #: marker, :data:`conversations.store.LAPSE_GRACE_S`); never saved
    lapsed: bool = Field(default=False, exclude=True)
    #: the store's mark of a running interview was there when the state was read (a save clears it once
    #: no interview runs); never saved
    lapse_marked: bool = Field(default=False, exclude=True)

    def remember(self, text: str, standalone: str | None, scheme_id: str | None) -> None:
        """Record a question turn (bounded to :data:`MAX_TURNS`, texts cut to :data:`TURN_TEXT_CHARS`);
        the engine counts every message in ``turn_count``."""
        self.turns.append(Turn(text=text[:TURN_TEXT_CHARS], standalone=(standalone or "")[:TURN_TEXT_CHARS] or None, scheme_id=scheme_id))
        del self.turns[:-MAX_TURNS]

    def reset_conversation(self) -> None:
        """Forget the conversation context (active scheme, topic, turns, paging, interview); keep the
        language choice and the eligibility profile."""
        self.scheme_id = self.scheme_name = self.topic = self.last_standalone = None
        self.topic_state = self.pending_query = self.list_query = self.list_state = None
        self.list_rest = []
        self.list_ids = []
        self.list_later = []
        self.list_shown = 0
        self.turns = []
        self.paging = []
        self.interview = None
        self.pending = None

    def to_json(self) -> str:
        """Serialise (JSON text)."""
        return self.model_dump_json()


def _v1_to_v2(obj: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (the first pre-release shape) kept the language as ``lang`` (any code), turns as plain
    strings and the profile as bare values; version 2 keeps turns with their standalone query and each
    profile value with the turn it was given in (turn 0 = before this was recorded)."""
    out = dict(obj)
    lang = out.pop("lang", None)
    out["language"] = lang if lang in ("en", "hi") else None
    out["turns"] = [{"text": t} if isinstance(t, str) else t for t in out.get("turns", [])]
    out["profile"] = {k: (v if isinstance(v, dict) and "value" in v else {"value": v, "turn": 0}) for k, v in (out.get("profile") or {}).items()}
    out["schema_version"] = 2
    return out


#: version -> function migrating a decoded state of that version to the next version.
MIGRATIONS = {1: _v1_to_v2}


def load_state(raw: str | bytes | None) -> UserState:
    """Decode a stored state, migrating older schema versions; ``None`` gives a fresh state.

    Raises:
        StateVersionError: the stored schema version is newer than :data:`SCHEMA_VERSION` or not a number.
        StateFormatError: not JSON, or not a valid state.
    """
    if raw is None:
        return UserState()
    try:
        obj = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise StateFormatError(f"stored state is not JSON: {exc}") from None
    except RecursionError:
        raise StateFormatError("stored state is nested too deeply") from None
    if not isinstance(obj, dict):
        raise StateFormatError("stored state is not a JSON object")
    version = obj.get("schema_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise StateFormatError(f"stored state has schema_version {version!r}, expected a positive integer")
    if version > SCHEMA_VERSION:
        raise StateVersionError(
            f"stored state has schema_version {version}, newer than this schemebot ({SCHEMA_VERSION}); upgrade schemebot"
        )
    try:
        while version < SCHEMA_VERSION:
            obj = MIGRATIONS[version](obj)
            version = obj["schema_version"]
        return UserState.model_validate(obj)
    except ValidationError as exc:
        raise StateFormatError(f"stored state is invalid: {exc.errors()[0]['msg']}") from None
    except (TypeError, AttributeError, KeyError, ValueError, RecursionError) as exc:
        raise StateFormatError(f"stored state of version {version} cannot be migrated: {exc.__class__.__name__}") from None
