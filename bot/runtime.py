"""Build the running parts from :class:`~bot.settings.Settings`: the index, the store, the engine."""

from __future__ import annotations

from bot.settings import Settings
from conversations.eligibility_flow import EligibilityFlow
from conversations.engine import Engine
from conversations.rulebook import build_rulebook
from conversations.store import RedisStore, store_from_settings
from retrieval.answer import Answerer
from retrieval.index import open_index


def build_store(settings: Settings) -> RedisStore:
    """Redis when ``SCHEMEBOT_REDIS_URL`` is set, else the embedded in-process store."""
    return store_from_settings(settings.redis_url, settings.state_ttl_s)


def build_engine(settings: Settings, store: RedisStore | None = None, corpus: str | None = None) -> Engine:
    """The conversation engine over the configured corpus and store.

    Raises:
        retrieval.errors.RetrievalError: the corpus cannot be loaded.
    """
    answerer = Answerer(open_index(corpus if corpus is not None else settings.corpus))
    flow = EligibilityFlow(build_rulebook(answerer.index), max_questions=settings.screening_max_questions)
    return Engine(
        answerer,
        store if store is not None else build_store(settings),
        settings.state_secret.get_secret_value().encode(),
        max_message_chars=settings.max_message_chars,
        eligibility=flow,
    )
