"""Channel renderers: a channel-neutral :class:`~conversations.types.Reply` to Telegram HTML, WhatsApp
text or SMS text, split to each channel's limit.

- Telegram (Bot API ``sendMessage``, ``parse_mode=HTML``): at most 4,096 UTF-16 code units per message
  (Bot API documentation); every piece of corpus or user text is HTML-escaped, citations are links,
  interview options become an inline keyboard (``callback_data`` at most 64 bytes, Bot API limit).
- WhatsApp (Twilio): ``*bold*`` emphasis, plain links, each message at most 1,600 characters (Twilio's
  message body limit); options as a numbered list; each quote is followed by its own source line, so a
  split never separates a citation from its sentence.
- SMS (Twilio): the shortest useful answer first (the top quote cut at a sentence boundary, the scheme
  name, a short link), at most N segments per message (:mod:`bot.split`), the rest on "MORE". In DLT
  template mode each reply kind has a registered template whose ``{#var#}`` slots are the only text filled.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import get_args

from bot.split import first_fitting, sms_fits, split_text, utf16_len
from conversations.types import Reply, ReplyKind
from retrieval.answer import section_title

TELEGRAM_LIMIT = 4096
WHATSAPP_LIMIT = 1600
CALLBACK_DATA_BYTES = 64

_LABELS = {
    "sources": {"en": "Sources", "hi": "स्रोत", "hinglish": "Source"},
    "reply_with": {"en": "Reply with a number:", "hi": "नंबर लिखकर जवाब दें:", "hinglish": "Number likhkar jawab dein:"},
    "more": {"en": "Reply MORE for the rest.", "hi": "बाकी के लिए MORE लिखें।", "hinglish": "Baaki ke liye MORE likhein."},
}


def _label(key: str, lang: str) -> str:
    return _LABELS[key].get(lang, _LABELS[key]["en"])


def short_link(url: str) -> str:
    """``https://www.myscheme.gov.in/schemes/pm-kisan#benefits`` -> ``myscheme.gov.in/schemes/pm-kisan``."""
    url = re.sub(r"^https?://(www\.)?", "", url)
    return url.split("#")[0].rstrip("/")


# ------------------------------------------------------------------------------------------ Telegram


@dataclass
class TelegramMessage:
    """One ``sendMessage`` call: HTML text and, on the last part of a question, the keyboard options
    as ``(label, callback_data)`` rows."""

    html: str
    keyboard: list[tuple[str, str]] | None = None


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _telegram_paragraphs(reply: Reply, lang: str) -> list[str]:
    if reply.kind == "answer" and reply.citations:
        paras = []
        for c in reply.citations:
            pieces = split_text(c.text, TELEGRAM_LIMIT - 200, lambda s: utf16_len(_escape(s)))
            paras.append(f"<b>[{c.n}]</b> \u201c{_escape(pieces[0])}" + ("\u201d" if len(pieces) == 1 else ""))
            paras.extend(_escape(p) + ("\u201d" if i == len(pieces) - 1 else "") for i, p in enumerate(pieces[1:], start=1))
        sources = [f"<b>{_label('sources', lang)}</b>"] + [
            f"[{c.n}] <a href=\"{html.escape(c.url, quote=True)}\">{_escape(c.display_name)} - {_escape(section_title(c.section))}</a>"
            + (f" (as of {_escape(c.as_of)})" if c.as_of else "") + _escape(c.more_note)
            for c in reply.citations
        ]
        return paras + ["\n".join(sources)]
    out = []
    for para in re.split(r"\n\s*\n", reply.text):
        for piece in split_text(para, TELEGRAM_LIMIT - 50, lambda s: utf16_len(_escape(s))):
            out.append(_escape(piece))
    return out


def _pack(paragraphs: Sequence[str], limit: int, measure, sep: str = "\n\n") -> list[str]:
    """Greedy packing of paragraphs (each within ``limit``) into messages within ``limit``."""
    messages: list[str] = []
    current = ""
    for p in paragraphs:
        candidate = p if not current else current + sep + p
        if current and measure(candidate) > limit:
            messages.append(current)
            current = p
        else:
            current = candidate
    if current:
        messages.append(current)
    return messages


def telegram_messages(replies: Sequence[Reply], lang: str = "en") -> list[TelegramMessage]:
    """Replies as Telegram messages (HTML, within 4,096 UTF-16 code units each). The replies of one turn
    share messages ("Noted: ..." and the next question, a list's heading and the list, an answer and its
    note on states) so that one question gets one notification; a reply with buttons ends its message,
    which carries the buttons."""
    out: list[TelegramMessage] = []
    paragraphs: list[str] = []
    for reply in replies:
        paragraphs.extend(_telegram_paragraphs(reply, lang) or [_escape(reply.text[:TELEGRAM_LIMIT]) or "…"])
        if reply.options:
            msgs = [TelegramMessage(p) for p in _pack(paragraphs, TELEGRAM_LIMIT, utf16_len)]
            msgs[-1].keyboard = [(o.label, callback_data(reply.field, o.value)) for o in reply.options]
            out.extend(msgs)
            paragraphs = []
    out.extend(TelegramMessage(p) for p in _pack(paragraphs, TELEGRAM_LIMIT, utf16_len))
    return out


def callback_data(field: str | None, value: str) -> str:
    """The button payload ``opt:<field>:<value>``, cut to 64 bytes (Bot API limit)."""
    data = f"opt:{field or ''}:{value}"
    return data.encode("utf-8")[:CALLBACK_DATA_BYTES].decode("utf-8", "ignore")


def parse_callback_data(data: str) -> tuple[str | None, str | None]:
    """``(field, value)`` of a button payload: the question it answers (``None`` when the payload names
    none) and the option value; ``(None, None)`` for a payload not made by :func:`callback_data`."""
    parts = data.split(":", 2)
    if len(parts) == 3 and parts[0] == "opt" and parts[2]:
        return parts[1] or None, parts[2]
    return None, None


# ------------------------------------------------------------------------------------------ WhatsApp


def _plain_blocks(reply: Reply, lang: str, bold: bool) -> list[str]:
    """Paragraphs of a reply as plain text: each quote followed by its source line; options numbered."""
    b = (lambda s: f"*{s}*") if bold else (lambda s: s)
    if reply.kind == "answer" and reply.citations:
        return [f"{b(f'[{c.n}]')} \u201c{c.text}\u201d\n{c.source_line()}" for c in reply.citations]
    blocks = [p for p in re.split(r"\n\s*\n", reply.text) if p.strip()]
    if reply.options:
        blocks.append(_label("reply_with", lang) + "\n" + "\n".join(f"{i}. {o.label}" for i, o in enumerate(reply.options, start=1)))
    return blocks


def whatsapp_messages(replies: Sequence[Reply], lang: str = "en") -> list[str]:
    """Replies as WhatsApp message bodies (at most 1,600 characters each)."""
    out: list[str] = []
    for reply in replies:
        paragraphs: list[str] = []
        for block in _plain_blocks(reply, lang, bold=True):
            paragraphs.extend(split_text(block, WHATSAPP_LIMIT) if len(block) > WHATSAPP_LIMIT else [block])
        out.extend(_pack(paragraphs, WHATSAPP_LIMIT, len))
    return out


# ------------------------------------------------------------------------------------------ SMS


@dataclass(frozen=True)
class SmsTemplate:
    """A DLT-registered template: its id, its text with ``{#var#}`` slots, and what fills each slot
    (``scheme``, ``quote``, ``link``, ``question``, ``options``, ``status``, ``text``)."""

    template_id: str
    text: str
    slots: tuple[str, ...]

    def render(self, values: dict[str, str], var_limit: int) -> str:
        """The template with each slot filled (cut at a word to ``var_limit`` characters)."""
        parts = self.text.split("{#var#}")
        out = parts[0]
        for i, rest in enumerate(parts[1:]):
            name = self.slots[i] if i < len(self.slots) else "text"
            out += _cut_words(values.get(name, ""), var_limit) + rest
        return out


def _cut_words(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return (cut or text[: limit - 1]) + "…"


#: characters of a quote a page should hold beside its source line before the line drops the scheme name
SMS_MIN_PIECE = 60
#: characters of a scheme name kept in an SMS source line when the whole name leaves no room
SMS_NAME_CHARS = 32
_URL = re.compile(r"https?://[^\s\u201d\"<>]+")
#: the end of a sentence (Latin or Devanagari full stop, ! or ?, maybe followed by a closing quote or bracket)
_SENTENCE_END = re.compile(r"[.!?\u0964][\"'\u201d)\]]*$")


def _first_sentences(text: str, fits) -> str:
    """The longest run of leading sentences of ``text`` that ``fits`` (at least the first words)."""
    return first_fitting(text, fits).rstrip()


def sms_pages(replies: Sequence[Reply], lang: str = "en", segments: int = 3) -> list[str]:
    """Replies as SMS pages of at most ``segments`` segments each (GSM-7 or UCS-2, :mod:`bot.split`);
    every page but the last ends with the "reply MORE" line.

    A quote too long for the page it falls on is cut at sentence boundaries, and every piece carries
    its ``[n]`` marker and its source line (scheme name, short link), so the first page is the shortest
    useful answer (the top quote's first sentences, the scheme name, a short link) and no page holds
    a quoted line without its source. Other text goes by paragraphs (a verdict's entry is one): a
    paragraph that fits a page of its own is never cut, a longer one is cut at sentence boundaries, and
    a block that would only fit the current page cut mid-sentence starts a new page instead."""
    more = " " + _label("more", lang)
    # (prefix, text that may be cut, scheme name, short link): a quote's source line, name and link,
    # goes on every piece of it; other blocks have no source
    blocks: list[tuple[str, str, str, str]] = []
    for reply in replies:
        if reply.kind == "answer" and reply.citations:
            blocks.extend((f"[{c.n}] ", c.text, ("CLOSED: " if c.closed else "") + c.scheme_name
                           + (f" ({c.state})" if c.state and c.state.casefold() not in c.scheme_name.casefold() else "") + c.more_note,
                           short_link(c.url))
                          for c in reply.citations)
        else:
            # links in other text (verdicts, declines) shortened as in source lines: every character costs on SMS;
            # each paragraph (a verdict's entry: a scheme, its quote and link) a block of its own
            # and the curly marks around a verdict's quotes made straight: one “ makes a whole page UCS-2,
            # a third of the room
            blocks.extend(("", _URL.sub(lambda m: short_link(m.group()), para).replace("\u201c", '"').replace("\u201d", '"'), "", "")
                          for b in _plain_blocks(reply, lang, bold=False) for para in b.split("\n\n") if para.strip())

    def source(name: str, link: str) -> str:
        return (f"\n- {name}, {link}" if name else f"\n- {link}") if link else ""

    whole = "\n\n".join(a + body + source(name, link) for a, body, name, link in blocks)
    if sms_fits(whole, segments):
        return [whole]

    def join(page: str, piece: str) -> str:
        return f"{page}\n\n{piece}" if page else piece

    pages: list[str] = []
    page = ""
    for prefix, rest, name, link in blocks:
        # a long scheme name that leaves no room for the quote on a page is shortened, or the source
        # line keeps the link only
        names = [name, f"{name[:SMS_NAME_CHARS].rstrip()}\u2026", ""] if name else [""]
        suffix = next((source(n, link) for n in names if sms_fits(prefix + rest[:SMS_MIN_PIECE] + source(n, link) + more, segments)),
                      source("", link))
        while rest:
            if sms_fits(join(page, prefix + rest + suffix) + more, segments):
                page, rest = join(page, prefix + rest + suffix), ""
                break
            if page and not name and not link and sms_fits(prefix + rest + suffix + more, segments):
                pages.append(page + more)  # a paragraph that fits a page of its own is not cut: the next page
                page = ""
                continue
            piece = _first_sentences(rest, lambda s, cur=page, a=prefix, z=suffix: sms_fits(join(cur, a + s.rstrip() + z) + more, segments))
            if page and (not piece or not _SENTENCE_END.search(piece)):
                pages.append(page + more)  # only a mid-sentence cut would fit here: start a new page
                page = ""
                continue
            if not piece:  # not even the source line fits an empty page: send the block whole
                piece = rest
            page = join(page, prefix + piece + suffix)
            rest = rest[len(piece):].lstrip()
            if rest:
                pages.append(page + more)
                page = ""
    if page:
        pages.append(page)
    return pages


def kinds_without_template(templates: dict[str, SmsTemplate]) -> list[str]:
    """Reply kinds (``conversations.types.ReplyKind``) that have no DLT template: in template mode a
    reply of such a kind cannot be sent (Indian carriers block SMS that match no registered template)."""
    return [kind for kind in get_args(ReplyKind) if kind not in templates]


def sms_template_message(reply: Reply, templates: dict[str, SmsTemplate], var_limit: int = 30) -> tuple[str, str] | None:
    """``(template_id, text)`` for a reply in DLT template mode, or ``None`` if its kind has no template."""
    template = templates.get(reply.kind)
    if template is None:
        return None
    values = {"text": reply.text, "question": reply.text, "status": reply.text}
    if reply.citations:
        c = reply.citations[0]
        values.update(scheme=c.scheme_name, quote=c.text, link=short_link(c.url))
    elif reply.links:
        values["link"] = short_link(reply.links[0])
    if reply.options:
        values["options"] = " ".join(f"{i}.{o.label}" for i, o in enumerate(reply.options, start=1))
    if reply.outcomes:
        o = reply.outcomes[0]
        values.update(scheme=o.scheme_name, status=o.status.replace("_", " "))
    return template.template_id, template.render(values, var_limit)
