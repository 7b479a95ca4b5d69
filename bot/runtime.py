"""Build the running parts from :class:`~bot.settings.Settings`: the index, the store, the engine."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.settings import Settings
from conversations.eligibility_flow import EligibilityFlow
from conversations.engine import Engine
from conversations.rulebook import build_rulebook
from conversations.store import RedisStore, store_from_settings
from retrieval.answer import Answerer
from retrieval.index import open_index

log = logging.getLogger(__name__)


def build_store(settings: Settings) -> RedisStore:
    """Redis when ``SCHEMEBOT_REDIS_URL`` or ``SCHEMEBOT_REDIS_SENTINELS`` is set (a Redis Cluster with
    ``SCHEMEBOT_REDIS_CLUSTER``), else the embedded in-process store."""
    return store_from_settings(settings.redis_url, settings.state_ttl_s, settings.redis_cluster, settings.redis_sentinels,
                               settings.redis_sentinel_service)


def build_engine(settings: Settings, store: RedisStore | None = None, corpus: str | None = None,
                 announce: Callable[[str], None] | None = None, warm: bool = False) -> Engine:
    """The conversation engine over the configured corpus and store.

    Args:
        announce: called once with a note when the index ranks by words only (default: a log warning).
        warm: load the question encoder now (a server, before it takes traffic).

    Raises:
        retrieval.errors.RetrievalError: the corpus cannot be loaded.
    """
    index = open_index(corpus if corpus is not None else settings.corpus, announce=announce or log.warning)
    if warm and index.dense_on:
        log.info("question encoder ready (%s engine)", index.prepare_encoder())
    answerer = Answerer(index)
    flow = EligibilityFlow(build_rulebook(answerer.index), max_questions=settings.screening_max_questions)
    return Engine(
        answerer,
        store if store is not None else build_store(settings),
        settings.state_secret.get_secret_value().encode(),
        max_message_chars=settings.max_message_chars,
        eligibility=flow,
        rate_limit_per_minute=settings.rate_limit_per_minute,
    )
