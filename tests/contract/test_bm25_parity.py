"""Contract: our sparse BM25 equals rank_bm25.BM25Okapi on the same tokens of the real corpus."""

import numpy as np
from rank_bm25 import BM25Okapi

from retrieval import bm25
from retrieval.chunking import chunk_scheme
from retrieval.index import Index, chunk_terms
from retrieval.loaders import load_corpus
from retrieval.tokenize import analyze
from tests.conftest import OPENNYAI_JSON


def test_okapi_scores_equal_rank_bm25_on_real_corpus(shared_corpus):
    report = load_corpus([OPENNYAI_JSON])
    docs = [chunk_terms(c, s) for s in report.schemes for c in chunk_scheme(s)]
    docs = [chunk_terms(c, s) for s in report.schemes for c in chunk_scheme(s) if analyze(c.text)]
    index = Index.build(report, idf="okapi")
    reference = BM25Okapi(docs, k1=bm25.K1, b=bm25.B, epsilon=bm25.EPSILON)
    queries = ["how much money do farmers get under pm kisan", "scholarship for sc students class 9",
               "pension pension for widows", "documents required aadhaar", "loan for street vendors"]
    for q in queries:
        terms = analyze(q)
        known = [t for t in dict.fromkeys(terms) if t in index.vocabulary]
        ours = bm25.query_scores(index.bm25_matrix, [index.vocabulary[t] for t in known], [terms.count(t) for t in known])
        assert np.allclose(ours, reference.get_scores(terms), rtol=1e-9, atol=1e-9), q
