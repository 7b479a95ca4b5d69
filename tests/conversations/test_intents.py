"""The intents of short messages (conversations.intents over data/lexicon/intents.tsv): a table of at least
20 phrasings per intent in English, Hindi and Romanized Hindi, written as people type them (case, stops,
courtesy, emoji, letters typed twice or thrice, spelling variants), most of them not in the data as
written; and messages that must carry no intent although they share its words."""

from __future__ import annotations

import pytest

from conversations.intents import INTENTS, WITHIN, intents_of, is_skip, is_stop, means, mentions, phrases

SAYS = {
    "yes": ["yes", "Yes.", "YES!", "yess", "yeah", "yep", "ok", "Okay", "sure", "correct", "yes, it is", "yes that's right",
            "still right", "haan", "haan ji", "Haan ji, sahi hai", "ha", "ji", "hanji", "bilkul", "bilkul sahi", "sahi hai",
            "theek hai", "हाँ", "हां जी", "जी हाँ", "सही है", "बिल्कुल", "हाँ जी सही है"],
    "no": ["no", "No.", "nope", "nooo", "nah", "not anymore", "wrong", "no, that's wrong", "nahi", "nahin", "Nahi ji", "nhi", "na",
           "galat", "galat hai", "ab nahi", "badal gaya", "नहीं", "नही", "ना", "गलत है", "जी नहीं", "अब नहीं"],
    "stop": ["stop", "STOP", "Stop!", "please stop", "stop it", "stop asking me questions", "i want to stop", "cancel", "quit",
             "exit", "enough", "no more questions", "bas", "bas karo", "Bas kar do", "band karo", "ruko", "ruk jao", "roko",
             "रोको", "बस करो", "बस", "रुको", "बंद करो", "बंद कर दो", "अब बस", "रुक जाओ", "stop please"],
    "skip": ["skip", "Skip.", "pass", "next", "skip this one", "skip it please", "rather not say", "prefer not to say",
             "chhodo", "chodo", "rehne do", "rahne do", "skip karo", "agla sawal", "nahi batana", "छोड़ो", "स्किप", "रहने दो",
             "अगला सवाल", "नहीं बताना", "pata nahi", "not sure", "पता नहीं"],
    "dont_know": ["don't know", "I don't know", "dont know", "no idea", "No idea ji", "not sure", "I'm not sure", "dunno",
                  "idk", "can't say", "i forgot", "pata nahi", "pata nahin", "nahi pata", "mujhe nahi pata", "maloom nahi",
                  "yaad nahi", "पता नहीं", "मालूम नहीं", "नहीं पता", "मुझे नहीं पता", "याद नहीं"],
    "bye": ["bye", "ok bye", "alvida", "अलविदा", "Bye bye", "phir milenge", "Bye!", "byee", "goodbye", "Good bye", "okay bye",
            "see you", "tata", "bye for now", "thanks bye", "thank you bye", "chalo bye", "theek hai bye", "accha bye",
            "chalta hoon", "बाय", "ठीक है बाय", "फिर मिलेंगे", "अलविदा जी"],
    "thanks": ["thanks", "Thank you!", "thank you so much", "thanks a lot", "thx", "ty", "thanksss", "ok thanks",
               "thanks 🙏", "🙏🙏", "😊", "dhanyawad", "dhanyavaad", "Dhanyavad ji", "dhanywad", "shukriya", "sukriya",
               "bahut shukriya", "bahut badhiya", "धन्यवाद", "शुक्रिया", "बहुत धन्यवाद", "धन्यवाद जी 🙏", "आपका धन्यवाद",
               "tum bahut ache ho", "good bot"],
    "greeting": ["hi", "Hi!", "hiii", "hello", "Hello there", "hey", "good morning", "Good evening!", "hi bot", "👋",
                 "namaste", "Namaste ji", "namaskar", "ram ram", "pranam", "sat sri akal", "jai hind", "नमस्ते", "नमस्कार",
                 "प्रणाम", "राम राम", "नमस्ते जी 🙏", "राधे राधे", "hlo", "hlo bhai", "ram ram sa", "Helo ji"],
    "ack": ["ok", "okk", "Okkk", "k", "hmm", "hmmm", "oh ok", "got it", "fine", "alright", "cool", "👍", "👍👍", "👌",
            "acha", "accha", "achha", "theek hai", "thik h", "samajh gaya", "samajh gayi", "ठीक है", "अच्छा", "ओके",
            "समझ गया", "अच्छा ठीक है", "😀😀🎉", "🌸"],
    "more": ["more", "MORE", "More.", "next", "more please", "show more", "tell me more", "continue", "aur", "aage",
             "aur batao", "aur dikhao", "baaki batao", "aage batao", "और", "आगे", "और बताओ", "बाकी बताओ", "और दिखाओ",
             "more pls", "मोर"],  # (MORE written in Devanagari: a break-it trial got a decline)
    "help": ["help", "HELP", "help me", "menu", "options", "what can you do?", "how does this work?", "madad",
             "madad chahiye", "madad karo", "help karo", "kya kar sakte ho", "सहायता", "मदद", "मदद चाहिए", "मदद करो",
             "मदद कीजिए", "help please", "kripya madad karo", "help!", "who are you?", "tum kaun ho", "aap kaun ho?", "आप कौन हैं?"],
    "start_check": ["am I eligible?", "Am I eligible for PM Kisan?", "can I qualify for a pension", "am i still eligible",
                    "check my eligibility", "eligibility check please", "which schemes can I get?",
                    "what schemes are there for me", "schemes for me", "which scheme should I apply for",
                    "kya main eligible hoon", "kya mai is yojana ke liye patra hu", "kya hum eligible hain",
                    "mujhe kaun si yojana milegi", "kaunsi yojana mil sakti hai", "eligible hu kya",
                    "क्या मैं पात्र हूँ", "क्या मैं इस योजना के लिए पात्र हूँ", "मुझे कौन सी योजना मिल सकती है",
                    "कौन सी योजनाएं मिल सकती हैं", "पात्रता जांच", "kaun kaun si yojana hai mere liye",
                    # (a newcomer trial: each had been declined)
                    "What can I get?", "I am a farmer in Odisha with 2 acres. What can I get?", "what help can I get",
                    "mujhe kya mil sakta hai", "मुझे क्या मिल सकता है"],
    "forget": ["delete", "DELETE", "delete my data", "Delete all my data please", "forget me", "stop data", "erase my data",
               "remove my details", "mera data hatao", "meri jankari hatao", "data hata do", "mera data delete kar do",
               "mera data mita do", "kripya mera data hatao", "हटाओ", "मिटाओ", "मेरा डेटा हटाओ", "मेरी जानकारी हटा दो",
               "डेटा मिटा दो", "मेरा डाटा डिलीट कर दो"],
}

#: messages that share an intent's words but mean something else: no whole-message intent
SAYS_NOTHING = ["pm kisan", "One Stop Centre", "yes bank loan", "no income certificate", "more schemes for farmers",
                "help for widows", "stop child marriage scheme", "thanks to pm kisan I got money, how do I apply for pmfby",
                "hi, what is pm kisan", "ok what documents are needed", "scary", "warning", "ration card status check",
                "bihar", "2", "widow pension kitna milta hai", "delete aadhaar link", "how to delete my pm kisan application",
                "haan mujhe pension chahiye", "nahi mila paisa", "aur kaun si yojana hai", "विधवा पेंशन", "mera naam list me nahi hai"]


@pytest.mark.parametrize("intent,text", [(i, t) for i, texts in SAYS.items() for t in texts])
def test_a_phrasing_says_its_intent(intent, text):
    if intent == "skip":  # a skip, or not knowing, leaves the question unanswered
        assert is_skip(text)
    elif intent in WITHIN:
        assert mentions(text, intent)
    else:
        assert means(text, intent)


def test_the_table_has_twenty_phrasings_per_intent_in_three_languages():
    from retrieval.translit import has_devanagari

    for intent, texts in SAYS.items():
        assert len(texts) >= 20, intent
        assert any(has_devanagari(t) for t in texts), intent
        assert sum(not has_devanagari(t) for t in texts) >= 10, intent


@pytest.mark.parametrize("text", SAYS_NOTHING)
def test_a_message_with_an_intents_words_says_no_intent(text):
    found = intents_of(text)
    assert found.whole == frozenset()
    assert "start_check" not in found.within


def test_skip_and_stop_are_read_as_before():
    assert is_skip("no, I don't know") and is_skip("nahi maloom ji")
    assert not is_skip("skip the income question please tell me about pm kisan")  # a question, not a skip
    assert not is_skip("I don't know which documents are needed for the widow pension of Bihar, please tell me")
    assert is_stop("रोको") and not is_stop("stop dowry")


def test_confirmation_words_are_not_both_yes_and_no():
    for text in SAYS["yes"]:
        assert not means(text, "no"), text
    for text in SAYS["no"]:
        assert not means(text, "yes"), text


def test_every_intent_has_examples_in_english_hindi_and_hinglish():
    for intent in INTENTS:
        assert set(phrases(intent)) == {"en", "hi", "hinglish"}, intent


def test_a_folded_hands_emoji_greets_only_as_a_first_message():
    assert intents_of("🙏").whole == {"greeting_emoji", "thanks"}
    assert intents_of("👋").whole == {"greeting", "greeting_emoji"}


def test_an_unknown_intent_is_refused():
    with pytest.raises(KeyError):
        means("yes", "maybe")
    with pytest.raises(KeyError):
        mentions("yes", "yes")


@pytest.mark.parametrize("text,intent", [("\u200fhi", "greeting"), ("ok\u200f", "ack"), ("\u200fDELETE", "forget"),
                                         ("\u200estop", "stop"), ("\u2066help\u2069", "help"), ("🙏 namaste", "greeting"),
                                         ("👋 hi", "greeting"), ("🙏 stop", "stop"), ("🙏 delete my data", "forget"),
                                         ("\u263a\ufe0e", "thanks"), ("hi hi", "greeting"), ("stop stop", "stop")])
def test_invisible_marks_a_leading_emoji_and_a_repeated_word_change_nothing(text, intent):
    assert means(text, intent)


@pytest.mark.parametrize("text,intent", [
    ("ok thanks bye", "bye"), ("Super, thanks!", "thanks"), ("hi, how are you?", "greeting"), ("how are you", "greeting"),
    ("aap kaise ho", "greeting"), ("tum kaisi ho", "greeting"), ("तुम कैसे हो", "greeting"), ("theek hai dhanyawad", "thanks"),
    ("ठीक है धन्यवाद 🙏", "thanks"), ("hello ji, thank you", "thanks"), ("ok ok", "ack"),
])
def test_small_talk_phrases_in_a_row_say_the_last_word_of_a_conversation(text, intent):
    """A newcomer trial: "ok thanks bye", "how are you" and "aap kaise ho" had been searched for and declined. A goodbye wins
    over thanks, thanks over a greeting, a greeting over an acknowledgement; only whole phrases of the table count."""
    assert intents_of(text).whole & {"bye", "thanks", "greeting", "ack"} == {intent}


@pytest.mark.parametrize("text", ["thanks for telling, how do I apply?", "ok tell me about pm kisan", "hi, what is pm kisan",
                                  "good morning, widow pension kitna milta hai", "bye bye pm kisan"])
def test_small_talk_beside_a_question_is_no_small_talk(text):
    assert intents_of(text).whole == frozenset()


@pytest.mark.parametrize("text", ["thanks for the pension details", "Thank you so much for the information!", "dhanyawad jankari ke liye",
                                  "जानकारी के लिए धन्यवाद"])
def test_thanks_for_what_was_given_is_thanks(text):
    """A break-it trial: "thanks for the pension details" was searched and answered with UMANG's application steps."""
    assert intents_of(text).whole == {"thanks"}


def test_what_can_i_get_from_a_scheme_asks_its_benefits_not_for_a_check():
    """"What can I get?" starts a check; "what can I get from pm kisan" asks what PM-KISAN gives (it had started its check)."""
    assert "start_check" not in intents_of("what can I get from pm kisan").within
    assert "start_check" not in intents_of("what can i get under ayushman bharat").within
    assert "start_check" in intents_of("am i eligible for pm kisan, what can i get from it").within
    from retrieval.query import section_intents

    assert section_intents("what can I get from pm kisan") == ["benefits"]  # (it had quoted PM-KISAN's eligibility)
    assert section_intents("can i get pm kisan") == ["eligibility"]


@pytest.mark.parametrize("text", ["kya mujhe ye milegi?", "kya mujhe iska labh mil sakta hai", "ye yojana mujhe milegi kya",
                                  "क्या मुझे यह मिलेगी?", "यह योजना मुझे मिलेगी क्या", "can i get this?", "is this scheme for me?"])
def test_asking_whether_this_scheme_is_mine_starts_a_check(text):
    """A newcomer trial: "kya mujhe ye milegi?" after a PM-KISAN answer was searched and declined, where "am I eligible for
    this?" starts PM-KISAN's check."""
    assert "start_check" in intents_of(text).within


@pytest.mark.parametrize("text", ["how can i get it", "when will i get it", "where can i get this scheme", "mujhe ye kaise milegi"])
def test_asking_how_where_or_when_is_not_a_check(text):
    """How to apply, where, and when it is paid: "can i get it" inside them is no request for a check."""
    assert "start_check" not in intents_of(text).within


@pytest.mark.parametrize("text,check", [("kya mujhe pm kisan milega", True), ("mujhe pm kisan milega kya", True),
                                        ("क्या मुझे वृद्धावस्था पेंशन मिलेगी", True), ("will i get pm kisan or not", True),
                                        ("kya mujhe kitna paisa milega", False), ("pm kisan ka paisa kab milega", False),
                                        ("क्या मुझे कितना पैसा मिलेगा", False)])
def test_will_i_get_a_scheme_starts_a_check_unless_it_asks_how_much_or_when(text, check):
    """A re-check trial: "kya mujhe pm kisan milega" and "क्या मुझे वृद्धावस्था पेंशन मिलेगी" quoted benefits, no check;
    "kitna", "kab" ask an amount or a date."""
    assert ("start_check" in intents_of(text).within) is check
    assert "will_get" not in intents_of(text).within | intents_of(text).whole
