"""The shared analyzer: Devanagari words stay whole, digits fold, acronyms split and join."""

from sklearn.feature_extraction.text import TfidfVectorizer

from retrieval.tokenize import analyze, stem


def test_hindi_question_keeps_whole_words():
    # scikit-learn's default token pattern breaks vowel signs off: only ['जन', 'रत', 'सम'] remain
    default = TfidfVectorizer().build_analyzer()("किसान सम्मान निधि योजना के लिए पात्रता क्या है")
    assert set(default) <= {"जन", "रत", "सम", "नक", "लए", "पय", "यह"}
    assert analyze("किसान सम्मान निधि योजना के लिए पात्रता क्या है") == ["किसान", "सम्मान", "निधि", "योजना", "पात्रता"]


def test_virama_nukta_and_devanagari_digits():
    assert analyze("ज़मीन क़र्ज़ उम्र २५ प्रधानमंत्री") == ["ज़मीन", "क़र्ज़", "उम्र", "25", "प्रधानमंत्री"]


def test_hyphenated_acronyms_joined_and_split():
    assert analyze("PM-KISAN") == ["pmkisan", "pm", "kisan"]
    assert analyze("J&K") == ["jk"]


def test_casefold_numbers_and_stopwords():
    assert analyze("The Rs. 2,50,000 limit and ₹1.5 LAKH") == ["rs", "250000", "limit", "1.5", "lakh"]
    assert analyze("what is it") == []


def test_plural_stemming_latin_only():
    assert [stem(w) for w in ["scholarships", "classes", "policies", "taxes", "bus", "this", "किसानों"]] == [
        "scholarship", "class", "policy", "tax", "bus", "this", "किसानों"]


def test_degrees_written_with_points_are_one_word():
    """"B.Sc" gave the term "sc", the one of Scheduled Castes: science scholarships ranked for "scholarships
    for SC students", and "B.Tech" was only "tech"."""
    from retrieval.tokenize import analyze

    assert analyze("B.Sc. and M.Sc students") == ["bsc", "msc", "student"]
    assert analyze("B.Tech, B. Tech, M.Phil, Ph.D") == ["btech", "btech", "mphil", "phd"]
    assert analyze("SC/ST students of U.P.") == ["sc", "st", "student"]


def test_age_statements_under_sixty_are_not_elderly_words():
    # "old"/"aged" stating a young age limit are not the elderly's words ("vriddha" -> old aged matched every age limit)
    assert analyze("Applicant should be 18 years old") == ["applicant", "18", "year"]
    assert analyze("aged between 18 and 40 years") == ["between", "18", "40", "year"]
    assert analyze("aged 21") == ["21"]
    # an elderly age, and "old"/"aged" used as words for the elderly, stay
    assert analyze("persons aged 60 years and above") == ["person", "aged", "60", "year", "above"]
    assert analyze("65 years old") == ["65", "year", "old"]
    assert analyze("old age pension for the aged") == ["old", "age", "pension", "aged"]
