"""The conversation engine: commands, media, long messages, /forget, concurrency on real Redis."""

import concurrent.futures
import uuid

import pytest

from conversations.engine import Engine
from conversations.store import RedisStore, UserKey
from conversations.types import InboundMessage
from retrieval.answer import Answerer
from tests.conftest import flow_engine, redis_client


@pytest.fixture(scope="module")
def answerer(bundled_index):
    return Answerer(bundled_index)


@pytest.fixture
def engine(answerer):
    return Engine(answerer, RedisStore.embedded(), secret=uuid.uuid4().bytes)


def say(engine, text, user="u1", channel="telegram"):
    return engine.handle_turn(InboundMessage(channel=channel, user_id=user, text=text))


def test_start_help_lang(engine):
    start = say(engine, "/start").replies[0]
    assert start.kind == "info" and "I don't know" in start.text and "quoting, word for word" in start.text
    assert say(engine, "/lang hi").replies[0].text == "अब मैं हिंदी में उत्तर दूँगा।"
    assert "/eligibility" in say(engine, "/help").replies[0].text
    assert say(engine, "/lang xx").replies[0].text.startswith("/lang en")
    assert say(engine, "/nonsense").replies[0].kind == "info"


def test_help_asked_in_hindi_keeps_the_conversation_in_hindi(engine):
    """A break-it trial: "मदद चाहिए" got the help in Hindi, then "ok" got an English reply (the help's turn kept nothing)."""
    from conversations.strings import t

    assert say(engine, "मदद चाहिए", user="help-hi").replies[0].text == t("help", "hi")
    assert [r.text for r in say(engine, "ok", user="help-hi").replies] == [t("ack", "hi")]


def test_asking_for_a_language_sets_it_and_gives_the_last_answer_again_in_it(engine):
    """A newcomer trial: "in Hindi?" and "hindi me batao" after an answer were searched for and declined."""
    from conversations.engine import language_request
    from conversations.strings import t

    assert [language_request(x) for x in ("in Hindi?", "hindi me batao", "अंग्रेज़ी में बताइए", "reply in english please",
                                          "in hindi what is pm kisan", "hindi")] == ["hi", "hi", "en", "en", None, None]
    first = say(engine, "pm kisan me kitna paisa milta hai", user="lang").replies
    again = say(engine, "in Hindi?", user="lang").replies
    assert again[0].text == f"{t('lang_set', 'hi')} {t('quotes_stay', 'hi')}"
    assert again[1].text.startswith(first[0].text.split("\n\n")[0]) and "स्रोत:" in again[1].text
    assert "स्रोत:" in say(engine, "kitna milega", user="lang").replies[0].text  # it stays Hindi
    assert say(engine, "in english please", user="lang").replies[0].text == t("lang_set", "en")


@pytest.mark.parametrize("kind", ["sticker", "voice", "photo", "location", "contact"])
def test_media_gets_a_request_to_type_and_changes_nothing(engine, kind):
    say(engine, "pm kisan kya hai")
    key = UserKey("telegram", "u1", engine.secret)
    before = engine.store.load(key)
    result = engine.handle_turn(InboundMessage(channel="telegram", user_id="u1", kind=kind))
    assert result.replies[0].kind == "info" and "type" in result.replies[0].text
    after = engine.store.load(key)
    assert after.version == before.version and after.turn_count == before.turn_count


def test_empty_text_is_like_media(engine):
    assert say(engine, "   ").replies[0].text.startswith("Your message came through empty.")


def test_long_message_is_cut_with_a_note(engine):
    result = say(engine, "how much money do farmers get under pm kisan " + "please " * 300)
    assert result.replies[0].kind == "info" and "1000 characters" in result.replies[0].text
    assert result.replies[1].kind == "answer" and result.replies[1].citations[0].scheme_id == "pm-kisan"


STORY = ("Namaste ji. Main Uttar Pradesh ke ek chhote gaon se hoon aur mere paas do bigha zameen hai. Pichle saal barish kam hui. "
         "Humne panchayat mein bhi poocha tha lekin kisi ne theek se nahi bataya. ") * 12


def test_a_long_message_is_searched_by_its_question_not_its_first_characters(engine):
    result = say(engine, STORY + "Kripya batayein ki pm kisan ke liye kaun se documents chahiye?")
    assert len(STORY) > 2000 and [r.kind for r in result.replies] == ["info", "answer"]
    assert result.replies[0].text == 'Aapka message lamba tha, isliye maine uske is hisse se khoja: "Kripya batayein ki pm kisan ke liye kaun se documents chahiye?"'
    assert (result.replies[1].citations[0].scheme_id, result.replies[1].citations[0].section) == ("pm-kisan", "documents")
    # the scheme named early in the story, the question at its end
    result = say(engine, "I registered for PM-KISAN last year. " + "We grow rice and wheat on our small land every season. " * 25
                 + "What documents do I need?", user="u2")
    assert result.replies[0].text == 'Your message was long, so I searched with this part of it: "PM-KISAN: What documents do I need?"'
    assert (result.replies[1].citations[0].scheme_id, result.replies[1].citations[0].section) == ("pm-kisan", "documents")
    # one run-on sentence: its last words are searched, and the note shows their end, where the question is (a break-it trial:
    # it had shown their start, "I am a farmer I am a ...", as if the question had been glued to it)
    result = say(engine, "I am a farmer " * 330 + "How much money does PM Kisan give?", user="u3")
    note = result.replies[0].text
    assert note.startswith('Your message was long, so I searched with this part of it: "...') and note.endswith('How much money does PM Kisan give?"')
    # a question naming a kind of help has its own subject: a scheme named earlier in the story is not put before it (a
    # newcomer trial: "Ayushman card: ... kya mujhe vidhwa pension mil sakti hai" was declined)
    result = say(engine, "Pichhle mahine maine Ayushman card banwaya tha. " + "Hamare gaon mein bahut garibi hai. " * 40
                 + "To mera sawal yeh hai ki kya mujhe vidhwa pension mil sakti hai?", user="u5")
    assert result.replies[0].text.endswith('"To mera sawal yeh hai ki kya mujhe vidhwa pension mil sakti hai?"')
    # a link in the part searched is not repeated, live, in the bot's own message (a break-it trial)
    result = say(engine, "We grow rice and wheat on our small land every season. " * 25 + "Is www.evil.example the pm kisan site?", user="u4")
    assert "www.evil.example" not in result.replies[0].text and "[link]" in result.replies[0].text


def test_follow_ups_and_topic_switch(engine):
    r1 = say(engine, "pm kisan kya hai")
    assert r1.replies[0].citations[0].scheme_id == "pm-kisan"
    r2 = say(engine, "documents?")
    assert r2.standalone_query == "documents? Pradhan Mantri Kisan Samman Nidhi"
    assert (r2.replies[0].citations[0].scheme_id, r2.replies[0].citations[0].section) == ("pm-kisan", "documents")
    r3 = say(engine, "what about ujjwala?")
    assert r3.standalone_query == "what about ujjwala? documents required"
    assert (r3.replies[0].citations[0].scheme_id, r3.replies[0].citations[0].section) == ("pmuy", "documents")


@pytest.mark.parametrize("before_text,text,reply", [
    ("what is pm kisan", "👍👍", "Okay."), ("what is pm kisan", "thank you 🙏🏽", "You're welcome."), ("what is pm kisan", "ok ji 👍", "Okay."),
    ("pm kisan kya hai", "dhanyawad", "Aapka swagat hai."),
    ("पीएम किसान क्या है", "धन्यवाद", "आपका स्वागत है।"), ("what is pm kisan", "ok", "Okay. Ask me about any government scheme"),
    ("what is pm kisan", "hmm", "Okay."), ("pm kisan kya hai", "theek hai", "Theek hai."), ("पीएम किसान क्या है", "अच्छा", "ठीक है।"), ("पीएम किसान क्या है", "ठीक है।", "ठीक है।"),
    ("what is pm kisan", "👌", "Okay."), ("pm kisan kya hai", "pata nahi", "Theek hai."), ("what is pm kisan", "skip", "Okay."),
    ("what is pm kisan", "😀😀🎉", "Okay."), ("pm kisan kya hai", "tum bahut ache ho", "Aapka swagat hai."),
    ("pm kisan kya hai", "bye", "Alvida!"), ("what is pm kisan", "ok bye", "Goodbye!"),
    # small talk in a row, and "how are you" (a newcomer trial: each had been searched for and declined)
    ("what is pm kisan", "ok thanks bye", "Goodbye!"), ("what is pm kisan", "super, thanks!", "You're welcome."),
    ("what is pm kisan", "how are you?", "Namaste!"), ("pm kisan kya hai", "aap kaise ho", "Namaste!"),
])
def test_small_talk_gets_a_short_reply_and_keeps_the_topic_and_pages(engine, before_text, text, reply):
    say(engine, "how to apply for pm kisan")
    say(engine, before_text)
    key = UserKey("telegram", "u1", engine.secret)
    before = engine.store.load(key)
    result = say(engine, text)
    assert [r.kind for r in result.replies] == ["info"] and result.replies[0].text.startswith(reply)
    after = engine.store.load(key)
    assert (after.scheme_id, after.topic, after.paging, after.last_standalone) == (before.scheme_id, before.topic, before.paging, before.last_standalone)
    assert after.scheme_id == "pm-kisan"


def test_a_folded_hands_first_message_is_a_greeting_and_later_a_thanks(engine):
    assert say(engine, "🙏", user="new").replies[0].text.startswith("Namaste!")
    say(engine, "what is pm kisan", user="new")
    assert say(engine, "🙏", user="new").replies[0].text.startswith("You're welcome.")
    assert say(engine, "👋", user="other").replies[0].text.startswith("Namaste!")
    assert say(engine, "hlo bhai", user="third").replies[0].text.startswith("Namaste!")  # no decline


def test_reset_forgets_context(engine):
    say(engine, "pm kisan kya hai")
    say(engine, "/reset")
    assert say(engine, "documents?").standalone_query == "documents?"


def test_decline_reply_has_official_link(engine):
    reply = say(engine, "who won the cricket match yesterday").replies[0]
    assert reply.kind == "decline" and reply.text.startswith("I don't know.")
    assert "https://www.myscheme.gov.in/search" in reply.links


def test_decline_for_a_missing_section_names_the_scheme(engine):
    reply = say(engine, "who is eligible for ayushman bharat").replies[0]
    assert reply.kind == "decline"
    assert reply.text.startswith("I don't know. The documents I have for Ayushman Bharat Pradhan Mantri Jan Arogya Yojana do not cover what you asked")
    assert reply.links[0] == "https://www.myscheme.gov.in/schemes/pmjay"


def test_forget_needs_confirmation_then_deletes(engine):
    say(engine, "pm kisan kya hai")
    key = UserKey("telegram", "u1", engine.secret)
    q = say(engine, "/forget").replies[0]
    assert q.kind == "question" and [o.value for o in q.options] == ["yes", "no"]
    assert say(engine, "maybe").replies[0].text.startswith("Apna data mitane ke liye haan likhein")  # Hinglish, as the user wrote
    assert say(engine, "no").replies[0].text == "Theek hai, kuch nahi mitaya."
    assert engine.store.load(key).scheme_id == "pm-kisan"
    say(engine, "/forget")
    assert say(engine, "haan").replies[0].text.startswith("Mita diya.")
    assert engine.store.client.exists(key.key) == 0


def test_a_question_instead_of_the_forget_confirmation_is_answered_and_nothing_deleted(engine):
    # a break-it trial: the question was swallowed, the bot only repeating "reply yes or no"
    key = UserKey("telegram", "u7", engine.secret)
    say(engine, "what is ujjwala yojana", "u7")
    say(engine, "/forget", "u7")
    replies = say(engine, "how to apply for pm kisan", "u7").replies
    assert replies[0].text == "OK, nothing was deleted." and replies[1].kind == "answer"
    assert replies[1].citations[0].scheme_id == "pm-kisan"
    assert engine.store.load(key).scheme_id == "pm-kisan"
    say(engine, "yes", "u7")  # the confirmation is over: a yes deletes nothing
    assert engine.store.load(key).scheme_id == "pm-kisan"
    # a yes with more words is still a yes (the second break-it trial: "yes delete it" deleted nothing)
    for yes in ("yes delete it", "yes, and what documents for pm kisan?", "हाँ, और पीएम किसान के दस्तावेज़?"):
        say(engine, "/forget", "u7")
        assert say(engine, yes, "u7").replies[0].kind == "info" and engine.store.client.exists(key.key) == 0
        say(engine, "pm kisan kya hai", "u7")


def test_delete_by_sms_with_only_whatsapp_data_asks_before_deleting_it(engine):
    # a break-it trial: SMS "DELETE" from a number whose WhatsApp conversation was kept said "I have nothing stored about
    # you" while the Twilio layer deleted the WhatsApp data unasked
    number = "+919800000052"
    say(engine, "pm kisan kya hai", f"whatsapp:{number}", "whatsapp")
    kept = UserKey("whatsapp", f"whatsapp:{number}", engine.secret)
    assert engine.store.load(kept).scheme_id == "pm-kisan"
    asked = say(engine, "DELETE", number, "sms")
    assert not asked.forgotten and asked.replies[0].kind == "question" and asked.replies[0].field == "confirm_forget"
    # (in the language the WhatsApp conversation was held in)
    assert asked.replies[0].text == "Is number se WhatsApp par aapne jo bataya woh mere paas rakha hai. Kya woh sab mita doon? Haan ya nahi likhein."
    assert engine.store.load(kept).scheme_id == "pm-kisan"  # nothing deleted yet
    done = say(engine, "haan", number, "sms")
    assert done.forgotten and done.replies[0].text.startswith("Mita diya.")  # (the Twilio layer deletes the WhatsApp state with it)
    # a number with nothing kept on either channel: nothing to delete, as before
    none = say(engine, "DELETE", "+919800000053", "sms")
    assert none.replies[0].text == "I have nothing stored about you, so there is nothing to delete."


def test_forget_leaves_no_key_in_real_redis(answerer, redis_available):
    client = redis_client()
    secret = uuid.uuid4().bytes
    engine = Engine(answerer, RedisStore(client, ttl_s=600), secret=secret)
    key = UserKey("whatsapp", "whatsapp:+919800000001", secret)
    for text in ("pm kisan kya hai", "/forget"):
        say(engine, text, user="whatsapp:+919800000001", channel="whatsapp")
    assert client.exists(key.key) == 1
    say(engine, "yes", user="whatsapp:+919800000001", channel="whatsapp")
    left = [k for k in client.scan_iter(match="schemebot:*", count=1000) if k.decode().endswith(key.key[-64:])]
    assert left == []
    assert all(b"919800000001" not in k for k in client.scan_iter(match="*", count=1000))


def test_a_bare_number_after_a_list_tells_what_that_scheme_is_and_makes_it_the_one_discussed(engine):
    ids = say(engine, "pension schemes for old people").scheme_ids
    picked = say(engine, "3").replies[0]
    assert picked.kind == "answer" and picked.citations[0].scheme_id == ids[2]
    follow = say(engine, "documents?").replies[0]
    assert follow.kind == "answer" and [(c.scheme_id, c.section) for c in follow.citations] == [(ids[2], "documents")]
    # a number past the list is no pick: the numbers there are, not a search for "9"
    shown = len(say(engine, "pension schemes for old people").scheme_ids)
    for number in ("9", "0", "-1", "99999999999999999999"):
        assert [r.text for r in say(engine, number).replies] == [f"Please reply with a number from 1 to {shown}."]


@pytest.mark.parametrize("pick,index", [("doosra wala", 1), ("दूसरा वाला", 1), ("the third one", 2), ("पहली योजना", 0),
                                        ("second", 1), ("the last one", -1)])
def test_an_ordinal_after_a_list_picks_like_its_number(engine, pick, index):
    """"second wala" and "पहला वाला" were searched as questions and declined (a newcomer trial)."""
    ids = say(engine, "pension schemes for old people").scheme_ids
    picked = say(engine, pick).replies[0]
    assert picked.kind == "answer" and picked.citations[0].scheme_id == ids[index]


@pytest.mark.parametrize("question,index,section", [
    ("how to apply for the first one", 0, "application_process"),
    ("तीसरी योजना में कितना पैसा मिलता है", 2, "benefits"),
    ("doosre wale ke documents kya hai", 1, "documents"),
])
def test_a_question_about_a_listed_scheme_by_its_ordinal_is_about_that_scheme(engine, question, index, section):
    """A newcomer trial: "how to apply for the first one" after a list was declined, and "तीसरी योजना में कितना
    पैसा" answered of a scheme that was not third."""
    ids = say(engine, "pension schemes for old people").scheme_ids
    first = say(engine, question).replies[0]
    assert first.kind == "answer"
    assert (first.citations[0].scheme_id, first.citations[0].section) == (ids[index], section)


def test_the_list_stays_while_its_schemes_are_discussed_and_and_the_second_one_asks_the_same_of_it(engine):
    """A trial: after "documents for the first one" and "how to apply?", "and the second one?" was declined (the list had
    been forgotten with the first answer), and "benefits of the third one" of a list of two answered of the first."""
    ids = say(engine, "pension schemes for old people", user="ord").scheme_ids
    assert say(engine, "documents for the first one", user="ord").replies[0].citations[0].scheme_id == ids[0]
    assert say(engine, "how to apply?", user="ord").replies[0].citations[0].section == "application_process"
    second = say(engine, "and the second one?", user="ord").replies[0]
    assert second.kind == "answer" and (second.citations[0].scheme_id, second.citations[0].section) == (ids[1], "application_process")
    first = say(engine, "aur pehle wale ka?", user="ord").replies[0]
    assert (first.citations[0].scheme_id, first.citations[0].section) == (ids[0], "application_process")
    from conversations.strings import t

    # (the conversation is in Hinglish since "aur pehle wale ka?")
    assert [r.text for r in say(engine, "9", user="ord").replies] == [t("no_such_option", "hinglish", n=len(ids))]
    # a question about a scheme that is not listed is a new subject: the list is gone with it
    sukanya = say(engine, "what is sukanya samriddhi yojana", user="ord").replies[0]
    assert sukanya.citations[0].scheme_id not in ids
    assert [r.text for r in say(engine, "2", user="ord").replies] == [t("nothing_asked", "en")]


def test_a_section_question_after_a_list_asks_which_listed_scheme_and_a_number_answers_it(engine):
    listed = say(engine, "pension schemes for old people")
    ids = listed.scheme_ids
    assert len(ids) == 5 and ids[0] == "ignoaps"
    pick = say(engine, "documents?").replies[0]
    assert pick.kind == "question" and pick.field == "pick" and pick.text == "Which of the schemes above do you mean? Reply with its number."
    assert [o.value for o in pick.options] == ["1", "2", "3", "4", "5"]
    assert pick.options[1].label == engine.names[ids[1]]
    answer = say(engine, "2").replies[0]
    assert answer.kind == "answer" and [(c.scheme_id, c.section) for c in answer.citations] == [(ids[1], "documents")]
    # other ways of asking a section alone
    for asked in ("how much?", "kitna milega", "documents needed?", "कौन से कागज चाहिए?"):
        say(engine, "pension schemes for old people")
        assert say(engine, asked).replies[0].field == "pick", asked
    # a Telegram button press
    say(engine, "pension schemes for old people")
    say(engine, "documents?")
    pressed = engine.handle_turn(InboundMessage(channel="telegram", user_id="u1", option="3", option_field="pick")).replies[0]
    assert [c.scheme_id for c in pressed.citations] == [ids[2]]
    # a Hindi digit, and a listed scheme's name instead of its number
    say(engine, "pension schemes for old people")
    say(engine, "documents?")
    assert [c.scheme_id for c in say(engine, "५").replies[0].citations] == [ids[4]]
    say(engine, "pension schemes for old people")
    say(engine, "how to apply?")
    named = say(engine, "atal pension yojana").replies[0]
    assert [(c.scheme_id, c.section) for c in named.citations] == [("apy", "application_process")]
    # a number past the list is no pick: the question again
    say(engine, "pension schemes for old people")
    say(engine, "documents?")
    again = say(engine, "9").replies[0]
    assert again.field == "pick" and again.text.startswith("Please reply with a number from 1 to 5.")
    assert [c.scheme_id for c in say(engine, "2").replies[0].citations] == [ids[1]]
    # a yes or a no picks nothing: the question again, not "no question is waiting" (a newcomer trial's "हाँ")
    for yes in ("हाँ", "yes"):
        say(engine, "pension schemes for old people")
        say(engine, "documents?")
        assert say(engine, yes).replies[0].field == "pick"


def test_delete_from_someone_with_nothing_stored_creates_no_state(answerer, redis_available):
    client = redis_client()
    secret = uuid.uuid4().bytes
    engine = Engine(answerer, RedisStore(client, ttl_s=600), secret=secret)
    for text, lang_reply in (("DELETE", "I have nothing stored about you, so there is nothing to delete."),
                             ("हटाओ", "मेरे पास आपके बारे में कुछ भी रखा नहीं है, इसलिए मिटाने को कुछ नहीं है।"),
                             ("/forget", "I have nothing stored about you, so there is nothing to delete.")):
        user = f"+9198{uuid.uuid4().int % 10**8:08d}"
        assert [r.text for r in say(engine, text, user=user, channel="sms").replies] == [lang_reply]
        assert client.exists(UserKey("sms", user, secret).key) == 0


def test_fifty_messages_at_once_all_land_in_real_redis(answerer, redis_available):
    client = redis_client()
    secret = uuid.uuid4().bytes
    engine = Engine(answerer, RedisStore(client, ttl_s=600), secret=secret)
    key = UserKey("telegram", "777", secret)
    questions = ["pm kisan kya hai", "documents?", "atal pension age limit", "ujjwala eligibility", "mudra loan amount"]
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
            results = list(pool.map(lambda i: say(engine, questions[i % 5], user="777"), range(50)))
        state = engine.store.load(key)
        assert state.turn_count == 50 and len(results) == 50
        assert len(state.turns) == 5
        assert all(r.replies for r in results)
    finally:
        client.delete(key.key)


def test_a_third_unreadable_answer_is_said_to_be_left_unknown_not_skipped(bundled_index):
    """A break-it trial: after three answers it could not read ("11", "0", "1.5" to "how old are you?") the check said
    "OK, skipped.", though the user never said skip."""
    from conversations.strings import t
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    e.handle_turn(InboundMessage(channel="telegram", user_id="iv3", text="am I eligible for old age pension?"))
    for text in ("7e1", "0x41"):
        assert e.handle_turn(InboundMessage(channel="telegram", user_id="iv3", text=text)).replies[0].text != t("skipped", "en")
    third = e.handle_turn(InboundMessage(channel="telegram", user_id="iv3", text="45-50")).replies
    assert third[0].text == t("unread_skipped", "en") and third[1].field != "age"


def test_small_talk_during_an_interview_asks_again_without_using_up_the_question(bundled_index):
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    first = e.handle_turn(InboundMessage(channel="telegram", user_id="iv", text="am I eligible for old age pension?")).replies[-1]
    for text in ("ok", "hmm", "👍", "ok ji", "how are you", "hello"):  # (a README-only newcomer trial: "how are you" was an unread answer)
        again = e.handle_turn(InboundMessage(channel="telegram", user_id="iv", text=text)).replies
        assert [r.text for r in again] == [first.text]  # the same question, never "OK, skipped."
    # a long message in an interview is read from its start, where the facts are, not cut to its last question
    story = "I am 67 years old and a widow. " + "My son does not support me and we have no land at all. " * 20 + "What can I get?"
    replies = e.handle_turn(InboundMessage(channel="telegram", user_id="iv", text=story)).replies
    assert replies[0].text == "Your message was long, so I used only its first 1000 characters to search."


def test_more_during_an_interview_says_the_check_waits_and_asks_again(bundled_index):
    """A trial: "more" while a check's question waited got "Sorry, I could not understand that." and counted as a
    wrong answer (three of them skip the question)."""
    from conversations.strings import t
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    first = e.handle_turn(InboundMessage(channel="telegram", user_id="iv-more", text="/eligibility")).replies[-1]
    # ("more" itself is in no language: the reply stays in the one the user last wrote)
    for text, lang in (("more", "en"), ("MORE", "en"), ("aur dikhao", "hinglish"), ("more", "hinglish")):
        again = e.handle_turn(InboundMessage(channel="telegram", user_id="iv-more", text=text)).replies
        assert again[0].text == t("more_during_check", lang) and again[1].field == first.field == "state"
    assert e.handle_turn(InboundMessage(channel="telegram", user_id="iv-more", text="Bihar")).replies[-1].field != "state"


def test_more_of_an_earlier_list_during_a_check_pages_it_and_asks_the_question_again(bundled_index):
    """A trial: "MORE" while a check waited paged the list shown before it, the check's question never asked again, and
    the next answer ("45") was taken for an answer to "which state?"."""
    from conversations.strings import t
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    e.handle_turn(InboundMessage(channel="telegram", user_id="iv-page", text="pension schemes for old people"))
    first = e.handle_turn(InboundMessage(channel="telegram", user_id="iv-page", text="/eligibility")).replies[-1]
    page, again = e.handle_turn(InboundMessage(channel="telegram", user_id="iv-page", text="MORE")).replies
    assert page.text.startswith("[6] ") and again.field == first.field == "state"
    assert again.text == t("resume", "en", question=first.text)
    assert e.handle_turn(InboundMessage(channel="telegram", user_id="iv-page", text="Bihar")).replies[-1].field != "state"


def test_a_schemes_check_asked_for_during_the_check_of_all_schemes_says_it_leaves_that_one(bundled_index):
    """A trial: "am I eligible for pm kisan?" while the check of all schemes waited replaced it without a word."""
    from conversations.strings import t
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    e.handle_turn(InboundMessage(channel="telegram", user_id="iv-switch", text="/eligibility"))
    e.handle_turn(InboundMessage(channel="telegram", user_id="iv-switch", text="Bihar"))
    replies = e.handle_turn(InboundMessage(channel="telegram", user_id="iv-switch", text="am I eligible for pm kisan?")).replies
    assert replies[0].text == t("switched_check", "en", scheme="Pradhan Mantri Kisan Samman Nidhi")
    assert replies[-1].kind == "question" and replies[-1].field == "owns_cultivable_land"
    # a scheme's check asked for with no check running says nothing of the kind
    first = e.handle_turn(InboundMessage(channel="telegram", user_id="iv-switch-2", text="am I eligible for pm kisan?")).replies
    assert not any(r.text.startswith("I left the check") for r in first)


@pytest.mark.parametrize("said,period,income", [("per month", "month", 60_000), ("1", "month", 60_000), ("saal ki", "year", 5_000),
                                                 ("2 lakh", None, 200_000)])
def test_a_bare_small_amount_given_as_the_yearly_income_is_asked_per_month_or_per_year(bundled_index, said, period, income):
    """A break-it trial: "5000" (or "150") to the yearly family income was noted as it stood, and every income limit passed."""
    from conversations.store import UserKey
    from conversations.strings import t
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    user = "income-" + said
    say_ = lambda text: e.handle_turn(InboundMessage(channel="telegram", user_id=user, text=text)).replies
    say_("am I eligible for NMMSS scholarship?")
    assert say_("8th")[-1].field == "annual_family_income"
    asked = say_("5000")
    assert len(asked) == 1 and asked[0].text == t("income_period", "en", amount="5,000") and asked[0].field == "annual_family_income"
    assert [o.value for o in asked[0].options] == ["per month", "per year"]
    state = e.store.load(UserKey("telegram", user, e.secret))
    assert "annual_family_income" not in state.profile  # nothing noted until it is known which
    after = say_(said)
    state = e.store.load(UserKey("telegram", user, e.secret))
    assert state.profile["annual_family_income"].value == income and after[-1].field != "annual_family_income"


def test_am_i_eligible_for_it_with_no_scheme_talked_about_says_so_before_checking_all(bundled_index):
    """A break-it trial: "am I eligible for it?" as a first message started the check of all schemes without a word."""
    from conversations.strings import t
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    first = e.handle_turn(InboundMessage(channel="telegram", user_id="it-1", text="am I eligible for it?")).replies
    assert first[0].text == t("no_scheme_this", "en") and first[-1].kind == "question" and first[-1].field == "state"
    e.handle_turn(InboundMessage(channel="telegram", user_id="it-2", text="what is pm kisan"))
    after = e.handle_turn(InboundMessage(channel="telegram", user_id="it-2", text="am I eligible for it?")).replies
    assert after[-1].field == "owns_cultivable_land" and not any(r.text == t("no_scheme_this", "en") for r in after)


def test_a_bare_small_amount_given_to_another_question_is_asked_per_month_or_per_year(bundled_index):
    """A newcomer trial: "5000" to the category question was noted as a yearly income of ₹5,000."""
    from conversations.store import UserKey
    from conversations.strings import t
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    say_ = lambda text: e.handle_turn(InboundMessage(channel="telegram", user_id="income-elsewhere", text=text)).replies
    say_("/eligibility")
    say_("Bihar")
    waiting = say_("60")[-1]
    assert waiting.field not in ("annual_family_income", "age", "state")
    asked = say_("5000")
    assert asked[-1].text == t("income_period", "en", amount="5,000") and asked[-1].field == "annual_family_income"
    after = say_("per month")
    assert e.store.load(UserKey("telegram", "income-elsewhere", e.secret)).profile["annual_family_income"].value == 60_000
    assert after[-1].field == waiting.field  # the question that was waiting, asked again


def test_a_government_employee_is_shown_the_exclusion_of_government_employees_first(bundled_index):
    """A newcomer trial: "am I eligible for pm kisan? I am a government employee and I own farm land" got "LIKELY ELIGIBLE",
    the exclusion of government employees hidden among "+3 more conditions" (it has exceptions no field holds, so it is
    shown, first, and the verdict says the page excludes what the user told)."""
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    say_ = lambda text: e.handle_turn(InboundMessage(channel="telegram", user_id="govt-kisan", text=text)).replies
    say_("am I eligible for pm kisan? I am a government employee and I own farm land")
    verdict = say_("no")[-1]
    assert verdict.kind == "eligibility"
    assert verdict.text.startswith("Pradhan Mantri Kisan Samman Nidhi: the conditions I can check are met, BUT the page excludes what you told me")
    assert "[3] (you told me this) \u201cA family is excluded if any member is a serving or retired officer or employee of a Central or " \
           "State Government office" in verdict.text


def test_a_state_that_expired_mid_interview_says_so_and_starts_the_check_again(bundled_index, redis_available):
    from conversations.eligibility_flow import EligibilityFlow
    from conversations.rulebook import build_rulebook
    from conversations.store import LAPSE, owned_key

    client, secret = redis_client(), uuid.uuid4().bytes
    engine = Engine(Answerer(bundled_index), RedisStore(client, ttl_s=600), secret=secret,
                    eligibility=EligibilityFlow(build_rulebook(bundled_index)))
    user = f"exp-{uuid.uuid4().hex[:8]}"
    key = UserKey("telegram", user, secret)
    marker = owned_key(key.digest, LAPSE)
    try:
        say(engine, "/eligibility", user=user)
        assert say(engine, "Bihar", user=user).replies[-1].field == "age"
        assert 600 < client.ttl(marker) <= 600 + 14 * 86400  # outlives the state
        client.delete(key.key)  # the state's TTL ran out
        replies = say(engine, "35", user=user).replies
        assert replies[0].text == "Your earlier answers have expired (I keep them 10 minutes after your last message), so the check starts again."
        assert replies[-1].kind == "question" and replies[-1].field == "state"  # from the first question, "35" not taken as a state
        assert engine.store.load(key).interview is not None and client.exists(marker)
        # said once; a question after an expiry is answered after the notice; a finished or absent check leaves no mark
        assert "expired" not in say(engine, "Bihar", user=user).replies[0].text
        client.delete(key.key)
        replies = say(engine, "how much money do farmers get under pm kisan", user=user).replies
        assert replies[0].text.startswith("Your earlier answers have expired") and replies[-1].citations[0].scheme_id == "pm-kisan"
        assert not client.exists(marker)
        client.delete(key.key)
        assert not any("expired" in r.text for r in say(engine, "35", user=user).replies)
        # /forget deletes the mark with everything else
        say(engine, "/eligibility", user=user)
        assert client.exists(marker)
        say(engine, "/forget", user=user)
        say(engine, "yes", user=user)
        assert not client.exists(marker) and not client.exists(key.key)
    finally:
        client.delete(key.key, marker)


def test_a_request_for_schemes_with_no_need_asks_what_help_is_needed_then_lists_for_it(engine):
    asked = say(engine, "bihar sarkar ki yojana").replies
    assert [r.kind for r in asked] == ["question"] and asked[0].field == "need"
    assert asked[0].text == "Mere paas Bihar ki kai yojanayein hain. Aapko kis cheez mein madad chahiye? Number likhiye, ya apne shabdon mein bataiye."
    assert [o.value for o in asked[0].options] == [str(i) for i in range(1, 9)] and asked[0].options[0].label.startswith("Pension")
    listed = say(engine, "1").replies
    cited = [c.scheme_id for r in listed for c in r.citations]
    # the pensions of Bihar and the national ones, Bihar's own first
    assert cited[:4] == ["mvpy-bihar", "ignoaps", "ignwps", "igndps"]
    # in English, with no state, and a need in the user's words
    assert say(engine, "which schemes are there?", user="u2").replies[0].text.startswith("I know many schemes. What do you need help with?")
    words = say(engine, "pension", user="u2").replies
    listed = next(r for r in words if r.kind == "answer")
    assert words[0].text.startswith("For pension, these schemes may help") and {c.scheme_id for c in listed.citations} >= {"ignoaps", "ignwps"}
    # health, a need the gate doubts when phrased as a question, still gets the schemes that fit it
    say(engine, "bihar sarkar ki yojana", user="u4")
    health = say(engine, "4", user="u4").replies
    assert next(r for r in health if r.kind == "answer").citations[0].scheme_id == "pmjay"
    # a number that is no option asks again
    say(engine, "bihar sarkar ki yojana", user="u5")
    again = say(engine, "99", user="u5").replies
    assert again[0].field == "need" and again[0].text.startswith("Kripya 1 se 8 tak ka koi number likhiye.")
    # a message that names a need is searched as it is
    assert say(engine, "pension schemes in bihar", user="u3").replies[-1].kind == "answer"


@pytest.mark.parametrize("first, ask", [("bihar sarkar ki yojana", "kya main eligible hu"), ("schemes in bihar", "am I eligible?")])
def test_asking_to_be_checked_at_the_menu_of_needs_starts_the_check_in_that_state(bundled_index, first, ask):
    """A newcomer trial: "kya main eligible hu" after "bihar sarkar ki yojana" was searched as the need "kya main eligible
    hu" and answered with five schemes; the check starts, the state already known."""
    engine = flow_engine(bundled_index)
    user = str(uuid.uuid4())
    assert say(engine, first, user=user).replies[-1].field == "need"
    asked = say(engine, ask, user=user).replies
    assert not [c for r in asked for c in r.citations]
    assert asked[-1].kind == "question" and asked[-1].field == "age"


def test_after_a_life_event_list_a_number_picks_and_a_list_of_one_is_the_scheme_discussed(engine):
    listed = say(engine, "my husband died last month, what help can I get").scheme_ids
    assert listed and say(engine, "how much?").replies[0].field == "pick"
    answer = say(engine, "1").replies[0]
    assert [c.scheme_id for c in answer.citations] == [listed[0]]
    state = engine.store.load(UserKey("telegram", "u1", engine.secret))
    engine._listed(state, answer.citations)  # a list of one scheme
    assert (state.scheme_id, state.list_ids) == (listed[0], [listed[0]])


def test_a_redelivered_message_whose_save_went_through_is_answered_again_not_applied_twice(answerer, redis_available):
    client, secret = redis_client(), uuid.uuid4().bytes
    engine = Engine(answerer, RedisStore(client, ttl_s=600), secret=secret, pagers={"sms": lambda replies, lang: [r.text for r in replies]})
    user = f"+9198{uuid.uuid4().int % 10**8:08d}"
    key = UserKey("sms", user, secret)

    def send(text, mid):
        return engine.handle_turn(InboundMessage(channel="sms", user_id=user, text=text, message_id=mid)).replies

    try:
        send("pension schemes for old people", "m1")
        first = send("MORE", "m2")  # the save went through, but its answer was lost: the channel re-delivers "m2"
        before = engine.store.load(key)
        again = send("MORE", "m2")
        assert [r.text for r in again] == [r.text for r in first]
        after = engine.store.load(key)
        assert (after.paging, after.turn_count, after.version) == (before.paging, before.turn_count, before.version)
        assert send("MORE", "m3")[0].text != first[0].text  # the next MORE moves on
    finally:
        client.delete(key.key)


def test_on_sms_small_talk_fits_its_segments_and_the_privacy_notice_is_never_lost_on_page_two(answerer):
    from bot.render import sms_pages
    from bot.split import sms_segments

    engine = Engine(answerer, RedisStore.embedded(), secret=uuid.uuid4().bytes, pagers={"sms": lambda r, lang: sms_pages(r, lang, 3)})
    user = "+919812345678"
    first = say(engine, "मैं बिहार से हूँ", user=user, channel="sms").replies
    state = engine.store.load(UserKey("sms", user, engine.secret))
    # the notice is on the page sent, or still to be said
    assert ("/forget" in first[0].text) == state.notice_given
    help_page = say(engine, "nahi", user=user, channel="sms").replies
    assert len(help_page) == 1 and sms_segments(help_page[0].text) <= 3


def test_a_state_told_at_the_need_menu_is_noted_and_the_menu_asked_again_for_that_state(engine):
    # a newcomer trial: "main UP se hu" at the menu was searched as the need "main UP se hu" and answered with loans
    say(engine, "koi yojana batao")
    asked = say(engine, "main bihar se hoon").replies
    assert [r.field for r in asked] == ["need"]
    assert asked[0].text == ("Note kiya: Bihar. Mere paas Bihar ki kai yojanayein hain. Aapko kis cheez mein madad chahiye? "
                             "Number likhiye, ya apne shabdon mein bataiye.")
    cited = [c.scheme_id for r in say(engine, "1").replies for c in r.citations]
    assert cited[:4] == ["mvpy-bihar", "ignoaps", "ignwps", "igndps"]
    # "kheti bihar me" names a need beside the state: searched, not taken for the state alone
    say(engine, "koi yojana batao", user="u2")
    farming = say(engine, "kheti bihar me", user="u2").replies
    assert not any(r.field == "need" for r in farming)
    assert farming[0].text == "kheti ke liye yeh yojanayein madad kar sakti hain (unke page se quote):"
    assert {"pmfby", "kcc", "pm-kisan"} <= {c.scheme_id for r in farming for c in r.citations}
    assert not any("apna rajya bataiye" in r.text for r in farming)  # Bihar was named: it is not asked for


def test_the_need_menu_claims_no_schemes_of_a_state_the_corpus_has_none_of(engine):
    # the bundled corpus holds no Kerala scheme
    assert say(engine, "kerala sarkar ki yojana", user="k1").replies[0].text.startswith("Mere paas kai yojanayein hain.")


def test_yes_to_the_disability_question_asks_for_the_percentage(bundled_index):
    # "Do you have a disability? If yes, what percentage ...?" answered "yes": half an answer, asked for
    # the rest, not "could not understand" (nor counted as a failed answer)
    from conversations.eligibility_flow import EligibilityFlow
    from conversations.rulebook import build_rulebook

    engine = Engine(Answerer(bundled_index), RedisStore.embedded(), secret=uuid.uuid4().bytes,
                    eligibility=EligibilityFlow(build_rulebook(bundled_index)))
    say(engine, "/eligibility")
    key = UserKey("telegram", "u1", engine.secret)
    state = engine.store.load(key)
    state.interview.field = "disability_percent"  # the question the screening asks a person of working age
    engine.store.save(key, state)
    asked = say(engine, "yes").replies[-1]
    assert (asked.field, asked.text) == ("disability_percent", "What percentage is written on your certificate? (for example: 40, or 0)")
    assert engine.store.load(key).interview.invalid == 0
    say(engine, "60")
    assert engine.store.load(key).profile["disability_percent"].value == 60


@pytest.mark.parametrize("text", ["bye", "ok bye", "alvida"])
def test_goodbye_while_a_question_waits_stops_the_check_and_keeps_the_answers(bundled_index, text):
    """A newcomer: "bye" in the middle of a check got the same question again."""
    engine = flow_engine(bundled_index)
    say(engine, "/eligibility")
    say(engine, "Bihar")
    replies = say(engine, text).replies
    assert [r.text for r in replies] == ["OK, I stopped the eligibility check. I keep what you told me; send /eligibility to continue later."]
    state = engine.store.load(UserKey("telegram", "u1", engine.secret))
    assert state.interview is None and state.profile["state"].value == "Bihar"


def test_a_yes_or_no_about_another_fact_does_not_answer_the_question_asked(bundled_index):
    """A newcomer: "actually I do not own land, my father does" to the income tax question was noted as "income tax
    no", an answer never given, and the check said LIKELY ELIGIBLE."""
    engine = flow_engine(bundled_index)
    say(engine, "am I eligible for pm kisan?")
    say(engine, "yes")
    replies = say(engine, "actually I do not own land, my father does").replies
    assert replies[-1].field == "is_income_tax_payer"  # asked again, not assumed
    assert "is_income_tax_payer" not in engine.store.load(UserKey("telegram", "u1", engine.secret)).profile


def test_a_message_in_another_indian_script_is_told_which_languages_are_read(engine):
    """A break-it trial: a Tamil question got "this does not look like a question about a scheme", in Hinglish."""
    replies = say(engine, "பெண்களுக்கான திட்டங்கள் தமிழ்நாடு").replies
    assert len(replies) == 1 and replies[0].text.startswith("Sorry, I can read only English and Hindi")
    assert say(engine, "ujjwala ಯೋಜನೆ documents").replies[-1].kind == "answer"  # mostly Latin: read as it stands
    urdu = say(engine, "پی ایم کسان کیا ہے").replies  # Urdu (a break-it trial: "does not look like a question about a scheme")
    assert len(urdu) == 1 and urdu[0].text.startswith("Sorry, I can read only English and Hindi")


def test_an_exclusion_checked_and_passed_is_marked_as_not_applying(bundled_index):
    """A break-it trial: a verdict quoted "All Persons who paid Income Tax in last assessment year" among the reasons,
    which read like a condition to meet."""
    engine = flow_engine(bundled_index)
    say(engine, "am I eligible for pm kisan?")
    say(engine, "yes")
    verdict = say(engine, "no").replies[-1].text
    assert ("[2] Does not apply to you: \u201cA family is excluded if any of its members was an income tax payer in the last "
            "assessment year.\u201d https://www.myscheme.gov.in/schemes/pm-kisan#exclusions") in verdict
    assert "[1] \u201cThe family must hold cultivable land" in verdict  # a condition met, as it was


def test_a_fact_that_replaces_another_says_what_it_was(bundled_index):
    """A break-it trial: "I am a man" after "I am a 25 year old widow" flipped the gender without a word."""
    engine = flow_engine(bundled_index)
    say(engine, "I am a 25 year old widow from UP")
    say(engine, "check eligibility")
    assert say(engine, "I am a man").replies[0].text == "Noted: gender Male (was Female)."


def test_a_question_back_after_a_list_keeps_the_rest_of_the_list_for_more(engine):
    first = say(engine, "schemes for women").replies
    assert first[0].text.startswith("Schemes that match (first 5; reply MORE")
    assert say(engine, "how to apply?").replies[-1].field == "pick"  # which of the schemes above?
    more = say(engine, "more").replies
    assert more[0].text.startswith("[6] ")  # the list goes on; not "there is nothing more to show"


def test_a_central_scheme_asked_again_for_a_state_says_it_is_the_same_there_in_any_script(engine):
    say(engine, "documents for pm kisan")
    again = say(engine, "and in punjab?").replies
    assert again[0].citations[0].scheme_id == "pm-kisan" and again[-1].text == "This is a central scheme: it is the same in Punjab."
    # "पीएम" marks a national scheme's proper name as "PM" does: with a state known it still names PM-KISAN
    hindi = say(engine, "पीएम किसान के दस्तावेज़").replies
    assert hindi[0].kind == "answer" and hindi[0].citations[0].scheme_id == "pm-kisan"
    assert say(engine, "और बिहार में?").replies[-1].text == "यह केंद्र की योजना है: बिहार में भी यही है।"


def test_a_state_named_alone_after_a_central_answer_gets_that_states_own_version(engine):
    """A newcomer: "vidhwa pension kitna milta hai" then "UP" was only noted; Uttar Pradesh's own widow pension
    (₹1,000 a month) came only to "UP me vidhwa pension ..."."""
    say(engine, "vidhwa pension kitna milta hai", user="up1")
    replies = say(engine, "UP", user="up1").replies
    assert replies[0].text == "Note kiya: aap Uttar Pradesh mein rehte hain."
    answer = next(r for r in replies if r.kind == "answer")
    assert answer.citations[0].state == "Uttar Pradesh" and "₹1,000 per month" in answer.citations[0].text


def test_a_fact_taken_back_is_dropped_and_a_running_check_goes_on(bundled_index):
    """A break-it trial: "I am not a widow" after "I am a widow" was searched, and the widow pension judged ELIGIBLE."""
    engine = flow_engine(bundled_index)
    say(engine, "/eligibility")
    say(engine, "Uttar Pradesh")
    say(engine, "62")
    say(engine, "I am a widow")
    key = UserKey("telegram", "u1", engine.secret)
    assert engine.store.load(key).profile["marital_status"].value == "widowed"
    replies = say(engine, "I am not a widow").replies
    # (with the gender "widow" implied, which the message did not name)
    assert replies[0].text == "OK, I no longer take marital status Widowed, gender Female."
    assert replies[-1].kind == "question"
    state = engine.store.load(key)
    assert "marital_status" not in state.profile and state.interview is not None and not state.interview.finished


def test_a_yes_with_nothing_asked_says_so(bundled_index):
    """A break-it trial: a check lost with a Redis restart answered the next "yes" with the help text alone."""
    engine = flow_engine(bundled_index)
    assert say(engine, "yes").replies[0].text.startswith("I have no question waiting for that answer (if I asked you one, I may have lost")
    assert say(engine, "haan", user="u2").replies[0].text.startswith("Mera koi sawal is jawab ka intezaar nahi kar raha")
    # a bare number with no list shown picks nothing (a newcomer trial: "2" had been searched and declined)
    assert say(engine, "2", user="u3").replies[0].text.startswith("I have no question waiting for that answer")
    listed = [r for r in say(engine, "which schemes are there for farmers", user="u4").replies if r.kind == "answer"]
    assert len(listed[0].citations) >= 2
    picked = [r for r in say(engine, "2", user="u4").replies if r.kind == "answer"]  # after a list, its second scheme
    assert picked and picked[0].citations[0].scheme_id == listed[0].citations[1].scheme_id


@pytest.mark.parametrize("ttl_s,lang,period", [(30 * 86400, "en", "30 days"), (86400, "en", "1 day"), (6 * 3600, "en", "6 hours"),
                                               (3600, "hi", "1 घंटा"), (2 * 86400, "hinglish", "2 din"), (600, "en", "10 minutes")])
def test_the_time_facts_are_kept_is_told_in_days_or_hours(bundled_index, ttl_s, lang, period):
    """A state kept for hours had been told as kept for "1 days"."""
    engine = flow_engine(bundled_index)
    engine.store.ttl_s = ttl_s
    assert engine._kept_period(lang) == period


@pytest.mark.parametrize("first,second", [("widow", "UP"), ("help for widows", "I live in UP"), ("widow", "Uttar Pradesh")])
def test_a_state_after_a_widow_question_answers_its_own_widow_pension(engine, first, second):
    """A break-it trial: "widow" then "UP" raised a TypeError every time ("Sorry, something went wrong"), so the user
    could never give their state."""
    say(engine, first)
    replies = say(engine, second).replies
    assert "error" not in [r.kind for r in replies]
    assert replies[0].text == "Noted: you live in Uttar Pradesh."
    assert [r for r in replies if r.kind == "answer"][-1].citations[0].scheme_id == "wpup"


def test_a_language_asked_for_during_a_check_asks_the_waiting_question_again_in_it(bundled_index):
    """A break-it trial: "in Hindi?" during /eligibility was searched and declined, or counted as an answer the check could not
    read; "अंग्रेज़ी में बताइए" made the next question Hindi."""
    e = flow_engine(bundled_index)
    first = say(e, "/eligibility", user="lang1").replies[-1]
    assert first.kind == "question" and first.field == "state"
    hindi = say(e, "in Hindi?", user="lang1").replies
    assert hindi[0].text.startswith("अब मैं हिंदी में उत्तर दूँगा।")
    assert hindi[-1].kind == "question" and hindi[-1].field == "state" and "आप किस राज्य" in hindi[-1].text
    english = say(e, "अंग्रेज़ी में बताइए", user="lang1").replies
    assert english[0].text == "I will reply in English." and english[-1].field == "state"
    assert english[-1].text.startswith("Back to your eligibility check: Which state")
    assert say(e, "Bihar", user="lang1").replies[-1].field != "state"  # the check goes on


def test_a_language_asked_for_after_a_list_gives_the_list_again_in_it(bundled_index):
    """A newcomer trial: "in English please" right after a Hindi list (which closes on an offer) got a Hindi "I don't know"."""
    e = flow_engine(bundled_index)
    say(e, "किसानों के लिए कौन सी योजनाएं हैं", user="lang2")
    again = say(e, "in English please", user="lang2").replies
    assert [r.kind for r in again][:3] == ["info", "info", "answer"]
    assert again[0].text == "I will reply in English." and again[1].text.startswith("Schemes that match")


def test_and_in_another_state_never_switches_an_sc_scholarship_to_the_st_one(answerer):
    # a newcomer trial: after Punjab's SC post-matric scholarship, "and in Tamil Nadu?" was answered with the ST post-matric
    # scholarship's application ("This is a central scheme: it is the same in Tamil Nadu"); then a check ruled him out of it
    engine = flow_engine(answerer.index)
    user = "sc-tn"
    say(engine, "I am an SC student doing BTech in Punjab. Is there any scholarship for me?", user)
    say(engine, "how do I apply for it?", user)
    replies = say(engine, "and in Tamil Nadu?", user).replies
    assert not any("Scheduled Tribes" in c.scheme_name for r in replies for c in r.citations)
    assert not any("central_everywhere" in r.text or "it is the same in Tamil Nadu" in r.text for r in replies)
    ans = answerer.ask("post matric scholarship for sc students in tamil nadu how to apply")
    assert "post-st" not in ans.ranked_scheme_ids


@pytest.mark.parametrize("text,lang", [("in Tamil please", "en"), ("tamil mein batao", "hinglish"), ("बंगाली में बताओ", "hi"),
                                       ("Can you reply in Telugu?", "en")])
def test_a_language_the_bot_does_not_write_is_answered_with_those_it_does(engine, text, lang):
    """A break-it trial: "in Tamil please" and "tamil mein batao" were searched and declined ("I don't know")."""
    from conversations.strings import t

    assert [r.text for r in say(engine, text, user="lang-" + text[:6]).replies] == [t("other_language", lang)]


def test_tamil_nadu_in_a_question_is_no_language_request(engine):
    assert say(engine, "tamil nadu me vidhwa pension", user="tn-q").replies[0].kind == "answer"


@pytest.mark.parametrize("told", ["but i am a government school teacher", "main sarkari teacher hu", "मैं सरकारी शिक्षक हूँ"])
def test_a_government_post_told_after_a_verdict_shows_the_exclusion(bundled_index, told):
    """A newcomer trial: after PM-KISAN's "LIKELY ELIGIBLE", "but i am a government school teacher" was declined as a
    search and the verdict stayed, the exclusion of government employees hidden; "main sarkari teacher hu" was "no scheme
    question". The post is work noted (government employee), and the verdict again says the page excludes it."""
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    user = f"govt-teacher-{abs(hash(told))}"
    say_ = lambda text: e.handle_turn(InboundMessage(channel="telegram", user_id=user, text=text)).replies
    for text in ("am i eligible for pm kisan", "yes 1 acre"):
        say_(text)
    assert "LIKELY ELIGIBLE" in say_("no")[-1].text
    replies = say_(told)
    assert e.store.load(UserKey("telegram", user, e.secret)).profile["occupation"].value == "government_employee"
    verdict = next(r for r in replies if r.kind == "eligibility")
    told_mark = next(line for line in verdict.text.splitlines() if "serving or retired officer or employee" in line)
    assert told_mark.startswith("[3] (") and told_mark.split(")")[0] in ("[3] (you told me this", "[3] (yeh aapne bataya", "[3] (यह आपने बताया")


def test_what_about_a_state_named_with_the_word_state_is_the_same_question_there(bundled_index):
    # a newcomer trial: "What about in Kerala state?" after PMAY-G's answer was declined as no scheme question
    from retrieval.searcher import names_only_a_state
    from tests.conftest import flow_engine

    assert names_only_a_state("What about in Kerala state?") and names_only_a_state("bihar rajya me?")
    assert not names_only_a_state("kerala state pension")
    e = flow_engine(bundled_index)
    say_ = lambda text: e.handle_turn(InboundMessage(channel="telegram", user_id="kerala-state", text=text)).replies
    say_("what is pm awas yojana gramin")
    replies = say_("What about in Kerala state?")
    assert replies[0].citations[0].scheme_id == "pmay-g" and replies[-1].text == "This is a central scheme: it is the same in Kerala."



def test_a_need_said_without_i_is_searched_not_only_noted(bundled_index):
    # a newcomer trial: "im sc studnt from karnataka need scholarshp for engg" got "Noted: ..." alone, its request lost
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    replies = e.handle_turn(InboundMessage(channel="telegram", user_id="need-no-i", text="im sc studnt from karnataka need scholarshp for engg")).replies
    assert replies[0].text.startswith("Noted: state Karnataka, category SC") and any(r.kind == "answer" for r in replies)
    # "docs?" asks for the documents of the scheme under discussion
    say_ = lambda text: e.handle_turn(InboundMessage(channel="telegram", user_id="docs", text=text)).replies
    say_("mudra loan kya hai")
    answer = say_("docs?")[0]
    assert answer.citations[0].scheme_id == "pmmy" and answer.citations[0].section == "documents"


@pytest.mark.parametrize("first,correction,state_now", [("I am a farmer from Bihar", "not Bihar, Punjab", "Punjab"),
                                                       ("I am from UP", "Correction: Bihar not UP", "Bihar")])
def test_a_short_correction_with_no_i_replaces_the_value_told(bundled_index, first, correction, state_now):
    """A break-it trial: "not Bihar, Punjab" and "Correction: Bihar not UP" were searched and declined, the old state kept
    for every later answer; the new value is noted with what it replaces."""
    from conversations.store import UserKey
    from tests.conftest import flow_engine

    e = flow_engine(bundled_index)
    user = f"corr-{state_now}"
    say_ = lambda text: e.handle_turn(InboundMessage(channel="telegram", user_id=user, text=text)).replies
    say_(first)
    replies = say_(correction)
    assert replies[0].text.startswith(f"Noted: state {state_now} (was ")
    assert e.store.load(UserKey("telegram", user, e.secret)).profile["state"].value == state_now


def test_where_to_complain_after_money_not_come_is_about_the_same_scheme(engine):
    """A newcomer trial: after "विधवा पेंशन 3 महीने से नहीं आई", "शिकायत कहाँ करें?" had lost the pension (declined for no
    scheme, with myScheme's search page); and a decline for a helpline said the documents hold no payment dates."""
    first = say(engine, "विधवा पेंशन 3 महीने से नहीं आई", user="complain").replies[-1]
    assert first.kind == "decline" and "Indira Gandhi National Widow Pension Scheme" in first.text
    nxt = say(engine, "शिकायत कहाँ करें?", user="complain").replies[-1]
    assert nxt.kind == "decline" and nxt.text.startswith(
        "मुझे नहीं पता। Indira Gandhi National Widow Pension Scheme के मेरे पास के दस्तावेज़ों में कोई हेल्पलाइन या शिकायत की जगह नहीं दी है")
    assert nxt.links[0] == engine.answerer.index.schemes["ignwps"].page_url
