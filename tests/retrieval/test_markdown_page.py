"""Saved myScheme pages: the header in each layout, the state from the text when the header has none,
FAQ-only pages, closed schemes, and the ingest summary; on small pages written here and on the real
pages under ../shared (skipped with the reason when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.loaders import Rejection, load_corpus
from retrieval.markdown_page import (
    ParsedPage,
    is_closed,
    parse_faq_only,
    parse_myscheme_markdown,
    parse_myscheme_page,
    question_strength,
)
from retrieval.placement import Header, check_text, classify_heading, infer_state, named_states, place, read_header
from retrieval.states import all_states
from tests.conftest import MARKDOWN_DIR

BASE = "https://www.myscheme.gov.in/schemes/"


def rule(text: str, char: str = "-") -> str:
    return char * max(3, len(text))


def page(slug: str, title: str, header: list[str], details: str = "Money for small shops in the district.",
         faqs: str = "", tail: str = "") -> str:
    """A saved page in the shape of the dump: chrome, the header block under "### Check Eligibility",
    anchored sections, the FAQ block, a footer."""
    anchors = [("Details", "details", details), ("Benefits", "benefits", "A grant of Rs. 10,000 once.")]
    if faqs:
        anchors.append(("Frequently Asked Questions", "faqs", faqs))
    body = "\n\n".join(f"[### {name}]({BASE}{slug}#{anchor})\n\n{text}" for name, anchor, text in anchors)
    return (f"Title: {title}\n\nURL Source: {BASE}{slug}\n\nMarkdown Content:\n{title}\n{rule(title, '=')}\n\n"
            "### Are you sure you want to sign out?\n\nCancelSign Out\n\n### Check Eligibility\n\n"
            + "\n\n".join(header) + "\n\n" + body + f"\n\n{tail}\n\n#### News and Updates\n\nNothing new\n\n©2024\n")


def faq_page(slug: str, title: str, content: str) -> str:
    return f"Title: {title}\n\nURL Source: {BASE}{slug}\n\nMarkdown Content:\n{content}\n"


def parsed(raw: str) -> ParsedPage:
    out = parse_myscheme_page(raw, "test.md")
    assert isinstance(out, ParsedPage), out
    return out


# ---------------------------------------------------------------- header layouts


def test_owner_over_name_over_tags():
    name = "Village Shop Support Scheme"
    owner = "The Dadra And Nagar Haveli And Daman And Diu"
    p = parsed(page("vsss", name, [owner, rule(owner), name, rule(name, "="), "Shop", "Grant", "Sign in to apply"]))
    s = p.scheme
    assert (s.level, s.state, s.ministry) == ("state", "Dadra and Nagar Haveli and Daman and Diu", None)
    assert s.tags == ["Shop", "Grant"]
    assert (p.notes.placement.decided, p.notes.placement.rule) == ("header", "header state")
    assert [k for k, _ in p.notes.placement.headings] == ["state", "name"]


def test_ministry_owner_is_central():
    name = "Campus Water Grant"
    owner = "Ministry Of Rural Works"
    s = parsed(page("cwg", name, [owner, rule(owner), name, rule(name, "="), "Water"])).scheme
    assert (s.level, s.state, s.ministry, s.tags) == ("central", None, "Ministry Of Rural Works", ["Water"])


def test_single_heading_owner_state_then_tags():
    s = parsed(page("pss", "Pondy Shop Scheme", ["Puducherry", rule("Puducherry"), "Shop", "Women"])).scheme
    assert (s.level, s.state, s.tags) == ("state", "Puducherry", ["Shop", "Women"])


def test_single_heading_ministry_without_tags():
    owner = "Ministry of Education"
    s = parsed(page("abc", "Campus Power Grant", [owner, rule(owner)])).scheme
    assert (s.level, s.ministry, s.tags) == ("central", owner, [])


def test_single_heading_is_the_name_state_from_details():
    name = "Visits To The Hill Museum"
    p = parsed(page("vthm", name, [name, rule(name), "Students"],
                    details="Run by the Department of Culture, Government of Kerala, for school groups."))
    assert (p.scheme.level, p.scheme.state, p.scheme.tags) == ("state", "Kerala", ["Students"])
    assert (p.notes.placement.decided, p.notes.placement.rule) == ("text", "government of")
    assert p.scheme.state != p.scheme.name


def test_single_heading_is_the_name_state_from_title():
    name = "Study Tours To The Assam Assembly"
    p = parsed(page("sttaa", name, [name, rule(name), "Students"]))
    assert (p.scheme.state, p.notes.placement.rule) == ("Assam", "title")


def test_single_heading_is_the_name_nothing_known():
    name = "Young Researchers Internship"
    p = parsed(page("yri", name, [name, rule(name), "Internship"], details="Interns work with officers in New Delhi."))
    assert (p.scheme.level, p.scheme.state, p.scheme.ministry) == ("central", None, None)
    assert (p.notes.placement.decided, p.notes.placement.rule) == ("none", "no evidence")


def test_name_first_then_owner():
    name = "Business Champions Loan Scheme"
    header = [name, rule(name), "Tamil Nadu", rule("Tamil Nadu"), name, rule(name, "="), "BCLS", "Loan",
              "Check Eligibility"]
    p = parsed(page("bcls", name, header))
    assert (p.scheme.level, p.scheme.state, p.scheme.tags) == ("state", "Tamil Nadu", ["BCLS", "Loan"])
    assert [k for k, _ in p.notes.placement.headings] == ["name", "state", "name"]
    # the same with two dashed rules and no "===" (owner first here)
    owner = "Odisha"
    s = parsed(page("bcls", name, [owner, rule(owner), name, rule(name), "Loan"])).scheme
    assert (s.state, s.tags) == ("Odisha", ["Loan"])


def test_other_central_body_is_an_owner():
    name = "Audit Interns Programme"
    owner = "Comptroller Of Public Accounts"
    s = parsed(page("aip", name, [owner, rule(owner), name, rule(name, "="), "Student"])).scheme
    assert (s.level, s.ministry) == ("central", owner)
    # a heading that is the name with a ministry's first word stays the name
    assert classify_heading("Ministry Of Oceans Internship Scheme", "Ministry Of Oceans Internship Scheme") == "name"
    assert classify_heading("The Ombudsman of India", "The Ombudsman of India Internship Scheme") == "owner"
    assert classify_heading("CHIEF MINISTER  SELF EMPLOYMENT", "Chief Minister Self Employment") == "name"


def test_read_header_shapes():
    assert read_header(["", "Goa", "---", "Fish", "[### Details](x)", "Later"]) == Header(("Goa",), ("Fish",))
    assert read_header(["Just a line", "[### Details](x)"]) is None
    assert read_header([r"Award \[Gold\]", "-----", "Tag"]) == Header(("Award [Gold]",), ("Tag",))


# ---------------------------------------------------------------- state from the text


def test_infer_state_is_conservative():
    assert infer_state("Goa Fishing Net Grant", "") == ("Goa", "title")
    assert infer_state("Scheme For Assam And Meghalaya Students", "") is None  # two states in the title
    assert infer_state("Grant", "The Government of NCT of Delhi pays it.") == ("Delhi", "government of")
    assert infer_state("Grant", "Launched by the Bihar Government in 2019.") == ("Bihar", "government of")
    assert infer_state("Grant", "Government of Goa and Government of Kerala share it.") is None
    # a page of FAQs alone, whose answers name the state's department (Mukhyamantri Kisan Sahay Yojana)
    assert infer_state("Kisan Sahay Yojana", "Apply on the website of the Revenue Department of Gujarat.") == ("Gujarat", "government of")
    assert infer_state("Grant", "Apply at the office in New Delhi. Pay at Punjab National Bank.") is None
    assert infer_state("Grant", "For artists of Sikkim. Artists of Sikkim apply online.") == ("Sikkim", "only state in opening")
    assert infer_state("Grant", "Interview held in Kerala.") is None  # named once only
    # a state named in the opening but not most of the page's state names
    text = "Valid everywhere except Assam. " + "Also Meghalaya, Assam, Tripura, Manipur. " * 3
    assert infer_state("Grant", "Valid everywhere except Assam, see Assam rules.", text) is None


def test_named_states_counts_whole_names_only():
    found = [s for s, _, _ in named_states("In UP and MP, at New Delhi, via Bank of Maharashtra, in Kerala; Kashmiri shawls")]
    assert found == ["Kerala"]


def test_check_text_counts_agreement_and_title_mismatch():
    name = "Kerala Boat Grant"
    p = parsed(page("kbg", name, ["Goa", rule("Goa"), name, rule(name, "="), "Boat"]))
    assert p.scheme.state == "Goa"  # the header wins
    assert p.notes.check.title_mismatch and p.notes.check.title_states == ("Kerala",)
    assert p.notes.check.named_in_text is False
    placement = place(None, "Grant", "Government of Goa pays it.")
    check = check_text(placement, "Grant", ["Fishers of Goa apply."])
    assert check.named_in_text is True and not check.title_mismatch


# ---------------------------------------------------------------- FAQ-only pages, error pages, closed

FAQ_CONTENT = """Who Can Apply For The Boat Grant?

Any registered fisher with a boat licence can apply.

Where Do I Submit The Form

At the block fisheries office, on any working day.

A paragraph whose question is missing from the page.

How Much Is Paid?

Rs. 20,000 once.

Is There An Age Limit?
"""


def test_faq_only_page_pairs_orphans_dropped():
    p = parsed(faq_page("boat", "Boat Grant", FAQ_CONTENT))
    s = p.scheme
    assert [f.question for f in s.faqs] == [
        "Who Can Apply For The Boat Grant?", "Where Do I Submit The Form", "How Much Is Paid?"]
    assert s.faqs[2].answer == "Rs. 20,000 once."
    assert all("question is missing" not in f.answer for f in s.faqs)
    assert (s.level, s.state, s.tags, s.sections) == ("central", None, [], {})
    assert p.notes.faq_only and p.notes.placement.decided == "none"
    assert parse_myscheme_markdown(faq_page("boat", "Boat Grant", FAQ_CONTENT), "x.md").faqs == s.faqs


def test_faq_only_page_state_from_title_or_text():
    assert parsed(faq_page("boat", "Goa Boat Grant", FAQ_CONTENT)).scheme.state == "Goa"
    content = FAQ_CONTENT.replace("Any registered fisher", "The Government of Tripura lets any registered fisher")
    p = parsed(faq_page("boat", "Boat Grant", content))
    assert (p.scheme.state, p.notes.placement.rule) == ("Tripura", "government of")


def test_question_strength():
    assert question_strength("How Much Is Paid?") == 2
    assert question_strength("What is the fee? Asked by many.") == 2
    assert question_strength("How can applicants apply online") == 1
    assert question_strength("Can I Repay The Loan Before The End Of The Term") == 1
    assert question_strength("The grant is paid once.") == 0
    assert question_strength("Registration Of A Worker Under The Board:") == 0
    assert question_strength("Yes") == 0


def test_parse_faq_only_title_case_answer_after_a_sure_question():
    faqs, dropped = parse_faq_only("Which Papers Are Needed?\n\nAadhaar Card Ration Card Bank Passbook Photo\n\nWhat Next?\n\nWait.")
    assert [(f.question, f.answer) for f in faqs] == [
        ("Which Papers Are Needed?", "Aadhaar Card Ration Card Bank Passbook Photo"), ("What Next?", "Wait.")]
    assert dropped == 0


def test_error_and_non_faq_pages_stay_rejected():
    wrong = faq_page("gone", "Some Scheme", "Something went wrong. Please try again later.\n\nOk\n")
    assert parse_myscheme_page(wrong, "w.md") == Rejection("w.md", "no scheme sections (error or empty page)")
    quiz = faq_page("quiz", "Check Eligibility - Boat Grant", "Are you a fisher?\\*\n\nYes No\n")
    assert parse_myscheme_page(quiz, "q.md").reason == "eligibility questionnaire (no scheme text)"
    steps = faq_page("steps", "Boat Grant", "> **Registration:**\n\n**Step 01:** Visit the office.\n\n**Step 02:** Fill the form.\n")
    assert parse_myscheme_page(steps, "s.md").reason == "no scheme sections or FAQ pairs (text without section anchors)"
    assert parse_myscheme_page(faq_page("nf", "Page not found.", "Page not found.\n"), "n.md").reason == "page not found"


def test_closed_scheme():
    name = "Old Scholarship"
    faqs = "Who Can Apply?\n\nStudents of class 9.\n\nThis scheme is closed"
    p = parsed(page("os", name, ["Odisha", rule("Odisha"), name, rule(name, "="), "Student"], faqs=faqs))
    assert p.scheme.closed
    assert [(f.question, f.answer) for f in p.scheme.faqs] == [("Who Can Apply?", "Students of class 9.")]
    assert not parsed(page("os", name, ["Odisha", rule("Odisha")])).scheme.closed
    assert is_closed("x\n#### This scheme is closed\n") and not is_closed("Is this scheme closed for vacation?")


def test_summary_counts_placement(tmp_path):
    n1, n2, n3 = "Hill Museum Visits", "Campus Water Grant", "Kerala Boat Grant"
    (tmp_path / "a.md").write_text(page("hmv", n1, [n1, rule(n1)], details="Government of Kerala runs it."), encoding="utf-8")
    (tmp_path / "b.md").write_text(page("cwg", n2, ["Ministry Of Water", "---", n2, "==="]), encoding="utf-8")
    (tmp_path / "c.md").write_text(page("kbg", n3, ["Goa", "---", n3, "===", "Boat"], tail="This scheme is closed"),
                                   encoding="utf-8")
    (tmp_path / "d.md").write_text(faq_page("boat", "Boat Grant", FAQ_CONTENT), encoding="utf-8")
    report = load_corpus([tmp_path])
    summary = report.summary()
    assert summary["levels"] == {"central": 1, "state": 2, "unknown": 1}
    assert summary["state_from"] == {"header": 1, "text": 1, "record": 0}
    assert summary["inferred_by"] == {"government of": 1}
    assert summary["title_mismatch"] == 1 and summary["title_mismatch_examples"] == [["kbg", "Goa", ["Kerala"]]]
    assert (summary["faq_only"], summary["closed"]) == (1, 1)
    assert set(report.page_notes) == {"hmv", "cwg", "kbg", "boat"}


def test_ingest_prints_the_summary(tmp_path, capsys):
    from bot.cli import main

    name = "Kerala Boat Grant"
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "c.md").write_text(page("kbg", name, ["Goa", "---", name, "===", "Boat"]), encoding="utf-8")
    (pages / "d.md").write_text(faq_page("boat", "Boat Grant", FAQ_CONTENT), encoding="utf-8")
    assert main(["ingest", str(pages), "--out", str(tmp_path / "idx")]) == 0
    out = capsys.readouterr().out
    assert "levels:           central 0, state 1, unknown 1" in out
    assert "states from:      header 1, text 0" in out
    assert "title mismatch:   1 state schemes whose title names another state: kbg (Goa; title: Kerala)" in out
    assert "FAQ-only pages:   1 indexed" in out and "closed:           0" in out


# ---------------------------------------------------------------- the real pages


def real(slug: str) -> ParsedPage:
    out = parse_myscheme_page((MARKDOWN_DIR / f"{slug}.md").read_text(encoding="utf-8"), f"{slug}.md")
    assert isinstance(out, ParsedPage), out
    return out


@pytest.fixture(scope="module")
def real_report(shared_corpus):
    return load_corpus([MARKDOWN_DIR])


def test_real_header_layouts(shared_corpus):
    p = real("evtala")  # the scheme's name over a rule, no owner: Assam from the title
    assert (p.scheme.level, p.scheme.state, p.notes.placement.decided) == ("state", "Assam", "text")
    p = real("aabcs")  # name, owner, name
    assert (p.scheme.state, p.notes.placement.decided) == ("Tamil Nadu", "header")
    assert "Scheduled Caste" in p.scheme.tags
    p = real("a-gainer")  # a ministry alone
    assert (p.scheme.level, p.scheme.state, p.scheme.ministry) == ("central", None, "Ministry of Education")
    assert real("amrut").scheme.ministry == "Ministry Of Housing & Urban Affairs"
    assert real("apmsscs").scheme.state == "Puducherry"
    assert real("sipocagi").scheme.ministry == "Comptroller And Auditor General Of India"


def test_real_faq_only_pages(shared_corpus):
    for slug in ("pmjdy", "mgnrega", "pmsby"):
        p = real(slug)
        assert p.notes.faq_only and len(p.scheme.faqs) >= 15, slug
        assert (p.scheme.level, p.scheme.state, p.scheme.tags) == ("central", None, [])
    pmjdy = real("pmjdy").scheme
    assert pmjdy.faqs[0].question.startswith("Can I Open A Joint Account")
    assert not any(f.answer.startswith(("Bank Mitr", "It is a small device")) for f in pmjdy.faqs)  # orphans


def test_real_closed_scheme(shared_corpus):
    s = real("bocs").scheme
    assert s.closed and s.state == "Odisha"
    assert all("scheme is closed" not in f.answer for f in s.faqs)
    assert not real("pm-kisan").scheme.closed


def test_real_corpus_placement(real_report):
    report = real_report
    states = set(all_states())
    assert len(report.schemes) >= 2050
    for s in report.schemes:
        assert s.state is None or s.state in states, (s.id, s.state)
        assert s.state is None or s.state.casefold() != s.name.casefold(), s.id
    summary = report.summary()
    assert summary["levels"]["state"] >= 1550 and summary["levels"]["unknown"] <= 60
    assert summary["state_from"]["header"] >= 1500 and summary["state_from"]["text"] >= 50
    assert summary["faq_only"] >= 70 and summary["closed"] == 23
    assert summary["state_named_in_text"] >= 0.95 * summary["levels"]["state"]
    reasons = report.rejected_by_reason()
    assert reasons.get("no scheme sections or FAQ pairs (text without section anchors)", 0) <= 25
    assert {Path(r.origin).name for r in report.rejected} >= {"mmy.md", "madp.md"}


def test_a_page_with_no_state_in_header_or_text_is_placed_by_its_slug():
    """Goa's funeral assistance page ("assy-goa") names no state in its header or text: it was indexed as a
    central scheme and offered to users in every state. A slug ending in a state's name places it; a slug
    ending in a short code or a word is no evidence."""
    from retrieval.placement import slug_state

    placed = place(None, "Antya Sanskar Sahay Yojana", "Financial assistance for the last rites of the deceased.", slug="assy-goa")
    assert (placed.level, placed.state, placed.rule) == ("state", "Goa", "slug")
    assert place(None, "Pradhan Mantri Suraksha Bima Yojana", "Accident insurance.", slug="pmsby").level == "central"
    assert slug_state("mvpy-bihar") == "Bihar" and slug_state("pmay-u") is None and slug_state("nos-sc") is None
    # the state the title names wins over the slug
    assert place(None, "Kerala Fishermen Grant", "", slug="kfg-goa").state == "Kerala"


def test_a_page_is_placed_by_the_state_whose_government_manages_the_scheme():
    """Andhra Pradesh's farmer suicide ex-gratia names its state only in "managed by ... Govt. of Andhra
    Pradesh" and an FAQ about Telangana domiciles: it was indexed as central and offered to Odisha's farmers."""
    text = ("Ex-gratia to families of farmers who died by suicide.\n\nThis scheme is managed by the Agriculture & Cooperation "
            "Department, Govt. of Andhra Pradesh.\n\nCan a domicile of Telangana also apply?\nNo.")
    placed = place(None, "Farmer Suicide Ex-Gratia", "Ex-gratia to families of farmers who died by suicide.", text)
    assert (placed.level, placed.state, placed.rule) == ("state", "Andhra Pradesh", "managed by")
    india = "This scheme is managed by the Ministry of Agriculture, Government of India."
    assert place(None, "Crop Insurance", india, india).level == "central"
