"""BM25 matrix, TF-IDF and reciprocal rank fusion on small hand-checked cases."""

import math

import numpy as np
import pytest
import scipy.sparse as sp
from rank_bm25 import BM25Okapi

from retrieval import bm25, fusion, tfidf
from retrieval.errors import EmptyCorpusError
from retrieval.index import Index
from retrieval.loaders import LoadReport
from retrieval.corpus import Links, Scheme


def _counts(docs: list[list[str]]) -> tuple[sp.csr_matrix, dict[str, int]]:
    vocab: dict[str, int] = {}
    rows, cols, vals = [], [], []
    for d, doc in enumerate(docs):
        for t in set(doc):
            rows.append(d)
            cols.append(vocab.setdefault(t, len(vocab)))
            vals.append(doc.count(t))
    return sp.csr_matrix((vals, (rows, cols)), shape=(len(docs), len(vocab))), vocab


def test_hand_computed_lucene_score():
    docs = [["a", "b"], ["b", "c", "c"]]
    counts, vocab = _counts(docs)
    matrix, idf = bm25.score_matrix(counts, k1=1.5, b=0.75, idf="lucene")
    avgdl = 2.5
    idf_c = math.log(1 + (2 - 1 + 0.5) / (1 + 0.5))
    expected = idf_c * 2 * 2.5 / (2 + 1.5 * (1 - 0.75 + 0.75 * 3 / avgdl))
    got = bm25.query_scores(matrix, [vocab["c"]], [1])
    assert got[0] == 0.0
    assert got[1] == pytest.approx(expected, rel=1e-12)


def test_term_in_half_the_documents_still_counts():
    docs = [["pension", "widow"], ["pension", "farmer"], ["farmer", "loan"], ["loan", "house"]]
    counts, vocab = _counts(docs)
    okapi, _ = bm25.score_matrix(counts, idf="okapi")
    lucene, _ = bm25.score_matrix(counts, idf="lucene")
    q = [vocab["pension"]]
    # rank-bm25's IDF is log((4-2+.5)/(2+.5)) = 0: the term adds nothing
    assert np.allclose(bm25.query_scores(okapi, q, [1]), BM25Okapi(docs).get_scores(["pension"]))
    assert bm25.query_scores(okapi, q, [1])[0] == 0.0
    scores = bm25.query_scores(lucene, q, [1])
    assert scores[0] > scores[2] and scores[1] > scores[3] and scores[2] == 0.0


def test_empty_corpus_and_empty_documents_raise_typed_error():
    with pytest.raises(EmptyCorpusError):
        bm25.score_matrix(sp.csr_matrix((0, 0)))
    with pytest.raises(EmptyCorpusError):
        bm25.score_matrix(sp.csr_matrix((3, 0)))
    with pytest.raises(EmptyCorpusError):
        Index.build(LoadReport())
    only_stopwords = Scheme(id="x", name="The", level="central", sections={"details": "the of and it is"},
                            links=Links(official=["https://x.gov.in"]))
    with pytest.raises(EmptyCorpusError):
        Index.build(LoadReport(schemes=[only_stopwords]))


def test_tfidf_query_matches_scikit_learn_transform():
    from sklearn.feature_extraction.text import TfidfVectorizer

    docs = [["widow", "pension", "pension"], ["farmer", "pension"], ["farmer", "loan", "bank"]]
    _, vocab = _counts(docs)
    matrix, idf = tfidf.fit(docs, vocab)
    vec = TfidfVectorizer(analyzer=lambda x: x, vocabulary=vocab, sublinear_tf=True).fit(docs)
    query = ["pension", "pension", "farmer"]
    expected = (vec.transform([query]) @ vec.transform(docs).T).toarray().ravel()
    got = tfidf.cosine(matrix, idf, [vocab["pension"], vocab["farmer"]], [2, 1])
    assert np.allclose(got, expected)


def test_rrf_hand_computed():
    fused = fusion.rrf([[10, 20, 30], [20, 40]], k=60)
    assert fused[20] == pytest.approx(1 / 62 + 1 / 61)
    assert fused[10] == pytest.approx(1 / 61)
    assert fused[30] == pytest.approx(1 / 63)
    assert fused[40] == pytest.approx(1 / 62)
    assert sorted(fused, key=fused.get, reverse=True) == [20, 10, 40, 30]


def test_top_k_orders_and_cuts():
    scores = np.array([0.0, 3.0, 1.0, 3.0, 2.0])
    assert fusion.top_k(scores, 3).tolist() == [1, 3, 4]
    assert fusion.top_k(np.zeros(4), 3).tolist() == []
