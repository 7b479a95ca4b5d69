"""Channel renderers: a channel-neutral :class:`~conversations.types.Reply` to Telegram HTML, WhatsApp
text or SMS text, split to each channel's limit.

- Telegram (Bot API ``sendMessage``, ``parse_mode=HTML``): at most 4,096 UTF-16 code units per message
  (Bot API documentation); every piece of corpus or user text is HTML-escaped, citations are links and a
  verdict's or list's schemes linked titles, interview options and "MORE" become an inline keyboard
  (``callback_data`` at most 64 bytes, Bot API limit).
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import get_args

from bot.split import first_fitting, is_gsm7, sms_fits, split_text, utf16_len
from conversations.types import Reply, ReplyKind
from retrieval.answer import named_with_state, section_title

TELEGRAM_LIMIT = 4096
WHATSAPP_LIMIT = 1600
CALLBACK_DATA_BYTES = 64

_LABELS = {
    "sources": {"en": "Sources", "hi": "स्रोत", "hinglish": "Sources"},
    "reply_with": {"en": "Reply with a number:", "hi": "नंबर लिखकर जवाब दें:", "hinglish": "Number likhkar jawab dein:"},
    "more": {"en": "Reply MORE for the rest.", "hi": "बाकी के लिए MORE लिखें।", "hinglish": "Baaki ke liye MORE likhein."},
    "more_items": {"en": "{n} more item{s}: reply MORE{link}.", "hi": "{n} और बाकी: MORE लिखें{link}।", "hinglish": "{n} aur baaki: MORE likhein{link}."},
    "more_button": {"en": "More", "hi": "और दिखाएँ", "hinglish": "Aur dikhayein"},
    "see_link": {"en": " or see {link}", "hi": " या {link} देखें", "hinglish": " ya {link} dekhein"},
    "source": {"en": "Source", "hi": "स्रोत", "hinglish": "Source"},
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
        # quotes of several schemes (a list) each say whose they are, as the other channels' do (a newcomer: the names
        # were only in the sources below)
        named = len({c.scheme_id for c in reply.citations}) > 1
        for c in reply.citations:
            pieces = split_text(c.text, TELEGRAM_LIMIT - 200, lambda s: utf16_len(_escape(s))) or [""]
            head = f"<b>[{c.n}] {_escape(c.display_name)}:</b>" if named else f"<b>[{c.n}]</b>"
            paras.append(f"{head} \u201c{_escape(pieces[0])}" + ("\u201d" if len(pieces) == 1 else ""))
            paras.extend(_escape(p) + ("\u201d" if i == len(pieces) - 1 else "") for i, p in enumerate(pieces[1:], start=1))
        sources = [f"<b>{_label('sources', lang)}</b>"] + [
            f"[{c.n}] <a href=\"{html.escape(c.url, quote=True)}\">{_escape(c.display_name)} - {_escape(section_title(c.section))}</a>"
            + (f" (as of {_escape(c.as_of)})" if c.as_of else "") + _escape(c.more_note)
            for c in reply.citations
        ]
        return paras + ["\n".join(sources)]
    out = []
    for para in re.split(r"\n\s*\n", reply.text):
        for piece in split_text(para, TELEGRAM_LIMIT - 50, lambda s: utf16_len(_linked_lines(s))):
            out.append(_linked_lines(piece))
    return out


#: a verdict's or list's entry: "1. Scheme (State): status" or "- Scheme: “quote” link"
_ENTRY_TITLE = re.compile(r"^(\s*(?:\d+\.|-)\s+)([^:\n\u201c\"]{3,200}?)(?=:)")


def _linked(text: str) -> str:
    """Plain text as Telegram HTML with its links as linked titles, as answers show them: an entry with
    one link ("1. Scheme: likely eligible ... URL", "- Scheme: “quote” URL") gets its scheme name linked and
    the bare URL dropped; any other URL is shown as its short form, linked."""
    urls = list(_URL.finditer(text))
    if len(urls) == 1:
        m = urls[0]
        rest = (text[:m.start()].rstrip() + text[m.end():]).rstrip() if m.end() == len(text.rstrip()) else None
        title = _ENTRY_TITLE.match(rest) if rest else None
        if title:
            href = html.escape(m.group(), quote=True)
            return _escape(title.group(1)) + f'<a href="{href}">{_escape(title.group(2))}</a>' + _escape(rest[title.end():])
    out, at = [], 0
    for m in urls:
        out += [_escape(text[at:m.start()]), f'<a href="{html.escape(m.group(), quote=True)}">{_escape(short_link(m.group()))}</a>']
        at = m.end()
    return "".join(out) + _escape(text[at:])


def _linked_lines(text: str) -> str:
    """:func:`_linked` on a paragraph with one link (a verdict's entry: its title line, then its quote and
    link), else line by line (a list of one-line entries)."""
    if len(_URL.findall(text)) <= 1:
        return _linked(text)
    return "\n".join(_linked(line) for line in text.split("\n"))


#: the bot's own invitation to ask for the rest ("Reply MORE for 28 more.", "reply MORE for the next")
_MORE_INVITE = re.compile(r"\b(Reply|reply)\s+MORE\b|MORE (likhein|likhiye|लिखें|भेजें)")


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
    if out and out[-1].keyboard is None and any(_MORE_INVITE.search(r.text) for r in replies):
        out[-1].keyboard = [(_label("more_button", lang), callback_data(None, "more"))]  # "MORE" as a button press
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
    """Replies as WhatsApp message bodies (at most 1,600 characters each, Twilio's limit for a WhatsApp body). As on
    Telegram, the replies of one turn share messages ("Note kiya: rajya Bihar." and the list after it): a trial's one
    answer had come as five messages, the first of them only the note."""
    paragraphs: list[str] = []
    for reply in replies:
        for block in _plain_blocks(reply, lang, bold=True):
            paragraphs.extend(split_text(block, WHATSAPP_LIMIT) if len(block) > WHATSAPP_LIMIT else [block])
    return _pack(paragraphs, WHATSAPP_LIMIT, len)


# ------------------------------------------------------------------------------------------ SMS


@dataclass(frozen=True)
class SmsTemplate:
    """A DLT-registered template: its id, its text with ``{#var#}`` slots, and what fills each slot
    (``scheme``, ``quote``, ``link``, ``question``, ``options``, ``status``, ``text``)."""

    template_id: str
    text: str
    slots: tuple[str, ...]

    def render(self, values: dict[str, str], var_limit: int) -> str:
        """The template with each slot filled (cut at a word to ``var_limit`` characters; a link too long for
        its slot gives its site's address, never a cut one)."""
        parts = self.text.split("{#var#}")
        out = parts[0]
        for i, rest in enumerate(parts[1:]):
            name = self.slots[i] if i < len(self.slots) else "text"
            value = values.get(name, "")
            if name == "link" and len(value) > var_limit:
                value = value.split("/", 1)[0]  # a cut link leads nowhere: the site's own address does
            out += _cut_words(value, var_limit) + rest
        return out


def _cut_words(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return (cut or text[: limit - 1]) + "…"


#: characters of a scheme name kept in an SMS source line when the whole name leaves no room
SMS_NAME_CHARS = 32
#: a link in text: it never ends on the punctuation after it ("(see https://pmuy.gov.in/).")
_URL = re.compile(r"https?://[^\s\u201d\"<>]*[^\s\u201d\"<>.,;:!?)\]'\u0964]")
#: where a quote or paragraph may be cut between pages: after a line (a list item), or after a sentence end
#: (Latin or Devanagari full stop, ! or ?, maybe closed by a quote or bracket) followed by a space, unless the
#: stop ends a common abbreviation ("Rs.", "No.", "i.e.") or the next word starts in lower case or with a digit
_ATOM_END = re.compile(r"\n+|(?<![A-Z][a-z])(?<!\b[A-Za-z0-9])(?<!\b\d\d)(?<!\bRs)(?<!\bNo)(?<!\bSmt)(?<!\bShri)(?<!\betc)"
                       r"[.!?\u0964][\"'\u201d)\]]*[ \t]+(?![a-z0-9(])")
_HEADS = re.compile(r"(:|(?:^|\n)\s*[(]?(\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)])\Z")
#: a quoted list of more lines than this is paged without "N more items" (see :func:`sms_pages`)
SMS_COUNTED_ITEMS = 400
#: a continued quote starts its next page with its marker and this (GSM-7, so an English page stays GSM-7)
SMS_CONTINUED = "..."
#: a sentence longer than a page starts on a page that already holds text when at least this many characters of it fit
SMS_MIN_CUT = 60


def _sms_atoms(text: str) -> list[str]:
    """``text`` cut after each line and each sentence (see ``_ATOM_END``): the pieces an SMS page may end
    on. The pieces joined give back ``text``."""
    # a line that ends with a colon heads what follows ("Second instalment:"), a number or letter alone
    # ("2.", "b)") marks it: never the last line of a page
    cuts = [m.end() for m in _ATOM_END.finditer(text) if not _HEADS.search(text[:m.start()].rstrip())]
    bounds = [0, *[c for c in cuts if 0 < c < len(text)], len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:]) if b > a]


def _more_footer(lang: str, page: str, items: int = 0, link: str = "") -> str:
    """The last line of a page that is not a reply's last: "Reply MORE for the rest." in the user's
    language, in Latin letters when the page is otherwise GSM-7 (a Devanagari footer would make the whole
    page UCS-2, a third of the room). ``items``: list items of the current quote still to come (with the
    quote's short ``link`` when the page does not show it)."""
    if lang == "hi" and is_gsm7(page):
        lang = "hinglish"
    if items:
        see = _label("see_link", lang).format(link=link) if link else ""
        return "\n" + _label("more_items", lang).format(n=items, s="s" if items != 1 else "", link=see)
    return "\n" + _label("more", lang)


@dataclass
class _SmsBlock:
    """One quote or paragraph to page.

    Attributes:
        prefix: the quote marker ("[2] "), empty for other text.
        text: the body, cut between sentences and list items.
        sources: what must follow the block's first piece, on the same page, given once: a quote's source
            line, a decline's official links; alternatives from the longest (whole scheme name) to the
            shortest (the link alone), the first that lets the first sentence fit is used.
        link: the quote's short link (named when a page breaks its list), empty for other text.
        whole: a paragraph with a link (a verdict's entry), or a heading or question with what it introduces (its
            first item, its options): not cut when it fits a page of its own.
        spill: what the shorter ``sources`` leave out (a decline's further links): sent after the text.
    """

    prefix: str
    text: str
    sources: tuple[str, ...] = ("",)
    link: str = ""
    whole: bool = False
    spill: str = ""


#: typography outside the GSM-7 alphabet that has a GSM-7 spelling: one such character makes a whole
#: SMS page UCS-2, a third of the room (3GPP TS 23.038), so SMS pages spell them the GSM-7 way
_GSM7_SPELLING = str.maketrans({"\u20b9": "Rs.", "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u201c": '"', "\u201d": '"',
                                "\u201e": '"', "\u201f": '"', "\u2032": "'", "\u2033": '"', "`": "'", "\u00b4": "'",
                                "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
                                "\u2026": "...", "\u00a0": " ", "\u2002": " ", "\u2003": " ", "\u2009": " ", "\u202f": " ",
                                "\u2022": "-", "\u25cf": "-", "\u25aa": "-", "\u25e6": "-", "\u2023": "-", "\u00b7": "-", "\uf0b7": "-",
                                "\uf0a7": "-", "\u27a2": "-", "\u2713": "-", "\u2714": "-", "\u200b": "", "\u200c": "", "\u200d": "",
                                "\ufeff": "", "\u00ad": ""})


def _source_lines(name: str, link: str, label: str, note: str = "") -> tuple[str, ...]:
    """A quote's SMS source line, ``\nSource: name note, short link``, then with the name shortened
    (``SMS_NAME_CHARS``), then the link alone with the ``note``. The note (" (1 more item at the link)") is never cut
    with the name: a newcomer trial's KALIA quote lost its fourth item without a word, the note cut off with the name."""
    short = f"{name[:SMS_NAME_CHARS].rstrip()}..." if len(name) > SMS_NAME_CHARS + 3 else name
    return tuple(dict.fromkeys((f"\n{label}: {name}{note}, {link}", f"\n{label}: {short}{note}, {link}",
                                f"\n{label}: {link}{note}")))


#: "/eligibility" in a reply, on SMS written "CHECK", which starts the same check (the intent ``check_command``): a
#: newcomer trial found "Send /eligibility" hard to type on a feature phone's keypad
_SLASH_CHECK = re.compile(r"(?<![\w/])/eligibility\b")
#: "/forget" in a reply, on SMS written "DELETE", which asks the same (the intent ``forget``; the SMS privacy note names
#: it): a re-check trial found the SMS help listing "/forget" beside a note saying "send DELETE"
_SLASH_FORGET = re.compile(r"(?<![\w/])/forget\b(?:\s*\((?:or|ya|या)\s+DELETE\))?")


def _sms_text(text: str) -> str:
    """Text for an SMS page: links shortened as in source lines (every character costs on SMS),
    "/eligibility" written "CHECK" (``_SLASH_CHECK``), "/forget" "DELETE" (``_SLASH_FORGET``) and typography spelled in
    GSM-7 (``_GSM7_SPELLING``)."""
    return _sms_commands(_URL.sub(lambda m: short_link(m.group()), text)).translate(_GSM7_SPELLING)


def _sms_commands(text: str) -> str:
    """``text`` with the commands an SMS user sends as words: "/eligibility" as "CHECK", "/forget" as "DELETE"."""
    return _SLASH_FORGET.sub("DELETE", _SLASH_CHECK.sub("CHECK", text))


#: the labels of a verdict's entries ("Scheme: संभवतः पात्र"): on a Hindi SMS page whose other words are in Latin letters
#: (a scheme's English name and quote), their Romanized Hindi keeps the page GSM-7, three times the room of UCS-2 (a
#: newcomer trial: a Hindi verdict's first page held one entry's name, its quote pushed to the next page)
_VERDICT_LABELS = ("likely_eligible_short", "broad_short", "eligible", "not_eligible", "need_more_info", "if_applies", "close_miss", "depends_on",
                   "screen_head", "screen_none", "kind_head", "kind_none", "screen_not_count", "screen_missing", "screen_missing_plain", "verdict_more",
                   "closed_mark", "skipped", "event_told", "kind_why_not", "screen_broad", "screen_broad_only", "confirm_all",
                   "which_listed")


@lru_cache(maxsize=1)
def _latin_label_pairs() -> tuple[tuple[str, str], ...]:
    """The Devanagari pieces of the labels of :data:`_VERDICT_LABELS` and their Romanized Hindi (the text around the
    labels' ``{scheme}`` and ``{fields}``)."""
    from conversations.strings import t

    from conversations.eligibility_flow import _field_label
    from eligibility.fields import FIELDS

    pairs = []
    for key in _VERDICT_LABELS:
        slots = dict(scheme="\x00", fields="\x00", n="\x00", kind="\x00", count="\x00")
        # (as an SMS page spells them: "/eligibility" there is "CHECK", "/forget" "DELETE")
        hi, latin = _sms_commands(t(key, "hi", **slots)), _sms_commands(t(key, "hinglish", **slots))
        pairs += [(a, b) for a, b in zip(hi.split("\x00"), latin.split("\x00")) if a.strip() and not is_gsm7(a)]
    # the fields a verdict names ("और जानकारी चाहिए: परिवार की आय")
    pairs += [(a, b) for a, b in ((_field_label(f, "hi"), _field_label(f, "hinglish")) for f in FIELDS) if not is_gsm7(a)]
    # the counts of schemes ("3 योजनाएँ", :func:`conversations.eligibility_flow.schemes_count`)
    pairs += [(f"{d} योजनाएँ", f"{d} yojanayein") for d in "0123456789"] + [("1 योजना", "1 yojana")]
    # longest first: one piece may hold another (a label's closing "।" is in every sentence)
    return tuple(sorted(dict(pairs).items(), key=lambda p: -len(p[0])))


def _latin_labels(text: str) -> str:
    """``text`` with the Hindi verdict labels of :data:`_VERDICT_LABELS` in Romanized Hindi when that leaves it GSM-7,
    else ``text`` unchanged."""
    out = text
    for a, b in _latin_label_pairs():
        out = out.replace(a, b)
    return out if is_gsm7(out) else text


#: a question's closing example in parentheses ("(for example: 45)", "(जैसे: किसान, छात्र)", "(haan ya nahi)")
_QUESTION_EXAMPLE = re.compile(r"\s*\([^()]*\)\s*$")


def _sms_blocks(replies: Sequence[Reply], lang: str) -> list[_SmsBlock]:
    """The replies' quotes and paragraphs as :class:`_SmsBlock` s: typography spelled in GSM-7
    (``_GSM7_SPELLING``: "₹" as "Rs.", curly quotes straight; the words are the document's), links
    shortened as in source lines (every character costs on SMS)."""
    blocks: list[_SmsBlock] = []
    # (the short notes just before a verdict, "ठीक है, छोड़ दिया।", share its first page: in the same letters)
    verdict_at = next((i for i, r in enumerate(replies) if r.kind == "eligibility"), len(replies))
    for i, reply in enumerate(replies):
        if reply.kind == "answer" and reply.citations:
            for c in reply.citations:
                name = ("CLOSED: " if c.closed else "") + named_with_state(c.scheme_name, c.state)
                text = c.text.strip().translate(_GSM7_SPELLING)
                # "Source" in Latin letters beside an English quote: a Devanagari word would make the page UCS-2
                # (decided by the first sentence, the one page 1 shows, not by a character far down the quote)
                label = _label("source", "en" if lang == "hi" and is_gsm7(_sms_atoms(text)[0] if text else "") else lang)
                link = short_link(c.url)
                blocks.append(_SmsBlock(f"[{c.n}] ", text, _source_lines(name.translate(_GSM7_SPELLING), link, label,
                                                                        c.more_note.translate(_GSM7_SPELLING)), link))
            continue
        text = _sms_text(reply.text)
        links = [short_link(u) for u in reply.links]
        lines = text.split("\n")
        first = next((i for i, line in enumerate(lines) if links and line.strip() == links[0]), None)
        if reply.kind == "decline" and first:
            # the official links (and the line naming them) follow the first piece: always on page 1
            head, label = "\n".join(lines[:first - 1]).strip(), lines[first - 1]
            listed = "\n".join(lines[first:])
            blocks.append(_SmsBlock("", head, (f"\n{label}\n{listed}", f"\n{label}\n{lines[first]}"),
                                    spill="\n".join(lines[first + 1:])) if head else _SmsBlock("", text))
            continue
        paras: list[str] = []
        options = _label("reply_with", lang) if reply.options else None
        if reply.kind == "question" and reply.options:
            # the example after a question ("(for example: farmer, student, ...)", "(yes or no)") says what its numbered
            # options say: left out, so the options share the question's page (a Hindi check's work question had its
            # last five options on a second page)
            reply = reply.model_copy(update={"text": _QUESTION_EXAMPLE.sub("", reply.text)})
        block_lang = lang
        if reply.kind == "question" and reply.field == "pick" and lang == "hi" and all(is_gsm7(o.label) for o in reply.options) \
                and is_gsm7(latin_question := _latin_labels(reply.text)):
            # "which of the schemes above?" with their English names as options: in Latin letters, so the page stays GSM-7
            # and the options fit beside the question (a Hindi SMS page had held the question alone, its options on MORE)
            reply, block_lang = reply.model_copy(update={"text": latin_question}), "hinglish"
            options = _label("reply_with", block_lang)
        for b in _plain_blocks(reply, block_lang, bold=False):
            for para in (p.strip() for p in b.split("\n\n")):
                if para and paras and (paras[-1].endswith(":") or (options and para.startswith(options))):
                    # a heading ("These schemes can help with pregnancy:") or a question goes with what it
                    # introduces, its first item or its options: never left alone at the foot of a page
                    paras[-1] = f"{paras[-1]}\n\n{para}"
                elif para:
                    paras.append(para)
        # (whether it holds a link is read before the links are shortened)
        latin = lang == "hi" and (reply.kind == "eligibility" or (reply.kind == "info" and i < verdict_at < len(replies)))
        blocks.extend(_SmsBlock("", _latin_labels(_sms_text(para)) if latin else _sms_text(para),
                                whole=_URL.search(para) is not None or "\n\n" in para) for para in paras)
    return blocks


def _items(atoms: Sequence[str]) -> int:
    """List items (non-empty lines) in ``atoms``."""
    return sum(1 for line in "".join(atoms).split("\n") if any(ch.isalnum() for ch in line))


#: the start of a quote's first line on an SMS page ("[2] ...")
_QUOTE_START = re.compile(r"(?m)^\[\d+\] ")


def _pack_whole_quotes(page: str, queue: list[_SmsBlock], fits: Callable[[str], bool], join: Callable[[str, str], str]) -> str:
    """``page`` with every quote of ``queue`` that fits in it whole (its text and its source line, the scheme name
    shortened if the whole name leaves no room, never left out), taken from ``queue`` in order; other blocks stay
    where they are."""
    for later in list(queue):
        if later.prefix and not later.spill:
            # the scheme name shortened if need be, never left out (the link alone does not say which scheme it is)
            candidate = next((c for src in (later.sources[:-1] or later.sources)
                              if fits(c := join(page, later.prefix + later.text.strip() + src))), None)
            if candidate is not None:
                page = candidate
                queue.remove(later)
    return page


def _main_on_first_page(replies: Sequence[Reply], lang: str, segments: int) -> list[Reply]:
    """``replies`` reordered so that a turn that opens with notes (a check's "Noted: ...", the privacy note) shows
    what it is for on its first SMS page: its question, or the start of its answer or verdict. The notes that fit
    beside it come first, the others after it (behind "MORE"). A Hindi check's first page (UCS-2, 201 characters) had
    held the notes alone, its question on MORE, and the user's next message answered a question never seen; a
    widow's list of schemes had started on the second page."""
    lead = _notes_lead(replies)
    if lead == 0 or lead == len(replies):
        return list(replies)
    # a heading ("विधवा महिला के लिए ये योजनाएँ मदद कर सकती हैं:") goes with what it introduces (a re-check trial had it on
    # page 5, after the schemes)
    plain = _plain_notes(replies)
    notes, rest = list(replies[:plain]), list(replies[plain:])
    if not notes or (rest[0].kind == "question" and len(rest) > 1):
        return list(replies)
    main = next(r for r in rest if r.kind != "info")
    for k in range(len(notes) - 1, -1, -1):
        order = [*notes[:k], *rest, *notes[k:]]
        first = _sms_layout(order, lang, segments)[0]
        if _starts_on(first, main):
            return order
    return list(replies)


def _notes_lead(replies: Sequence[Reply]) -> int:
    """How many notes (``info`` replies) open ``replies``."""
    return next((i for i, r in enumerate(replies) if r.kind != "info"), len(replies))


def _plain_notes(replies: Sequence[Reply]) -> int:
    """How many of the notes opening ``replies`` (:func:`_notes_lead`) come before the headings among them that end
    them ("These schemes can help:"), which go with what they introduce."""
    n = _notes_lead(replies)
    while n and replies[n - 1].text.rstrip().endswith(":"):
        n -= 1
    return n


def _starts_on(page: str, reply: Reply) -> bool:
    """Whether ``page`` holds the start of ``reply``: its first quote's marker, or its first words as SMS spells them."""
    if reply.kind == "answer" and reply.citations:
        return f"[{reply.citations[0].n}] " in page
    text = _sms_text(reply.text).strip()
    head = text[:24]
    # (or in Latin letters, as a Hindi verdict's labels and "which of the schemes above?" may be written: the whole text
    # latinised, a label's 24 first characters being no label)
    return bool(head) and (head in page or _latin_labels(head) in page or _latin_labels(text)[:24] in page)


def sms_pages(replies: Sequence[Reply], lang: str = "en", segments: int = 3) -> list[str]:
    """Replies as SMS pages of at most ``segments`` segments each (GSM-7 or UCS-2 counted on the page as
    sent, :mod:`bot.split`); every page but the last ends with the "reply MORE" line.

    Pages are filled greedily, cut only between sentences or list items (a sentence longer than a page
    is cut between words). A quote starts with its ``[n]`` marker and its first piece is followed by its
    source line (scheme name, short link), once: so the first page is the shortest useful answer with
    its source, and a quote continued on the next page starts there with ``[n] ...``. A scheme name too
    long to leave the first sentence whole beside it is shortened, or left out (the link stays). A page
    that breaks a list says how many of its items are still to come (and the link, when the page does
    not show it). A decline's official link is always on its first page. A paragraph holding a link (a
    verdict's entry) that fits a page of its own is never cut from its link; a heading ending in ":" is never
    left at the foot of a page (it goes over with what it introduces), nor a question without its options. When
    the next quote cannot start in the room a page has left, later quotes that fit that room whole (with their
    source lines) fill it, keeping their markers. A turn that opens with notes shows its question, answer or verdict
    on its first page, the notes that do not fit beside it after it (:func:`_main_on_first_page`); a turn that ends
    with a question shows it on its first page, before the rest of the turn when the two do not fit together.

    Raises:
        ValueError: ``segments`` below 1.
    """
    if segments < 1:
        raise ValueError("segments must be at least 1")
    blocks = _sms_blocks(replies, lang)
    whole = "\n\n".join(b.prefix + b.text + b.sources[0] for b in blocks)
    if sms_fits(whole, segments):
        return [whole]
    layout = _sms_layout(replies, lang, segments)
    lead = _notes_lead(replies)
    if 0 < lead < len(replies) and not _starts_on(layout[0], replies[lead]):
        layout = _sms_layout(_main_on_first_page(replies, lang, segments), lang, segments)
    if any(r.kind == "answer" and r.citations for r in replies) and not _QUOTE_START.search(layout[0]):
        # a first page of the list's heading alone ("Schemes that match (first 5; reply MORE for the next):", the first
        # quote too long to join it; a break-it trial): the heading without what the page footer says too, if that lets
        # the first quote start on it; else the list's own heading (field ``list_head``: the numbered quotes say as
        # much) left out, rather than a page spent on it
        trimmed = [r.model_copy(update={"text": _HEADING_MORE.sub(")", r.text)}) if r.kind == "info" else r for r in replies]
        for order in (trimmed, [r for r in replies if r.field != "list_head"]):
            shorter = _sms_layout(order, lang, segments)
            if _QUOTE_START.search(shorter[0]):
                layout = shorter
                break
    last = replies[-1]
    if last.kind == "question" and len(replies) > 1 and not _starts_on(layout[0], last):
        # the question the user is to answer next, on the first page before what else the turn says (a list for a widow
        # while her check went on): a newcomer trial's page 1 had been the list alone, and her "no" was read as the answer
        # to a question she had never seen
        plain = _plain_notes(replies)  # (a heading stays with what it introduces)
        for order in ([*replies[:plain], last, *replies[plain:-1]], [last, *replies[:-1]]):
            moved = _sms_layout(order, lang, segments)
            if _starts_on(moved[0], last):
                return moved
    return layout


#: the invitation to "MORE" inside a list's heading ("Schemes that match (first 5; reply MORE for the next):"), which an
#: SMS page's own footer repeats
_HEADING_MORE = re.compile(r";[^;()]*\bMORE\b[^;()]*\)(?=\s*:\s*$)")


def _sms_layout(replies: Sequence[Reply], lang: str, segments: int) -> list[str]:
    """The pages of :func:`sms_pages`, in the order ``replies`` come."""
    blocks = _sms_blocks(replies, lang)

    def join(page: str, piece: str) -> str:
        return f"{page}\n\n{piece}" if page else piece

    pages: list[str] = []
    page = ""

    def turn_page(page: str, end: str) -> str:
        """Send ``page`` with its last line ``end``; returns what the next page starts with: a heading that ended
        it ("These schemes can help:") goes over to the schemes it introduces, never left at the foot of a page."""
        head, sep, last = page.rpartition("\n\n")
        if sep and last.rstrip().endswith(":") and not _QUOTE_START.match(last):
            pages.append(head + _more_footer(lang, head))
            return last
        pages.append(page + end)
        return ""

    queue = list(blocks)
    while queue:
        block = queue.pop(0)
        atoms = [a for a in _sms_atoms(block.text) if a.strip()]
        # (a list of hundreds of short lines pages without the count: counting the rest at every step would cost seconds)
        listed = bool(block.prefix) and "\n" in block.text and len(atoms) <= SMS_COUNTED_ITEMS

        def fits(text: str, rest: Sequence[str]) -> bool:
            return sms_fits(text + footer(text, rest), segments)

        def footer(text: str, rest: Sequence[str]) -> str:
            """The page's last line, with how many list items are left when a quoted list breaks."""
            items = _items(rest) if listed and rest else 0
            return _more_footer(lang, text, items, block.link if items and block.link not in text else "")

        # the longest source line that leaves the first sentence whole on an empty page (for a decline, first the longest that
        # leaves its whole reason on the page: a Hindi decline's page 1 had held "मुझे नहीं पता।" and two links, the reason on MORE)
        source = next((src for src in block.sources if block.spill and atoms and fits(block.prefix + block.text.strip() + src, [])), None) \
            or next((src for src in block.sources if atoms and fits(block.prefix + atoms[0].rstrip() + src, atoms[1:])), block.sources[-1])
        if block.spill and source != block.sources[0]:
            atoms.append("\n" + block.spill)
        prefix = block.prefix
        if page and prefix and atoms and _QUOTE_START.search(page) and not any(
                fits(join(page, prefix + atoms[0].rstrip() + s), atoms[1:]) for s in block.sources):
            # the next quote cannot start in the room left: a later quote that fits it whole, with its source, comes up
            # (pages a third empty had waited for a long quote; each quote keeps its marker, so the order stays readable);
            # never ahead of the first quote: a page of a heading and "[2]" alone, "[1]" on MORE, read as the first being lost
            page = _pack_whole_quotes(page, queue, lambda text: fits(text, []), join)
        if block.whole and page and not fits(join(page, block.text), []) and fits(block.text, []):
            page = turn_page(page, footer(page, []))  # a paragraph with its link that fits a page of its own: not cut
        while atoms:
            # on a page already holding text, a quote may start with its scheme name shortened rather than wait for the
            # next page (never without the name: the link alone does not say which scheme the quote is from)
            shorter = (block.sources[block.sources.index(source):-1] or (source,)) if source and page else (source,)
            if source and page and not _QUOTE_START.search(page):
                # a page holding only notes or a heading is no answer: the first quote may come with its link alone
                shorter = (*shorter, block.sources[-1])
            src = next((s for s in shorter if fits(join(page, prefix + atoms[0].rstrip() + s), atoms[1:])), source)
            taken, fit = 0, ""
            for j in range(1, len(atoms) + 1):
                candidate = join(page, prefix + "".join(atoms[:j]).strip() + src)
                if not fits(candidate, atoms[j:]):
                    break
                taken, fit = j, candidate
            if not taken and page and (fits(prefix + atoms[0].rstrip() + source, atoms[1:]) or len(first_fitting(
                    atoms[0], lambda head, at=page: fits(join(at, prefix + head.rstrip() + source), atoms[1:]))) < SMS_MIN_CUT):
                # not even the next sentence fits what is left of this page: a new page (a sentence longer than any
                # page is cut between words where it is, when a fair part of it fits here)
                page = turn_page(page, _more_footer(lang, page))
                continue
            plain = False
            if taken:
                atoms = atoms[taken:]
            elif sms_fits((fit := join(page, prefix + atoms[0].strip() + source)) + _more_footer(lang, fit), segments):
                atoms, plain = atoms[1:], True  # whole beside the plain footer: the count of list items left gives way
            else:  # a sentence longer than a page: cut between words
                def cut_fits(head: str, first: str = atoms[0], at: str = page) -> bool:
                    return fits(join(at, prefix + head.rstrip() + source), [first[len(head):], *atoms[1:]])

                head = first_fitting(atoms[0], cut_fits) or atoms[0]
                fit = join(page, prefix + head.strip() + source)
                atoms = [a for a in (atoms[0][len(head):], *atoms[1:]) if a.strip()]
            page = fit
            prefix, source = (f"{block.prefix}{SMS_CONTINUED}" if block.prefix else ""), ""
            if atoms:
                pages.append(page + (_more_footer(lang, page) if plain else footer(page, atoms)))
                page = ""
    if page:
        pages.append(page)
    if len(pages) > 1 and _MORE_INVITE.search(pages[-1]) and "\n" not in pages[-1].strip():
        # a reply ending with its own "Reply MORE for 2 more." (a verdict's schemes kept for MORE): in place of the page
        # footer before it, not a page of its own that says the same thing again
        plain = _more_footer(lang, pages[-2])
        if pages[-2].endswith(plain) and sms_fits(merged := pages[-2][: -len(plain)] + "\n" + pages[-1].strip(), segments):
            pages[-2:] = [merged]
    return pages


def channel_messages(channel: str, replies: Sequence[Reply], lang: str = "en", segments: int = 3, paged: bool = False) -> list[str]:
    """One turn's replies as the messages ``channel`` sends, as text for a terminal: Telegram HTML as
    written (buttons as ``[label]`` lines), WhatsApp bodies, SMS pages (every page, or with ``paged``
    the replies' own texts: the engine has paged them already and keeps the rest for "MORE").

    Raises:
        ValueError: a channel other than ``telegram``, ``whatsapp`` or ``sms``.
    """
    if channel == "telegram":
        return [m.html + "".join(f"\n[{label}]" for label, _ in (m.keyboard or [])) for m in telegram_messages(replies, lang)]
    if channel == "whatsapp":
        return whatsapp_messages(replies, lang)
    if channel == "sms":
        return [r.text for r in replies] if paged else sms_pages(replies, lang, segments)
    raise ValueError(f"unknown channel {channel!r}: telegram, whatsapp or sms")


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
