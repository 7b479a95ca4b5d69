"""Shared fixtures: the real corpus under ../shared and the real Redis, with honest skipping.

On a newcomer's clone without ``../shared`` or Redis, tests that need them are skipped with the reason;
with ``SCHEMEBOT_REQUIRE_SERVICES=1`` (set by ``.ci/run``) they fail instead, so CI never skips silently.
"""

from __future__ import annotations

import os
from urllib.parse import urlparse
import shutil
import socket
import tempfile
from pathlib import Path

import pytest

# the embedding model's ONNX export and corpus vectors go to a fresh cache folder for each test session
# (built from the installed package, as on a newcomer's first run), never to the user's cache
if "SCHEMEBOT_CACHE_DIR" not in os.environ:
    _TEST_CACHE = tempfile.mkdtemp(prefix="schemebot-test-cache-")
    os.environ["SCHEMEBOT_CACHE_DIR"] = _TEST_CACHE
else:
    _TEST_CACHE = None


def pytest_sessionfinish(session, exitstatus):
    """Remove the session's cache folder (an ONNX export of some 30 MB) if this session made it."""
    if _TEST_CACHE is not None:
        shutil.rmtree(_TEST_CACHE, ignore_errors=True)

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SCHEMEBOT_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "corpus" / "raw"
OPENNYAI_JSON = CORPUS / "OpenNyAI__schemes_chatbot_deprecated" / "data" / "myschemes_scraped_combined.json"
MARKDOWN_DIR = CORPUS / "rakshithsajjan__Prabhav" / "prabhav-chat" / "Scrape" / "data"
CATALOG_JSON = CORPUS / "AtharvSinha26052005__ai-for-bharat-aawaz-intelligence" / "myscheme_schemes.json"
DEV_JSONL = SHARED / "eval" / "dev.jsonl"
#: the Redis the tests use (SCHEMEBOT_TEST_REDIS_URL; default database 0 of 127.0.0.1:6379); each test
#: writes under its own random user ids and secrets, with TTLs, and deletes only keys it made
TEST_REDIS_URL = os.environ.get("SCHEMEBOT_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
_parsed = urlparse(TEST_REDIS_URL)
REDIS_HOST, REDIS_PORT = _parsed.hostname or "127.0.0.1", _parsed.port or 6379


def redis_client():
    """A client of the tests' Redis (:data:`TEST_REDIS_URL`)."""
    import redis

    return redis.Redis.from_url(TEST_REDIS_URL)


def _required() -> bool:
    return os.environ.get("SCHEMEBOT_REQUIRE_SERVICES") == "1"


def need(condition: bool, reason: str) -> None:
    """Skip (or fail under SCHEMEBOT_REQUIRE_SERVICES=1) when ``condition`` is false."""
    if condition:
        return
    if _required():
        pytest.fail(f"required service missing: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def shared_corpus() -> Path:
    """The real myScheme data under ../shared/corpus/raw (skip/fail when absent)."""
    need(OPENNYAI_JSON.is_file() and MARKDOWN_DIR.is_dir(), f"../shared corpus not found at {CORPUS}")
    return CORPUS


def redis_up() -> bool:
    """True when something accepts TCP connections at the tests' Redis host and port."""
    try:
        with socket.create_connection((REDIS_HOST, REDIS_PORT), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def redis_available() -> None:
    """Skip (or fail under SCHEMEBOT_REQUIRE_SERVICES=1) when Redis is not reachable."""
    need(redis_up(), f"Redis not reachable at {REDIS_HOST}:{REDIS_PORT}")


@pytest.fixture(scope="session")
def bundled_index():
    """The index of the bundled corpus (built once per test session)."""
    from retrieval.index import open_index

    return open_index(None)


@pytest.fixture(scope="session")
def opennyai_index(shared_corpus):
    """The index of the OpenNyAI myScheme JSON (the evaluation corpus)."""
    from retrieval.index import Index
    from retrieval.loaders import load_corpus

    return Index.build(load_corpus([OPENNYAI_JSON]))


@pytest.fixture(scope="session")
def pages_index(shared_corpus):
    """The index of the ~2,000 saved myScheme pages (built once per test session, about 25 s)."""
    from retrieval.index import Index
    from retrieval.loaders import load_corpus

    return Index.build(load_corpus([MARKDOWN_DIR]))


#: the interview over each index a test has built an engine for (its rulebook reads every page's rules: about 10 s for the
#: pages, which several tests paid again each); the flow holds no conversation, so tests share it
_FLOWS: dict[int, tuple[object, object]] = {}


def flow_engine(index):
    """A conversation engine over ``index`` with the eligibility interview, on the embedded store (a new store and
    secret each call; the interview's rulebook built once per index)."""
    import uuid

    from conversations.eligibility_flow import EligibilityFlow
    from conversations.engine import Engine
    from conversations.rulebook import build_rulebook
    from conversations.store import RedisStore
    from retrieval.answer import Answerer

    held = _FLOWS.get(id(index))
    if held is None or held[0] is not index:
        held = _FLOWS[id(index)] = (index, EligibilityFlow(build_rulebook(index)))
    return Engine(Answerer(index), RedisStore.embedded(), secret=uuid.uuid4().bytes, eligibility=held[1])


def say(engine, text, user="u1"):
    """The replies to one Telegram message ``text`` from ``user``."""
    from conversations.types import InboundMessage

    return engine.handle_turn(InboundMessage(channel="telegram", user_id=user, text=text)).replies

