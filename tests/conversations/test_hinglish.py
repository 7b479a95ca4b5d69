"""Replies in Romanized Hindi (Hinglish) for users who write Hindi in Latin letters: every string of the
bot's own words exists in the three languages, the language follows how the user writes, and a scripted
Hinglish conversation gets its questions, labels and verdict in Hinglish."""

import string

import pytest

from conversations.store import UserKey
from conversations.strings import DECLINE_REASONS, LANGUAGES, STRINGS, t
from eligibility.fields import FIELDS, OPTION_HINGLISH
from tests.conftest import flow_engine, say


def test_every_string_and_question_exists_in_three_languages():
    for key, table in {**STRINGS, **DECLINE_REASONS}.items():
        assert set(table) == set(LANGUAGES), key
        for lang in LANGUAGES:  # the same placeholders in every language
            assert {f[1] for f in string.Formatter().parse(table[lang]) if f[1]} == {f[1] for f in string.Formatter().parse(table["en"]) if f[1]}, (key, lang)
    for name, spec in FIELDS.items():
        for texts in (spec.question, spec.example, spec.why):
            assert set(texts) == set(LANGUAGES), name
        assert all(value in OPTION_HINGLISH for value, _, _ in spec.options), name


@pytest.fixture(scope="module")
def engine(bundled_index):
    return flow_engine(bundled_index)


def test_a_hinglish_conversation_is_answered_in_hinglish(engine):
    user = "hinglish-farmer"
    answer = say(engine, "kisan samman nidhi me kitna paisa milta h", user)[-1]
    assert answer.kind == "answer" and "\nSource:\n" in answer.text and "Sources:" not in answer.text
    assert "₹6,000 per year" in answer.text  # the quote stays as the source has it
    first = say(engine, "kya mai eligible hu", user)[-1]  # the scheme just discussed, in Hinglish
    assert first.text == "Kya aapke parivar ke naam par kheti ki zameen hai? (haan ya nahi)"
    assert [o.label for o in first.options] == ["Haan", "Nahi"]
    assert say(engine, "haan", user)[-1].text == "Kya pichhle saal aapne ya parivar mein kisi ne income tax bhara? (haan ya nahi)"
    verdict = say(engine, "nahi", user)[-1]
    assert verdict.kind == "eligibility"
    assert verdict.text.startswith("Pradhan Mantri Kisan Samman Nidhi: jin sharton ki main jaanch kar sakta hoon, un par SHAYAD PATRA.")
    assert "Aavedan se pehle official source par confirm karein: " in verdict.text
    assert "eligible" not in verdict.text.casefold().replace("#eligibility", "")  # no English label left


def test_a_hinglish_list_of_several_sources_heads_them_in_the_plural(engine):
    """A newcomer trial: a Hinglish list of five schemes was headed "Source:" (the English plural is what Hinglish writes)."""
    answer = say(engine, "kisan ke liye kaun si yojana hai", "hinglish-lister")[-1]
    assert answer.kind == "answer" and len(answer.citations) > 1 and "\nSources:\n" in answer.text


@pytest.mark.parametrize("text,lang", [
    ("kisan samman nidhi me kitna paisa milta h", "hinglish"), ("vidhwa pension kaise milegi", "hinglish"),
    ("how much money does pm kisan give", "en"), ("विधवा पेंशन कितनी मिलती है", "hi"),
    ("delhi me rehta hu", "hinglish"), ("main bihar me rehti hu", "hinglish"),  # got English (a newcomer trial)
    ("I am from delhi", "en"),
])
def test_the_reply_language_follows_the_users_writing(engine, text, lang):
    from conversations.state import UserState

    state = UserState()
    assert engine.language(state, text) == lang
    assert engine.language(state, "65") == lang  # a short reply keeps it


def test_a_lone_devanagari_yes_keeps_the_conversations_language(engine):
    """A break-it trial: "हाँ" to an English question switched the whole conversation to Hindi."""
    from conversations.state import UserState

    state = UserState()
    assert engine.language(state, "how much money does pm kisan give") == "en"
    assert engine.language(state, "हाँ") == "en" and engine.language(state, "नहीं") == "en"
    assert engine.language(state, "पीएम किसान") == "hi"  # a Devanagari word that is no answer: Hindi
    assert engine.language(UserState(), "हाँ") == "hi"  # as a first message it sets the language


@pytest.mark.parametrize("text,noted,scheme", [
    ("old age pension in tamil nadu for my father", "Noted: state Tamil Nadu.", "ignoaps"),
    ("main 67 saal ka hu, UP se, pension", "Note kiya: umar 67, rajya Uttar Pradesh, ling Purush.", "ignoaps"),
])
def test_facts_said_with_a_kind_of_benefit_are_noted_and_the_benefit_answered(engine, text, noted, scheme):
    """A newcomer trial: "old age pension in tamil nadu for my father" got only "Noted: state Tamil Nadu. Send
    /eligibility ...", the pension it asks for never said."""
    replies = say(engine, text, "facts-and-need-" + text[:5])
    assert replies[0].text == noted
    answer = next(r for r in replies if r.kind == "answer")
    assert answer.citations[0].scheme_id == scheme


def test_lang_hinglish_overrides_and_is_kept(engine):
    user = "lang-choice"
    assert say(engine, "/lang hinglish", user)[-1].text == t("lang_set", "hinglish") == "Main Hinglish mein jawab doonga."
    assert say(engine, "/help", user)[-1].text.startswith("Kisi bhi yojana ke baare mein poochhiye")


@pytest.mark.parametrize("answer", ["meri umar 62 saal hai", "मेरी उम्र 62 साल है"])
def test_an_age_given_as_a_sentence_answers_the_age_question(engine, answer):
    """"meri umar 62 saal hai" names an age like a question about an age limit ("umar"): it was answered
    as a question (a decline) and the age asked again."""
    user = f"age-sentence-{len(answer)}"
    say(engine, "mujhe kaun si yojana mil sakti hai", user)
    assert say(engine, "UP", user)[-1].text.startswith("Aapki umar kitni hai")
    say(engine, answer, user)
    assert engine.store.load(UserKey("telegram", user, engine.secret)).profile["age"].value == 62
    assert say(engine, "umar seema kya hai", "age-question")[-1].kind != "eligibility"  # a question stays one


def test_no_income_given_to_the_bpl_question_is_not_a_no_to_it(engine):
    """"कोई आमदनी नहीं" (no income) while the BPL card is asked: the income is noted, the "नहीं" is not
    read as "no BPL card", and the BPL question is asked again."""
    user = "no-income-bpl"
    for text in ("मैं 67 साल की विधवा हूँ, बिहार से", "मुझे कौन सी योजना मिल सकती है", "एससी", "गृहिणी"):
        replies = say(engine, text, user)
    assert "बीपीएल" in replies[-1].text
    replies = say(engine, "कोई आमदनी नहीं", user)
    profile = engine.store.load(UserKey("telegram", user, engine.secret)).profile
    assert profile["annual_family_income"].value == 0 and "is_bpl" not in profile
    assert "बीपीएल" in replies[-1].text


def test_a_question_sent_as_the_answer_to_the_state_question_is_answered_and_its_state_kept(engine):
    """"widow pension amount bihar" to "which state do you live in?" was answered and the state asked again;
    "street vendor loan bihar" noted Bihar and dropped the question (a newcomer trial: "fishermen insurance
    kerala"). Both now note the state, answer, and go on with the check."""
    for user, text, scheme in (("state-q1", "widow pension amount bihar", "ignwps"), ("state-q2", "street vendor loan bihar", "pm-svanidhi")):
        say(engine, "which schemes can I get?", user)
        replies = say(engine, text, user)
        assert replies[0].text.startswith("Noted: state Bihar")
        answer = next(r for r in replies if r.kind == "answer")
        assert answer.citations[0].scheme_id == scheme
        assert replies[-1].kind == "question" and replies[-1].field != "state"
        assert replies[-1].text.startswith("Back to your eligibility check: ")
    # a plain answer is still only an answer
    say(engine, "which schemes can I get?", "state-q3")
    assert [r.kind for r in say(engine, "I live in Bihar", "state-q3")][-1] == "question"


@pytest.mark.parametrize("text", ["main delhi me rehdi lagata hu, loan chahiye", "मैं दिल्ली में ठेला लगाता हूँ, मुझे लोन चाहिए",
                                  "I sell vegetables as a street vendor in Delhi and I need a loan"])
def test_who_i_am_and_what_i_need_is_noted_and_answered(engine, text):
    user = f"vendor-{abs(hash(text))}"
    replies = say(engine, text, user)
    assert replies[0].kind == "info" and ("Delhi" in replies[0].text or "दिल्ली" in replies[0].text)
    answer = next(r for r in replies if r.kind == "answer")
    assert answer.citations[0].url.startswith("https://www.myscheme.gov.in/schemes/pm-svanidhi#")
    (amount,) = say(engine, "kitna loan milega", user)
    if answer.citations[1:]:
        # a list of loans ("मुझे लोन चाहिए" asks for one): which of them, then the first
        assert amount.field == "pick" and amount.options[0].label == "PM Street Vendor's AtmaNirbhar Nidhi"
        (amount,) = say(engine, "1", user)
    assert amount.citations[0].url == "https://www.myscheme.gov.in/schemes/pm-svanidhi#benefits" and "₹10,000" in amount.text


@pytest.mark.parametrize("ask", ["kaunse kagaz lagenge", "konse documents chahiye", "kis kis kagaz ki zarurat hai"])
def test_which_papers_after_a_list_asks_which_listed_scheme(engine, ask):
    # a newcomer trial: "kaunse kagaz lagenge" after a widow's list was declined as not a scheme question ("kaunse" had
    # been read as a content word besides the documents); "kya kagaz chahiye" asked which scheme
    user = f"papers-{ask[:6]}"
    listed = say(engine, "vidhwa hu, bihar me rehti hu, pension chahiye", user)
    assert any(r.kind == "answer" for r in listed)
    asked = say(engine, ask, user)
    assert asked[-1].kind == "question" and asked[-1].field == "pick"
    assert asked[-1].text == "Aap upar ki kaun si yojana ke baare mein pooch rahe hain? Uska number likhiye."
