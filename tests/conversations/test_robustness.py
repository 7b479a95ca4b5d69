"""Bad stored state and bad input never crash a conversation, and nothing is half-written."""

import json
import re
import uuid

import pytest

from bot.runtime import build_engine
from bot.settings import Settings
from conversations.store import RedisStore, UserKey
from conversations.strings import t
from conversations.types import InboundMessage


@pytest.fixture
def engine():
    return build_engine(Settings(redis_url=None, state_secret=uuid.uuid4().hex), store=RedisStore.embedded())


def say(engine, text, user="u"):
    return engine.handle_turn(InboundMessage(channel="cli", user_id=user, text=text))


@pytest.mark.parametrize("stored", [b"garbage!!", b"[1, 2]", b"", b'{"schema_version": "2"}', b'{"schema_version": 0}',
                                    b'{"schema_version": 1, "turns": 5}', b'{"schema_version": 1, "profile": [1]}',
                                    b'{"schema_version": 2, "language": "fr"}'])
def test_unreadable_state_is_set_aside(engine, stored):
    key = UserKey("cli", "u", engine.secret)
    engine.store.client.hset(key.key, mapping={"v": b"notanumber", "s": stored})
    reply = say(engine, "pm kisan kya hai").replies[0]
    assert reply.kind == "answer"
    assert engine.store.load(key).scheme_id == "pm-kisan"  # replaced by a good state


def test_state_of_a_newer_release_is_kept_but_can_be_forgotten(engine):
    key = UserKey("cli", "u", engine.secret)
    engine.store.client.hset(key.key, mapping={"v": b"3", "s": json.dumps({"schema_version": 99}).encode()})
    assert say(engine, "pm kisan").replies[0].kind == "error"
    assert engine.store.client.hget(key.key, "s") == b'{"schema_version": 99}'  # never overwritten
    assert say(engine, "/forget").replies[0].text.startswith("Deleted.")
    assert engine.store.client.exists(key.key) == 0


def test_undecodable_bytes_and_control_characters(engine):
    result = say(engine, "pm kisan \udcff\udcfe \x00\x07 kya hai", user="\udcffodd")
    assert result.replies and result.replies[0].kind == "answer"


def test_stale_interview_and_ill_typed_profile_are_dropped(engine):
    key = UserKey("cli", "u", engine.secret)
    stored = json.loads(engine.store.load(key).model_dump_json())
    stored["interview"] = {"mode": "scheme", "scheme_id": "no-such-scheme", "field": "shoe_size"}
    stored["profile"] = {"age": {"value": "abc", "turn": 1}, "is_bpl": {"value": True, "turn": 1}}
    engine.store.client.hset(key.key, mapping={"v": b"1", "s": json.dumps(stored).encode()})
    first = say(engine, "45").replies[0]
    assert first.kind in ("info", "decline", "answer")
    after = engine.store.load(key)
    assert after.interview is None or after.interview.scheme_id != "no-such-scheme"
    screening = say(engine, "which schemes can I get").replies[-1]
    assert screening.kind == "question" and screening.field == "state"  # the state comes first
    assert "age" not in engine.store.load(key).profile  # "abc" was not kept as an age
    assert say(engine, "Bihar").replies[-1].field == "age"


def test_correction_with_an_impossible_value_keeps_the_check(engine):
    for text in ("am I eligible for old age pension?", "65", "yes"):
        say(engine, text)
    assert say(engine, "actually my age is 999").replies[0].text.startswith("Sorry, I could not read that correction")
    verdict = say(engine, "actually my age is 50").replies[-1]
    assert verdict.kind == "eligibility" and verdict.outcomes[0].status == "not_eligible"
    follow = say(engine, "documents?")
    assert follow.replies[0].kind == "answer" and follow.replies[0].citations[0].scheme_id == "ignoaps"


def test_scheme_names_are_not_facts_about_the_user(engine):
    say(engine, "am I eligible for widow pension?")
    say(engine, "stop")
    say(engine, "kya main pm kisan ke liye eligible hoon")
    state = engine.store.load(UserKey("cli", "u", engine.secret))
    assert "marital_status" not in state.profile and "gender" not in state.profile and "occupation" not in state.profile


def test_a_statement_about_oneself_is_noted_not_searched(engine):
    reply = say(engine, "I am 45, from Uttar Pradesh").replies[0]
    assert reply.kind == "info" and reply.text.startswith("Noted: age 45, state Uttar Pradesh.")
    state = engine.store.load(UserKey("cli", "u", engine.secret))
    assert state.profile["age"].value == 45 and state.profile["state"].value == "Uttar Pradesh"
    assert say(engine, "pm kisan documents").replies[0].kind == "answer"  # questions are still questions


def test_an_overlong_message_is_cut_before_anything_reads_it(engine):
    # an interview answer past the first 1,000 characters is never read (nor parsed: bounded cost)
    assert say(engine, "am I eligible for old age pension?").replies[-1].field == "age"
    result = say(engine, "a " * 600 + "67")
    assert result.replies[0].text == "Your message was long, so I used only its first 1000 characters to search."
    assert result.replies[-1].field == "age"  # asked again: nothing usable in what was read
    assert "age" not in engine.store.load(UserKey("cli", "u", engine.secret)).profile


@pytest.mark.parametrize("text", ["I am a housewife from Bihar, family income 1.5 lakh", "from Bihar, income 1,50,000",
                                  "Bihar se hoon, kamai 1.5 lakh hai"])
def test_a_point_or_comma_inside_an_amount_does_not_end_the_statement(engine, text):
    reply = say(engine, text).replies[0]
    assert reply.kind == "info" and ("₹1,50,000 saalana" if "kamai" in text else "₹1,50,000 a year") in reply.text  # in the user's language
    assert engine.store.load(UserKey("cli", "u", engine.secret)).profile["annual_family_income"].value == 150000


def test_a_button_of_an_earlier_question_changes_nothing_and_the_current_question_is_asked_again(engine):
    def press(field, value):
        return engine.handle_turn(InboundMessage(channel="telegram", user_id="u", option=value, option_field=field))

    engine.handle_turn(InboundMessage(channel="telegram", user_id="u", text="am I eligible for pm kisan"))
    assert press("owns_cultivable_land", "yes").replies[-1].field == "is_income_tax_payer"
    old = press("owns_cultivable_land", "no")  # the earlier question's other button
    assert [r.kind for r in old.replies] == ["info", "question"]
    assert old.replies[0].text == "That button belongs to an earlier question, so I did not use it. Type your question, or the name or number of the scheme you mean."
    assert old.replies[1].field == "is_income_tax_payer"
    profile = engine.store.load(UserKey("telegram", "u", engine.secret)).profile
    assert profile["owns_cultivable_land"].value is True and "is_income_tax_payer" not in profile


def test_a_save_whose_answer_was_lost_is_not_applied_twice(engine):
    # the compare-and-set went through but its answer was lost (the connection dropped): the retry
    # finds the state already changed by this very message and must not apply it again
    real_save, lost = engine.store.save, []

    def save_then_lose_the_answer(key, state):
        ok = real_save(key, state)
        if not lost:
            lost.append(True)
            return False
        return ok

    def send(text, mid):
        return engine.handle_turn(InboundMessage(channel="sms", user_id="+919800000001", text=text, message_id=mid))

    assert send("am I eligible for old age pension?", "SM1").replies[-1].field == "age"
    engine.store.save = save_then_lose_the_answer
    reply = send("70", "SM2").replies[-1]
    assert lost and reply.field == "is_bpl"  # the next question, not "could not understand 70" for BPL
    state = engine.store.load(UserKey("sms", "+919800000001", engine.secret))
    assert state.profile["age"].value == 70 and state.interview.field == "is_bpl" and state.last_message_id == "SM2"


@pytest.mark.parametrize("stop,lang", [("रोको", "hi"), ("बस करो", "hi"), ("roko", "en"), ("bas kar do ji", "hinglish"),
                                       ("Stop please", "en")])
def test_a_check_stops_on_stop_words_of_each_language(engine, stop, lang):
    # the reply is in the language of the stop words, but one Latin word keeps the conversation's (English)
    from conversations.strings import t

    assert say(engine, "am I eligible for old age pension?").replies[-1].field == "age"
    assert say(engine, "65").replies[-1].field == "is_bpl"
    assert say(engine, stop).replies[0].text == t("stopped", lang)
    state = engine.store.load(UserKey("cli", "u", engine.secret))
    assert state.interview is None and state.profile["age"].value == 65  # stopped, and what was said is kept


@pytest.mark.parametrize("stop", ["stop", "रोको"])
def test_stop_at_the_delete_confirmation_keeps_the_data(engine, stop):
    say(engine, "I am 45, from Uttar Pradesh")
    say(engine, "delete my data")
    say(engine, stop)
    state = engine.store.load(UserKey("cli", "u", engine.secret))
    assert state.profile["age"].value == 45 and state.pending is None


def test_a_question_the_corpus_answers_asked_inside_a_check_is_answered_then_the_check_resumes(engine):
    say(engine, "am I eligible for old age pension?")
    assert say(engine, "67").replies[-1].field == "is_bpl"
    replies = say(engine, "help for widows").replies
    assert replies[0].kind == "answer" and replies[0].citations[0].scheme_id == "ignwps"
    assert replies[-1].field == "is_bpl"  # the check's question again
    state = engine.store.load(UserKey("cli", "u", engine.secret))
    assert "is_bpl" not in state.profile and state.interview.field == "is_bpl"


def test_a_message_of_bidi_marks_only_is_an_empty_message(bundled_index):
    """Right-to-left and left-to-right marks alone got a search and "I don't know"; zero-width spaces alone
    got "please type": both are invisible, the message is empty."""
    from tests.conftest import flow_engine
    from tests.conftest import say as say_tg

    engine = flow_engine(bundled_index)
    assert [r.text for r in say_tg(engine, "\u200f\u200e", "bidi")] == [r.text for r in say_tg(engine, "\u200b\u200b", "zw")]
    assert say_tg(engine, "\u200f\u200e", "bidi2")[0].text.startswith("Your message came through empty.")


def test_a_checks_question_is_on_the_first_sms_page_before_the_notes(bundled_index):
    """A Hindi check over SMS: "Noted: ..." and the privacy note filled the first page (UCS-2, 201 characters), its
    question went behind "MORE", and the user's next message answered a question never seen (a trial)."""
    from bot.render import sms_fits, sms_pages
    from tests.conftest import flow_engine

    engine = flow_engine(bundled_index)
    engine.pagers["sms"] = lambda replies, lang: sms_pages(replies, lang, 3)
    send = lambda text: engine.handle_turn(InboundMessage(channel="sms", user_id="+919800002222", text=text)).replies  # noqa: E731
    first = send("मैं 67 साल की विधवा हूँ, बिहार में रहती हूँ, कौन सी योजनाएं मिल सकती हैं")
    assert len(first) == 1 and sms_fits(first[0].text, 3)
    # (the example "(हाँ या नहीं)" left out: the numbered options say it)
    assert first[0].text.startswith("क्या आपके परिवार के पास बीपीएल (गरीबी रेखा से नीचे) या अंत्योदय राशन कार्ड है?\n\nनंबर लिखकर जवाब दें:\n1. हाँ\n2. नहीं")
    assert first[0].text.endswith("\nबाकी के लिए MORE लिखें।")
    rest = send("MORE")[0].text
    assert rest.startswith("नोट किया: उम्र 67, राज्य बिहार, वैवाहिक स्थिति विधवा/विधुर, लिंग महिला।")  # nothing of the turn is lost
    assert send("हाँ")[-1].field not in (None, "is_bpl")  # the answer is to the question shown


def test_more_during_a_check_asks_its_question_again(bundled_index):
    """"MORE" while the check waited for an answer got "There is nothing more to show. Ask me another
    question." as if the check had ended (a break-it trial)."""
    from bot.render import sms_pages
    from tests.conftest import flow_engine

    engine = flow_engine(bundled_index)
    engine.pagers["sms"] = lambda replies, lang: sms_pages(replies, lang, 3)
    send = lambda text: engine.handle_turn(InboundMessage(channel="sms", user_id="+919800001111", text=text)).replies  # noqa: E731
    assert send("/eligibility")[-1].text.endswith("Which state or union territory do you live in? (for example: Bihar, UP, Tamil Nadu)")
    assert [r.text for r in send("MORE")] == [
        "Back to your eligibility check: Which state or union territory do you live in? (for example: Bihar, UP, Tamil Nadu)"]


@pytest.mark.parametrize("first,text,head", [
    ("/eligibility", "meri umar 3 saal hai", "Main 5 se 120 saal tak ki umar ke liye hi yojanayein jaanch sakta hoon; 3 isse bahar hai."),
    ("/eligibility", "मेरी उम्र 150 साल है", "मैं 5 से 120 साल तक की उम्र के लिए ही योजनाएँ जाँच सकता हूँ; 150 इससे बाहर है।"),
    ("/eligibility", "my age is 3", "I can check schemes for ages from 5 to 120 years only; 3 is outside that."),
])
def test_an_age_out_of_range_is_told_so_and_asked_again_not_searched(engine, first, text, head):
    """A break-it trial: "meri umar 3 saal hai" to the age question was searched (and an old age home quoted);
    "my age is 3" got "could not understand"."""
    say(engine, first)
    say(engine, "Bihar")
    replies = say(engine, text).replies
    assert [r.kind for r in replies] == ["question"] and replies[0].field == "age" and replies[0].text.startswith(head)
    assert say(engine, "45").replies[-1].field != "age"  # a good age goes on with the check


@pytest.mark.parametrize("answer,text", [
    ("i have ration card", "Every family has a ration card: is yours a BPL or an Antyodaya (AAY) card? The type is printed on the card. (yes or no)"),
    ("mere paas ration card hai", "Har parivar ke paas ration card hota hai: kya aapka card BPL ya Antyodaya (AAY) card hai? Card ka prakar us par "
                                  "chhapa hota hai. (haan ya nahi)"),
])
def test_a_ration_card_of_no_named_kind_to_the_bpl_question_asks_which_kind(engine, answer, text):
    """A trial: "i have ration card" to the BPL question quoted One Nation One Ration Card; "mere paas ration card hai" got
    "could not understand". Every family has a ration card: which kind it is decides."""
    say(engine, "I am 67 widow from Bihar, which schemes can I get?")
    assert say(engine, "pm kisan kya hai").replies[-1].field == "is_bpl"  # (the question waiting, asked again after the answer)
    replies = say(engine, answer).replies
    assert [(r.kind, r.field, r.text) for r in replies] == [("question", "is_bpl", text)]
    assert say(engine, "haan").replies[-1].field not in ("is_bpl", None)  # the yes is taken


def test_an_age_out_of_range_said_beside_another_fact_is_told_so_and_the_fact_noted(engine):
    """A break-it trial: "i am 150 years old woman" to the age question noted the gender and asked the age again without
    a word on the 150."""
    say(engine, "/eligibility")
    say(engine, "Bihar")
    replies = say(engine, "i am 150 years old woman").replies
    assert [(r.kind, r.field) for r in replies] == [("info", None), ("question", "age")]
    assert replies[0].text == "Noted: gender Female."
    assert replies[1].text.startswith("I can check schemes for ages from 5 to 120 years only; 150 is outside that.")


@pytest.mark.parametrize("ask, note", [
    ("am I eligible for pm kisan?", "That is the check we are doing now (Pradhan Mantri Kisan Samman Nidhi). Please answer this:"),
    ("kya main pm kisan ke liye eligible hoon?", "Yahi jaanch abhi chal rahi hai (Pradhan Mantri Kisan Samman Nidhi). Kripya yeh bataiye:"),
])
def test_asking_for_the_running_check_again_says_it_goes_on_and_asks_its_question(engine, ask, note):
    first = say(engine, ask).replies[-1]
    assert first.kind == "question" and first.field == "owns_cultivable_land"
    again = say(engine, ask).replies
    assert [r.text for r in again[:1]] == [note]
    assert again[-1].kind == "question" and again[-1].field == "owns_cultivable_land" and again[-1].text == first.text
    # the check is the same one, not restarted: its answer is taken
    assert say(engine, "yes").replies[-1].field == "is_income_tax_payer"


def test_a_correction_while_a_question_waits_notes_it_and_asks_that_question_again(engine):
    say(engine, "which schemes can I get?")
    say(engine, "Bihar")
    asked = say(engine, "45").replies[-1]
    assert asked.kind == "question" and asked.field not in ("age", "state")
    after = say(engine, "actually my age is 62").replies
    assert after[0].text == "Noted: age 62 (was 45)."
    assert after[-1].kind == "question" and after[-1].field == asked.field and after[-1].text == asked.text


@pytest.mark.parametrize("message, noted", [
    ("I am 62, what documents do I need for old age pension?", "Noted: age 62."),
    ("meri umar 62 hai, vridha pension kitna milta hai?", "Note kiya: umar 62."),
])
def test_an_answer_with_a_question_in_one_message_keeps_the_answer_and_answers_the_question(engine, message, noted):
    say(engine, "which schemes can I get?")
    assert say(engine, "Bihar").replies[-1].field == "age"
    replies = say(engine, message).replies
    assert replies[0].text == noted
    assert any(r.kind == "answer" and r.citations and r.citations[0].scheme_id in ("ignoaps", "mvpy-bihar") for r in replies)
    assert replies[-1].kind == "question" and replies[-1].field not in ("age", "state")  # the check goes on, age not asked again
    assert engine.store.load(UserKey("cli", "u", engine.secret)).profile["age"].value == 62


def test_a_state_denied_with_the_right_one_named_is_corrected_not_only_dropped(engine):
    say(engine, "which schemes can I get?")
    say(engine, "Bihar")
    replies = say(engine, "sorry I meant I am not from Bihar, I am from UP").replies
    assert replies[0].text == "Noted: state Uttar Pradesh (was Bihar)." and replies[-1].field == "age"
    assert engine.store.load(UserKey("cli", "u", engine.secret)).profile["state"].value == "Uttar Pradesh"


@pytest.mark.parametrize("why", ["why do you ask?", "why do you need my age?", "kyon?"])
def test_why_a_question_is_asked_is_told_with_the_question_again(engine, why):
    say(engine, "which schemes can I get?")
    assert say(engine, "Bihar").replies[-1].field == "age"
    (reply,) = say(engine, why).replies
    assert reply.kind == "question" and reply.field == "age"
    assert reply.text.startswith(("I ask because: ", "Main isliye poochh raha hoon: "))
    assert [o.value for o in reply.options][-2:] == ["skip", "stop"]
    assert say(engine, "45").replies[-1].field not in ("age", "state")  # the answer after it is taken


def test_an_antyodaya_card_to_the_bpl_question_is_a_yes_not_a_scheme(engine):
    """A break-it trial: "I have an Antyodaya card" to the BPL question was declined as Antyodaya Anna Yojana (a scheme
    without documents) and the question asked again; "no BPL card, but we have an Antyodaya card" said NOT ELIGIBLE."""
    say(engine, "am I eligible for old age pension?")
    say(engine, "65")
    verdict = say(engine, "no BPL card, but we have an Antyodaya card").replies[-1]
    assert verdict.kind == "eligibility" and [(o.scheme_id, o.status) for o in verdict.outcomes] == [("ignoaps", "eligible")]


def test_a_question_during_a_schemes_check_is_about_that_scheme(engine):
    """A break-it trial: "am I eligible for pm kisan" then "what documents are needed?" got "Which scheme do you mean?"."""
    assert say(engine, "am I eligible for pm kisan").replies[-1].field == "owns_cultivable_land"
    replies = say(engine, "what documents are needed?").replies
    assert replies[0].kind == "answer" and replies[0].citations[0].scheme_id == "pm-kisan"
    assert replies[0].citations[0].section == "documents"
    assert replies[-1].field == "owns_cultivable_land"  # and the check's question again


def test_a_paged_decline_keeps_its_link_for_a_dlt_template(bundled_index):
    """A break-it trial: in DLT template mode, "price of onion" over SMS was sent as "Not found. See  -SCHMBT": the page the
    engine made of the decline had lost its links, and the template's link slot was filled with nothing."""
    from bot.render import SmsTemplate, sms_pages, sms_template_message
    from tests.conftest import flow_engine

    engine = flow_engine(bundled_index)
    engine.pagers["sms"] = lambda replies, lang: sms_pages(replies, lang, 3)
    page = engine.handle_turn(InboundMessage(channel="sms", user_id="+919800003333", text="price of onion")).replies[-1]
    assert page.kind == "decline" and page.links == ["https://www.myscheme.gov.in/search"]
    templates = {"decline": SmsTemplate(template_id="1107", text="Not found. See {#var#} -SCHMBT", slots=["link"])}
    assert sms_template_message(page, templates, 30) == ("1107", "Not found. See myscheme.gov.in/search -SCHMBT")


def test_lang_during_a_check_asks_its_question_again_in_the_new_language(engine):
    """A break-it trial: "/lang en" while a check's question waited set the language and left the question unasked."""
    assert say(engine, "kya main pm kisan ke liye eligible hu").replies[-1].field == "owns_cultivable_land"
    replies = say(engine, "/lang en").replies
    assert [r.text for r in replies] == ["I will reply in English.", "Back to your eligibility check: Does your family own farm land "
                                         "(cultivable land) in its name? (yes or no)"]
    assert say(engine, "yes").replies[-1].field == "is_income_tax_payer"


@pytest.mark.parametrize("ask,field", [("kya mujhe pm kisan milega", "owns_cultivable_land"), ("क्या मुझे वृद्धावस्था पेंशन मिलेगी", "age")])
def test_will_i_get_a_named_scheme_starts_its_check(engine, ask, field):
    """A re-check trial: these quoted the scheme's benefits and started no check; a following "70" then got "no question
    waiting"."""
    replies = say(engine, ask).replies
    assert replies[-1].kind == "question" and replies[-1].field == field


# (a woman of 70 is asked her marital status right after her gender: "widow" answers it)
_WIDOW_CHECK = ("/eligibility", "Tamil Nadu", "70", "female", "widow", "yes", "skip", "skip", "skip")


def _sms_sender(engine, user):
    from bot.render import sms_pages

    engine.pagers["sms"] = lambda replies, lang: sms_pages(replies, lang, 3)
    return lambda text: engine.handle_turn(InboundMessage(channel="sms", user_id=user, text=text)).replies


def _more_pages(send) -> list[str]:
    """The texts "MORE" brings until there is nothing more."""
    pages = []
    for _ in range(12):
        text = send("MORE")[-1].text
        if text.startswith("There is nothing more"):
            return pages
        pages.append(text)
    pytest.fail("MORE never ran out")


@pytest.mark.parametrize("channel", ["sms", "telegram"])
def test_a_scheme_picked_from_a_verdict_leaves_the_verdicts_more_pages_waiting(bundled_index, channel):
    """A newcomer trial: "2" after a verdict showed the second scheme, and the next "MORE" said there was nothing more,
    the verdict's last schemes lost. The pages "MORE" brings after the pick are those it brings without one."""
    from tests.conftest import flow_engine

    engine = flow_engine(bundled_index)
    sms = _sms_sender(engine, "+919800003331")
    plain = lambda user: lambda text: engine.handle_turn(InboundMessage(channel="telegram", user_id=user, text=text)).replies  # noqa: E731
    send, other = (sms, _sms_sender(engine, "+919800003332")) if channel == "sms" else (plain("pick1"), plain("pick2"))
    for text in _WIDOW_CHECK:
        verdict = send(text)[-1]
        other(text)
    assert verdict.kind == "eligibility" and "1. Indira Gandhi National Widow Pension Scheme" in verdict.text
    unpicked = _more_pages(other)
    assert any("2. Indira Gandhi National Old Age Pension Scheme" in p for p in [verdict.text, *unpicked])
    assert any(p.startswith("4. Pradhan Mantri Ujjwala Yojana") for p in unpicked)
    picked = send("2")
    assert "Indira Gandhi National Old Age Pension Scheme" in picked[-1].text and picked[-1].kind == "answer"
    assert _more_pages(send) == unpicked


def test_a_number_out_of_range_after_a_verdict_says_how_to_change_an_answer(bundled_index):
    """A newcomer trial's "45" after a verdict (an age, meant for a question already past) got only "a number from 1 to
    3"; a small number out of range still gets the short reply."""
    from tests.conftest import flow_engine, say as say_tg

    engine = flow_engine(bundled_index)
    for text in _WIDOW_CHECK:
        say_tg(engine, text, "late-age")
    assert [r.text for r in say_tg(engine, "45", "late-age")] == [
        "To read about a scheme above, reply with its number, from 1 to 3. To change one of your answers, write it out "
        "(for example: \"my age is 45\") and I will check again."]
    # (the three the verdict's first page numbers: the fourth and fifth wait for "MORE")
    assert [r.text for r in say_tg(engine, "7", "late-age")] == ["Please reply with a number from 1 to 3."]
    # ... and the way it names works: the correction noted, the check run again
    again = say_tg(engine, "my age is 45", "late-age")
    assert again[0].text.startswith("Noted: age 45 (was 70).") and again[-1].kind == "eligibility"


@pytest.mark.parametrize("text", ["CHECK PM KISAN", "check pm kisan", "जाँच पीएम किसान", "check for pm-kisan"])
def test_check_with_a_schemes_name_checks_that_scheme(bundled_index, text):
    """A newcomer on SMS, told to send CHECK, sent "CHECK PM KISAN" and had PM-KISAN described: it is that scheme's check,
    as "/eligibility pm kisan"; "check pm kisan status" stays a question (the status is looked up on the portal)."""
    from conversations.store import UserKey
    from tests.conftest import flow_engine

    engine = flow_engine(bundled_index)
    user = "+919800003340"
    replies = _sms_sender(engine, user)(text)
    assert replies[-1].field == "owns_cultivable_land", [r.text for r in replies]
    assert engine.store.load(UserKey("sms", user, engine.secret)).interview.scheme_id == "pm-kisan"
    status = _sms_sender(engine, "+919800003341")("check pm kisan status")
    assert engine.store.load(UserKey("sms", "+919800003341", engine.secret)).interview is None and status[-1].field is None


def test_sms_replies_name_check_for_eligibility_and_check_starts_one(bundled_index):
    """A newcomer trial: SMS replies said "Send /eligibility", awkward on a feature phone's keypad; they say CHECK, and
    "CHECK" (or "check karo", "जाँच करो") starts the check; during a check it asks the check's question again."""
    from tests.conftest import flow_engine

    engine = flow_engine(bundled_index)
    send = _sms_sender(engine, "+919800003333")
    greeting = send("hi")[-1].text
    assert "send CHECK to check what you may qualify for" in greeting and "/eligibility" not in greeting
    assert send("CHECK")[-1].text.endswith("Which state or union territory do you live in? (for example: Bihar, UP, Tamil Nadu)")
    for user, text in (("+919800003334", "check karo"), ("+919800003335", "जाँच करो")):
        assert _sms_sender(engine, user)(text)[-1].field == "state"
    # during a check, its question again, as "/eligibility" there: never an answer not understood (a break-it trial: three
    # "CHECK"s had dropped the age)
    send("UP")
    for _ in range(4):
        replies = send("CHECK")
        assert replies[-1].field == "age" and not any(r.text.startswith("Sorry") for r in replies)
    assert send("45")[-1].field != "age"
    assert "/eligibility" in say(flow_engine(bundled_index), "hi", "tg-check").replies[-1].text  # Telegram keeps the command
    # ... and the SMS help names DELETE for /forget, as the SMS privacy note does (a re-check trial)
    help_pages = [send("/help")[-1].text]
    while "MORE" in help_pages[-1].rsplit("\n", 1)[-1]:
        help_pages.append(send("MORE")[-1].text)
    assert "DELETE - delete everything I store about you" in "\n".join(help_pages) and "/forget" not in "\n".join(help_pages)


def test_a_checks_next_question_is_on_the_first_sms_page_before_a_list(bundled_index):
    """A newcomer trial on SMS: "I am 70 years old. My husband died" during a check got a first page of the widow's
    schemes alone, the check's next question behind MORE, and her "no" was read as the answer to a question she had
    never seen. The question comes first; the list's heading stays with the list; "MORE" brings the list on and asks
    the question again."""
    from tests.conftest import flow_engine

    engine = flow_engine(bundled_index)
    send = _sms_sender(engine, "+919800003336")
    send("/eligibility")
    send("Tamil Nadu")
    (page,) = send("I am 70 years old. My husband died")
    assert page.text.startswith("Noted: age 70, marital status Widowed, gender Female.\n\nBack to your eligibility check: "
                                "Does your family have a BPL (below poverty line) card or an Antyodaya ration card?\n\nReply with a number:\n1. Yes\n2. No")
    assert "\n\nFor a widow, these schemes may help (quoted from their pages):\n\n[1] " in page.text
    assert page.text.index("1. Yes\n2. No") < page.text.index("[1] ") and page.text.endswith("Reply MORE for the rest.")
    more = send("MORE")
    assert more[0].text.startswith("[2] ") and more[-1].field == "is_bpl"
    assert send("no")[-1].field != "is_bpl"  # her answer is to the question she saw


@pytest.mark.parametrize("first,head", [
    ("I am a 95 year old woman. Am I eligible for PMMVY?",
     "Pradhan Mantri Matru Vandana Yojana: NOT FOR YOU, by what you told me: it turns on a pregnancy (below)."),
    ("मैं 80 साल की महिला हूँ, क्या मुझे मातृ वंदना योजना मिलेगी",
     "Pradhan Mantri Matru Vandana Yojana: आपकी बताई बातों के अनुसार आपके लिए नहीं: यह गर्भावस्था पर निर्भर है (नीचे)।"),
    ("I am a 28 year old woman. Am I eligible for PMMVY?",
     "Pradhan Mantri Matru Vandana Yojana: ONLY IF THIS APPLIES TO YOU: it turns on an event you have not told me of (below). "
     "The conditions I can check are met."),
    ("I am pregnant, 25 years old. Am I eligible for PMMVY?", "Pradhan Mantri Matru Vandana Yojana: LIKELY ELIGIBLE on the conditions I can check."),
])
def test_a_one_scheme_verdict_on_a_life_event_says_whether_it_can_be_yours(bundled_index, first, head):
    """A break-it trial: "I am a 95 year old woman. Am I eligible for PMMVY?" got "LIKELY ELIGIBLE"; the pregnancy the
    scheme turns on heads the verdict: not hers at 95 or 80, "only if this applies" when unsaid, as before when said."""
    from tests.conftest import flow_engine, say as say_tg

    verdict = say_tg(flow_engine(bundled_index), first, "event-verdict")[-1]
    assert verdict.kind == "eligibility" and verdict.text.split("\n")[0] == head
    assert "\u201cThe applicant must be a pregnant woman.\u201d https://www.myscheme.gov.in/schemes/pmmvy#eligibility" in verdict.text


def test_a_number_after_a_one_scheme_verdict_says_what_can_be_done_next(bundled_index):
    """A break-it trial: "2" after PM-KISAN's verdict got "I have no question waiting ... I may have lost our conversation"."""
    from tests.conftest import flow_engine, say as say_tg

    engine = flow_engine(bundled_index)
    assert say_tg(engine, "am I eligible for pm kisan", "one-verdict")[-1].kind == "question"
    for answer in ("yes", "no"):
        last = say_tg(engine, answer, "one-verdict")[-1]
    assert last.kind == "eligibility"
    assert [r.text for r in say_tg(engine, "2", "one-verdict")] == [t("after_verdict", "en")]


def test_a_pension_missed_only_for_want_of_a_bpl_card_is_named_as_a_close_miss(bundled_index):
    """A newcomer trial: a 70-year-old Tamil Nadu widow without a BPL card was told "Not eligible on your answers: 16
    schemes"; the widow and old age pensions she misses on that card alone were never named."""
    from tests.conftest import flow_engine, say as say_tg

    engine = flow_engine(bundled_index)
    for text in ("CHECK", "Tamil Nadu", "70", "widow", "no", "50000", "skip", "skip", "skip", "skip", "skip"):
        replies = say_tg(engine, text, "no-bpl")
        if replies[-1].kind == "eligibility":
            break
    verdict = replies[-1]
    assert verdict.kind == "eligibility"
    bpl = "\u201cThe applicant's household must be below the poverty line (BPL) under the Government of India's BPL criteria.\u201d"
    assert (f"Close, but not eligible: Indira Gandhi National Old Age Pension Scheme: {bpl} https://www.myscheme.gov.in/schemes/ignoaps#eligibility; "
            f"Indira Gandhi National Widow Pension Scheme: {bpl} https://www.myscheme.gov.in/schemes/ignwps#eligibility") in verdict.text


@pytest.mark.parametrize("correction,noted", [
    ("मेरी उम्र 45 साल है", "नोट किया: उम्र 45 (पहले 70)।"),
    ("meri umar 45 saal hai", "Note kiya: umar 45 (pehle 70)."),
    ("my age is 45", "Noted: age 45 (was 70)."),
])
def test_an_age_corrected_after_a_verdict_in_each_language_runs_the_check_again(bundled_index, correction, noted):
    """A re-check trial: the correction the bot's own hint suggests in Hindi ("मेरी उम्र 45 साल है") was searched and
    declined, and in Hinglish answered with a scheme's age condition: the word for age read as a question."""
    from tests.conftest import flow_engine, say as say_tg

    engine = flow_engine(bundled_index)
    for text in _WIDOW_CHECK:
        say_tg(engine, text, "age-fix")
    replies = say_tg(engine, correction, "age-fix")
    assert replies[0].text.startswith(noted) and replies[-1].kind == "eligibility"


def test_a_hindi_sms_verdict_and_its_more_pages_keep_its_labels_in_latin_letters(bundled_index):
    """A re-check trial: a Hindi SMS verdict's MORE pages were paged as notes, each page UCS-2 with an entry's label
    alone and its English quote on the next page; "… CHECK भेजें" and the caution stayed in Devanagari inside a verdict
    otherwise in Latin letters. Every page of the verdict is GSM-7, each entry with its quote and link."""
    from bot.split import is_gsm7, sms_fits
    from tests.conftest import flow_engine

    engine = flow_engine(bundled_index)
    send = _sms_sender(engine, "+919800003337")
    replies = send("जाँच करो")
    for text in ("बिहार", "मैं 67 साल की विधवा हूँ", *["skip"] * 10):
        if replies[-1].kind == "eligibility":
            break
        replies = send(text)
    pages = [replies[-1].text]
    while "MORE" in pages[-1].rsplit("\n", 1)[-1]:
        pages.append(send("MORE")[0].text)
    assert replies[-1].kind == "eligibility" and len(pages) >= 2
    assert all(is_gsm7(p) and sms_fits(p, 3) for p in pages), [p for p in pages if not is_gsm7(p)]
    entries = [p for p in pages if re.match(r"\d+\. ", p)]
    assert entries and all("myscheme.gov.in/schemes/" in p for p in entries)


def test_eligibility_with_only_an_emoji_is_the_plain_command(bundled_index):
    """A break-it trial: "/eligibility 🙏" after talking of PM-KISAN checked PM-KISAN, saying "to check all schemes, send
    /eligibility", what had just been sent. No words after the command: the plain command, the check of all schemes."""
    from conversations.store import UserKey
    from tests.conftest import flow_engine
    from tests.conftest import say as say_tg

    engine = flow_engine(bundled_index)
    say_tg(engine, "what is pm kisan?", "emoji-check")
    replies = say_tg(engine, "/eligibility 🙏", "emoji-check")
    assert replies[-1].field == "state" and not any("the scheme we talked about" in r.text for r in replies)
    assert engine.store.load(UserKey("telegram", "emoji-check", engine.secret)).interview.mode == "screening"


@pytest.mark.parametrize("why,start", [("why?", "Each scheme above is listed with the condition"), ("क्यों?", "ऊपर हर योजना के साथ"),
                                       ("kyon?", "Each scheme above is listed")])  # (a word alone keeps the conversation's language)
def test_why_after_a_verdict_says_how_it_was_reached(bundled_index, why, start):
    """A newcomer trial: "why?" and "क्यों?" after a verdict were searched and declined ("I don't know")."""
    from tests.conftest import flow_engine
    from tests.conftest import say as say_tg

    engine = flow_engine(bundled_index)
    user = f"why-{why}"
    replies = say_tg(engine, "/eligibility", user)
    for answer in ["Bihar", "70"] + ["skip"] * 10:
        if replies[-1].kind == "eligibility":
            break
        replies = say_tg(engine, answer, user)
    assert replies[-1].kind == "eligibility"
    (reply,) = say_tg(engine, why, user)
    assert reply.kind == "info" and reply.text.startswith(start)


def test_an_ordinal_past_the_list_is_told_which_numbers_there_are(bundled_index):
    """A break-it trial: "the seventh one" after a list of five was searched and declined, where "7" is told "from 1 to 5";
    and a list of one scheme said "from 1 to 1"."""
    from tests.conftest import flow_engine
    from tests.conftest import say as say_tg

    engine = flow_engine(bundled_index)
    say_tg(engine, "schemes for farmers", "ord7")
    for text in ("the seventh one", "7"):
        assert [r.text for r in say_tg(engine, text, "ord7")] == ["Please reply with a number from 1 to 5."]
    assert [r.text for r in say_tg(engine, "saatva wala", "ord7")] == ["Kripya 1 se 5 tak ka koi number likhiye."]
    assert say_tg(engine, "the second one", "ord7")[0].kind == "answer"
    # (a list of one scheme, as a one-scheme verdict leaves it)
    from conversations.store import UserKey

    key = UserKey("telegram", "ord7", engine.secret)
    state = engine.store.load(key)
    state.list_ids = state.list_ids[:1]
    engine.store.save(key, state)
    assert [r.text for r in say_tg(engine, "3", "ord7")] == ["Only one scheme is listed above: reply 1 to read about it."]


@pytest.mark.parametrize("text", ["meri maa 70 saal ki hai, kya use pension milegi?", "मेरी माँ 70 साल की है, क्या उन्हें पेंशन मिलेगी?",
                                  "my mother is 70 years old, will she get a pension?"])
def test_a_pension_for_an_old_relative_is_the_old_age_pension(bundled_index, text):
    """A trial: "meri maa 70 saal ki hai, kya use pension milegi?" was declined, in Hinglish and in Hindi: a pension for
    someone of 60 or more is what old age brings, as for the user's own age."""
    from tests.conftest import flow_engine
    from tests.conftest import say as say_tg

    replies = say_tg(flow_engine(bundled_index), text, "old-mother")
    assert next(r for r in replies if r.kind == "answer").citations[0].scheme_id == "ignoaps"


def test_a_check_asked_with_a_relatives_facts_says_whose_it_is(bundled_index):
    """A break-it trial: "my mother is a 65 year old widow in Bihar. am I eligible for widow pension?" was asked its own
    state without a word, and "yes" to it was not understood. The check is the writer's: said so, and how to check for her."""
    from tests.conftest import flow_engine
    from tests.conftest import say as say_tg

    engine = flow_engine(bundled_index)
    replies = say_tg(engine, "my mother is a 65 year old widow in Bihar. am I eligible for widow pension?", "for-mother")
    assert replies[0].text.startswith("I check for you, the one writing: what you told me of a relative is not taken as yours.")
    assert replies[-1].kind == "question"
    # a widow speaking of her husband's death is speaking of herself: no such line
    assert not any(r.text.startswith("I check for you") for r in say_tg(engine, "my husband died, am I eligible for widow pension?", "w2"))


def test_no_work_said_to_the_work_question_is_the_answer_not_a_search(bundled_index):
    """A newcomer trial: "कोई काम नहीं करती" to the work question was noted, and schemes for the unemployed listed in the
    middle of the check. The words of the phrase a fact was read from ask nothing more."""
    from conversations.store import UserKey
    from tests.conftest import flow_engine
    from tests.conftest import say as say_tg

    engine = flow_engine(bundled_index)
    user = "no-work"
    replies = say_tg(engine, "/eligibility", user)
    key = UserKey("telegram", user, engine.secret)
    state = engine.store.load(key)
    state.interview.field = "occupation"
    engine.store.save(key, state)
    replies = say_tg(engine, "कोई काम नहीं करती", user)
    assert not any(r.kind == "answer" for r in replies) and replies[-1].kind == "question" and replies[-1].field != "occupation"
    assert engine.store.load(key).profile["occupation"].value == "unemployed"


def test_why_after_a_verdict_keeps_its_more_pages(bundled_index):
    """A newcomer trial: "why?" after a verdict ending "Reply MORE for 9 more." made the next "MORE" say there was
    nothing more. The explanation is small talk: the verdict's pages still wait."""
    from tests.conftest import flow_engine
    from tests.conftest import say as say_tg

    engine = flow_engine(bundled_index)
    user = "why-more"
    replies = say_tg(engine, "/eligibility", user)
    for answer in ["Bihar", "70", "female"] + ["skip"] * 10:
        if replies[-1].kind == "eligibility":
            break
        replies = say_tg(engine, answer, user)
    from conversations.store import UserKey

    before = engine.store.load(UserKey("telegram", user, engine.secret)).paging
    assert before, replies[-1].text
    say_tg(engine, "why?", user)
    assert say_tg(engine, "MORE", user)[0].text == before[0]


def test_an_impossible_age_told_outside_a_check_is_said_to_be_not_noted(engine):
    # a break-it trial: "I am 250 years old, which pension can I get?" was answered with no word that the age was dropped
    replies = say(engine, "I am 250 years old, which pension can I get?", user="old250").replies
    assert replies[0].text == "I have not noted the age 250: I check schemes for ages from 5 to 120 years only."
    replies = say(engine, "main 300 saal ka hu", user="old300").replies
    assert replies[0].text == "Maine umar 300 note nahi ki: main 5 se 120 saal tak ki umar ke liye hi yojanayein jaanchta hoon."
    assert not any("umar 300" in r.text and r.text.startswith("Note kiya") for r in replies)
    # an age the check takes is noted with no such line
    replies = say(engine, "I am 67 years old", user="old67").replies
    assert not any("have not noted" in r.text for r in replies)
    # a number run on into letters is no age ("age 1e3" had been "the age 1", a break-it trial)
    assert not any("have not noted" in r.text for r in say(engine, "age 1e3", user="old1e3").replies)


def test_a_verdicts_schemes_on_its_more_pages_are_picked_only_once_shown(bundled_index):
    """A break-it trial: "dusra" after a verdict that numbered one scheme answered about the second of its "MORE" page, never
    seen; once "MORE" has shown it, it is picked."""
    from conversations.store import UserKey
    from tests.conftest import flow_engine, say as say_tg

    engine = flow_engine(bundled_index)
    for text in _WIDOW_CHECK:
        say_tg(engine, text, "more-picks")
    state = engine.store.load(UserKey("telegram", "more-picks", engine.secret))
    shown, later = list(state.list_ids), list(state.list_later)
    assert len(shown) == 3 and later
    assert [r.text for r in say_tg(engine, "4", "more-picks")] == ["Please reply with a number from 1 to 3."]
    page = say_tg(engine, "MORE", "more-picks")[0].text
    assert page.startswith("4. ")
    picked = say_tg(engine, "4", "more-picks")
    assert picked[0].citations[0].scheme_id == later[0]


def test_two_ages_of_ones_own_in_one_message_note_neither_and_say_so(engine):
    # a break-it trial: "I am 30 and 70 years old" kept 70, "main 30 saal ka hu aur 70 saal ka hu" kept 30, both silently
    from eligibility.extract import extract

    assert "age" not in extract("I am 30 and 70 years old") and "age" not in extract("main 30 saal ka hu aur 70 saal ka hu")
    assert extract("I am 45, no 54")["age"] == 54  # a correction says which
    replies = say(engine, "I am 30 and 70 years old", user="two-ages").replies
    assert replies[0].text == "You gave more than one age (30 / 70), so I have not noted either: please tell me your age again."
    replies = say(engine, "main 30 saal ka hu aur 70 saal ka hu", user="two-ages-hi").replies
    assert replies[0].text.startswith("Aapne ek se zyada umar batayi (30 / 70)")
    assert not any("umar" in r.text and r.text.startswith("Note kiya") for r in replies)


def test_two_ages_answering_the_age_question_get_no_note_that_contradicts_the_interview(engine):
    # the note that neither age was noted had been said beside the interview's own reading of the answer (which moved on)
    for text in ("/eligibility", "UP"):
        say(engine, text, user="two-ages-asked")
    replies = say(engine, "I am 30 and 70 years old", user="two-ages-asked").replies
    # (the interview asks again itself, once: it no longer takes one of them)
    assert [(r.field, r.text) for r in replies] == [("age", "You gave more than one age (30 / 70), so I have not noted either: please tell me your age again.")]


def test_a_state_named_with_other_facts_after_an_answer_notes_them_all_and_says_the_central_scheme_once(bundled_index):
    """"mai kisan hu UP se" after the national widow pension was asked for Uttar Pradesh and noted only the state (a
    trial: the work was lost); "I live in Bihar" next, with no Bihar version, said twice that the central scheme applies."""
    from tests.conftest import flow_engine
    from tests.conftest import say as say_tg

    engine = flow_engine(bundled_index)
    say_tg(engine, "widow pension", "kisan-up")
    replies = say_tg(engine, "mai kisan hu UP se", "kisan-up")
    assert replies[0].text == "Note kiya: rajya Uttar Pradesh, kaam Kisan."
    assert next(r for r in replies if r.kind == "answer").citations[0].scheme_id == "wpup"
    state = engine.store.load(UserKey("telegram", "kisan-up", engine.secret))
    assert state.profile["occupation"].value == "farmer" and state.profile["state"].value == "Uttar Pradesh"
    infos = [r.text for r in say_tg(engine, "I live in Bihar", "kisan-up") if r.kind == "info"]
    assert infos == ["Noted: you live in Bihar.", "I have no scheme of Bihar's own for this; the central scheme above applies there too."]


@pytest.mark.parametrize("text,places", [
    ("I live in UP and Bihar, old age pension kitni hai", ["Uttar Pradesh", "Bihar"]),
    ("mai bihar aur up se hu", ["Bihar", "Uttar Pradesh"]),
    ("मैं बिहार और यूपी से हूँ", ["Bihar", "Uttar Pradesh"]),
    ("I am in Bihar or Jharkhand", ["Bihar", "Jharkhand"]),
])
def test_two_states_of_ones_own_joined_in_one_message_are_conflicting(text, places):
    from eligibility.extract import conflicting_states, extract

    assert conflicting_states(text) == places and "state" not in extract(text)


@pytest.mark.parametrize("text,state", [
    ("I am from Bihar, now in Kerala", "Kerala"), ("main bihar se hu, kerala me rehta hu", "Kerala"), ("Bihar? no, UP", "Uttar Pradesh"),
    ("I am from Bihar and my husband is from UP", "Bihar"), ("I live in Jammu and Kashmir", "Jammu and Kashmir"),
    ("I am from UP. Bihar me pension kitni hai", "Bihar"),
])
def test_a_state_said_with_which_one_is_meant_is_no_conflict(text, state):
    from eligibility.extract import conflicting_states, extract

    assert conflicting_states(text) == [] and extract(text)["state"] == state


def test_two_states_of_ones_own_note_neither_and_ask_which(engine):
    # a break-it trial: "I live in UP and Bihar" kept Uttar Pradesh silently; "mai bihar aur up se hu" kept Bihar
    replies = say(engine, "I live in UP and Bihar, old age pension kitni hai", user="two-states").replies
    assert replies[0].text == "Aapne ek se zyada rajya bataye (Uttar Pradesh / Bihar), isliye maine koi note nahi kiya: aap kis rajya mein rehte hain?"
    assert not any(r.text.startswith("Note kiya") for r in replies) and any(r.kind == "answer" for r in replies)
    replies = say(engine, "mai bihar aur up se hu", user="two-states-told").replies
    assert [r.text for r in replies] == ["Aapne ek se zyada rajya bataye (Bihar / Uttar Pradesh), isliye maine koi note nahi kiya: aap kis rajya mein rehte hain?"]
    assert say(engine, "UP", user="two-states-told").replies[0].text.startswith("Note kiya: rajya Uttar Pradesh")
    # ... nor as the answer to the check's question
    for text in ("/eligibility",):
        say(engine, text, user="two-states-asked")
    asked = say(engine, "UP and Bihar", user="two-states-asked").replies
    assert [(r.kind, r.field, r.text) for r in asked] == [("question", "state", "You named more than one state (Uttar Pradesh / Bihar), so I have not noted either: which state do you live in?")]
    assert say(engine, "Bihar", user="two-states-asked").replies[-1].field == "age"


@pytest.mark.parametrize("correction,lang_head", [("no wait, 61", "Noted: age 61 (was 65)."), ("nahi ruko, 61", "Note kiya: umar 61 (pehle 65).")])
def test_a_correction_of_the_age_to_the_next_question_corrects_the_age_and_answers_nothing_else(engine, correction, lang_head):
    # a break-it trial: "no wait, 61" to the BPL question after "65" was noted as no BPL card, then NOT ELIGIBLE
    user = f"fix-{len(correction)}"
    for text in ("am i eligible for old age pension", "UP", "65"):
        say(engine, text, user=user)
    replies = say(engine, correction, user=user).replies
    assert replies[0].text == lang_head and replies[-1].field == "is_bpl"
    state = engine.store.load(UserKey("cli", user, engine.secret))
    assert state.profile["age"].value == 61 and "is_bpl" not in state.profile


def test_sorry_i_meant_corrects_the_earlier_age_while_another_question_waits(engine):
    # a newcomer trial: "sorry I meant 45 not 54" got "Sorry, I could not understand that"
    for text in ("am i eligible for widow pension? i live in bihar", "54"):
        say(engine, text, user="meant")
    replies = say(engine, "sorry I meant 45 not 54", user="meant").replies
    assert replies[0].text == "Noted: age 45 (was 54)." and replies[-1].kind == "question" and replies[-1].field != "age"


def test_answers_the_check_cannot_take_as_they_are_are_asked_again(engine):
    # break-it trials: "1.5 lakh" to the gender question was noted as education primary; "I am 30 and 70" to the age question
    # took 30 (NOT ELIGIBLE for the old age pension); "110001" to the state question was noted as a family income
    from eligibility.extract import extract

    assert extract("1.5 lakh") == {} and extract("class 1 to 5") == {"education_level": "primary"}
    for text in ("check eligibility", "Uttar Pradesh", "67"):
        say(engine, text, user="odd-answers")
    replies = say(engine, "1.5 lakh", user="odd-answers").replies
    assert replies[0].text == "Noted: family income ₹1,50,000 a year." and replies[-1].field == "gender"
    for text in ("am I eligible for old age pension", "UP"):
        say(engine, text, user="two-ages-check")
    asked = say(engine, "I am 30 and 70", user="two-ages-check").replies
    assert [(r.field, r.text) for r in asked] == [("age", "You gave more than one age (30 / 70), so I have not noted either: please tell me your age again.")]
    say(engine, "check eligibility", user="pin")
    pin = say(engine, "110001", user="pin").replies
    assert [(r.field, r.text[:31]) for r in pin] == [("state", "That looks like a PIN code. Whi")]
    state = engine.store.load(UserKey("cli", "pin", engine.secret))
    assert "annual_family_income" not in state.profile


def test_the_checks_state_question_names_the_state_asked_about_and_yes_takes_it(engine):
    # a newcomer trial: after the bot said it looked at Tamil Nadu's schemes, the check asked which state with no word of it
    say(engine, "old age pension in bihar", user="topic-state")
    asked = say(engine, "/eligibility", user="topic-state").replies[-1]
    assert (asked.field, asked.text) == ("state", "Which state or union territory do you live in? (for example: Bihar, UP, Tamil Nadu) "
                                                  "You asked about Bihar's schemes: reply \"yes\" if you live there.")
    replies = say(engine, "yes", user="topic-state").replies
    assert replies[0].text == "Noted: state Bihar." and replies[-1].field == "age"
    # (never taken unasked: a state named in a question is not where the user lives until they say so)
    say(engine, "old age pension in bihar", user="topic-state-2")
    assert "state" not in engine.store.load(UserKey("cli", "topic-state-2", engine.secret)).profile


def test_a_yes_while_the_store_is_down_names_delete_on_sms_and_forget_elsewhere(engine):
    # a break-it trial: with Redis down, "yes" over SMS was told to "send /forget again", a command SMS does not have
    sms = engine.handle_stateless(InboundMessage(channel="sms", user_id="+919800001111", text="yes")).replies[-1].text
    assert "please send DELETE again in a few minutes" in sms and "/forget" not in sms
    tg = engine.handle_stateless(InboundMessage(channel="telegram", user_id="7", text="yes")).replies[-1].text
    assert "please send /forget again in a few minutes" in tg


def test_a_language_asked_while_a_pick_waits_asks_the_pick_again_in_it(engine):
    # a newcomer trial: "अंग्रेज़ी में बताइए" after "which of the schemes above?" was declined as no scheme question, in Hindi
    for text in ("मुझे नौकरी चाहिए, 22 साल, बेरोजगार हूँ, झारखंड", "और कितना मिलेगा?"):
        last = say(engine, text, user="pick-lang").replies[-1]
    assert last.field == "pick"
    replies = say(engine, "अंग्रेज़ी में बताइए", user="pick-lang").replies
    assert [r.text for r in replies] == ["I will reply in English.", "Which of the schemes above do you mean? Reply with its number."]
    assert [o.value for o in replies[-1].options] == [o.value for o in last.options]
    picked = say(engine, "2", user="pick-lang").replies[-1]
    assert picked.kind == "answer" and picked.citations[0].scheme_id == "pmegp"


@pytest.mark.parametrize("text,facts", [
    ("I got 85 percent in 12th", {"education_level": "higher_secondary"}),
    ("12th me 80% aaye", {"education_level": "higher_secondary"}),
    ("I am a girl in class 12", {"gender": "female", "is_student": True, "education_level": "higher_secondary"}),
])
def test_marks_got_in_a_class_are_a_class_passed_not_studying(text, facts):
    # a break-it trial: "I got 85 percent in 12th" was noted as studying now
    from eligibility.extract import extract

    assert extract(text) == facts


def test_a_number_after_a_verdict_of_one_listed_scheme_does_not_say_from_1_to_1(engine):
    # a newcomer trial read "reply with its number, from 1 to 1" after a check that listed one scheme
    for text in ("am i eligible for old age pension", "UP", "65", "yes"):
        say(engine, text, user="one-listed")
    key = UserKey("cli", "one-listed", engine.secret)
    state = engine.store.load(key)
    state.list_ids = ["ignoaps"]
    engine.store.save(key, state)
    replies = say(engine, "45", user="one-listed").replies
    assert [r.text for r in replies] == ["To read about the scheme above, reply 1. To change one of your answers, write it out "
                                         "(for example: \"my age is 45\") and I will check again."]
