"""The question inside a long message (conversations.long_message)."""

from conversations.long_message import focus


def names(sentence: str) -> str | None:
    return "Ujjwala" if "ujjwala" in sentence.casefold() else None


def test_the_last_question_wins_and_hindi_questions_count():
    text = "मेरे पति का देहांत हो गया है। हम गाँव में रहते हैं। " * 40 + "विधवा पेंशन के लिए क्या करना होगा।"
    got = focus(text, 1000, names)
    assert (got.text, got.how) == ("विधवा पेंशन के लिए क्या करना होगा।", "question")


def test_a_question_without_a_scheme_takes_the_nearest_sentence_that_names_one():
    text = "I got a gas connection under Ujjwala in 2019. " + "The cylinder is far too costly for us now. " * 30 + "how do i get a refill subsidy?"
    assert focus(text, 1000, names).text == "Ujjwala: how do i get a refill subsidy?"


def test_without_a_question_a_sentence_naming_a_section_or_scheme_then_the_start():
    text = "We are four people in the family. " * 40 + "Documents for Ujjwala connection. Thank you."
    assert (focus(text, 1000, names).text, focus(text, 1000, names).how) == ("Documents for Ujjwala connection.", "topic")
    plain = "We are four people in the family. " * 40
    got = focus(plain, 1000, names)
    assert (got.text, got.how) == (plain[:1000], "start")


def test_a_story_typed_without_full_stops_is_searched_by_its_end():
    story = "mere papa kisan hain aur unke paas do bigha zameen hai gaon mein " * 40
    got = focus(story + "pm kisan ke liye kaun se documents chahiye", 1000, names)
    assert got.how == "question" and got.text.endswith("pm kisan ke liye kaun se documents chahiye")
    assert len(got.text.split()) == 30  # TAIL_WORDS: the end, not the first characters
    got = focus(story, 1000, names)  # an end that asks and names nothing: the start, as before
    assert (got.text, got.how) == (story[:1000], "start")


def test_a_question_after_a_story_takes_the_first_sentence_of_the_situation_when_no_scheme_is_named():
    # a break-it trial: a widow's story of 1,900 characters, then "मुझे पेंशन कैसे मिलेगी?", was searched as the question
    # alone and declined; now as the death it follows, which the life events read
    from retrieval.life_events import life_event

    story = "मेरे पति का देहांत हो गया है और घर में कोई कमाने वाला नहीं है। " * 30 + "मुझे पेंशन कैसे मिलेगी?"
    found = focus(story, 1000, names, situation=lambda s: life_event(s) is not None)
    assert (found.text, found.how) == ("मेरे पति का देहांत हो गया है और घर में कोई कमाने वाला नहीं है। मुझे पेंशन कैसे मिलेगी?", "question")
    assert focus(story, 1000, names).text == "मुझे पेंशन कैसे मिलेगी?"  # (without the reading of situations, as before)
