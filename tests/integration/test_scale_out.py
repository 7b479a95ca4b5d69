"""The server on a Redis Cluster (three primaries) and on a Sentinel-managed primary that fails over
during traffic, on loopback with the Bot API and Twilio stand-ins: nothing lost, nothing doubled, and
/forget leaves nothing of the user on any node."""

from __future__ import annotations

import concurrent.futures
import contextlib
import threading
import time
import uuid

import httpx
import pytest
import redis

from bot.app import create_app
from bot.runtime import build_engine
from bot.settings import Settings
from conversations.store import UserKey
from tests.conftest import need
from tests.integration.redis_topologies import redis_cluster, redis_sentinel, tools_missing
from tests.integration.standins import ServerThread, TelegramStandIn, TwilioStandIn
from tests.integration.test_server import AUTH, PUBLIC, SECRET, SID, TOKEN, messages, post_twilio, sms_params, tg_update, uid, wa_params


@pytest.fixture
def standins():
    need(tools_missing() is None, f"cannot start Redis Cluster or Sentinel here: {tools_missing()}")
    tg, tw = TelegramStandIn(TOKEN), TwilioStandIn(SID, AUTH)
    with ServerThread(tg.app()) as tg_srv, ServerThread(tw.app()) as tw_srv:
        yield tg, tg_srv.url, tw_srv.url


def settings_for(tg_url: str, tw_url: str, **store) -> Settings:
    return Settings(state_secret="state-" + uuid.uuid4().hex, public_base_url=PUBLIC, telegram_token=TOKEN, telegram_secret=SECRET,
                    telegram_api_url=f"{tg_url}/bot", twilio_account_sid=SID, twilio_auth_token=AUTH,
                    twilio_whatsapp_from="whatsapp:+14155238886", twilio_sms_from="+15005550006", twilio_api_url=tw_url,
                    rate_limit_per_minute=0, **store)


def own_redis():
    """``(port, up)``: a free port and a function that starts a throwaway ``redis-server`` there (no persistence: a
    restart loses everything, as a Redis without a disk does) and returns its process once it answers PING."""
    import shutil
    import subprocess

    from tests.integration.standins import free_port

    need(shutil.which("redis-server") is not None, "redis-server is not on the PATH")
    port = free_port()
    start = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]

    def up() -> subprocess.Popen:
        proc = subprocess.Popen(start, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while True:
            try:
                redis.Redis(port=port).ping()
                return proc
            except redis.ConnectionError:
                assert time.time() < deadline, "redis-server did not start"
                time.sleep(0.05)

    return port, up


@contextlib.contextmanager
def two_workers(tg_url: str, tw_url: str, port: int):
    """Two app workers (servers on loopback) sharing the Redis at ``port``: ``with two_workers(...) as (a, b)``."""
    settings = settings_for(tg_url, tw_url, redis_url=f"redis://127.0.0.1:{port}/0")
    with ServerThread(create_app(settings, engine=build_engine(settings))) as a, \
            ServerThread(create_app(settings, engine=build_engine(settings))) as b:
        yield a, b


class Traffic:
    """Messages from new users, each sent as the real service would: a Telegram update re-delivered
    after a non-2xx answer (every 0.5 s, for up to 30 s); a Twilio message posted once, and posted again
    (the same MessageSid) for some, as when Twilio never read the first answer."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.chats: list[int] = []
        self.answers: dict[str, list[str]] = {}  # MessageSid -> TwiML answers
        self.problems: list[str] = []
        self.lock = threading.Lock()

    def telegram(self, text: str) -> None:
        chat = uid()
        with self.lock:
            self.chats.append(chat)
        payload, deadline = tg_update(uid(), chat, text), time.time() + 30
        while time.time() < deadline:
            try:
                r = httpx.post(self.url + "/telegram/webhook", json=payload, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}, timeout=15)
                if r.status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.5)

    def twilio(self, text: str, repost: bool) -> None:
        path, params = ("/twilio/sms", sms_params(text, f"+9199{uid():08d}")) if uid() % 2 else ("/twilio/whatsapp", wa_params(text))
        answers = self.answers.setdefault(params["MessageSid"], [])
        for _ in range(2 if repost else 1):
            r = post_twilio({"url": self.url}, path, params)
            if r.status_code >= 500:
                self.problems.append(f"{r.status_code} to Twilio")
            answers.append(r.text)

    def send(self, n: int, pool: concurrent.futures.Executor) -> list[concurrent.futures.Future]:
        texts = ["how much money do farmers get under pm kisan", "documents for atal pension yojana", "ujjwala yojana eligibility"]
        return [pool.submit(self.telegram, texts[i % 3]) if i % 2 else pool.submit(self.twilio, texts[i % 3], i % 5 == 0)
                for i in range(n)]

    def check(self, tg: TelegramStandIn) -> None:
        """Every Telegram update answered once; every Twilio message answered, and a re-post the same."""
        deadline = time.time() + 20
        while time.time() < deadline and any(not tg.sent(c) for c in self.chats):
            time.sleep(0.1)
        time.sleep(0.5)
        assert [c for c in self.chats if len(tg.sent(c)) != 1] == []
        bad = {sid: a for sid, a in self.answers.items() if not messages(a[0]) or len(set(a)) != 1}
        assert bad == {}, "\n".join(f"{sid}: {[messages(x) for x in a]}" for sid, a in bad.items())
        assert self.problems == []


def every_key_and_value(clients: list[redis.Redis]) -> list[bytes]:
    """Every key, and every string, hash and set value, on every node."""
    out: list[bytes] = []
    for c in clients:
        for key in c.scan_iter(count=1000):
            out.append(key)
            kind = c.type(key)
            if kind == b"string":
                out.append(c.get(key) or b"")
            elif kind == b"hash":
                out.extend(c.hvals(key))
            elif kind == b"set":
                out.extend(str(m).encode() for m in c.smembers(key))
    return out


def test_a_redis_cluster_serves_every_channel_and_forget_leaves_nothing_on_any_node(standins):
    tg, tg_url, tw_url = standins
    with redis_cluster() as ports:
        settings = settings_for(tg_url, tw_url, redis_url=f"redis://127.0.0.1:{ports[0]}", redis_cluster=True)
        with ServerThread(create_app(settings, engine=build_engine(settings))) as srv:
            assert httpx.get(srv.url + "/readyz").json()["store_ok"] is True
            traffic = Traffic(srv.url)
            with concurrent.futures.ThreadPoolExecutor(8) as pool:
                for f in traffic.send(60, pool):
                    f.result()
            traffic.check(tg)
            nodes = [redis.Redis(host="127.0.0.1", port=p) for p in ports]
            assert all(n.dbsize() > 0 for n in nodes)  # states and claims are spread over the three primaries
            # a WhatsApp user who also wrote by SMS, an interview fact, then /forget on WhatsApp
            number = f"+9198{uid():08d}"
            for text in ("pm kisan kya hai", "I am 45 years old and live in Bihar", "/forget", "yes"):
                last = post_twilio({"url": srv.url}, "/twilio/whatsapp", wa_params(text, sender=f"whatsapp:{number}"))
            assert messages(last.text)[0].startswith("Deleted.")
            digest = UserKey("whatsapp", f"whatsapp:{number}", settings.state_secret.get_secret_value().encode()).digest
            stored = every_key_and_value(nodes)
            assert not [k for k in stored if digest.encode() in k]
            assert not [v for v in stored if number[1:].encode() in v]


def test_a_sentinel_failover_during_traffic_loses_and_doubles_nothing(standins):
    tg, tg_url, tw_url = standins
    with redis_sentinel() as (primary, replica, sentinels):
        settings = settings_for(tg_url, tw_url, redis_sentinels=",".join(f"127.0.0.1:{s}" for s in sentinels))
        with ServerThread(create_app(settings, engine=build_engine(settings))) as srv:
            traffic = Traffic(srv.url)
            with concurrent.futures.ThreadPoolExecutor(8) as pool:
                before = traffic.send(40, pool)
                time.sleep(0.5)
                redis.Redis(host="127.0.0.1", port=sentinels[0]).execute_command("SENTINEL", "FAILOVER", "mymaster")
                during = traffic.send(80, pool)
                for f in before + during:
                    f.result()
            deadline = time.time() + 20
            while redis.Redis(host="127.0.0.1", port=sentinels[0]).sentinel_get_master_addr_by_name("mymaster")[1] != replica:
                assert time.time() < deadline, "the failover did not happen"
                time.sleep(0.1)
            traffic.check(tg)
            # once the Sentinels have demoted the former primary, states are written to the new one (the
            # server's pooled connections are dropped at the first refused write, and it asks the Sentinels)
            deadline = time.time() + 30
            while redis.Redis(host="127.0.0.1", port=primary).info("replication")["role"] != "slave":
                assert time.time() < deadline, "the former primary was not demoted"
                time.sleep(0.2)
            deadline = time.time() + 20
            while httpx.get(srv.url + "/readyz", timeout=5).status_code != 200:
                assert time.time() < deadline, "the server did not find the new primary"
                time.sleep(0.2)
            chat = uid()
            assert httpx.post(srv.url + "/telegram/webhook", json=tg_update(uid(), chat, "I am 60 years old"),
                              headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}, timeout=15).status_code == 200
            key = UserKey("telegram", str(chat), settings.state_secret.get_secret_value().encode()).key
            deadline = time.time() + 10
            while not redis.Redis(host="127.0.0.1", port=replica).exists(key):
                assert time.time() < deadline
                time.sleep(0.1)


def test_a_twilio_message_answered_while_redis_was_down_gets_that_reply_again_from_every_worker(standins):
    """Redis down: the message is answered without state. Re-posted (Twilio never read the answer) while
    Redis is down, after it is back, to this worker and to another: the same TwiML every time, never the
    answer with state (which would be a second, different reply), and the claim ends settled."""
    tg, tg_url, tw_url = standins
    port, up = own_redis()
    proc = up()
    try:
        with two_workers(tg_url, tw_url, port) as (a, b):
            params = sms_params("how much money do farmers get under pm kisan", f"+9199{uid():08d}")
            proc.terminate()
            proc.wait(10)
            first = post_twilio({"url": a.url}, "/twilio/sms", params)
            assert first.status_code == 200 and "My memory is unavailable" in messages(first.text)[0]
            assert post_twilio({"url": a.url}, "/twilio/sms", params).text == first.text
            proc = up()
            time.sleep(2.5)  # the worker's Redis cool-down is over
            assert post_twilio({"url": a.url}, "/twilio/sms", params).text == first.text
            # the next message this worker claims settles the one answered while Redis was down
            other = post_twilio({"url": a.url}, "/twilio/sms", sms_params("pm kisan documents", f"+9199{uid():08d}"))
            assert "Aadhaar" in other.text
            assert redis.Redis(port=port).get(f"schemebot:v1:claim:sms:{params['MessageSid']}") == b"d"
            again = post_twilio({"url": b.url}, "/twilio/sms", params)  # another worker: the reply kept in Redis
            assert (again.status_code, again.text) == (200, first.text)
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_telegram_update_answered_while_redis_was_down_is_not_answered_again_once_it_is_back(standins):
    """A break-it trial: an update answered without state while Redis was down, posted again after Redis came back,
    got a second, full answer."""
    tg, tg_url, tw_url = standins
    port, up = own_redis()
    proc = up()
    try:
        with two_workers(tg_url, tw_url, port) as (a, b):
            chat = uid()
            update = tg_update(uid(), chat, "pm kisan documents")
            post = lambda srv: httpx.post(srv.url + "/telegram/webhook", json=update,  # noqa: E731
                                          headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}, timeout=15)
            proc.terminate()
            proc.wait(10)
            assert post(a).status_code == 200
            assert "My memory is unavailable" in tg.wait_sent(chat)[0]["text"]
            proc = up()
            time.sleep(2.5)  # the worker's Redis cool-down is over
            assert post(a).status_code == 200  # re-delivered to the worker that answered it
            assert post(b).status_code == 200  # and to another
            time.sleep(1.0)
            assert len(tg.sent(chat)) == 1, [m["text"][:60] for m in tg.sent(chat)]
            assert redis.Redis(port=port).get(f"schemebot:v1:claim:telegram:{update['update_id']}") == b"d"
    finally:
        proc.terminate()
        proc.wait(10)
