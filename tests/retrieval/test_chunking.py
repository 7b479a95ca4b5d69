"""Chunks: 3-sentence windows, 1 overlapping, inside one section; offsets give back the exact text."""

from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.chunking import _windows, chunk_scheme
from retrieval.corpus import FAQ, Links, Scheme


def _scheme(**sections) -> Scheme:
    return Scheme(id="x", name="X Scheme", level="central", sections=sections,
                  links=Links(myscheme="https://www.myscheme.gov.in/schemes/x"))


def test_windows_overlap_by_one():
    assert _windows(1) == [(0, 1)]
    assert _windows(3) == [(0, 3)]
    assert _windows(4) == [(0, 3), (2, 4)]
    assert _windows(7) == [(0, 3), (2, 5), (4, 7)]


def test_chunks_stay_in_section_and_round_trip():
    s = _scheme(benefits="One. Two. Three. Four.", eligibility="- Age 18 to 40 years.\n- Indian citizen.")
    chunks = chunk_scheme(s)
    texts = s.section_texts()
    assert [(c.section, c.text) for c in chunks] == [
        ("benefits", "One. Two. Three."), ("benefits", "Three. Four."),
        ("eligibility", "Age 18 to 40 years.\n- Indian citizen."),
    ]
    for c in chunks:
        assert texts[c.section][c.start:c.end] == c.text
        assert c.url == f"https://www.myscheme.gov.in/schemes/x#{'benefits' if c.section == 'benefits' else 'eligibility'}"
        assert len(c.content_hash) == 16


def test_faq_windows_do_not_cross_pairs():
    s = Scheme(id="x", name="X Scheme", level="central", sections={"details": "D."},
               faqs=[FAQ(question="Who can apply?", answer="Farmers can. Tenants cannot. Apply online."),
                     FAQ(question="What is paid?", answer="Six thousand rupees.")],
               links=Links(official=["https://x.gov.in"]))
    faq_chunks = [c.text for c in chunk_scheme(s) if c.section == "faqs"]
    assert faq_chunks == ["Who can apply?\nFarmers can. Tenants cannot.", "Tenants cannot. Apply online.",
                          "What is paid?\nSix thousand rupees."]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=60), min_size=1, max_size=8))
def test_offsets_round_trip_on_any_text(parts):
    body = "\n".join(parts)
    if not body.strip() or not any(ch.isalnum() for ch in body):
        return
    s = _scheme(details=body)
    for c in chunk_scheme(s):
        assert s.section_texts()["details"][c.start:c.end] == c.text
        for a, b in c.sentences:
            assert c.start <= a < b <= c.end
