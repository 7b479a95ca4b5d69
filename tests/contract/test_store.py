"""One contract suite for every StateStore: the embedded store and the real Redis (SCHEMEBOT_TEST_REDIS_URL, default 127.0.0.1:6379/0)."""

import hashlib
import hmac
import threading
import uuid

import pytest

from conversations.state import UserState
from conversations.store import KEY_PREFIX, RedisStore, UserKey, normalise_user_id, update
from tests.conftest import redis_client


@pytest.fixture(params=["embedded", "redis"])
def store(request):
    if request.param == "redis":
        request.getfixturevalue("redis_available")
        s = RedisStore(redis_client(), ttl_s=3600)
    else:
        s = RedisStore.embedded(ttl_s=3600)
    keys: list[UserKey] = []
    s.test_keys = keys  # type: ignore[attr-defined]
    yield s
    for k in keys:
        s.delete(k)


def new_key(store, channel="telegram", user="12345") -> UserKey:
    key = UserKey(channel, user, secret=uuid.uuid4().bytes)  # a fresh secret per test: a key space of its own
    store.test_keys.append(key)
    return key


def test_missing_user_is_a_fresh_state(store):
    state = store.load(new_key(store))
    assert state.version == 0 and state.turns == [] and state.scheme_id is None


def test_save_then_load_round_trip_and_version(store):
    key = new_key(store)
    s = store.load(key)
    s.scheme_id = "apy"
    s.remember("apy kya hai", "apy kya hai", "apy")
    assert store.save(key, s) and s.version == 1
    again = store.load(key)
    assert again.version == 1 and again.scheme_id == "apy" and again.turns[0].text == "apy kya hai"


def test_compare_and_set_rejects_a_stale_write(store):
    key = new_key(store)
    a, b = store.load(key), store.load(key)
    a.topic = "documents"
    assert store.save(key, a)
    b.topic = "benefits"
    assert not store.save(key, b)  # loaded before a's save: refused, nothing written
    assert store.load(key).topic == "documents"


def test_update_retries_and_loses_nothing(store):
    key = new_key(store)

    def bump(state: UserState):
        state.turn_count += 1
        return state.turn_count, True

    threads = [threading.Thread(target=update, args=(store, key, bump)) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.load(key).turn_count == 20


def test_delete_removes_everything(store):
    key = new_key(store)
    s = store.load(key)
    s.scheme_id = "apy"
    store.save(key, s)
    store.delete(key)
    assert store.client.exists(key.key) == 0
    assert store.load(key).scheme_id is None


def test_key_is_an_hmac_and_holds_json(store):
    secret = uuid.uuid4().bytes
    key = UserKey("whatsapp", "whatsapp:+91 98765 43210", secret)
    store.test_keys.append(key)
    expected = hmac.new(secret, b"whatsapp:+919876543210", hashlib.sha256).hexdigest()
    assert key.key == KEY_PREFIX + expected and "98765" not in key.key
    s = store.load(key)
    store.save(key, s)
    raw = store.client.hget(key.key, "s")
    assert raw.startswith(b"{") and b"98765" not in raw


def test_ttl_is_set_and_refreshed(store):
    key = new_key(store)
    s = store.load(key)
    store.save(key, s)
    store.client.expire(key.key, 100)
    assert 0 < store.client.ttl(key.key) <= 100
    s = store.load(key)
    store.save(key, s)
    assert 3500 < store.client.ttl(key.key) <= 3600


def test_user_id_normalisation():
    assert normalise_user_id("whatsapp", "whatsapp:+91 98765-43210") == "+919876543210"
    assert normalise_user_id("sms", "+919876543210") == "+919876543210"
    assert normalise_user_id("telegram", " 42 ") == "42"
