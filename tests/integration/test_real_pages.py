"""The bot on the real corpus: the ~2,000 saved myScheme pages of ../shared (skipped without it).

States (named in any script, said earlier, or asked for), lists for discovery questions, the passage
that states the amount, FAQ-only pages, closed schemes, and declines for what the pages do not say.
"""

import re
import uuid

import pytest

from conversations.eligibility_flow import EligibilityFlow
from conversations.engine import Engine
from conversations.rulebook import build_rulebook
from conversations.store import RedisStore, UserKey
from conversations.types import InboundMessage
from retrieval.answer import Answerer, verify
from retrieval.query import POST_MATRIC, PRE_MATRIC


@pytest.fixture(scope="module")
def answerer(pages_index):
    return Answerer(pages_index)


@pytest.fixture(scope="module")
def flow(pages_index):
    return EligibilityFlow(build_rulebook(pages_index))


@pytest.fixture
def engine(answerer, flow):
    return Engine(answerer, RedisStore.embedded(), secret=uuid.uuid4().bytes, eligibility=flow)


def say(engine, text, user="u1"):
    return engine.handle_turn(InboundMessage(channel="telegram", user_id=user, text=text)).replies


def answer_of(replies):
    return next(r for r in replies if r.kind == "answer")


def test_widow_pension_names_the_national_one_offers_the_states_then_answers_for_one(engine, pages_index):
    # (the national widow pension, whose details are tagged "Widow" and "Pension", leads: quoted, with the states that
    # run their own; it had asked the state first, ranked by words alone)
    first = say(engine, "vidhwa pension kitna milta hai")
    assert [r.kind for r in first] == ["answer", "info"] and first[0].citations[0].scheme_id == "ignwps"
    assert first[1].text.startswith("Rajya bhi is yojana ke apne roop chalate hain")  # said in Hinglish, as it was asked
    second = say(engine, "Bihar")
    assert second[0].text == "Note kiya: aap Bihar mein rehte hain."
    top = answer_of(second).citations[0]
    assert (top.scheme_id, top.section) == ("lbsspy", "benefits") and "Rs. 300/- per month" in top.text
    assert pages_index.schemes[top.scheme_id].state == "Bihar"
    # "and in punjab?" asks the same question for Punjab
    top = answer_of(say(engine, "and in punjab?")).citations[0]
    assert pages_index.schemes[top.scheme_id].state == "Punjab" and "1,500" in top.text


def test_a_what_if_state_keeps_its_follow_ups_and_the_next_question_goes_back_home(engine, pages_index):
    """A trial: "and in Punjab?" from someone living in Bihar, then "how much is the old age pension?", had quoted
    Punjab's old age pension."""
    user = "what-if-" + uuid.uuid4().hex[:6]
    assert answer_of(say(engine, "I live in Bihar. how much is the widow pension?", user)).citations[0].scheme_id == "lbsspy"
    punjab = answer_of(say(engine, "and in Punjab?", user)).citations[0]
    assert pages_index.schemes[punjab.scheme_id].state == "Punjab"
    docs = answer_of(say(engine, "documents?", user)).citations[0]
    assert (docs.scheme_id, docs.section) == (punjab.scheme_id, "documents")  # the follow-up stays in Punjab
    top = answer_of(say(engine, "how much is the old age pension?", user)).citations[0]
    assert pages_index.schemes[top.scheme_id].state == "Bihar" and "₹400/-" in top.text


def test_a_follow_up_in_the_state_asked_about_says_so_and_a_new_question_goes_home(engine, pages_index):
    """A break-it trial: a Bihar resident asked "old age pension in punjab kitna hai", then "old age pension kitna milta hai",
    and read Punjab's ₹1,500 with only its source naming Punjab."""
    user = "asked-about-" + uuid.uuid4().hex[:6]
    say(engine, "I live in Bihar", user)
    assert pages_index.schemes[answer_of(say(engine, "old age pension in punjab kitna hai", user)).citations[0].scheme_id].state == "Punjab"
    again = say(engine, "old age pension kitna milta hai", user)
    assert pages_index.schemes[answer_of(again).citations[0].scheme_id].state == "Punjab"
    assert again[-1].text.startswith("Maine kendriya yojanayein aur Punjab ki yojanayein dekhin.")
    home = say(engine, "vidhwa pension kitni milti hai", user)
    assert answer_of(home).citations[0].scheme_id == "lbsspy"


def test_after_the_central_answer_a_state_puts_its_own_version_first_and_documents_follow_it(engine):
    """A newcomer's "widow pension" then "bihar" got the national pension first and Bihar's second, so "documents?"
    gave the national pension's documents: the state's own version comes first, and the follow-up is about it."""
    say(engine, "widow pension", user="w2")
    second = answer_of(say(engine, "bihar", user="w2"))
    assert second.citations[0].scheme_id == "lbsspy"
    docs = answer_of(say(engine, "documents?", user="w2")).citations[0]
    assert (docs.scheme_id, docs.section) == ("lbsspy", "documents")


def test_the_scheme_named_by_the_question_outranks_one_whose_text_repeats_its_name(answerer, pages_index):
    # the widow remarriage gift (vvuy) says "widow pension" in its eligibility and documents more often
    # than Rajasthan's widow pension scheme, whose name is "... Vidhva Pension Yojana"
    ranked = answerer.retrieve("widow pension", state="Rajasthan")[0].ranked_ids
    assert ranked[:2] == ["ignvpyrr", "vvuy"]
    assert pages_index.schemes["ignvpyrr"].name == "Indira Gandhi National Vidhva Pension yojana"


def test_a_state_said_earlier_steers_the_answer(engine):
    noted = say(engine, "I live in Uttar Pradesh")
    assert noted[0].text.startswith("Noted: state Uttar Pradesh.")
    replies = say(engine, "widow pension amount")
    top = answer_of(replies).citations[0]
    assert top.scheme_id == "wpup" and "₹1,000/- per month" in top.text
    assert replies[-1].text.startswith("I looked at central schemes and those of Uttar Pradesh.")


@pytest.mark.parametrize("question,state", [
    ("उत्तराखंड विधवा पेंशन के लिए उम्र सीमा क्या है", "Uttarakhand"),
    ("haryana widow pension how much now", "Haryana"),
    ("up me vidhwa pension kitni milti hai", "Uttar Pradesh"),
    ("tamilnadu scheme for girl students going to college", "Tamil Nadu"),
    ("puducherry journalist pension", "Puducherry"),
])
def test_a_named_state_restricts_the_schemes(answerer, pages_index, question, state):
    ans = answerer.ask(question)
    assert ans.state == state
    for sid in ans.ranked_scheme_ids[:10]:
        s = pages_index.schemes[sid]
        assert s.level == "central" or s.state == state, (sid, s.state)
    assert pages_index.schemes[ans.ranked_scheme_ids[0]].state == state


def test_a_family_name_never_picks_another_states_scheme(answerer, pages_index):
    # "Maternity Benefit" is the name of several states' workers' board schemes: with Delhi named, none
    # of another state may be quoted; with no state, none of them is "named"
    ans = answerer.ask("maternity benefit for construction workers in delhi how much")
    assert all(pages_index.schemes[c.scheme_id].state in (None, "Delhi") for c in ans.citations)
    r, _ = answerer.retrieve("maternity benefit scheme")
    assert not [m for m in r.user_mentions if m.indexed] and len(r.family) >= 2


def test_discovery_question_gets_a_list_and_more(engine, answerer, pages_index):
    ans = answerer.ask("kerala govt schemes for transgender people")
    assert ans.status == "answered" and ans.list_answer and len(ans.citations) == 5 and verify(pages_index, ans)
    assert {pages_index.schemes[c.scheme_id].state for c in ans.citations} == {"Kerala"}
    assert {"sts", "faphfts", "vstspdec"} <= {c.scheme_id for c in ans.citations}
    assert ans.more_scheme_ids == []  # the rest score under half the first: no list of stray matches
    assert say(engine, "kerala govt schemes for transgender people", user="one")[0].text == "Schemes that match (5):"
    replies = say(engine, "subsidy schemes for coffee growers in north east", user="list")
    assert replies[0].text == "Schemes that match (first 5; reply MORE for the next):"
    shown = {c.scheme_id for c in answer_of(replies).citations}
    more = say(engine, "more", user="list")
    assert more[0].kind == "info" and "myscheme.gov.in/schemes/cdpner" in more[0].text
    # numbered on from the first page: [6], never a second [1]
    assert more[0].text.startswith("[6] ") and "\n[1] " not in more[0].text
    assert not any(f"/schemes/{sid}#" in more[0].text for sid in shown)


def test_a_scheme_tagged_for_another_group_comes_after_the_others_in_a_list(answerer, pages_index):
    """A trial: "scholarship for SC students in Tamil Nadu" listed first Tamil Nadu's "Scholarship (Above VIII
    Standard)", which is for students with disabilities: its name does not say so, its myScheme tags do."""
    assert "Different Abled Person" in pages_index.schemes["saviiisbwodap"].tags
    ans = answerer.ask("scholarship for SC students in Tamil Nadu")
    assert ans.status == "answered" and ans.list_answer and verify(pages_index, ans)
    # (after every scheme listed that is not for another group; since "SC" also finds "Scheduled Caste", the SC
    # scholarships fill the first page and it comes on MORE)
    listed = [c.scheme_id for c in ans.citations] + list(ans.more_scheme_ids)
    assert listed[0] == "pmsfss" and "saviiisbwodap" in listed[1:]
    assert all(pages_index.for_another_group(sid, "scholarship for SC students in Tamil Nadu")
               for sid in listed[listed.index("saviiisbwodap"):])
    assert pages_index.for_another_group("saviiisbwodap", "scholarship for SC students in Tamil Nadu")
    assert not pages_index.for_another_group("saviiisbwodap", "scholarship for differently abled students in Tamil Nadu")


def test_a_kind_of_help_for_a_group_is_listed_central_schemes_first_when_no_state_is_known(answerer, pages_index):
    """Trials on the pages: "schemes for disabled people" had been declined ("people" is in few of the disability
    schemes' passages, and weighed as if the question asked about it); "विकलांग के लिए पेंशन" quoted one state's
    pension; "schemes for widows" listed Rajasthan's before the national widow pension."""
    ans = answerer.ask("schemes for disabled people")
    assert ans.status == "answered" and ans.list_answer and verify(pages_index, ans)
    assert "igndps" in {c.scheme_id for c in ans.citations}
    ans = answerer.ask("विकलांग के लिए पेंशन")
    assert ans.list_answer and ans.citations[0].scheme_id == "igndps" and len(ans.citations) == 5
    # a kind of help before "योजना" is no scheme's name ("पेंशन योजना" had been declined as a scheme I do not know)
    ans = answerer.ask("तमिलनाडु में बुजुर्गों के लिए पेंशन योजना")
    assert ans.list_answer and ans.decline_reason is None and {"ignoapstn", "nsap-ignoaps"} & {c.scheme_id for c in ans.citations}
    ans = answerer.ask("schemes for widows")
    levels = [pages_index.schemes[c.scheme_id].level for c in ans.citations]
    assert ans.citations[0].scheme_id == "ignwps" and levels == sorted(levels, key=lambda level: level == "state")


def test_one_states_scheme_named_in_other_words_is_answered_without_asking_the_state(answerer, pages_index):
    """"sanjay gandhi niradhar yojana" (the page's name says "Grant Scheme") names Maharashtra's scheme only:
    the bot asked which state the user lives in (a newcomer trial). "kanya vivah yojana" names a family of
    states' schemes and still asks."""
    ans = answerer.ask("sanjay gandhi niradhar yojana kitna paisa milta hai")
    assert ans.status == "answered" and ans.citations[0].scheme_id == "sgngs" and "600" in ans.citations[0].text
    assert pages_index.schemes["sgngs"].state == "Maharashtra"
    assert answerer.ask("kanya vivah yojana kitna paisa milta hai").status == "clarify"


def test_an_amount_question_quotes_the_rates_table_with_its_header(answerer):
    """"post matric scholarship kitna milta hai" quoted "Note 2. Students pursuing C.A. /I.C.W.A. /C.S." (the
    benefits chunk that matched best, with no figure), and the Punjab page's rates without the header row
    naming the columns (a newcomer trial)."""
    top = answerer.ask("post matric scholarship kitna milta hai").citations
    sc = next(c for c in top if c.scheme_id == "pmsfss")
    assert sc.text.startswith("Category Of Courses | Hostellers (Yearly) | Day Scholars ( Yearly)") and "₹ 13,000/-" in sc.text
    punjab = answerer.ask("पोस्ट मैट्रिक छात्रवृत्ति पंजाब में कितनी मिलती है").citations[0]
    assert punjab.scheme_id == "pmssc" and punjab.text.startswith("Category of courses | Hostellers | Day Scholars")


def test_what_there_is_is_quoted_from_what_a_scheme_gives_not_from_an_faq(answerer):
    """"disability pension in Maharashtra" quoted IGNDPS's FAQ "Can I Apply For Multiple Disabilities? Yes."
    (a newcomer trial): a question that asks what there is gets the scheme's benefits."""
    ans = answerer.ask("disability pension in Maharashtra")
    assert ans.citations and all(c.section == "benefits" and "per month" in c.text for c in ans.citations)
    r, _ = answerer.retrieve("disability pension in Maharashtra")
    assert all(answerer.index.chunks[s.hit.chunk].section != "faqs" for s in r.schemes[:3])


def test_a_page_placed_by_nothing_but_its_slug(pages_index):
    # Goa's funeral assistance page names no state in its header or text: indexed as central, it was offered everywhere
    assert (pages_index.schemes["assy-goa"].level, pages_index.schemes["assy-goa"].state) == ("state", "Goa")


def test_a_page_of_faqs_alone_gets_the_state_its_answers_name(pages_index):
    # Mukhyamantri Kisan Sahay Yojana: "apply on the website of the Revenue Department of Gujarat"; indexed
    # as central, it was quoted to farmers of every state
    assert (pages_index.schemes["mksy"].level, pages_index.schemes["mksy"].state) == ("state", "Gujarat")


def test_a_states_own_version_of_a_central_scheme_is_found_by_its_name(engine):
    # the user named Rajasthan after the national widow pension's answer: Rajasthan's own version (₹1,000
    # a month), not the national ₹300 again; not the remarriage gift, whose name shares only "Vidhva"
    assert engine._state_version("ignwps", "vidhwa pension kitna milta hai", "Rajasthan") == "ignvpyrr"
    # Bihar's widow pension has a name of its own (Lakshmi Bai ... Pension Yojana): the state's clear first for
    # the question, a pension, and its text says "widow"
    assert engine._state_version("ignwps", "vidhwa pension kitna milta hai", "Bihar") == "lbsspy"
    assert engine._state_version("nsap-ignoaps", "old age pension kitna milta hai", "Maharashtra") == "sbssps"
    # ... never one reserved for other people: Uttarakhand's farmers' pension is not its old age pension
    assert engine._state_version("nsap-ignoaps", "old age pension kitna milta hai", "Uttarakhand") is None
    # another state's scheme has versions too ("and in Haryana?" after Rajasthan's widow pension), not its own state
    assert engine._state_version("ignvpyrr", "vidhwa pension kitna milta hai", "Haryana") == "ptwadw"
    assert engine._state_version("ignvpyrr", "vidhwa pension kitna milta hai", "Rajasthan") is None
    # Haryana's "Old Age Samman Allowance" is its version of the national old age pension: "old age" are the
    # words of what the schemes are for ("National", "Indira Gandhi", "Scheme" say who runs them)
    assert engine._state_version("nsap-ignoaps", "old age pension documents", "Haryana") == "oasas"
    # a word of the name and its gloss count once: Bihar's livestock insurance (Pashu Bima, "bima" = "insurance") is no
    # version of the crop insurance (Fasal Bima), nor is its crop assistance (Fasal Sahayata, no insurance)
    assert engine._state_version("pmfby", "fasal bima kaise apply kare", "Bihar") is None
    # and "हरियाणा में?" after the national scheme's documents gets Haryana's own, not "the same everywhere"
    for user, turns in (("hr", ["old age pension in UP how much?", "documents for this?", "and bihar?"]),):
        for text in turns:
            say(engine, text, user=user)
        top = answer_of(say(engine, "हरियाणा में?", user=user)).citations[0]
        assert top.scheme_id == "oasas" and top.section == "documents", user


def test_a_list_continued_on_sms_keeps_each_quote_with_its_source(pages_index):
    from bot.render import sms_pages
    from tests.conftest import flow_engine

    engine = flow_engine(pages_index)
    engine.pagers["sms"] = lambda replies, lang: sms_pages(replies, lang, 3)

    def sms(text):
        from conversations.types import InboundMessage

        return engine.handle_turn(InboundMessage(channel="sms", user_id="+919900000001", text=text)).replies[0].text

    pages = [sms("subsidy schemes for coffee growers in north east")]
    while "MORE" in pages[-1].rsplit("\n", 1)[-1] and len(pages) < 15:  # the page's last line asks for MORE
        pages.append(sms("more"))
    later = [p for p in pages if "myscheme.gov.in/schemes/cdpner" in p]  # a scheme of the list's second batch
    assert later and all(re.search(r"\nSource: [^\n]*myscheme\.gov\.in/schemes/cdpner", p) for p in later), pages


def test_a_named_state_filters_but_does_not_rank_by_its_own_name(answerer, pages_index):
    # at full weight "Bihar" made the Bihar Startup Policy and the Bihar Student Credit Card candidates
    # for a widow's pension, and the question was declined
    ans = answerer.ask("widow pension in Bihar")
    assert ans.status == "answered" and ans.state == "Bihar" and verify(pages_index, ans)
    assert set(ans.ranked_scheme_ids[:2]) == {"ignwps", "lbsspy"}
    assert not {"bsp", "bsccs"} & set(ans.ranked_scheme_ids[:5])


def test_a_states_scheme_sharing_only_common_words_is_not_boosted_over_the_national_one(answerer, pages_index):
    # Kerala's Viswakarma pension holds "pension amount" and no widow: counted word for word it tied the national
    # widow pension ("widow pension"), took the state's boost, and the question was declined as doubtful
    ans = answerer.ask("widow pension amount in Kerala")
    assert ans.status == "answered" and ans.state == "Kerala" and verify(pages_index, ans)
    assert ans.ranked_scheme_ids[0] == "ignwps" and "vps" not in ans.ranked_scheme_ids[:2]
    assert ans.citations[0].text.startswith("A pension of Rs.300/- per month is provided to Widows")


def test_a_states_scheme_holding_only_synonyms_of_the_words_is_not_boosted_over_the_one_named_by_them(answerer, pages_index):
    # Kerala has no old-age pension of its own; its glucometer scheme for "elderly diabetic ... old age persons" held
    # "old", "age" and the glossary's "elderly" and "senior" besides, outweighed the national scheme's benefits chunk ("a
    # monthly pension"), took the state's boost, and the question was declined
    ans = answerer.ask("old age pension amount in Kerala")
    assert ans.status == "answered" and ans.state == "Kerala" and verify(pages_index, ans)
    assert ans.ranked_scheme_ids[0] == "nsap-ignoaps"
    assert ans.citations[0].text == "A monthly pension of ₹ 200 up to 79 years and ₹ 500 thereafter."


def test_a_life_event_only_states_serve_asks_the_state_then_lists_that_states_schemes(engine, pages_index):
    # a trial: "beti ki shadi hai, madad chahiye" with no state known quoted Chandigarh's aid for the daughters of SC
    # widows (no central scheme gives marriage aid; the states' own do)
    asked = say(engine, "beti ki shadi hai, madad chahiye", user="marriage")
    assert len(asked) == 1 and asked[0].kind == "question" and asked[0].field == "state"
    assert asked[0].text.startswith("Beti ki shadi ke liye har rajya ki apni yojanayein hain (jaise ")
    replies = say(engine, "Bihar", user="marriage")
    listed = answer_of(replies)
    assert listed.citations[0].scheme_id == "mkvy" and "marriage of the girl child" in listed.citations[0].text
    assert {pages_index.schemes[c.scheme_id].state for c in listed.citations} <= {"Bihar", None}
    # a state none of whose schemes (nor a central one) serves it: said so, with the official search (a newcomer trial in
    # Odisha got an education grant and an artists' pension quoted)
    say(engine, "I live in Ladakh", user="marriage-ladakh")
    none = say(engine, "beti ki shadi hai, madad chahiye", user="marriage-ladakh")
    assert [r.kind for r in none] == ["decline"] and none[0].text.startswith(
        "Beti ki shadi ke liye kendra ki ya Ladakh ki aisi koi yojana nahi mili jise main bharose se quote kar sakun.")
    assert none[0].links == ["https://www.myscheme.gov.in/search"]


@pytest.mark.parametrize("question,words", [
    ("can a government employee get pm kisan", "All serving or retired officers and employees of Central/ State Government"),
    ("kya sarkari karmchari ko pm kisan milta hai", "All serving or retired officers and employees of Central/ State Government"),
    ("who is not eligible for pm kisan", "shall not be eligible for benefit under the scheme"),
    ("pm kisan ke liye kaun eligible nahi hai", "shall not be eligible for benefit under the scheme"),
])
def test_who_cannot_get_a_scheme_is_quoted_from_its_exclusions(answerer, pages_index, question, words):
    # a newcomer trial: each was quoted "All landholding farmers' families ... are eligible" (or the Rs. 6000), so a
    # government employee read that he qualifies; the page excludes him
    ans = answerer.ask(question)
    top = ans.citations[0]
    assert (ans.status, top.scheme_id, top.section) == ("answered", "pm-kisan", "exclusions") and words in top.text
    assert verify(pages_index, ans)


def test_who_can_apply_is_still_quoted_from_eligibility(answerer):
    top = answerer.ask("who is eligible for pm kisan").citations[0]
    assert (top.scheme_id, top.section) == ("pm-kisan", "eligibility")


@pytest.mark.parametrize("question,scheme", [
    ("vidva pension bihar", {"ignwps", "lbsspy"}),  # "vidva" mended to "vidhva", and so "widow"
    ("vidva pensan bihar me kitna milta h", {"ignwps", "lbsspy"}),
    ("बुढ़ापा पेंशन राजस्थान में कितनी है", {"mvspy", "nsap-ignoaps", "ignvpyr"}),  # "बुढ़ापा" is old age, as "vriddhjan" is
    ("राजस्थान में बुढ़ापा पेंशन कितनी मिलती है", {"mvspy", "nsap-ignoaps", "ignvpyr"}),
])
def test_a_pension_asked_in_a_misspelling_or_in_hindi_is_answered(answerer, pages_index, question, scheme):
    # a newcomer trial: each was declined, though the same question in other words was answered
    ans = answerer.ask(question)
    assert ans.status == "answered" and ans.citations[0].scheme_id in scheme and verify(pages_index, ans)


def test_a_helpline_is_quoted_where_the_page_gives_one_and_declined_where_it_does_not(answerer, pages_index):
    # a newcomer trial: "helpline number kya hai" about Ujjwala got the scheme's launch history
    none = answerer.ask("ujjwala helpline number kya hai")
    assert (none.status, none.decline_reason) == ("declined", "not_stated")
    given = answerer.ask("swanath scholarship helpline number")
    assert given.status == "answered" and "helpdesk@nsp.gov.in" in given.citations[0].text and verify(pages_index, given)


def test_a_status_check_asked_after_a_scheme_is_quoted_from_its_step_that_says_how(engine, pages_index):
    # a newcomer trial: after "pm kisan", "how to check status" and "status kaise dekhe" were declined (the second as no
    # scheme question), though PM-KISAN's application steps say how
    say(engine, "pm kisan", user="status")
    for text in ("how to check status", "status kaise dekhe", "स्टेटस कैसे देखें"):
        top = answer_of(say(engine, text, user="status")).citations[0]
        assert (top.scheme_id, top.text) == ("pm-kisan", "Step 7: Check the Beneficiary status through the Aadhaar number."), text


@pytest.mark.parametrize("question", ["barish se fasal kharab ho gayi claim kaise kare", "फसल खराब हो गई, क्लेम कैसे करें",
                                      "how to claim crop insurance after rain damage"])
def test_a_claim_after_a_crop_loss_is_quoted_from_the_claim_steps(engine, question):
    # a newcomer trial: the Hinglish question got the list of schemes for a crop loss; then the application's first steps
    top = answer_of(say(engine, question, user=f"claim-{len(question)}")).citations[0]
    assert top.scheme_id == "pmfby" and "within 72 hours" in top.text and top.text.startswith("How to Claim?")


def test_a_discovery_question_of_one_word_and_a_state_gets_that_states_list(answerer, pages_index):
    ans = answerer.ask("schemes for farmers in Rajasthan")
    assert ans.status == "answered" and ans.list_answer and len(ans.citations) >= 3 and verify(pages_index, ans)
    assert {pages_index.schemes[c.scheme_id].state for c in ans.citations} <= {"Rajasthan", None}
    for c in ans.citations:  # each listed scheme is for farmers (its quote is what it gives, which may not say so)
        scheme = pages_index.schemes[c.scheme_id]
        text = " ".join([*scheme.sections.values(), *(f.question + " " + f.answer for f in scheme.faqs)])
        assert "farmer" in text.lower(), c.scheme_id


def test_faq_only_page_is_answered_from_its_faq(answerer):
    ans = answerer.ask("can I open a joint account under jan dhan")
    top = ans.citations[0]
    assert (ans.status, top.scheme_id, top.section) == ("answered", "pmjdy", "faqs")
    assert "joint account" in top.text


def test_closed_scheme_is_said_to_be_closed(answerer, pages_index):
    closed = sorted(sid for sid, s in pages_index.schemes.items() if s.closed)
    assert "bocs" in closed and len(closed) >= 20
    ans = answerer.ask(f"{pages_index.schemes['bocs'].name} benefits")
    top = ans.citations[0]
    assert top.scheme_id == "bocs" and top.closed and "CLOSED" in top.source_line()


def test_how_to_apply_quotes_the_whole_list_or_says_what_is_left(answerer, pages_index):
    ans = answerer.ask("how to apply for ujjwala")
    top = ans.citations[0]
    assert (top.scheme_id, top.section) == ("pmuy", "application_process")
    section = pages_index.section_text("pmuy", "application_process")
    assert top.start == 0 and (top.end == len(section.rstrip()) or top.more_items > 0)
    assert "Generate Reference number" in top.text  # step 13, not cut at step 5


@pytest.mark.parametrize("question", [
    "who is the prime minister", "best phone under 10000", "how do I get a passport",
    "भारत के पहले राष्ट्रपति कौन थे", "pan card status check online",
])
def test_off_topic_questions_are_declined(answerer, question):
    assert answerer.ask(question).status == "declined"


def test_live_information_the_pages_do_not_hold_is_declined(answerer):
    ans = answerer.ask("ladli behna yojana ki agli kist kis tarikh ko aayegi")
    assert (ans.status, ans.decline_reason) == ("declined", "not_stated")
    assert ans.official_links[0] == "https://www.myscheme.gov.in/schemes/cmlby"
    # (a break-it trial: an instalment's date asked by its number had quoted PM-KISAN's objective)
    for question in ("what is the 17th installment date of pm kisan", "pm kisan kist ki tarikh"):
        assert answerer.ask(question).decline_reason == "not_stated"
    assert answerer.ask("pm kisan ki kist kitni hai").status == "answered"  # an instalment's amount is stated


def test_an_unknown_place_is_asked_again_and_skip_answers_without_a_state(engine):
    assert say(engine, "old age pension kitni milti hai", user="skip")[0].field == "state"
    again = say(engine, "Rampur", user="skip")
    assert again[0].field == "state" and again[0].text.startswith('"Rampur" mein mujhe koi rajya ya kendra shasit pradesh nahi mila.')
    replies = say(engine, "pata nahi", user="skip")
    assert replies[0].text == "Aapke rajya ke bina main sirf kendriya yojanayein aur har rajya ki yojanayein dekh sakta hoon."
    ans = answer_of(replies)
    # every state scheme quoted says which state it belongs to
    assert all(c.state is None or c.state in c.source_line() for c in ans.citations)
    assert replies[-1].text.startswith("Rajya bhi is yojana ke apne roop chalate hain")
    # "Apna rajya bataiye": naming it next answers the same question for that state
    bihar = say(engine, "Bihar", user="skip")
    assert bihar[0].text == "Note kiya: aap Bihar mein rehte hain." and answer_of(bihar).citations


def test_a_new_question_instead_of_a_state_is_answered(engine):
    assert say(engine, "vridha pension kitni milti hai", user="switch")[0].field == "state"
    replies = say(engine, "how to apply for ujjwala", user="switch")
    assert answer_of(replies).citations[0].scheme_id == "pmuy"


@pytest.mark.parametrize("text", [
    "Punjab National Bank ifsc code", "HOW DO I SIGN UP FOR PM KISAN", "up to what age can I apply",
    "hp gas connection documents", "ap ke liye koi yojana", "who is my MP",
])
def test_words_that_only_look_like_states_set_no_state(answerer, text):
    r, _ = answerer.retrieve(text)
    assert r.state is None


def test_a_state_answer_in_lower_case_or_a_sentence_is_understood(engine):
    assert say(engine, "vridha pension kitni milti hai", user="lc")[0].field == "state"
    assert say(engine, "up", user="lc")[0].text == "Note kiya: aap Uttar Pradesh mein rehte hain."
    assert say(engine, "old age pension kitni milti hai", user="lc2")[0].field == "state"
    assert say(engine, "main bihar se hoon", user="lc2")[0].text == "Note kiya: aap Bihar mein rehte hain."


def test_a_proper_name_of_another_states_scheme_is_still_answered(engine):
    say(engine, "I live in Bihar", user="kanya")
    top = answer_of(say(engine, "what is kanyashree", user="kanya")).citations[0]
    assert top.scheme_id == "wbkanyashree" and top.state == "West Bengal"


def test_faq_only_pages_answer_section_questions_and_lists_show_them(answerer):
    ans = answerer.ask("pmsby eligibility age")
    assert (ans.status, ans.citations[0].scheme_id, ans.citations[0].section) == ("answered", "pmsby", "faqs")


def test_more_after_a_new_answer_shows_nothing_stale(engine):
    say(engine, "subsidy schemes for coffee growers in north east", user="stale")
    say(engine, "pm kisan kya hai", user="stale")
    assert say(engine, "more", user="stale")[0].text == "Dikhane ko aur kuch nahi hai. Koi aur sawal poochhiye."


def test_the_state_question_can_be_declined_or_left(engine):
    assert say(engine, "vridha pension kitni milti hai", user="esc")[0].field == "state"
    assert say(engine, "stop", user="esc")[0].text.startswith("Theek hai, nahi poochhunga.")
    assert say(engine, "vridha pension kitni milti hai", user="esc2")[0].field == "state"
    assert say(engine, "Rampur", user="esc2")[0].field == "state"
    second = say(engine, "koi bhi", user="esc2")  # a second answer naming no state: go on without one
    assert second[0].text == "Aapke rajya ke bina main sirf kendriya yojanayein aur har rajya ki yojanayein dekh sakta hoon."


def test_a_short_question_naming_a_state_is_answered_not_noted(engine):
    replies = say(engine, "widow pension in punjab", user="short")
    assert not any(r.text.startswith("Noted:") for r in replies)
    assert answer_of(replies).citations[0].state == "Punjab"
    assert say(engine, "I live in Bihar", user="short2")[0].text.startswith("Noted: state Bihar.")


def test_a_state_without_its_own_scheme_gets_the_national_one(answerer):
    top = answerer.ask("vidhwa pension kitna milta hai", state="Puducherry").citations[0]
    assert top.scheme_id == "ignwps"


def test_fullwidth_letters_are_read_as_plain_ones(answerer):
    assert answerer.ask("ｐｍ ｋｉｓａｎ ｋｙａ ｈａｉ").citations[0].scheme_id == "pm-kisan"


def test_saying_where_one_lives_replaces_the_state_of_earlier_questions(engine):
    say(engine, "widow pension in punjab", user="moved")
    # (noted, and the widow pension question answered for Kerala)
    assert say(engine, "I moved to Kerala, I live in Kerala now", user="moved")[0].text.startswith(("Noted: state Kerala.", "Noted: you live in Kerala."))
    replies = say(engine, "old age pension kitni milti hai", user="moved")
    states = {c.state for r in replies for c in r.citations}
    assert "Punjab" not in states


def test_a_topic_question_quotes_what_the_scheme_gives_not_its_exclusions(answerer, pages_index):
    # "widow pension in Bihar" asks no section: the widow pension's best-matching words are in its
    # exclusions ("discontinued in case of remarriage of widow"), but what it gives is what to quote
    ans = answerer.ask("widow pension in Bihar")
    assert ans.status == "answered" and verify(pages_index, ans)
    assert all(c.section != "exclusions" for c in ans.citations)


@pytest.mark.parametrize("question,scheme", [
    ("दिव्यांग पेंशन के लिए कितने प्रतिशत विकलांगता चाहिए इंदिरा गांधी योजना में", "igndps"),
    # "सर्वजनीन ... पेंशन" also spells Jharkhand's Sarvjan Pension, which the pages lack (a name-only
    # scheme): asked of Assam, it is not the scheme meant, and the Assam page is answered
    ("असम में स्वाहिद कुशल कोंवर सर्वजनीन वृद्धा पेंशन कितनी मिलती है", "skksbpa"),
])
def test_hindi_questions_with_loanwords_and_everyday_words_are_answered_from_their_scheme(answerer, question, scheme):
    answer = answerer.ask(question)
    assert answer.status == "answered" and answer.citations[0].scheme_id == scheme


def test_a_scheme_named_in_english_words_written_in_devanagari_is_named(answerer):
    # "सीनियर सिटीजन सेविंग्स स्कीम": the Senior Citizens Savings Scheme, by the English words the Hindi writes
    mentions = answerer.searcher.mentions("सीनियर सिटीजन सेविंग्स स्कीम में टैक्स बेनिफिट क्या है")
    assert [m.scheme_id for m in mentions] == ["scss"] and not mentions[0].exact
    answer = answerer.ask("सीनियर सिटीजन सेविंग्स स्कीम में टैक्स बेनिफिट क्या है")
    assert answer.status == "answered" and answer.citations[0].scheme_id == "scss"


@pytest.mark.parametrize("question,scheme", [
    # the construction workers' board's widow pension matches the words best, but is only for its members
    ("widow pension in haryana how much", "ptwadw"),
    ("haryana construction worker widow pension", "wphbocwwb"),  # naming the group keeps it first
])
def test_a_scheme_reserved_for_a_group_the_question_does_not_name_yields_the_lead(answerer, monkeypatch, question, scheme):
    import retrieval.searcher

    # (this index ranks lexically, where Haryana's general widow pension scores 0.63 of the board's; with
    # the dense ranker of an ingested index, 0.92: the margin is set here so that the rule is what is tested)
    monkeypatch.setattr(retrieval.searcher, "GROUP_MARGIN", 0.6)
    assert answerer.ask(question).ranked_scheme_ids[0] == scheme



def test_one_hindi_word_that_sounds_like_a_name_names_no_scheme(answerer):
    # खबर ("khabar", news) sounds like "Kabir" of the Kabir Puraskar scheme: one such word names nothing
    assert answerer.searcher.mentions("किसान आंदोलन की ताज़ा खबर क्या है") == []


@pytest.mark.parametrize("question", ["ayushman bharat pmjay eligibility", "achha ye ayushman card kaise banta hai", "pmjay eligibility",
                                      # "card" is a word of its own other name ("Ayushman card"), not Kisan Credit Card's
                                      "ayushman bharat card kaise banega"])
def test_a_well_known_scheme_without_a_page_is_said_to_be_missing_not_quoted_from_another(pages_index, question):
    """PM-JAY has no page in the dump, but many pages mention "Ayushman Bharat"/"PMJAY": the question was
    answered with PMMVY's eligibility (a newcomer trial). Written exactly, with nothing else naming an indexed
    scheme, the name is that scheme: an "I don't know" with its official page."""
    answer = Answerer(pages_index).ask(question)
    assert answer.status == "declined" and answer.decline_reason == "not_in_corpus"
    assert "https://www.myscheme.gov.in/schemes/ab-pmjay" in answer.official_links


@pytest.mark.parametrize("question,scheme", [("dukandaaron ki NPS traders pension scheme me kitni umar wale judd sakte hai", "nps-tsep"),
                                             ("lakshadweep scholarship scheme ke liye apply kaise kare, NSP pe registration karna padega kya", "lkdss")])
def test_a_catalog_name_beside_an_indexed_schemes_words_does_not_decline_it(pages_index, question, scheme):
    # ("NPS", "NSP" are catalog names the corpus mentions; the question is about an indexed scheme, or
    # "post matric scholarship", a family of them)
    answerer = Answerer(pages_index)
    r, decision = answerer.retrieve(question)
    assert decision.reason != "not_in_corpus" and r.schemes[0].scheme_id == scheme
    assert answerer.retrieve("post matric scholarship kitna milta hai")[1].reason != "not_in_corpus"


def test_a_section_word_in_a_schemes_name_is_not_the_section_asked(pages_index):
    # "National Family Benefit Scheme": "how to apply" got its benefits (a newcomer trial)
    answer = Answerer(pages_index).ask("how to apply for national family benefit scheme")
    assert answer.citations[0].scheme_id == "nfbs" and answer.citations[0].section == "application_process"
    assert Answerer(pages_index).ask("national family benefit scheme").citations[0].section == "details"


def test_with_no_state_known_a_family_answer_quotes_no_other_states_version(pages_index):
    """"vidhwa pension kitna milta hai" with no state known quoted Rajasthan's widow remarriage gift and a
    Chandigarh construction workers' board pension beside the national pension (a break-it trial): each
    state runs its own, so only the national one is quoted, and the states are named for the user to pick."""
    # (not asked which state, so that an answer is composed: after the first scheme, no other state's)
    answer = Answerer(pages_index).ask("widow pension how much", ask_state=False)
    assert answer.status == "answered" and len(answer.state_versions) >= 3
    assert "ignwps" in [c.scheme_id for c in answer.citations]
    assert all(pages_index.schemes[c.scheme_id].level == "central" for c in answer.citations[1:])


def test_a_state_told_before_gets_its_own_version_of_a_central_answer(engine):
    """A second newcomer trial: a 72-year-old in Madurai asking "how much will I get" got the national ₹200,
    though Tamil Nadu's own old age pension is indexed (asking with "tamil nadu" in the question found it)."""
    say(engine, "I am 72 years old living in Madurai, is there any pension for me?", "madurai72")
    answers = [r for r in say(engine, "old age pension how much will I get", "madurai72") if r.kind == "answer"]
    # (Tamil Nadu's own old age pension, ₹1,000 a month: its national one's version, or, without the dense ranker, the
    # one under the farmers' Uzhavar Padhukappu Thittam, which pays the same)
    assert answers and answers[0].citations[0].state == "Tamil Nadu" and "₹1,000/- per month" in answers[0].citations[0].text


def test_after_a_list_a_question_in_a_word_of_a_listed_name_is_about_that_scheme(engine):
    """A second newcomer trial: after a list led by the Fasal Bima Yojana, "bima ka paisa kaise milega" was
    declined; "bima" is a word of that listed scheme's name."""
    first = say(engine, "barish se fasal kharab ho gayi", "odisha-farmer")
    listed = [c.scheme_id for r in first if r.kind == "answer" for c in r.citations]
    assert "pmfby" in listed
    answer = answer_of(say(engine, "bima ka paisa kaise milega", "odisha-farmer"))
    assert answer.citations[0].scheme_id == "pmfby"


def test_work_told_in_ones_own_words_is_searched_by_its_name(engine):
    """A newcomer: "I sell vegetables on a cart in Delhi. Can I get a loan?" was declined (no word of PM SVANidhi's
    pages), though "I am a street vendor in Delhi, can I get a loan" finds it."""
    replies = say(engine, "I sell vegetables on a cart in Delhi. Can I get a loan?", "cart1")
    assert replies[0].text == "Noted: state Delhi, work Street vendor."
    assert answer_of(replies).citations[0].scheme_id == "pm-svanidhi"


def test_a_state_named_alone_after_a_state_schemes_answer_asks_the_same_for_that_state(engine):
    """A newcomer: "Kerala" right after Tamil Nadu's old age pension was only noted, with an offer of a check."""
    say(engine, "I am 72 years old living in Madurai, old age pension kitni milti hai?", "kerala1")
    replies = say(engine, "Kerala", "kerala1")
    assert replies[0].text == "Note kiya: rajya Kerala (pehle Tamil Nadu)." and answer_of(replies).citations
    assert all(c.state in (None, "Kerala") for c in answer_of(replies).citations)  # nothing of Tamil Nadu's now


@pytest.mark.parametrize("question,scheme", [
    ("पीएम विश्वकर्मा योजना क्या है", "pmv"),  # पीएम spells "PM"; व is the "w" of "Vishwakarma" as well as a "v"
    ("कालिया योजना में कितना पैसा मिलता है", "kalia"),  # "-iya" for the "-ia" of KALIA
    ("एडीआईपी योजना", "sadppfaa"),  # ADIP spelled letter by letter: the aids-and-appliances scheme
])
def test_a_scheme_name_written_in_devanagari_finds_its_scheme(answerer, question, scheme):
    """A newcomer: "पीएम विश्वकर्मा योजना" and "कालिया योजना" were declined as names of no scheme, though their
    Latin spellings are answered."""
    answer = answerer.ask(question)
    assert answer.status == "answered" and answer.citations[0].scheme_id == scheme


def test_a_list_puts_schemes_for_a_group_the_question_does_not_name_last(answerer, pages_index):
    """"which scholarships can I get? I am an SC student in Punjab" listed two scholarships for students with
    disabilities among the first five; they come after the scholarships for every student (still listed, later)."""
    answer = answerer.ask("which scholarships can I get? I am an SC student in Punjab")
    names = [pages_index.schemes[c.scheme_id].name.casefold() for c in answer.citations]
    assert answer.list_answer and len(names) >= 3 and not any("disabilit" in n for n in names)


def test_a_scheme_named_but_only_mentioned_on_another_page_is_declined(answerer):
    """Both trials: "sukanya samriddhi yojana interest rate" quoted Beti Bachao Beti Padhao's enrolment statistics
    (its page mentions the Sukanya Samriddhi Yojana, which the pages index does not hold). It is a scheme the project's
    catalog knows: declined as one whose documents are not held, with its page ("interest rate" names no indexed scheme)."""
    for question in ("sukanya samriddhi yojana interest rate", "what is the current interest rate of sukanya samriddhi yojana",
                     "sukanya samriddhi interest rate"):
        answer = answerer.ask(question)
        assert (answer.status, answer.decline_reason, answer.decline_scheme) == ("declined", "not_in_corpus", "Sukanya Samriddhi Yojana")
    assert answerer.ask("beti bachao beti padhao yojana").citations[0].scheme_id == "bbbp"


def test_a_search_made_for_an_interview_answer_leaves_nothing_waiting(engine):
    """A break-it trial: "I am a farmer but I do not farm" (to "main work?") was also searched, which asked "which
    state?" out of sight; the "yes" to the land question shown next was then read as a state."""
    say(engine, "am I eligible for pm kisan", "farm1")
    asked = say(engine, "I am a farmer but I do not farm", "farm1")
    # (the land question first: the page's "landholding farmers' families" asks nothing of the applicant's own work)
    assert asked[-1].field == "owns_cultivable_land" and all(r.field in (None, "owns_cultivable_land") for r in asked)
    nxt = say(engine, "yes", "farm1")
    assert nxt[-1].field == "is_income_tax_payer" and "did not recognise a state" not in nxt[0].text


def test_and_in_another_state_answers_for_it_and_keeps_where_the_user_lives(engine):
    """Both trials: "and in Haryana?" after Uttar Pradesh's widow pension noted "you live in Haryana" (the state a
    later check uses) and quoted the national ₹300, though Haryana's own pension (₹2500 a month) is indexed."""
    say(engine, "vidhwa pension kitna milta hai", "whatif1")
    say(engine, "UP", "whatif1")
    replies = say(engine, "and in Haryana?", "whatif1")
    assert not any(r.text.startswith("Note kiya") for r in replies)
    assert answer_of(replies).citations[0].scheme_id == "ptwadw"
    assert "₹2500 per month" in answer_of(replies).citations[0].text
    assert engine.store.load(UserKey("telegram", "whatif1", engine.secret)).profile["state"].value == "Uttar Pradesh"
    rajasthan = answer_of(say(engine, "aur rajasthan me?", "whatif1"))
    assert rajasthan.citations[0].state == "Rajasthan"
    assert answer_of(say(engine, "documents?", "whatif1")).citations[0].scheme_id == rajasthan.citations[0].scheme_id


def test_the_words_naming_a_scheme_do_not_pick_its_passage(answerer):
    """A newcomer: "PMAY gramin me kitna paisa milta hai" quoted a ₹12,000 toilet grant under "Swachh Bharat
    Mission-Gramin" (the name's own word) instead of the house grant."""
    quote = answerer.ask("PMAY gramin me kitna paisa milta hai").citations[0]
    assert quote.scheme_id == "pmay-g" and "₹ 1,20,000 per unit for plain areas" in quote.text


def test_a_follow_up_about_the_national_scheme_picked_is_about_it(engine):
    """A newcomer: "2" (the national old age pension) from a list of Uttar Pradesh's schemes, then "kitna milega",
    quoted Uttar Pradesh's own pension (₹1000) for the national one picked."""
    say(engine, "UP me kaun kaun si yojana hai", "pick1")
    listed = [c.scheme_id for c in answer_of(say(engine, "1", "pick1")).citations]  # pensions
    say(engine, str(listed.index("nsap-ignoaps") + 1), "pick1")
    quote = answer_of(say(engine, "kitna milega", "pick1")).citations[0]
    assert quote.scheme_id == "nsap-ignoaps" and "₹ 200" in quote.text


@pytest.mark.parametrize("text", ["mera khet barbad ho gaya, koi madad milegi?", "मेरा खेत बाढ़ में डूब गया"])
def test_a_field_ruined_is_crop_loss(engine, text):
    """The brief's own example ("mera khet barbad ho gaya") was declined: a field is where the crop is."""
    replies = say(engine, text, "khet1")
    assert "pmfby" in [c.scheme_id for c in answer_of(replies).citations]


def test_an_old_persons_question_about_a_pension_finds_the_old_age_pension(engine):
    """A newcomer: "meri umar 67 saal hai, gorakhpur me rehta hu, koi pension milegi kya" was declined."""
    replies = say(engine, "meri umar 67 saal hai, gorakhpur me rehta hu, koi pension milegi kya", "old67")
    assert replies[0].text == "Note kiya: umar 67, rajya Uttar Pradesh, ling Purush, niwas Shehar."  # (Gorakhpur is a city)
    assert answer_of(replies).citations[0].scheme_id == "upoaps"


def test_a_clause_saying_the_users_work_and_place_is_kept_in_the_search(engine):
    """A newcomer trial: "I sell vegetables on the street in Delhi. Can I get a loan?" had its first sentence dropped
    as a mere place ("Delhi"), and "Can I get a loan" alone was answered with an SC entrepreneurs' term loan (with the
    semantic ranker it now quotes PM SVANidhi's street vendors; this index is lexical)."""
    result = engine.handle_turn(InboundMessage(channel="telegram", user_id="vendor-delhi",
                                               text="I sell vegetables on the street in Delhi. Can I get a loan?"))
    assert result.replies[0].text == "Noted: state Delhi."
    assert result.standalone_query.startswith("I sell vegetables on the street in Delhi")
    assert "cbssc-tl" not in [c.scheme_id for r in result.replies for c in r.citations]
    # a clause that only says an age or a place still goes ("meri umar 67 saal hai, gorakhpur me rehta hu, ...": above)


def test_a_list_quote_starts_after_an_opening_lead_in(engine):
    """A newcomer: the crop-loss list showed PM Fasal Bima Yojana as "The benefits of this scheme are mentioned as
    under:" and its first item."""
    quote = next(c for c in answer_of(say(engine, "barish se fasal kharab ho gayi", "lead1")).citations if c.scheme_id == "pmfby")
    assert quote.text.startswith("Comprehensive insurance coverage for Kharif and Rabi crops.")


def test_a_states_list_holds_central_schemes_beside_its_own(answerer, pages_index):
    """A break-it trial: "schemes for farmers in bihar" listed Bihar's crop assistance alone (the central schemes scored
    under half of its score once the state's own were boosted)."""
    answer = answerer.ask("schemes for farmers in bihar")
    levels = {pages_index.schemes[c.scheme_id].level for c in answer.citations}
    assert answer.list_answer and len(answer.citations) >= 3 and levels == {"state", "central"}


def test_am_i_eligible_for_this_after_a_list_asks_which_then_checks_it(engine):
    """A newcomer: "am I eligible for this?" after a list started the whole screening."""
    say(engine, "pension schemes for old people in bihar", "this1")
    asked = say(engine, "am I eligible for this?", "this1")
    assert [r.field for r in asked] == ["pick"] and asked[0].options
    say(engine, "1", "this1")
    state = engine.store.load(UserKey("telegram", "this1", engine.secret))
    assert state.interview is not None and state.interview.mode == "scheme" and state.interview.scheme_id == state.list_ids[0]


def test_and_in_another_state_after_a_life_event_lists_that_states_schemes_for_it(engine, pages_index):
    """A second newcomer trial: "and in Punjab?" after the schemes for a widow in Haryana answered the event's search
    words with the family benefit on a death, "the same in Punjab"; and a Haryana labour board's grant for a registered
    worker's widow led the first list."""
    first = answer_of(say(engine, "I am a widow living in Haryana. How much pension will I get?", "widowhr"))
    assert first.citations[0].scheme_id == "ptwadw"
    punjab = answer_of(say(engine, "and in Punjab?", "widowhr"))
    assert pages_index.schemes[punjab.citations[0].scheme_id].state == "Punjab" and "₹ 1,500/- per month" in punjab.citations[0].text
    assert engine.store.load(UserKey("telegram", "widowhr", engine.secret)).profile["state"].value == "Haryana"


def test_a_pension_asked_by_someone_who_said_they_are_old_is_the_old_age_pension(engine):
    """A second newcomer trial: "main 70 saal ka hoon" then "koi pension milegi?" quoted Atal Pension Yojana (for ages
    18 to 40)."""
    say(engine, "main 70 saal ka hoon", "old70")
    asked = say(engine, "koi pension milegi?", "old70")
    # any pension there is, the national old age pension first, and the state asked for (its own are listed then)
    assert answer_of(asked).citations[0].scheme_id == "nsap-ignoaps" and "Apna rajya bataiye" in asked[-1].text
    assert answer_of(say(engine, "Gorakhpur", "old70")).citations[0].scheme_id == "upoaps"


def test_and_in_a_state_is_a_question_even_when_no_state_is_known(engine):
    """A second newcomer trial: "and in Punjab?" after "old age pension in Haryana kitni hai" noted Punjab as home."""
    say(engine, "old age pension in Haryana kitni hai", "noone")
    replies = say(engine, "and in Punjab?", "noone")
    assert not any(r.text.startswith("Note kiya") for r in replies) and answer_of(replies).citations
    assert "state" not in engine.store.load(UserKey("telegram", "noone", engine.secret)).profile


def test_a_disability_list_puts_maternity_schemes_after_the_others(answerer):
    """A second newcomer trial: "What schemes are there for disabled people?" in Tamil Nadu listed PMMVY (a maternity
    benefit whose page mentions disability) among the first."""
    answer = answerer.ask("I am from Tamil Nadu. What schemes are there for disabled people?")
    assert answer.list_answer and "pmmvy" not in [c.scheme_id for c in answer.citations]


def test_a_quote_ending_in_a_lead_in_goes_on_to_what_it_announces(answerer):
    """A second newcomer trial: "pm vishwakarma yojana me kya milta hai" ended at "2.  Skilling:"."""
    quote = answerer.ask("pm vishwakarma yojana me kya milta hai").citations[0]
    assert quote.scheme_id == "pmv" and "Training Stipend: ₹ 500 per day" in quote.text and "Toolkit Incentive: ₹ 15,000 grant" in quote.text


def test_kaun_kaun_si_scholarship_is_a_list_question(engine):
    """A second newcomer trial: "kaun kaun si scholarship mil sakti hai?" was answered with one Madhya Pradesh
    scheme's rates table, as if it had been named, where "which scholarships can I get?" gets a list."""
    replies = say(engine, "kaun kaun si scholarship mil sakti hai?", "kaun1")
    assert replies[0].text.startswith("Milti-julti yojanayein") and len(answer_of(replies).citations) >= 3
    assert replies[-1].text.startswith("Bracket mein rajya ka naam")


def test_a_home_state_told_after_another_states_answer_is_searched_from_then_on(engine):
    """A break-it trial: "old age pension amount in tamil nadu", "I live in Kerala", then "how much is the old age
    pension?" was answered with Tamil Nadu's pension again (the follow-up kept Tamil Nadu's scheme). Told a home
    state, the question before is answered for it, and what follows is no longer about Tamil Nadu's scheme."""
    first = answer_of(say(engine, "old age pension amount in tamil nadu", "moved-tn"))
    assert first.citations[0].state == "Tamil Nadu"
    moved = say(engine, "I live in Kerala", "moved-tn")
    assert answer_of(moved).citations[0].state in (None, "Kerala")
    then = answer_of(say(engine, "how much is the old age pension?", "moved-tn"))
    assert then.citations and all(c.state in (None, "Kerala") for c in then.citations)
    assert engine.store.load(UserKey("telegram", "moved-tn", engine.secret)).profile["state"].value == "Kerala"


def test_a_parents_age_and_place_ask_of_their_old_age_pension(engine, pages_index):
    """A newcomer trial: a son asking for his 72-year-old mother in Bihar had been declined (her age, "maa" and
    "rehti" weighed as words of the question, none of which a pension page says)."""
    replies = say(engine, "meri maa 72 saal ki hai, Bihar me rehti hai, unko pension mil sakti hai?", user="son")
    top = answer_of(replies).citations[0]
    assert (top.scheme_id, top.section) == ("mvpy-bihar", "benefits")
    assert "A monthly pension of ₹400/- will be provided to individuals who are in the age group of 60-79 years." in top.text


def test_a_fathers_age_said_without_years_asks_of_old_age_pension_in_his_state(engine):
    """A newcomer trial: "my father is 68, lives in UP. how can he get pension?" had been declined."""
    replies = say(engine, "my father is 68, lives in UP. how can he get pension?", user="son-up")
    assert replies[0].text == "Noted: state Uttar Pradesh."
    assert answer_of(replies).citations[0].scheme_id == "upoaps"


@pytest.mark.parametrize("question,scheme", [
    ("widow pension ke baare mein batao", "ignwps"),  # "ke baare mein" (about) is no word of the question
])
def test_tell_me_about_is_no_word_the_pages_must_say(engine, question, scheme):
    """A newcomer trial: this had been declined. Each state's widow pension ranks near the national one: the
    national one is quoted (with the dense ranker) or the state asked first (lexical ranking alone)."""
    replies = say(engine, question)
    assert "decline" not in [r.kind for r in replies]
    answer = next((r for r in replies if r.kind == "answer"), None)
    if answer is not None:
        assert answer.citations[0].scheme_id == scheme
    else:
        assert replies[-1].field == "state"


def test_a_city_names_its_state(answerer, pages_index):
    """A newcomer trial: "19 year old girl from Chennai" had been answered with Rajasthan's grant for tribal girls."""
    a = answerer.ask("19 year old girl from Chennai going to college any help")
    assert [pages_index.schemes[s].state for s in a.ranked_scheme_ids[:5]] and \
        all(pages_index.schemes[s].state in (None, "Tamil Nadu") for s in a.ranked_scheme_ids[:5])
    assert all(pages_index.schemes[c.scheme_id].state in (None, "Tamil Nadu") for c in a.citations)


def test_a_relatives_state_does_not_steer_the_search(engine, pages_index):
    """A break-it trial: "... from Patna, my son works in Punjab. What pension can I get?" searched Punjab's schemes
    and declined, though Bihar had been noted."""
    replies = say(engine, "I am a 65 year old widow from Patna, my son works in Punjab. What pension can I get?", user="patna")
    assert replies[0].text == "Noted: age 65, state Bihar, marital status Widowed, gender Female, lives in Town/city (urban)."
    cited = [c.scheme_id for c in answer_of(replies).citations]
    assert cited and all(pages_index.schemes[s].state in (None, "Bihar") for s in cited)


def test_yes_to_tell_me_your_state_asks_which_state(engine):
    """A break-it trial: "yes" after "Tell me your state to see yours" got "I have no question waiting" and lost the offer."""
    first = say(engine, "disability pension amount", user="yes-state")
    assert answer_of(first).citations[0].scheme_id == "igndps" and first[-1].text.startswith("States run their own versions")
    asked = say(engine, "yes", user="yes-state")
    assert asked[-1].kind == "question" and asked[-1].field == "state"
    top = answer_of(say(engine, "Haryana", user="yes-state")).citations[0]
    assert pages_index_state(engine, top.scheme_id) == "Haryana"


def pages_index_state(engine, scheme_id):
    return engine.answerer.index.schemes[scheme_id].state


def test_and_in_another_state_after_one_states_scheme_asks_that_states_own_for_the_same_need(engine, pages_index):
    """A newcomer trial: "कैसे आवेदन करें" after Bihar's widow pension, then "और उत्तर प्रदेश में?", searched the Bihar scheme's
    name with Uttar Pradesh and quoted Uttar Pradesh's sports award. The need asked before the scheme was chosen (the
    widow pension) and the section asked since (how to apply) are searched for the new state."""
    user = str(uuid.uuid4())
    for message in ("विधवा पेंशन कितनी मिलती है", "बिहार", "कैसे आवेदन करें"):
        say(engine, message, user)
    up = answer_of(say(engine, "और उत्तर प्रदेश में?", user))
    first = pages_index.schemes[up.citations[0].scheme_id]
    assert first.state == "Uttar Pradesh" and "widow" in first.name.casefold(), first.name
    assert up.citations[0].section == "application_process"


@pytest.mark.parametrize("question", ["how to claim crop insurance", "फसल बीमा का क्लेम कैसे करें", "fasal bima claim kaise kare"])
def test_how_to_claim_quotes_the_claim_steps_and_their_deadline(pages_index, question):
    """A newcomer trial: a farmer whose crop failed asked how to claim and got the insurance's benefits or premiums, never
    the page's "How to Claim?" steps with their 72-hour deadline."""
    from retrieval.query import section_intents

    assert section_intents(question) == ["application_process"]
    ans = Answerer(pages_index).ask(question)
    assert ans.citations[0].scheme_id == "pmfby" and "within 72 hours of the occurrence of the loss" in ans.citations[0].text


def test_a_mason_in_haryana_asking_for_schemes_gets_the_construction_workers_board_list(pages_index):
    """A newcomer trial: "main haryana me mistri ka kaam karta hu construction site pe. koi yojana?" was declined (a list
    needed every word, "site" too, in three of the first five schemes; "mistri" did not read as a construction worker)."""
    ans = Answerer(pages_index).ask("main haryana me mistri ka kaam karta hu construction site pe. koi yojana?")
    assert ans.status == "answered" and ans.list_answer and verify(pages_index, ans)
    assert all(pages_index.schemes[c.scheme_id].state in (None, "Haryana") for c in ans.citations)
    assert sum("bocwwb" in c.scheme_id for c in ans.citations) >= 3, [c.scheme_id for c in ans.citations]


def test_a_quoted_item_of_a_benefits_list_says_the_list_goes_on(shared_corpus):
    """A newcomer trial: Haryana's disability pension was quoted to "... Rs. 1200/- per month w.e.f. 01-01-2015", one item
    of a list of rises whose last item gives today's rate, with no word that the list goes on (that was said only for
    documents, steps and eligibility). Now its source line says there is one more item at the link."""
    from retrieval.index import Index
    from retrieval.loaders import load_corpus
    from tests.conftest import MARKDOWN_DIR

    index = Index.build(load_corpus([MARKDOWN_DIR / name for name in ("hdps.md", "igndps.md", "pmmvy.md")]))
    ans = Answerer(index).ask("haryana divyang pension kitni hai")
    cit = ans.citations[0]
    assert (cit.scheme_id, cit.more_items) == ("hdps", 1) and cit.text.endswith("Rs. 1200/- per month w.e.f. 01-01-2015.")


def test_a_group_alone_asks_the_previous_list_again_for_that_group(engine):
    """A newcomer trial: "aur SC ke liye?" after the OBC scholarships was searched on its own words and answered with an
    SC widows' remarriage grant alone; it is the same question for SC students."""
    say(engine, "scholarship for OBC students in Karnataka", user="g1")
    result = engine.handle_turn(InboundMessage(channel="telegram", user_id="g1", text="aur SC ke liye?"))
    reply = answer_of(result.replies)
    ids = [c.scheme_id for c in reply.citations]
    assert result.standalone_query == "scholarship for SC students in Karnataka"
    assert "pmsfss" in ids[:2] and not set(ids) & {"csspostmsossi", "csspremsobcsi", "nfos"}  # (the OBC schemes of the first list)


def test_in_hindi_while_the_state_is_asked_asks_it_again_in_hindi_and_the_state_then_answers(engine):
    """A newcomer trial: "in Hindi?" while "which state?" waited was declined, and "Bihar" next was only noted; "widow
    pension amount" then "Bihar" was declined too (the state only filtered the search; the question with its name is
    answered)."""
    first = say(engine, "widow pension amount", user="h1")
    assert [r.kind for r in first] == ["question"] and first[0].field == "state"
    again = say(engine, "in Hindi?", user="h1")
    assert again[0].text.startswith("अब मैं हिंदी में उत्तर दूँगा।")
    assert again[-1].kind == "question" and again[-1].field == "state" and "आप किस राज्य में" in again[-1].text
    # (Bihar's own pension is quoted; first with the dense ranker, after the national one on this lexical-only index)
    cited = {(c.scheme_id, c.section): c.text for c in answer_of(say(engine, "Bihar", user="h1")).citations}
    assert "Rs. 300/- per month" in cited[("lbsspy", "benefits")]


def test_a_number_after_a_list_that_offers_a_state_picks_the_scheme(engine):
    """A newcomer trial: "1" after "schemes for widows" (a list ending "Tell me your state ...") was read as "yes" to that
    offer and asked for the state; it picks the first scheme listed."""
    listed = answer_of(say(engine, "schemes for widows", user="n1"))
    first = listed.citations[0].scheme_id
    picked = answer_of(say(engine, "1", user="n1"))
    assert picked.citations[0].scheme_id == first


@pytest.mark.parametrize("question", ["My husband died last month. I live in Bihar. What help can I get?",
                                      "mere pati ki maut ho gayi, main Bihar se hoon. kya madad milegi?"])
def test_a_widow_in_bihar_asking_for_help_is_quoted_bihars_widow_pension(answerer, question):
    # declined before: the event's own words ("husband died", "kya madad milegi") are in no scheme's text
    answer = answerer.ask(question)
    assert answer.status == "answered"
    assert answer.citations[0].scheme_id == "lbsspy" and answer.citations[0].state == "Bihar"
    assert all(c.scheme_id in ("lbsspy", "ignwps") for c in answer.citations)


@pytest.mark.parametrize("question,name", [
    # (the "Free" of 22 indexed names had hidden the name)
    ("ayushman card se kitne ka ilaj free hota hai", "Ayushman Bharat - Pradhan Mantri Jan Arogya Yojana"),
    ("sukanya samriddhi me byaj dar kitni hai", "Sukanya Samriddhi Yojana"),  # ("dar" of "byaj dar" asks for a rate)
])
def test_a_known_scheme_without_pages_is_declined_as_such_beside_generic_words(answerer, question, name):
    # a newcomer trial: Puducherry's free medical card for the press was quoted for Ayushman cards, and Beti Bachao Beti Padhao's
    # enrolment ratios for Sukanya Samriddhi's interest rate; both schemes are known by name but their pages are not indexed
    from conversations.engine import answer_reply

    ans = answerer.ask(question)
    assert ans.status == "declined" and ans.decline_reason == "not_in_corpus" and not ans.citations
    assert answer_reply(ans, "hinglish").text.startswith(f"Mujhe nahi pata. Main {name} ko jaanta hoon, par uske dastavez mere paas nahi hain")


def test_a_name_beside_a_rare_title_word_of_an_indexed_scheme_is_still_that_scheme(answerer):
    # "NPS" alone is not indexed, but "traders pension" names the indexed NPS for traders: answered from it
    ans = answerer.ask("NPS traders pension scheme benefits")
    assert ans.status == "answered" and ans.citations[0].scheme_id == "nps-tsep"


def test_a_states_scheme_named_by_every_word_of_the_question_is_first(answerer, pages_index):
    # a break-it trial: "vidhwa pension rajasthan me kitni milti hai" quoted the widow remarriage gift (₹51,000), which its
    # pages' "widow pension" ranked just above Rajasthan's widow pension, named by every word of the question
    ans = answerer.ask("vidhwa pension rajasthan me kitni milti hai")
    assert ans.status == "answered" and verify(pages_index, ans)
    assert ans.citations[0].scheme_id == "ignvpyrr" and "monthly pension of ₹ 1000/-" in ans.citations[0].text


def test_a_students_list_leaves_out_what_his_class_is_past_and_finds_scheduled_caste_pages(engine, pages_index):
    """A newcomer trial: "I am an SC student in class 11 in Punjab. which scholarships can I get?" listed first the
    pre-matric scholarships (classes 9 and 10) and not Punjab's own post-matric scholarship for SC students, whose page
    says only "Scheduled Caste". Class 11 asks for "post matric"; "SC" finds "Scheduled Caste"; a pre-matric
    scholarship is no help to a student past class 10, nor a post-matric one yet to one in class 9."""
    replies = say(engine, "I am an SC student in class 11 in Punjab. which scholarships can I get?", user="class11")
    assert replies[0].text.startswith("Noted: state Punjab,") and "category SC" in replies[0].text
    listed = [c.scheme_id for c in answer_of(replies).citations]
    assert listed[0] == "pmsfss" and not any(PRE_MATRIC.search(pages_index.schemes[sid].name) for sid in listed)
    # Punjab's own (marked closed, so after the open ones) is found through "Scheduled Caste"
    ans = engine.answerer.ask("I am an SC student in class 11 in Punjab. which scholarships can I get?", state="Punjab")
    assert "pmssc" in [c.scheme_id for c in ans.citations] + list(ans.more_scheme_ids)
    younger = [c.scheme_id for c in answer_of(say(engine, "I am an SC student in class 9 in Punjab. which scholarships can I get?", user="class9")).citations]
    assert {"pre-sc", "pmsssc"} & set(younger[:2]) and not any(POST_MATRIC.search(pages_index.schemes[sid].name) for sid in younger)


def test_a_check_of_one_kind_searches_it_for_the_users_groups(engine, pages_index):
    """A newcomer trial: "am I eligible for any scholarship? I am an SC student in class 11 in Punjab" checked an
    agricultural university's talent scholarship and girls' technical scholarships, not the post-matric scholarship for SC
    students; the kind is searched with the user's groups ("sc student class 11"), and every scheme checked gives it."""
    replies = say(engine, "am I eligible for any scholarship? I am an SC student in class 11 in Punjab", user="kind")
    for _ in range(8):
        if replies[-1].kind == "eligibility":
            break
        replies = say(engine, "skip", user="kind")
    verdict = replies[-1]
    assert verdict.kind == "eligibility" and verdict.text.startswith("I checked ")
    checked = [o.scheme_id for o in verdict.outcomes]
    assert "pmsfss" in checked and "Post-Matric Scholarship for SC students" in verdict.text
    assert all(pages_index.scheme_has_term("scholarship", sid) for sid in checked)
    assert not any(PRE_MATRIC.search(pages_index.schemes[sid].name) for sid in checked)


def test_a_farmers_land_holding_neither_ranks_nor_sinks_the_list(answerer, pages_index):
    """A newcomer trial: "I am a farmer in Maharashtra with 2 acres. What schemes can help me?" was declined ("acre" ranked
    a page that counts acres first), while "schemes for farmers in maharashtra" was answered."""
    ans = answerer.ask("I am a farmer in Maharashtra with 2 acres. What schemes can help me?")
    assert ans.status == "answered" and ans.list_answer and verify(pages_index, ans)
    assert all(pages_index.scheme_has_term("farmer", c.scheme_id) for c in ans.citations)
    assert all(pages_index.schemes[c.scheme_id].state in (None, "Maharashtra") for c in ans.citations)


def test_a_scheme_an_organisation_applies_for_is_no_likely_one_for_a_person(engine):
    """A break-it trial: NCDC's Integrated Scheme on Agriculture Cooperation ("Eligible Organizations for seeking
    assistance", "Societies should not be less than three years older") and an institutes' hostel grant ("The Institute
    must be in existence for the last five years") were "likely eligible" to an SC man, on a category read from a sentence
    of theirs; an organisation as the applicant is a role he has not spoken of: "if this applies to you"."""
    from conversations.eligibility_flow import ORGANISATION_APPLICANT

    say(engine, "I am 30, male, SC, from Maharashtra, unemployed, village, BPL card, income 1 lakh", user="org")
    replies = say(engine, "/eligibility", user="org")
    for _ in range(12):
        if replies[-1].kind == "eligibility" or any(r.kind == "eligibility" for r in replies):
            break
        replies = say(engine, "skip", user="org")
    verdict = next(r for r in replies if r.kind == "eligibility")
    likely = verdict.text.split("Could be yours")[0].split("If this applies to you")[0]
    assert "Karma Veer Dadasaheb Gaikwad" in likely
    assert "Agriculture Cooperation" not in likely and "Campus Accommodation" not in likely
    assert all(ORGANISATION_APPLICANT.search(x) for x in ("Eligible Organizations for seeking assistance",
                                                          "The Institute must be in existence for the last five years",
                                                          "The applicant should be a Society/Agency."))
    assert not ORGANISATION_APPLICANT.search("The student must be studying in a recognised institution.")


def test_the_work_a_user_names_is_searched_without_the_other_kinds_its_label_groups(engine):
    """A newcomer trial: "I am a tailor in Punjab and need a loan" was searched with the whole label of the work noted,
    "artisan / weaver / tailor", and the handloom weavers' credit was listed alone: a tailor is no handloom weaver."""
    replies = say(engine, "I am a tailor in Punjab and need a loan", user="tailor")
    assert replies[0].text.startswith("Noted: state Punjab, work Artisan / weaver / tailor")
    assert not any("Handloom" in r.text or "Weaver" in r.text for r in replies[1:])


def test_a_scheme_for_prisoners_or_ex_convicts_is_no_likely_one_for_a_widow(engine):
    """A trial: Kerala's Financial Assistance To Ex-Convicts was "likely eligible" to a BPL widow, on her state and her BPL
    card; a prisoner's or ex-convict's scheme is a role she has not spoken of."""
    say(engine, "I am a widow, 50 years old, from Kerala, BPL card", user="kerala-widow")
    replies = say(engine, "/eligibility", user="kerala-widow")
    for _ in range(12):
        if any(r.kind == "eligibility" for r in replies):
            break
        replies = say(engine, "skip", user="kerala-widow")
    verdict = next(r for r in replies if r.kind == "eligibility")
    likely = verdict.text.split("Could be yours")[0].split("If this applies to you")[0]
    assert "Widow Pension" in likely and "Convict" not in likely and "Prisoner" not in likely


def test_a_check_of_one_kind_looks_its_schemes_up_again_when_the_state_is_told_later(engine):
    """A break-it trial: "am I eligible for old age pension", the state question skipped, then "I am 67 and I live in UP":
    only the national pension was checked ("you qualify for none"), Uttar Pradesh's own never looked at; with the state
    known the schemes of that kind are found again, and UP's asks the family income."""
    for text in ("am I eligible for old age pension", "skip", "I am 67 and I live in UP"):
        replies = say(engine, text, user="kind-late-state")
    replies = say(engine, "no", user="kind-late-state")
    assert replies[-1].kind == "question" and replies[-1].field == "annual_family_income"


def test_a_disability_list_offers_no_old_age_scheme_to_someone_not_known_to_be_old(engine):
    """A newcomer trial: "i am handicaped 60% from odisha, any pension?" (a typo the disability event had missed) was
    answered with the national disability pension, which takes 80%, and Atal Pension Yojana's "on attaining 60 years";
    then, as a disability, with the national old age pension, the user's age never told."""
    replies = say(engine, "i am handicaped 60% from odisha, any pension?", user="odisha-60")
    assert replies[0].text == "Noted: state Odisha, disability 60%."
    assert not any("Old Age" in r.text for r in replies) and not any(c.scheme_id == "nsap-ignoaps" for r in replies for c in r.citations)
    assert not any(c.scheme_id in ("igndps", "nsap-igndps") for r in replies for c in r.citations)


@pytest.mark.parametrize("told,likely", [("I am 67, male, from Tamil Nadu", False),
                                         ("I am 67, male, from Tamil Nadu, I am an agricultural labourer", True)])
def test_an_agricultural_labourers_pension_is_likely_only_for_one(engine, told, likely):
    """A break-it trial: Tamil Nadu's Destitute Agricultural Labourers Pension was "likely eligible" to a 67-year-old on his
    age alone; that work is a role the user must have spoken of."""
    user = f"tn67-{likely}"
    say(engine, told, user=user)
    replies = say(engine, "/eligibility", user=user)
    for _ in range(12):
        if any(r.kind == "eligibility" for r in replies):
            break
        replies = say(engine, "skip", user=user)
    verdict = next(r for r in replies if r.kind == "eligibility")
    head = verdict.text.split("Could be yours")[0].split("If this applies to you")[0]
    assert ("Agricultural Labourers" in head) is likely


def test_a_kind_of_help_asked_alone_is_searched_with_the_facts_told_before(engine, pages_index):
    """A newcomer trial: "main class 11 me padhta hu, SC hu, Karnataka se", then "scholarship chahiye" by itself, listed a
    police wards' scholarship and a cultural research fellowship: the request names no one, so it is searched with what the
    student told (scheduled caste, post-matric), and the reply says so."""
    say(engine, "main class 11 me padhta hu, SC hu, Karnataka se", user="told")
    replies = say(engine, "scholarship chahiye", user="told")
    assert replies[0].text == "Maine aapki batayi jaankari (varg SC, shiksha secondary) ke saath khoja."
    names = [pages_index.schemes[c.scheme_id].name for c in answer_of(replies).citations]
    assert "Post-Matric Scholarship for SC students" in names
    assert all(re.search(r"post[- ]?matric", n, re.IGNORECASE) and re.search(r"scheduled caste|\bSC\b", n, re.IGNORECASE) for n in names), names
    # a request that names its own group is searched as asked
    replies = say(engine, "scholarship for girls", user="told")
    assert not any(r.text.startswith("Maine aapki batayi") for r in replies)


def test_a_class_after_the_tenth_finds_the_pages_that_write_it_in_roman_numbers(answerer, pages_index):
    """A break-it trial: "scholarship for class 11 students" listed two pre-matric scholarships (class 1 to 10) among its
    first three; "post matric", "Class XI" and "11th" are searched too, so post-matric schemes and those for classes 11
    and 12 lead."""
    ans = answerer.ask("scholarship for class 11 students")
    assert ans.status == "answered" and verify(pages_index, ans)
    names = [pages_index.schemes[c.scheme_id].name for c in ans.citations]
    assert all(re.search(r"post[- ]?matric|class\s*-?\s*11\b|class xi\b", n, re.IGNORECASE) for n in names[:3]), names
    assert any(re.search(r"class\s*-?\s*11\b|class xi\b", n, re.IGNORECASE) for n in names) and not any(PRE_MATRIC.search(n) for n in names)


def test_a_life_events_list_asked_for_an_amount_quotes_where_each_scheme_states_one(engine, pages_index):
    """A newcomer trial: "main odisha se hu, pregnant hu. mujhe sarkar se kitna paisa mil sakta hai?" quoted PMMVY's
    "The cash incentives is provided in two instalments ... as per the schedule provided in", no amount; the list asked
    for an amount quotes PMMVY's first instalment row with its ₹3,000."""
    replies = say(engine, "main odisha se hu, pregnant hu. mujhe sarkar se kitna paisa mil sakta hai?", user="pregnant-odisha")
    listed = answer_of(replies)
    pmmvy = next(c for c in listed.citations if c.scheme_id == "pmmvy")
    assert pmmvy.text.startswith("First Instalment | On registration of pregnancy") and pmmvy.text.endswith("| 3,000/-")
    assert verify(pages_index, listed)


def test_a_list_for_a_boy_in_class_11_leaves_out_girls_schemes_and_postgraduate_ones(engine, pages_index):
    """A newcomer trial in Hinglish: "main punjab se hu, class 11 me padhta hu, SC category. mujhe kaun kaun si
    scholarship mil sakti hai?" listed Post-Graduate Scholarships second and the CBSE scholarship for a single girl child
    fourth: a postgraduate level read from a page rules out a class 11 pupil, and a scheme named for girls a boy."""
    replies = say(engine, "main punjab se hu, class 11 me padhta hu, SC category. mujhe kaun kaun si scholarship mil sakti hai?", user="boy11")
    assert "ling Purush" in replies[0].text and "shiksha secondary" in replies[0].text
    names = [pages_index.schemes[c.scheme_id].name for c in answer_of(replies).citations]
    assert "Post-Matric Scholarship for SC students" in names
    assert not any(re.search(r"post[- ]?graduate scholarships|girl|pre[- ]?matric", n, re.IGNORECASE) for n in names), names


def test_a_stateless_list_for_a_class_after_the_tenth_leaves_out_pre_matric_schemes(answerer, pages_index):
    """A re-check trial: `schemebot ask "I am an SC student in class 11 in Punjab. which scholarships can I get?"` (no
    conversation, so no profile) listed two pre-matric scholarships; the class the question states rules them out."""
    ans = answerer.ask("I am an SC student in class 11 in Punjab. which scholarships can I get?")
    assert ans.status == "answered" and ans.list_answer and verify(pages_index, ans)
    names = [pages_index.schemes[c.scheme_id].name for c in ans.citations]
    assert "Post-Matric Scholarship for SC students" in names and not any(PRE_MATRIC.search(n) for n in names), names


def test_a_widows_verdict_offers_no_remarriage_grant_or_award_as_hers(engine):
    """Trials on the pages: a 70-year-old Tamil Nadu widow's verdict had "Widow Remarriage Assistance Scheme-I: likely
    eligible" first and two senior citizens' awards after it, and later a remarriage grant under "Could be yours"."""
    replies = say(engine, "/eligibility", user="tn-widow")
    for text in ("Tamil Nadu", "I am 70 years old. My husband died", *["skip"] * 12):
        replies = say(engine, text, user="tn-widow")
        if replies[-1].kind == "eligibility":
            break
    verdict = replies[-1].text
    assert replies[-1].kind == "eligibility"
    before_applies = verdict.split("If this applies to you:")[0]
    assert not re.search(r"remarriage|award", before_applies, re.IGNORECASE), before_applies


def test_the_pension_need_in_uttar_pradesh_after_the_state_is_told_at_the_menu_lists_pensions_only(engine, pages_index):
    """A newcomer trial: "main UP se hu" at the menu of needs was searched as a need and answered with business loans;
    then the pension need listed the rural sanitation mission (its page names widow and old age pensioners among
    its beneficiaries). The state is noted and the menu asked for it; each listed scheme gives a pension."""
    user = str(uuid.uuid4())
    say(engine, "mujhe koi scheme chahiye", user)
    asked = say(engine, "main UP se hu", user)
    assert asked[-1].field == "need" and asked[-1].text.startswith("Note kiya: rajya Uttar Pradesh. Mere paas Uttar Pradesh ki kai yojanayein")
    listed = answer_of(say(engine, "1", user))
    names = [pages_index.schemes[c.scheme_id].name for c in listed.citations]
    assert names[0] == "Uttar Pradesh Old Age Pension Scheme" and "sbm-g-ii" not in {c.scheme_id for c in listed.citations}
    assert all("pension" in n.casefold() for n in names), names


def test_an_sc_girl_in_class_12_asking_for_any_scholarship_gets_the_post_matric_one_and_none_past_her_stage(engine, pages_index):
    """A newcomer trial: "main maharashtra se hu, SC ladki hu, 12vi me padhti hu. koi scholarship?" quoted the eligibility
    of one scheme, Top Class Education for SC students, which is for studies beyond class 12; the post-matric
    scholarship for SC students was never shown. "koi scholarship?" asks for a list; schemes named for a stage past
    hers (pre-matric, post-graduate) are left out, and one whose rule asks for studies beyond class 12 too."""
    replies = say(engine, "main maharashtra se hu, SC ladki hu, 12vi me padhti hu. koi scholarship?", str(uuid.uuid4()))
    listed = answer_of(replies)
    ids = [c.scheme_id for c in listed.citations]
    assert len(ids) >= 3 and "pmsfss" in ids, ids
    assert not {"pre-sc", "pmsssc", "pg-igssgc", "pgspcscstc", "tce-sc"} & set(ids), ids


@pytest.mark.parametrize("question", ["tamil nadu govt schemes for farmers", "tamil nadu government schemes for farmers"])
def test_a_states_government_schemes_for_farmers_lists_only_schemes_that_speak_of_farmers(answerer, pages_index, question):
    """A newcomer trial: "tamil nadu govt schemes for farmers" was declined ("govt" matched every page saying "Government of
    Tamil Nadu", over the farmers' schemes); then, listed, it held the unemployment allowance and a handicrafts award,
    pages without a word for farmers."""
    ans = answerer.ask(question)
    ids = [c.scheme_id for c in ans.citations]
    assert ans.status == "answered" and ids[0] == "oapsucmupt", ids  # (the Chief Minister's farmers' security scheme)
    assert all(pages_index.scheme_has_term("farmer", sid) for sid in ids), ids


def test_a_state_named_for_a_family_of_schemes_says_when_it_has_none_of_its_own(engine, pages_index):
    """A newcomer trial: "vidhwa pension kitna milta hai" (states run their own: which is yours?) then "odisha" repeated the
    national widow pension with no word that no Odisha scheme of the kind is here (Gujarat and Mizoram: none either, on
    the lexical ranking this index has); Bihar's own is quoted for "bihar"."""
    for place in ("gujarat", "mizoram"):
        user = str(uuid.uuid4())
        say(engine, "vidhwa pension kitna milta hai", user)
        replies = say(engine, place, user)
        assert answer_of(replies).citations[0].scheme_id == "ignwps"
        assert any(r.text == f"Mere paas iske liye {place.title()} ki apni koi yojana nahi hai; upar ki kendra ki yojana wahan bhi laagu hai."
                   for r in replies)
    user = str(uuid.uuid4())
    say(engine, "vidhwa pension kitna milta hai", user)
    replies = say(engine, "bihar", user)
    assert pages_index.schemes[answer_of(replies).citations[0].scheme_id].state == "Bihar"
    assert not any("apni koi yojana nahi" in r.text for r in replies)


def test_a_pension_asked_for_a_disability_below_the_national_pensions_80_percent_is_declined_with_its_condition(engine):
    """A trial on the pages: "50% viklang hu, koi pension milegi?" in Karnataka listed the national disability pension (more
    than 80%) first, then an exhibitions grant and college facilities; with the pension ruled out, a fund for indigent
    sportspersons. Karnataka's pages have no disability pension of their own: the bot says it found none and why the national
    one is left out."""
    replies = say(engine, "main Karnataka se hu, 50% viklang hu, 40 saal. koi pension milegi?", user=str(uuid.uuid4()))
    listed = [c.scheme_id for r in replies for c in r.citations]
    assert "igndps" not in listed
    # (what else is found depends on the rankers: with the dense one, nothing; by words alone, a rubber tappers' pension had been
    # listed before tappers were a group of their own)
    if not listed:
        decline = next(r for r in replies if r.kind == "decline")
        assert decline.text.startswith("Viklangta (pension) ke liye kendra ki ya Karnataka ki aisi koi yojana nahi mili")
    assert all("pension" in c.text.casefold() or "pension" in c.scheme_name.casefold() for r in replies for c in r.citations)
    assert replies[-1].text == ("Aapki batayi baat se chhodi gayi: Indira Gandhi National Disability Pension Scheme, jiske page par "
                                "likha hai: \u201cThe applicant\u2019s disability should be more than 80%.\u201d")
    assert replies[-1].links == ["https://www.myscheme.gov.in/schemes/igndps#eligibility"]
    # at 85% it is listed, and only pensions are
    replies = say(engine, "main Karnataka se hu, 85% viklang hu, 40 saal. koi pension milegi?", user=str(uuid.uuid4()))
    listed = [c.scheme_id for r in replies for c in r.citations]
    assert listed and listed[0] == "igndps"
    assert all("pension" in c.text.casefold() or "pension" in c.scheme_name.casefold() for r in replies for c in r.citations)


def test_a_need_chosen_from_a_states_menu_lists_that_states_own_schemes_first(engine, pages_index):
    """A trial on the pages: "bihar sarkar ki yojana", then "3" (education) from the menu of needs, listed five central
    scholarships and none of Bihar's own: they rank below the list's cut beside the central ones, so they are searched among
    themselves and come first."""
    user = str(uuid.uuid4())
    asked = say(engine, "bihar sarkar ki yojana", user=user)[-1]
    assert asked.field == "need"
    listed = [c.scheme_id for r in say(engine, "3", user=user) for c in r.citations]
    assert "bsccs" in listed  # Bihar Student Credit Card Scheme
    states = [pages_index.schemes[sid].level for sid in listed]
    assert states[0] == "state" and states == sorted(states, key=lambda level: level != "state")
    assert {pages_index.schemes[sid].state for sid in listed if pages_index.schemes[sid].level == "state"} == {"Bihar"}


@pytest.mark.parametrize("said", ["main Karnataka se SC student hu, class 11 me padhta hu. scholarship chahiye",
                                  "I am an SC student in class 11 in Karnataka, I need a scholarship"])
def test_a_student_needing_a_scholarship_gets_a_list_for_their_stage(engine, said):
    """A trial on the pages: "scholarship chahiye" from an SC student in class 11 was answered as a question, quoting a
    scheme for studies beyond class 12 and the pre-matric scholarship for classes 9 and 10. A kind of help needed asks for
    a list, and the list leaves out the schemes of another stage."""
    replies = say(engine, said, user=str(uuid.uuid4()))
    listed = [c.scheme_id for r in replies for c in r.citations]
    assert listed and listed[0] == "pmsfss"  # Post-Matric Scholarship for SC students
    assert not {"pre-sc", "tce-sc"} & set(listed)


def test_when_the_next_instalment_comes_is_not_stated_by_a_date_of_birth(answerer):
    """A break-it trial: the only "date" on PM-KISAN's application steps is the applicant's date of birth, which had been
    quoted for "when will the 18th installment of pm kisan come"."""
    answer = answerer.ask("when will the 18th installment of pm kisan come")
    assert answer.status == "declined" and answer.decline_reason == "not_stated"
    assert answer.official_links[0] == "https://www.myscheme.gov.in/schemes/pm-kisan"


def test_a_schemes_whole_name_made_of_ordinary_words_is_checked_and_a_limit_for_the_self_employed_is_no_business(engine):
    """A newcomer trial: "am I eligible for the Differently Abled Pension Scheme?" (Tamil Nadu's daps, word for word) got
    "I don't know a scheme called ...": its words also name Tamil Nadu's "Destitute Differently Abled Pension Scheme". Then
    its sentence "If the applicant is ... self-employed, his/her income should not exceed ₹3,00,000" made it "only if this
    applies to you", as if it needed a business."""
    user = str(uuid.uuid4())
    say(engine, "I live in Madurai, I am 45 and 70% disabled", user=user)
    replies = say(engine, "am I eligible for the Differently Abled Pension Scheme?", user=user)
    assert not any("I don't know a scheme called" in r.text or "I take" in r.text for r in replies)
    verdict = replies[-1]
    assert verdict.kind == "eligibility" and verdict.text.startswith("Differently Abled Pension Scheme: LIKELY ELIGIBLE")
    assert "https://www.myscheme.gov.in/schemes/daps#eligibility" in verdict.text


def test_a_disabled_man_in_chennai_asking_for_a_pension_gets_tamil_nadus_pensions(engine, pages_index):
    """A newcomer trial: "I am 45, disabled (70% locomotor), living in Chennai. What pension can I get?" was declined; the
    disability was not read as the life event once the age was taken out. Tamil Nadu's pensions quote their ₹1,000 a
    month, not the heading after it ("Free Clothes during Pongal and Deepavali:")."""
    replies = say(engine, "I am 45, disabled (70% locomotor), living in Chennai. What pension can I get?", user=str(uuid.uuid4()))
    cited = [c for r in replies for c in r.citations]
    assert cited and all(pages_index.schemes[c.scheme_id].state in ("Tamil Nadu", None) for c in cited)
    assert "daps" in {c.scheme_id for c in cited}
    assert all(not c.text.rstrip().endswith(":") for c in cited)


def test_verify_accepts_a_quote_run_on_past_its_chunk_and_refuses_one_outside_it(answerer, pages_index):
    # "How to Claim?" and its first step, which the next chunk holds, is cited to the chunk it starts in (the evaluation's
    # grounded rate had fallen to 0.995 on it); a quote lying wholly outside its chunk, or not verbatim, is refused
    answer = answerer.ask("fasal beema ka claim kese kre fasal kharab hone pe")
    cit = answer.citations[0]
    chunk = pages_index.chunk_by_id(cit.chunk_id)
    assert cit.text.startswith("How to Claim?") and chunk.start <= cit.start < chunk.end < cit.end and verify(pages_index, answer)
    section = pages_index.section_text(chunk.scheme_id, chunk.section)
    moved = cit.model_copy(update={"start": chunk.end, "end": chunk.end + 20, "text": section[chunk.end:chunk.end + 20]})
    assert not verify(pages_index, answer.model_copy(update={"citations": [moved]}))
    assert not verify(pages_index, answer.model_copy(update={"citations": [cit.model_copy(update={"text": cit.text.replace("72", "27")})]}))
