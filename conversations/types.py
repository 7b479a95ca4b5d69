"""The channel-neutral message model: what the engine takes and what it returns.

Channel adapters (Telegram, WhatsApp, SMS, the terminal) turn their own payloads into an
:class:`InboundMessage` and render :class:`Reply` objects back; the engine never sees channel JSON.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

from retrieval.answer import Citation
from retrieval.text import clean_user_text

MessageKind = Literal["text", "button", "sticker", "voice", "audio", "photo", "video", "document", "location", "contact", "other"]
ReplyKind = Literal["answer", "decline", "question", "eligibility", "info", "error"]


class InboundMessage(BaseModel):
    """One message from a user.

    Attributes:
        channel: ``cli``, ``telegram``, ``whatsapp`` or ``sms``.
        user_id: the channel's user address (chat id, ``whatsapp:+91...``, ``+91...``); hashed before storage.
        text: the typed text (``None`` or empty for media).
        kind: ``text``, ``button`` (a pressed button whose payload this bot never made) or the kind of media received.
        option: the value of a pressed button (Telegram inline keyboard), if any.
        option_field: the question that button answers (an interview field, ``confirm_forget``); a
            button of a question no longer asked (pressed twice, or an old message) changes nothing.
        message_id: the channel's id of the message, for logs and de-duplication.
    """

    channel: str = "cli"
    user_id: str
    text: str | None = None
    kind: MessageKind = "text"
    option: str | None = None
    option_field: str | None = None
    message_id: str | None = None

    @field_validator("user_id", "text", "option")
    @classmethod
    def _clean(cls, v: str | None) -> str | None:
        return clean_user_text(v) if v is not None else None


class Option(BaseModel):
    """A choice offered with a question: ``value`` is what comes back, ``label`` what is shown."""

    value: str
    label: str


class Reason(BaseModel):
    """Why an eligibility outcome is what it is: the field, the official sentence, its link."""

    field: str
    text: str
    url: str


class Unchecked(BaseModel):
    """A deciding sentence of a scheme's eligibility text that no field can check, with its link;
    ``excluded``: the sentence rules the applicant out when it applies (from the exclusions section)."""

    text: str
    url: str = ""
    excluded: bool = False


class Outcome(BaseModel):
    """The eligibility outcome for one scheme."""

    scheme_id: str
    scheme_name: str = ""
    level: str = "central"
    state: str | None = None
    status: Literal["eligible", "likely_eligible", "not_eligible", "need_more_info"]
    missing_fields: list[str] = Field(default_factory=list)
    reasons: list[Reason] = Field(default_factory=list)
    #: deciding sentences no field can check (a scheme that hinges on a life event the user has not
    #: mentioned is ``need_more_info`` with that sentence here: "if this applies to you")
    unchecked: list[Unchecked] = Field(default_factory=list)


class Reply(BaseModel):
    """One reply message, channel-neutral.

    Attributes:
        kind: ``answer`` (quotes), ``decline`` (I don't know + official source), ``question`` (the
            interview asks for ``field``, offering ``options``), ``eligibility`` (``outcomes``), ``info``,
            ``error``.
        text: the plain-text rendering.
        citations: quoted passages (answers) with their sources.
        links: official links (declines, outcomes).
    """

    kind: ReplyKind
    text: str
    citations: list[Citation] = Field(default_factory=list)
    links: list[str] = Field(default_factory=list)
    field: str | None = None
    options: list[Option] = Field(default_factory=list)
    outcomes: list[Outcome] = Field(default_factory=list)
