"""Splitting and rendering: limits, rejoining, markers and URLs kept whole, SMS segments, DLT templates."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render import (SmsTemplate, kinds_without_template, callback_data, parse_callback_data, short_link, sms_pages, sms_template_message,
                        telegram_messages, whatsapp_messages)
from bot.split import is_gsm7, sms_fits, sms_segments, split_text, utf16_len
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


def test_telegram_list_quotes_each_name_their_scheme():
    """A newcomer: a Telegram list showed "[1] “Under the scheme, ₹4,000…”", the names only in the sources below."""
    other = Citation(n=2, scheme_id="nfbs", scheme_name="National Family Benefit Scheme", section="benefits", text="₹20,000 once.",
                     url="https://www.myscheme.gov.in/schemes/nfbs#benefits", chunk_id="nfbs:benefits:0", score=1.0)
    html_text = telegram_messages([Reply(kind="answer", text="", citations=[_citation(1, "₹6,000 a year."), other])])[0].html
    assert "<b>[1] Pradhan Mantri Kisan Samman Nidhi:</b> \u201c₹6,000 a year.\u201d" in html_text
    assert "<b>[2] National Family Benefit Scheme:</b> \u201c₹20,000 once.\u201d" in html_text
    one = telegram_messages([Reply(kind="answer", text="", citations=[_citation(1, "₹6,000 a year.")])])[0].html
    assert one.startswith("<b>[1]</b> \u201c₹6,000 a year.\u201d")  # one scheme: its name is in the source line


@settings(max_examples=100, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=4))
def test_whatsapp_bodies_within_1600(quotes):
    reply = Reply(kind="answer", text="", citations=[_citation(i + 1, q * 10) for i, q in enumerate(quotes)])
    assert all(len(p) <= 1600 for p in whatsapp_messages([reply]))


def test_whatsapp_a_turns_replies_share_messages():
    """A trial: one answer on WhatsApp came as five messages, the first only "Note kiya: rajya Bihar."."""
    replies = [Reply(kind="info", text="Note kiya: rajya Bihar."),
               Reply(kind="info", text="Padhai ke liye yeh yojanayein madad kar sakti hain:"),
               Reply(kind="answer", text="", citations=[_citation(1, "₹4 lakh loan."), _citation(2, "₹50,000 a year.")]),
               Reply(kind="info", text="Kaun si yojanayein mil sakti hain, jaanne ke liye /eligibility bhejiye.")]
    bodies = whatsapp_messages(replies, "hinglish")
    assert len(bodies) == 1
    assert bodies[0].startswith("Note kiya: rajya Bihar.\n\nPadhai ke liye") and bodies[0].endswith("/eligibility bhejiye.")
    # a turn longer than a body still splits, between paragraphs, each within 1,600 characters
    long = [Reply(kind="answer", text="", citations=[_citation(i, "x " * 350)]) for i in range(1, 4)]
    bodies = whatsapp_messages(long)
    assert len(bodies) == 3 and all(len(b) <= 1600 for b in bodies)


def test_sms_segment_counting():
    assert sms_segments("a" * 160) == 1 and sms_segments("a" * 161) == 2 and sms_segments("a" * 306) == 2 and sms_segments("a" * 307) == 3
    assert sms_segments("€" * 80) == 1 and sms_segments("€" * 81) == 2  # extension characters count twice
    hindi = "किसान सम्मान निधि में हर साल छह हज़ार रुपये तीन किस्तों में मिलते हैं। " * 3
    hindi = hindi[:200]
    assert len(hindi) == 200 and not is_gsm7(hindi)
    assert sms_segments(hindi) == 3  # UCS-2: 67 per segment when split
    assert sms_segments("Plain text with a curly quote \u201c") == 1 and not is_gsm7("\u201c")
    assert sms_segments("x" * 69 + "😀") == 2  # an emoji is two UTF-16 units


def test_sms_pages_start_with_the_quote_name_and_short_link_and_fill_greedily():
    sentence = "Each eligible farmer family receives ₹6,000 per year."
    reply = Reply(kind="answer", text="", citations=[_citation(1, " ".join([sentence] * 12))])
    pages = sms_pages([reply], "en", segments=3)
    spelled = "Each eligible farmer family receives Rs.6,000 per year."  # GSM-7: three times the room of UCS-2
    source = "\nSource: Pradhan Mantri Kisan Samman Nidhi, myscheme.gov.in/schemes/pm-kisan"
    # page 1: as many whole sentences as fit beside the source line and the footer (3 x 153 septets)
    first = "[1] " + " ".join([spelled] * 6) + source + "\nReply MORE for the rest."
    assert len(first) <= 459 and len("[1] " + " ".join([spelled] * 7) + source + "\nReply MORE for the rest.") > 459
    # the rest on one page, marked as the same quote continued, its source not repeated
    assert pages == [first, "[1] ..." + " ".join([spelled] * 6)]
    assert short_link("https://www.myscheme.gov.in/schemes/pm-kisan#benefits") == "myscheme.gov.in/schemes/pm-kisan"


SENTENCES = st.sampled_from(["Each eligible farmer family receives ₹6,000 per year.", "किसान परिवार को हर साल लाभ मिलता है।",
                             "Apply at https://pmkisan.gov.in/ or a CSC.", "Families with income < 2 lakh & age > 60 qualify.",
                             "Yes!", "The amount is paid in three equal instalments of ₹2,000 each, every four months, by DBT.",
                             "Documents:\nAadhaar card\nBank passbook\nLand record", "A very long sentence " + "with many words " * 40 + "ends."])
FOOTER = re.compile(r"\n[^\n]*MORE[^\n]*$")
SOURCE_LINE = re.compile(r"\n(?:Source|स्रोत): (?:Pradhan Mantri Kisan Samman Nidhi, |Pradhan Mantri Kisan Samman N\.\.\., )?"
                         r"myscheme\.gov\.in/schemes/pm-kisan")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(SENTENCES, min_size=1, max_size=25).map(" ".join), min_size=1, max_size=3), st.integers(min_value=2, max_value=4),
       st.sampled_from(["en", "hi", "hinglish"]))
def test_sms_pages_fit_rejoin_cite_each_quote_once_and_break_between_sentences(quotes, segments, lang):
    reply = Reply(kind="answer", text="", citations=[_citation(i + 1, q) for i, q in enumerate(quotes)])
    pages = sms_pages([reply], lang, segments=segments)
    assert all(sms_segments(p) <= segments for p in pages)
    assert all(FOOTER.search(p) for p in pages[:-1]) and (len(pages) == 1 or not FOOTER.search(pages[-1]))
    assert SOURCE_LINE.search(pages[0])  # the first page: a quote and its source
    pieces: dict[int, list[str]] = {}
    sources: dict[int, int] = {}
    for i, page in enumerate(pages):
        body = FOOTER.sub("", page) if i < len(pages) - 1 else page
        for part in re.split(r"\n\n(?=\[\d+\] )", body):
            m = re.match(r"\[(\d+)\] (\.\.\.)?", part)
            assert m, part
            n = int(m.group(1))
            assert bool(m.group(2)) == (n in pieces)  # "[n] ..." exactly when the quote continues
            text, found = SOURCE_LINE.subn("", part[m.end():])
            sources[n] = sources.get(n, 0) + found
            pieces.setdefault(n, []).append(text)
    assert sources == {n: 1 for n in range(1, len(quotes) + 1)}  # one source line per quote
    spell = {"₹": "Rs."}
    for n, quote in enumerate(quotes, start=1):
        expected = "".join(spell.get(ch, ch) for ch in quote)
        assert " ".join(" ".join(pieces[n]).split()) == " ".join(expected.split())  # the pieces rejoin to the quote
        for k, piece in enumerate(pieces[n][:-1]):  # a piece ends a sentence or a list item, unless its sentence is longer than a page
            tail = piece.rstrip()
            if not re.search(r"[.!?।]$", tail) and not tail.endswith(("Aadhaar card", "Bank passbook", "Land record")):
                # the sentence cut: it did not fit a page of its own (with the quote's shortest source line on the first piece)
                sentence = re.split(r"[.!?।\n]\s", tail)[-1] + " " + re.split(r"(?<=[.!?।])\s", pieces[n][k + 1].strip())[0]
                source = "\nस्रोत: myscheme.gov.in/schemes/pm-kisan" if k == 0 else ""
                assert not sms_fits(f"[{n}] ...{sentence}{source}\nबाकी के लिए MORE लिखें।", segments), (piece, pages)


def test_sms_footer_keeps_an_english_page_gsm7_for_a_hindi_reader_and_a_list_says_what_is_left():
    items = "\n".join(f"Document number {i}: a self-attested copy of the certificate issued by the competent authority" for i in range(1, 15))
    pages = sms_pages([Reply(kind="answer", text="", citations=[_citation(1, "Documents required:\n" + items)])], "hi", segments=3)
    assert len(pages) > 2 and all(is_gsm7(p) for p in pages)  # the Hindi footer in Latin letters: the pages stay GSM-7
    assert pages[0].endswith("\nSource: Pradhan Mantri Kisan Samman Nidhi, myscheme.gov.in/schemes/pm-kisan\n11 aur baaki: MORE likhein.")
    assert pages[0].startswith("[1] Documents required:\nDocument number 1:")  # a heading is never left alone at a page end
    # later pages: the count of items still to come and the link, which the page does not otherwise show
    assert [p.split("\n")[0][:25] for p in pages] == ["[1] Documents required:", "[1] ...Document number 4:", "[1] ...Document number 8:",
                                                      "[1] ...Document number 12"]
    assert pages[1].endswith("authority\n7 aur baaki: MORE likhein ya myscheme.gov.in/schemes/pm-kisan dekhein.")
    assert pages[-1].endswith("Document number 14: a self-attested copy of the certificate issued by the competent authority")
    hindi = "किसान परिवार को हर साल छह हज़ार रुपये तीन किस्तों में मिलते हैं। " * 8
    pages = sms_pages([Reply(kind="answer", text="", citations=[_citation(1, hindi)])], "hi", segments=3)
    assert pages[0].endswith("\nस्रोत: Pradhan Mantri Kisan Samman Nidhi, myscheme.gov.in/schemes/pm-kisan\nबाकी के लिए MORE लिखें।")


def test_sms_decline_keeps_its_official_link_on_the_first_page():
    head = "मुझे नहीं पता। मेरे दस्तावेज़ इस सवाल का भरोसेमंद उत्तर नहीं देते, इसलिए मैं अंदाज़ा नहीं लगाऊँगा। " * 2
    links = ["https://www.myscheme.gov.in/search", "https://www.india.gov.in/"]
    decline = Reply(kind="decline", text=head + "\nआधिकारिक स्रोत:\n" + "\n".join(links), links=links)
    pages = sms_pages([decline], "hi", segments=2)
    assert all(sms_segments(p) <= 2 for p in pages)
    # page 1: the first sentence, then the official links, though the whole text comes before them
    assert pages[0] == "मुझे नहीं पता।\nआधिकारिक स्रोत:\nmyscheme.gov.in/search\nindia.gov.in\nबाकी के लिए MORE लिखें।"
    assert " ".join(p.removesuffix("\nबाकी के लिए MORE लिखें।") for p in pages[1:]).split() == head.split()[3:]
    # one segment: the first link on page 1, the second after the text
    pages = sms_pages([decline], "hi", segments=1)
    assert pages[0].endswith("\nआधिकारिक स्रोत:\nmyscheme.gov.in/search\nबाकी के लिए MORE लिखें।") and pages[-1] == "india.gov.in"


def test_sms_question_is_a_numbered_list():
    q = Reply(kind="question", text="Do you have a BPL card?", field="is_bpl", options=[Option(value="yes", label="Yes"), Option(value="no", label="No")])
    (page,) = sms_pages([q])
    assert page.endswith("Reply with a number:\n1. Yes\n2. No")


def test_sms_a_question_with_ten_options_keeps_them_on_its_page_without_its_example():
    """A Hindi check on SMS: the work question's last five options went to a second page. Its closing example says what
    its numbered options say, and is left out; the page is within its three UCS-2 segments."""
    from bot.split import sms_segments

    labels = ["किसान", "खेतिहर मज़दूर", "छात्र", "असंगठित मज़दूर", "रेहड़ी/ठेला", "स्वरोज़गार/व्यापारी", "सरकारी कर्मचारी", "बेरोज़गार", "गृहिणी", "अन्य"]
    q = Reply(kind="question", text="आपका मुख्य काम क्या है? (जैसे: किसान, छात्र, रेहड़ी वाला, मज़दूर)", field="occupation",
              options=[Option(value=str(i), label=label) for i, label in enumerate(labels, 1)])
    (page,) = sms_pages([q], "hi")
    assert page == "आपका मुख्य काम क्या है?\n\nनंबर लिखकर जवाब दें:\n" + "\n".join(f"{i}. {label}" for i, label in enumerate(labels, 1))
    assert sms_segments(page) <= 3
    # a question without options keeps its example: it is the only hint of the answer's form
    (page,) = sms_pages([Reply(kind="question", text="आपकी उम्र कितनी है (साल में)? (जैसे: 45)", field="age")], "hi")
    assert page == "आपकी उम्र कितनी है (साल में)? (जैसे: 45)"


def test_sms_a_heading_goes_over_with_what_it_introduces_and_a_question_stays_with_its_options():
    """A newcomer's Hindi SMS page 1 was "नोट किया ... / गर्भावस्था के लिए ये योजनाएँ मदद कर सकती हैं: / MORE": the heading
    ended the page and the schemes it announced came only after MORE."""
    noted = Reply(kind="info", text="नोट किया: राज्य उत्तर प्रदेश, लिंग महिला।")
    heading = Reply(kind="info", text="गर्भावस्था के लिए ये योजनाएँ मदद कर सकती हैं:")
    listed = Reply(kind="answer", text="", citations=[_citation(1, "आर्थिक सहायता " * 9 + "दी जाती है।")])
    pages = sms_pages([noted, heading, listed], "hi")
    assert len(pages) > 1 and all(not page.split("\n")[-2].endswith(":") for page in pages[:-1])
    heading_page = next(page for page in pages if heading.text in page)
    assert "[1] " in heading_page  # the heading and the first scheme it introduces, on one page
    # a question and its options, which came after a long note, on one page
    note = Reply(kind="info", text="मैं आपकी बताई जानकारी 30 दिन तक रखता हूँ; इसे कभी भी मिटाने के लिए हटाओ भेजें। " * 2)
    question = Reply(kind="question", text="आप ऊपर की किस योजना के बारे में पूछ रहे हैं? उसका नंबर लिखें।", field="pick",
                     options=[Option(value=str(i), label=name) for i, name in enumerate(["Janani Shishu Suraksha Karyakram", "PMMVY"], 1)])
    pages = sms_pages([note, question], "hi")
    # (in Latin letters, with its options' English names: the page stays GSM-7)
    latin = "Aap upar ki kaun si yojana ke baare mein pooch rahe hain? Uska number likhiye."
    assert any(latin in page and "1. Janani Shishu Suraksha Karyakram\n2. PMMVY" in page for page in pages)


def test_sms_a_hindi_which_scheme_question_with_english_names_is_one_gsm7_page():
    """A newcomer trial's Hindi SMS page held "आप ऊपर की किस योजना के बारे में पूछ रहे हैं? उसका नंबर लिखें।" alone, its options
    (English scheme names) on MORE: UCS-2 has a third of GSM-7's room. In Latin letters, question and options fit one page,
    and that page comes before a note the turn opens with."""
    from conversations.strings import t

    names = ["Widow Pension - Uttar Pradesh", "Indira Gandhi National Widow Pension Scheme", "National Family Benefit Scheme",
             "Rashtriya Parivar Sahayata Yojana", "RMEWF-Financial Assistance For Education Of Children & Widows Of Ex-Servicemen"]
    q = Reply(kind="question", text=t("which_listed", "hi"), field="pick", options=[Option(value=str(i), label=n) for i, n in enumerate(names, 1)])
    note = Reply(kind="info", text="आपकी बताई जानकारी 30 दिन रखूँगा; मिटाने के लिए DELETE भेजें।")
    pages = sms_pages([note, q], "hi")
    assert pages[0].startswith(t("which_listed", "hinglish") + "\n\nNumber likhkar jawab dein:\n1. Widow Pension - Uttar Pradesh")
    assert "5. RMEWF-Financial Assistance" in pages[0] and is_gsm7(pages[0]) and note.text in pages[1]


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
    quote = "The applicant must be an Indian national who has passed the matriculation exam. " * 10
    c = Citation(n=1, scheme_id="pmsss", scheme_name=name, section="eligibility", text=quote, chunk_id="pmsss:eligibility:0",
                 url="https://www.myscheme.gov.in/schemes/pmsss-punjab#eligibility", score=1.0)
    three = sms_pages([Reply(kind="answer", text="", citations=[c])], "hi", segments=3)
    one = sms_pages([Reply(kind="answer", text="", citations=[c])], "hi", segments=1)
    assert all(sms_segments(p) <= 3 for p in three) and all(sms_segments(p) <= 1 for p in one)
    assert "\nSource: Post Matric Scholarship for Students Belonging to Scheduled Castes for Studies in India (Punjab), " in three[0]
    assert one[0] == "[1] The applicant must be an Indian national who has passed the matriculation exam." \
                     "\nSource: myscheme.gov.in/schemes/pmsss-punjab\nBaaki ke liye MORE likhein."


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


def test_telegram_verdict_links_its_scheme_titles_and_offers_more_as_a_button():
    verdict = Reply(kind="eligibility", text=(
        "Here is what I found from your answers.\n\n"
        "1. Widow Pension <Bihar> & Co: likely eligible\n   \u201cThe woman should be living below the poverty line.\u201d "
        "https://www.myscheme.gov.in/schemes/lbsspy#eligibility\n\n"
        "If this applies to you:\n- National Family Benefit Scheme: \u201cThe breadwinner must have died.\u201d https://www.myscheme.gov.in/schemes/nfbs#eligibility\n"
        "- Kanya Vivah: \u201cThe girl must be 18.\u201d https://www.myscheme.gov.in/schemes/mkvy#eligibility\n\n"
        "Reply MORE for 28 more."))
    (msg,) = telegram_messages([verdict], "en")
    assert telegram_html_problems(msg.html) == []
    assert '1. <a href="https://www.myscheme.gov.in/schemes/lbsspy#eligibility">Widow Pension &lt;Bihar&gt; &amp; Co</a>: likely eligible\n' \
           '   \u201cThe woman should be living below the poverty line.\u201d\n\n' in msg.html
    assert '- <a href="https://www.myscheme.gov.in/schemes/nfbs#eligibility">National Family Benefit Scheme</a>: \u201cThe breadwinner must have died.\u201d\n' \
           '- <a href="https://www.myscheme.gov.in/schemes/mkvy#eligibility">Kanya Vivah</a>' in msg.html
    assert "https://" not in re.sub(r'href="[^"]*"', "", msg.html)  # no bare URL left
    assert msg.keyboard == [("More", "opt::more")] and parse_callback_data("opt::more") == (None, "more")
    decline = telegram_messages([Reply(kind="decline", text="I don't know.\nOfficial source:\nhttps://www.myscheme.gov.in/search")], "hi")
    assert decline[0].html.endswith('<a href="https://www.myscheme.gov.in/search">myscheme.gov.in/search</a>') and decline[0].keyboard is None


def test_sms_spells_more_typography_in_gsm7_and_links_never_take_the_punctuation_after_them():
    quote = "Subsidy of 50% subject to a maximum of \u20b950,000/\u2010 per pump \u25cf paid by DBT \u00b7 once. " * 3 + "\u0915\u0943\u0937\u093f \u0935\u093f\u092d\u093e\u0917."
    pages = sms_pages([Reply(kind="answer", text="", citations=[_citation(1, quote)])], "hi", segments=3)
    # page 1 is all GSM-7 (its Devanagari sentence comes later), so its source label and footer are too
    assert is_gsm7(pages[0]) and "Rs.50,000/- per pump - paid by DBT - once." in pages[0] and "\nSource: " in pages[0]
    (msg,) = telegram_messages([Reply(kind="info", text="Apply at the portal (https://www.pmuy.gov.in/).")])
    assert msg.html == 'Apply at the portal (<a href="https://www.pmuy.gov.in/">pmuy.gov.in</a>).'
    assert telegram_messages([Reply(kind="answer", text="", citations=[_citation(1, "")])])  # an empty quote renders, no IndexError


def test_sms_keeps_a_paragraph_with_any_link_whole_when_it_fits_a_page_of_its_own():
    entry = "2. Ujjwala gas connection: likely eligible. Apply at the LPG distributor or online at https://www.pmuy.gov.in/apply.html today."
    first = Reply(kind="info", text="Here is what I found from your answers. " + "The details are below. " * 14)
    pages = sms_pages([first, Reply(kind="info", text=entry)], "en", segments=3)
    assert pages[-1] == entry.replace("https://www.pmuy.gov.in/apply.html", "pmuy.gov.in/apply.html")  # not cut from its link


def test_an_sms_first_page_never_holds_only_a_heading():
    # a Devanagari heading makes the page UCS-2 (67 characters a segment): the first quote comes with its
    # link alone rather than leave page 1 with the heading and "MORE"
    from bot.render import sms_pages
    from conversations.types import Reply
    from retrieval.answer import Citation

    cite = Citation(n=1, scheme_id="nfbs", scheme_name="National Family Benefit Scheme", section="benefits",
                    text="Under NFBS, the household receives a one-time lump sum of ₹20,000. It is paid once.",
                    url="https://www.myscheme.gov.in/schemes/nfbs#benefits", chunk_id="nfbs:benefits:0", score=1.0)
    replies = [Reply(kind="info", text="विधवा महिला के लिए ये योजनाएँ मदद कर सकती हैं:"),
               Reply(kind="answer", text="", citations=[cite, cite.model_copy(update={"n": 2})])]
    first = sms_pages(replies, "hi")[0]
    assert "[1] Under NFBS, the household receives a one-time lump sum of Rs.20,000." in first
    assert "myscheme.gov.in/schemes/nfbs" in first


def test_a_hindi_verdict_entry_with_an_english_name_and_quote_stays_gsm7_on_sms():
    """A newcomer trial: "1. ...Widow Pension Scheme: संभवतः पात्र" made its page UCS-2, and its quote went to the next page."""
    entry = ("1. Indira Gandhi National Widow Pension Scheme: संभवतः पात्र\n   \u201cThe applicant should belong to a household living "
             "below the poverty line according to the criteria prescribed by the Govt. of India\u201d https://www.myscheme.gov.in/schemes/ignwps")
    second = "2. Old Age Home (Sahara) (Bihar): संभवतः पात्र\n   \u201cApplicants should be in the BPL category.\u201d https://www.myscheme.gov.in/schemes/oah"
    pages = sms_pages([Reply(kind="eligibility", text=f"{entry}\n\n{second}")], "hi", 3)
    assert pages[0].startswith("1. Indira Gandhi National Widow Pension Scheme: shayad patra\n   \"The applicant should belong")
    assert all(is_gsm7(p) for p in pages)
    # a Hindi quote keeps the Hindi label (the page is UCS-2 anyway)
    hindi = sms_pages([Reply(kind="eligibility", text="1. विधवा पेंशन: संभवतः पात्र\n   \u201cआवेदक विधवा हो।\u201d https://example.org/x")], "hi", 3)
    assert "संभवतः पात्र" in hindi[0]


def test_a_word_too_long_for_a_part_is_never_cut_between_a_letter_and_its_vowel_sign():
    parts = split_text("मुझेनहींपता", 3)
    assert "".join(parts) == "मुझेनहींपता" and parts == ["मु", "झेन", "हीं", "पता"]


def test_the_note_before_a_hindi_verdict_shares_its_first_sms_page():
    """A newcomer trial: "ठीक है, छोड़ दिया।" and the heading filled a UCS-2 page of their own before the first entry."""
    entry = ("आपके उत्तरों के आधार पर यह मिला।\n\n1. Indira Gandhi National Widow Pension Scheme: संभवतः पात्र\n   \u201cThe applicant "
             "should belong to a household living below the poverty line.\u201d https://www.myscheme.gov.in/schemes/ignwps")
    pages = sms_pages([Reply(kind="info", text="ठीक है, छोड़ दिया।"), Reply(kind="eligibility", text=entry)], "hi", 3)
    assert pages[0].startswith("Theek hai, chhod diya.\n\nAapke jawabon se yeh mila.\n\n1. Indira Gandhi National Widow Pension Scheme: shayad patra")
    # a note with no verdict after it stays in Hindi
    assert sms_pages([Reply(kind="info", text="ठीक है, छोड़ दिया।")], "hi", 3) == ["ठीक है, छोड़ दिया।"]


def test_sms_a_later_quote_that_fits_whole_fills_the_room_a_long_quote_cannot_start_in():
    """sms_pages benchmark: a page two fifths empty had waited for [2], whose first sentence and source did not fit it,
    while the short [3] would have; [3] comes up with its marker and source, [2] starts the next page."""
    first = "A pension of ₹500 per month is paid to each person aged 60 years or above."
    long_sentence = "Financial help " + "for the family of a registered worker " * 8 + "is paid once."
    short = "Apply at the block office."
    reply = Reply(kind="answer", text="", citations=[_citation(1, first), _citation(2, long_sentence), _citation(3, short)])
    pages = sms_pages([reply], "en", segments=3)
    source = "\nSource: Pradhan Mantri Kisan Samman Nidhi, myscheme.gov.in/schemes/pm-kisan"
    assert pages[0] == ("[1] A pension of Rs.500 per month is paid to each person aged 60 years or above." + source
                        + "\n\n[3] Apply at the block office." + source + "\nReply MORE for the rest.")
    assert pages[1].startswith("[2] Financial help for the family") and len(pages) == 2
    # the same three quotes with a short [2]: the order is kept when each starts where it comes
    reply = Reply(kind="answer", text="", citations=[_citation(1, first), _citation(2, short), _citation(3, long_sentence)])
    assert [p[:4] for p in sms_pages([reply], "en", segments=3)] == ["[1] ", "[3] "] and "[2] Apply" in sms_pages([reply], "en", 3)[0]


def test_sms_a_later_quote_comes_up_with_its_scheme_name_shortened_when_the_whole_name_leaves_no_room():
    """sms_pages benchmark: the room left after [1] held [3] with its scheme name shortened, not with the whole name;
    [3] had waited for a page of its own. The name is shortened, never left out."""
    first = ("A pension of ₹500 per month is paid to each person aged 60 years or above who has no other pension "
             "and whose family is on the list of households below the poverty line kept by the gram panchayat of the village "
             "where the person lives.")
    long_sentence = "Financial help " + "for the family of a registered worker " * 8 + "is paid once."
    name = "Mukhyamantri Shramik Parivar Kalyan Evam Shiksha Sahayata Yojana"
    other = Citation(n=3, scheme_id="mspk", scheme_name=name, section="application_process", text="Apply at the block office.",
                     url="https://www.myscheme.gov.in/schemes/mspk#application-process", chunk_id="mspk:application_process:0", score=1.0)
    reply = Reply(kind="answer", text="", citations=[_citation(1, first), _citation(2, long_sentence), other])
    pages = sms_pages([reply], "en", segments=3)
    assert pages[0].endswith("\n\n[3] Apply at the block office.\nSource: Mukhyamantri Shramik Parivar Kal..., "
                             "myscheme.gov.in/schemes/mspk\nReply MORE for the rest.")
    assert pages[1].startswith("[2] Financial help for the family") and len(pages) == 2
    assert all(sms_fits(p, 3) for p in pages)


def test_sms_no_later_quote_comes_up_ahead_of_the_first():
    """A break-it trial: "kisan ke liye yojana" by SMS had a page of the list's heading and "[2]" alone, "[1]" on MORE;
    the first quote starts under the heading (a sentence longer than a page cut between words), the second follows."""
    heading = Reply(kind="info", text="Schemes that match (first 5; reply MORE for the next):")
    long_sentence = "The limit for the first year is worked out " + "from the scale of finance for the crop and the area " * 7 + "grown."
    short = "Apply at the block office."
    reply = Reply(kind="answer", text="", citations=[_citation(1, long_sentence), _citation(2, short)])
    pages = sms_pages([heading, reply], "en", segments=3)
    assert pages[0].startswith("Schemes that match (first 5; reply MORE for the next):\n\n[1] The limit for the first year")
    assert "[2]" not in pages[0] and pages[1].startswith("[1] ...") and "[2] Apply at the block office." in pages[1]
    assert all(sms_fits(p, 3) for p in pages)


def test_a_turn_opening_with_notes_shows_its_answer_on_the_first_sms_page():
    """A newcomer trial: a Hindi widow's first SMS page held only "नोट किया: ..." and the privacy note; the first scheme came
    after MORE. The answer's first quote comes on page 1, the notes that do not fit beside it after it, nothing lost."""
    noted = Reply(kind="info", text="नोट किया: राज्य उत्तर प्रदेश, वैवाहिक स्थिति विधवा/विधुर, लिंग महिला, निवास शहर।")
    notice = Reply(kind="info", text="आपकी बताई जानकारी 30 दिन रखूँगा; मिटाने के लिए DELETE भेजें।")
    answer = Reply(kind="answer", text="", citations=[_citation(1, "Each eligible farmer family receives Rs. 6,000 per year in three "
                                                                  "instalments of Rs. 2,000 each, paid directly into the bank account."),
                                                      _citation(2, "The instalments come every four months. " * 3)])
    pages = sms_pages([noted, notice, answer], "hi", 3)
    # (here not even the first note fits beside the quote: the page is the quote's, and in Latin letters it stays GSM-7)
    assert pages[0].startswith("[1] Each eligible farmer family") and is_gsm7(pages[0])
    assert all(sms_fits(p, 3) for p in pages)
    assert [sum(n.text in p for p in pages) for n in (noted, notice)] == [1, 1]  # the notes come later, once each
    short = Reply(kind="answer", text="", citations=[_citation(1, "Rs. 6,000 per year.")])
    assert sms_pages([noted, notice, short, answer], "hi", 3)[0].startswith(noted.text)  # a note that fits stays first
    # a heading goes with what it introduces: on page 1 before the first quote, not after the schemes (a re-check trial)
    heading = Reply(kind="info", text="These schemes can help a farmer:")
    pages = sms_pages([noted, notice, heading, answer], "en", 3)
    assert heading.text in pages[0] and pages[0].index(heading.text) < pages[0].index("[1] ")


def test_the_note_of_items_left_at_the_link_is_never_cut_with_the_scheme_name():
    """A newcomer trial: KALIA's quote over SMS showed "Source: Krushak Assistance For Livelihoo..." and its fourth benefit,
    left at the link, was lost without a word: the note had been part of the name, and cut with it."""
    name = "Krushak Assistance For Livelihood And Income Augmentation (KALIA)"
    c = Citation(n=1, scheme_id="kalia", scheme_name=name, section="benefits", text="1. Rs.12,500 for each landless household. " * 9,
                 url="https://www.myscheme.gov.in/schemes/kalia#benefits", chunk_id="kalia:benefits:0", score=1.0, more_items=1)
    pages = sms_pages([Reply(kind="answer", text="", citations=[c])], "en", 3)
    assert "(1 more item at the link)" in pages[0] and all(sms_fits(p, 3) for p in pages)


def test_an_sms_verdicts_own_more_line_ends_its_last_page_not_a_page_of_its_own():
    """A verdict ending "Reply MORE for 2 more." had it as a page alone, after a page ending "Reply MORE for the rest."
    (the same thing said twice, a page spent on it). Over verdicts of growing length, the line is never a page alone."""
    merged = 0
    for extra in range(0, 80):
        entries = "\n\n".join(f"{i}. Scheme number {i}: likely eligible\n   \u201cThe applicant must be a resident of the state and at least "
                              f"{18 + i} years old.\u201d https://www.myscheme.gov.in/schemes/s{i}" for i in range(1, 4))
        text = (f"Here is what I found from your answers.\n\n{entries}\n\nNot eligible on your answers: 5 schemes. {'word ' * extra}\n\n"
                "I checked only the conditions quoted; please confirm at the official link before you apply.\n\nReply MORE for 2 more.")
        pages = sms_pages([Reply(kind="eligibility", text=text)], "en", 3)
        assert all(sms_fits(p, 3) for p in pages) and pages[-1].endswith("Reply MORE for 2 more.")
        assert all(p.strip() != "Reply MORE for 2 more." for p in pages), pages
        assert all(p.endswith("\nReply MORE for the rest.") for p in pages[:-1]) and "for the rest" not in pages[-1]
        merged += pages[-1].endswith("before you apply.\nReply MORE for 2 more.")
    assert merged  # some of them needed the line in place of the page footer


def test_an_sms_list_whose_first_quote_cannot_join_its_heading_leaves_the_heading_out_not_a_page_alone():
    """A break-it trial: "scholarship for OBC students in Maharashtra" over SMS had a first page of "Schemes that match
    (first 5; reply MORE for the next):" and "Reply MORE for the rest." alone, the first quote being too long to join it.
    The list's own heading (field ``list_head``) gives way, its quotes keep their numbers; another heading is kept."""
    from retrieval.answer import Citation

    sentence = ("Courses at degree and post graduate level, research degrees and post doctoral work in medicine, engineering, "
                "technology, planning, architecture, design, fashion technology, agriculture, veterinary and allied sciences, "
                "management, business finance and administration, and computer science and applications, with their allied "
                "subjects, are all covered by it in India.")
    cites = [Citation(n=n, scheme_id=f"s{n}", scheme_name=f"Scholarship {n}", section="benefits", text=text,
                      url=f"https://www.myscheme.gov.in/schemes/s{n}#benefits", chunk_id=f"s{n}:benefits:0", score=1.0)
             for n, text in ((1, sentence), (2, "Rs. 500 a month for ten months."))]
    answer = Reply(kind="answer", text="", citations=cites)
    head = Reply(kind="info", text="Schemes that match (first 2; reply MORE for the next):", field="list_head")
    pages = sms_pages([head, answer], "en", 3)
    assert pages[0].startswith("[1] Courses at degree") and pages[0].endswith("\nReply MORE for the rest.") and all(sms_fits(p, 3) for p in pages)
    assert not any("Schemes that match" in p for p in pages)
    # a quote that fits beside the heading without its "; reply MORE for the next", which the page footer says: so sent
    short = answer.model_copy(update={"citations": [cites[0].model_copy(update={"text": sentence[:-25] + "."}), cites[1]]})
    assert sms_pages([head, short], "en", 3)[0].startswith("Schemes that match (first 2):\n\n[1] Courses at degree")
    kept = sms_pages([head.model_copy(update={"field": None}), answer], "en", 3)  # (not a list's own heading: kept, as before)
    assert kept[0].startswith("Schemes that match (first 2; reply MORE for the next):")
