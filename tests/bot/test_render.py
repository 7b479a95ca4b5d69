"""Splitting and rendering: limits, rejoining, markers and URLs kept whole, SMS segments, DLT templates."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render import (SmsTemplate, kinds_without_template, callback_data, parse_callback_data, short_link, sms_pages, sms_template_message,
                        telegram_messages, whatsapp_messages)
from bot.split import is_gsm7, sms_segments, split_text, utf16_len
from conversations.types import Option, Reply
from retrieval.answer import Citation
from tests.integration.standins import telegram_html_problems

PIECES = st.sampled_from(["word", "लाभ", "₹6,000", "[1]", "[23]", "https://www.myscheme.gov.in/schemes/pm-kisan#benefits",
                          ".", "।", " ", "\n", "\n\n", "😀", "&", "<b>", "income < 2 lakh"])
TEXT = st.lists(PIECES, min_size=1, max_size=300).map("".join)
PROTECTED = re.compile(r"\[\d+\]|https?://\S+")


@settings(max_examples=300, deadline=None)
@given(TEXT, st.integers(min_value=60, max_value=700))
def test_split_parts_fit_rejoin_and_keep_markers_and_urls(text, limit):
    parts = split_text(text, limit, utf16_len)
    assert "".join(parts) == text
    assert all(utf16_len(p) <= limit for p in parts)
    offsets, pos = [], 0
    for p in parts[:-1]:
        pos += len(p)
        offsets.append(pos)
    for m in PROTECTED.finditer(text):
        if utf16_len(m.group()) <= limit:  # a span longer than a part must be cut somewhere
            assert not any(m.start() < cut < m.end() for cut in offsets), (m.group(), offsets)


def _citation(n: int, text: str) -> Citation:
    return Citation(n=n, scheme_id="pm-kisan", scheme_name="Pradhan Mantri Kisan Samman Nidhi", section="benefits", text=text,
                    url="https://www.myscheme.gov.in/schemes/pm-kisan#benefits", chunk_id=f"pm-kisan:benefits:{n}", score=1.0)


@settings(max_examples=100, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=4))
def test_telegram_messages_within_limit_and_valid_html(quotes):
    reply = Reply(kind="answer", text="", citations=[_citation(i + 1, q * 20) for i, q in enumerate(quotes)])
    for msg in telegram_messages([reply]):
        assert utf16_len(msg.html) <= 4096
        assert telegram_html_problems(msg.html) == []


@settings(max_examples=100, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=4))
def test_whatsapp_bodies_within_1600(quotes):
    reply = Reply(kind="answer", text="", citations=[_citation(i + 1, q * 10) for i, q in enumerate(quotes)])
    assert all(len(p) <= 1600 for p in whatsapp_messages([reply]))


def test_sms_segment_counting():
    assert sms_segments("a" * 160) == 1 and sms_segments("a" * 161) == 2 and sms_segments("a" * 306) == 2 and sms_segments("a" * 307) == 3
    assert sms_segments("€" * 80) == 1 and sms_segments("€" * 81) == 2  # extension characters count twice
    hindi = "किसान सम्मान निधि में हर साल छह हज़ार रुपये तीन किस्तों में मिलते हैं। " * 3
    hindi = hindi[:200]
    assert len(hindi) == 200 and not is_gsm7(hindi)
    assert sms_segments(hindi) == 3  # UCS-2: 67 per segment when split
    assert sms_segments("Plain text with a curly quote \u201c") == 1 and not is_gsm7("\u201c")
    assert sms_segments("x" * 69 + "😀") == 2  # an emoji is two UTF-16 units


def test_sms_pages_start_with_the_quote_name_and_short_link():
    reply = Reply(kind="answer", text="", citations=[_citation(1, "Each eligible farmer family receives ₹6,000 per year. " * 12)])
    pages = sms_pages([reply], "en", segments=3)
    assert len(pages) > 1 and all(sms_segments(p) <= 3 for p in pages)
    first, source = pages[0], "\n- Pradhan Mantri Kisan Samman Nidhi, myscheme.gov.in/schemes/pm-kisan"
    assert first.startswith("[1] Each eligible farmer family receives ₹6,000 per year.")
    assert first.endswith("per year." + source + " Reply MORE for the rest.")  # cut at a sentence, then its source
    assert all(source in p for p in pages)
    assert short_link("https://www.myscheme.gov.in/schemes/pm-kisan#benefits") == "myscheme.gov.in/schemes/pm-kisan"


SENTENCES = st.sampled_from(["Each eligible farmer family receives ₹6,000 per year.", "किसान परिवार को हर साल लाभ मिलता है।",
                             "Apply at https://pmkisan.gov.in/ or a CSC.", "Families with income < 2 lakh & age > 60 qualify.",
                             "Yes!", "The amount is paid in three equal instalments of ₹2,000 each, every four months, by DBT."])
# the source line: the scheme name (shortened, or left out, when it leaves a page no room) and the short link
SOURCE = re.compile(r"\[(\d+)\] (.*?)\n- (?:Pradhan Mantri Kisan Samman Nidhi, |Pradhan Mantri Kisan Samman Nidhi?\u2026, )?"
                    r"myscheme\.gov\.in/schemes/pm-kisan", re.S)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(SENTENCES, min_size=1, max_size=25).map(" ".join), min_size=1, max_size=3), st.integers(min_value=2, max_value=4))
def test_sms_every_quoted_piece_has_its_source_and_pages_fit(quotes, segments):
    reply = Reply(kind="answer", text="", citations=[_citation(i + 1, q) for i, q in enumerate(quotes)])
    pages = sms_pages([reply], "en", segments=segments)
    assert all(sms_segments(p) <= segments for p in pages)
    assert SOURCE.match(pages[0])  # the first page: a quote, the scheme name, the short link
    if segments >= 3:
        assert "Pradhan Mantri Kisan Samman Nidhi, " in pages[0]  # a name of this length always fits three
    pieces: dict[int, list[str]] = {}
    for page in pages:
        assert page.count("[") == len(SOURCE.findall(page))  # no quoted piece without its source line
        for n, piece in SOURCE.findall(page):
            pieces.setdefault(int(n), []).append(piece)
    assert {n: " ".join(p.split()) for n, p in ((n, " ".join(ps)) for n, ps in pieces.items())} == \
        {i + 1: " ".join(q.split()) for i, q in enumerate(quotes)}  # the pieces rejoin to each quote


def test_sms_question_is_a_numbered_list():
    q = Reply(kind="question", text="Do you have a BPL card?", field="is_bpl", options=[Option(value="yes", label="Yes"), Option(value="no", label="No")])
    (page,) = sms_pages([q])
    assert page.endswith("Reply with a number:\n1. Yes\n2. No")


def test_dlt_template_fills_only_its_slots():
    templates = {"answer": SmsTemplate("1107160000000000001", "Scheme {#var#}: {#var#} Info: {#var#} -SCHMBT", ("scheme", "quote", "link"))}
    reply = Reply(kind="answer", text="", citations=[_citation(1, "Each eligible farmer family receives ₹6,000 per year.")])
    template_id, text = sms_template_message(reply, templates, var_limit=30)
    assert template_id == "1107160000000000001"
    m = re.fullmatch(r"Scheme (.+?): (.+?) Info: (.+?) -SCHMBT", text)
    assert m is not None  # the registered text is unchanged around the slots
    assert [len(v) <= 30 for v in m.groups()] == [True, True, True]
    assert m.group(1) == "Pradhan Mantri Kisan Samman…" and m.group(2) == "Each eligible farmer family…"
    assert sms_template_message(Reply(kind="info", text="hello"), templates) is None
    assert kinds_without_template(templates) == ["decline", "question", "eligibility", "info", "error"]


def test_callback_data_round_trip_and_limit():
    data = callback_data("annual_family_income", "x" * 100)
    assert len(data.encode()) <= 64 and data.startswith("opt:annual_family_income:")
    assert parse_callback_data(callback_data("is_bpl", "yes")) == ("is_bpl", "yes")
    assert parse_callback_data(callback_data(None, "yes")) == (None, "yes") and parse_callback_data("garbage") == (None, None)


def test_sms_verdict_links_are_short():
    verdict = Reply(kind="eligibility", text="Old age pension: NOT ELIGIBLE, because of this condition:\n"
                    "[1] \u201cThe applicant must be aged 60 years or more.\u201d https://www.myscheme.gov.in/schemes/ignoaps#eligibility")
    (page,) = sms_pages([verdict], "en", segments=3)
    # straight marks around the quote: the page stays GSM-7
    assert page.endswith('"The applicant must be aged 60 years or more." myscheme.gov.in/schemes/ignoaps')


def test_sms_a_scheme_name_too_long_for_the_page_is_shortened_then_left_out():
    name = "Post Matric Scholarship for Students Belonging to Scheduled Castes for Studies in India (Punjab)"
    quote = "The applicant must be an Indian national. " * 10
    c = Citation(n=1, scheme_id="pmsss", scheme_name=name, section="eligibility", text=quote, chunk_id="pmsss:eligibility:0",
                 url="https://www.myscheme.gov.in/schemes/pmsss-punjab#eligibility", score=1.0)
    three = sms_pages([Reply(kind="answer", text="", citations=[c])], "hi", segments=3)
    two = sms_pages([Reply(kind="answer", text="", citations=[c])], "hi", segments=2)
    assert all(sms_segments(p) <= 3 for p in three) and all(sms_segments(p) <= 2 for p in two)
    assert "\n- Post Matric Scholarship for Stud\u2026, myscheme.gov.in/schemes/pmsss-punjab" in three[0]
    assert "\n- myscheme.gov.in/schemes/pmsss-punjab" in two[0] and len(two) <= 12


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",))), min_size=1, max_size=3))
def test_twiml_is_well_formed_xml_for_any_text(parts):
    import xml.etree.ElementTree as ET

    from bot.twilio_channel import twiml

    root = ET.fromstring(twiml(parts + ["\ufffe\uffff\x00\x0b end"], "https://example.org/twilio/status"))
    assert root.tag == "Response" and len(root) == len(parts) + 1
    assert root[-1].text == " end"


def test_user_text_loses_noncharacters_and_controls():
    from retrieval.text import clean_user_text

    assert clean_user_text("pm\ufffe kisan\uffff\x00 kya\U0010ffff hai\ufdd0") == "pm kisan kya hai"
