"""Retrieval: corpus, loaders, text, tokenizer, TF-IDF + BM25 + reciprocal rank fusion, abstention, answers."""
