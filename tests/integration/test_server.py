"""The webhook server on loopback with the real Redis, against local stand-ins of Telegram and Twilio."""

from __future__ import annotations

import concurrent.futures
import json
import random
import re
import time
import uuid
from urllib.parse import urlencode

import httpx
import pytest
import redis
from twilio.request_validator import RequestValidator

from bot.app import create_app
from bot.runtime import build_engine
from bot.settings import Settings
from conversations.store import UserKey
from tests.integration.standins import ServerThread, TelegramStandIn, TwilioStandIn, free_port
from tests.conftest import redis_client, TEST_REDIS_URL

TOKEN = "123456:TEST-token"
SECRET = "webhook-secret-" + uuid.uuid4().hex[:8]
SID, AUTH = "AC" + "1" * 32, "twilio-auth-token"
PUBLIC = "https://bot.example.org"


@pytest.fixture(scope="module")
def stack(redis_available):
    tg, tw = TelegramStandIn(TOKEN), TwilioStandIn(SID, AUTH)
    with ServerThread(tg.app()) as tg_srv, ServerThread(tw.app()) as tw_srv:
        settings = Settings(
            redis_url=TEST_REDIS_URL, state_secret="state-" + uuid.uuid4().hex, public_base_url=PUBLIC, state_ttl_s=600,
            telegram_token=TOKEN, telegram_secret=SECRET, telegram_api_url=f"{tg_srv.url}/bot",
            twilio_account_sid=SID, twilio_auth_token=AUTH, twilio_whatsapp_from="whatsapp:+14155238886",
            twilio_sms_from="+15005550006", twilio_api_url=tw_srv.url, sms_max_segments=3, claim_ttl_s=900,
        )
        app = create_app(settings, engine=build_engine(settings))
        with ServerThread(app) as srv:
            yield {"tg": tg, "tw": tw, "url": srv.url, "settings": settings, "app": app}


def uid() -> int:
    return random.randint(10**8, 10**9)


def tg_update(update_id: int, chat_id: int, text: str | None = None, **extra) -> dict:
    msg = {"message_id": 1, "date": int(time.time()), "chat": {"id": chat_id, "type": "private"},
           "from": {"id": chat_id, "is_bot": False, "first_name": "Asha"}}
    if text is not None:
        msg["text"] = text
    msg.update(extra)
    return {"update_id": update_id, "message": msg}


def post_tg(stack, payload, secret: str | None = SECRET, **kw) -> httpx.Response:
    headers = {} if secret is None else {"X-Telegram-Bot-Api-Secret-Token": secret}
    return httpx.post(stack["url"] + "/telegram/webhook", json=payload, headers=headers, timeout=10, **kw)


def post_twilio(stack, path: str, params: dict, sign_url: str | None = None, tamper: dict | None = None, query: str = "") -> httpx.Response:
    url_for_sig = sign_url or f"{PUBLIC}{path}" + (f"?{query}" if query else "")
    signature = RequestValidator(AUTH).compute_signature(url_for_sig, params)
    body = {**params, **(tamper or {})}
    return httpx.post(stack["url"] + path + (f"?{query}" if query else ""), content=urlencode(body),
                      headers={"X-Twilio-Signature": signature, "Content-Type": "application/x-www-form-urlencoded"}, timeout=10)


def wa_params(body: str, sender: str | None = None, **extra) -> dict:
    return {"MessageSid": "SM" + uuid.uuid4().hex, "AccountSid": SID, "From": sender or f"whatsapp:+9198{uid():08d}",
            "To": "whatsapp:+14155238886", "Body": body, "NumMedia": "0", **extra}


def messages(xml: str) -> list[str]:
    import html

    return [html.unescape(m) for m in re.findall(r"<Message[^>]*>(.*?)</Message>", xml, flags=re.S)]


# ----------------------------------------------------------------------------------------- basics


def test_health_ready_metrics(stack):
    assert httpx.get(stack["url"] + "/healthz").json() == {"status": "alive"}
    ready = httpx.get(stack["url"] + "/readyz")
    assert ready.status_code == 200 and ready.json()["store_ok"] is True and ready.json()["store"] == "redis" and ready.json()["index"] is True
    assert "schemebot_requests_total" in httpx.get(stack["url"] + "/metrics").text


# ----------------------------------------------------------------------------------------- Telegram


def test_secret_header_missing_wrong_right(stack):
    chat = uid()
    assert post_tg(stack, tg_update(uid(), chat, "hi"), secret=None).status_code == 403
    assert post_tg(stack, tg_update(uid(), chat, "hi"), secret="wrong").status_code == 403
    assert stack["tg"].sent(chat) == []
    assert post_tg(stack, tg_update(uid(), chat, "how much money do farmers get under pm kisan")).status_code == 200
    sent = stack["tg"].wait_sent(chat)
    assert sent and "₹6,000 per year" in sent[0]["text"] and 'href="https://www.myscheme.gov.in/schemes/pm-kisan#benefits"' in sent[0]["text"]
    assert sent[0]["parse_mode"] == "HTML"
    methods = stack["tg"].methods()
    assert "sendChatAction" in methods
    assert stack["tg"].problems == []


def test_malformed_and_oversized_bodies(stack):
    bad = httpx.post(stack["url"] + "/telegram/webhook", content=b"{not json", headers={"X-Telegram-Bot-Api-Secret-Token": SECRET})
    assert bad.status_code == 400
    assert post_tg(stack, {"hello": "world"}).status_code == 400
    big = httpx.post(stack["url"] + "/telegram/webhook", content=b"x" * 2_000_000, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET})
    assert big.status_code == 413
    assert httpx.get(stack["url"] + "/healthz").status_code == 200  # still alive


def test_a_trickled_body_is_refused_with_408_and_its_connection_closed(stack):
    import socket

    settings = stack["settings"].model_copy(update={"body_timeout_s": 1.0})
    with ServerThread(create_app(settings, engine=stack["app"].state.runtime.engine)) as srv:
        host, port = srv.url.removeprefix("http://").split(":")
        socks, t0 = [], time.time()
        for _ in range(20):  # 20 slow clients at once, each sending a byte every 0.3 s of a 1,000-byte body
            s = socket.create_connection((host, int(port)))
            s.sendall(f"POST /telegram/webhook HTTP/1.1\r\nHost: x\r\nX-Telegram-Bot-Api-Secret-Token: {SECRET}\r\n"
                      "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{".encode())
            socks.append(s)
        answers = []
        for s in socks:
            s.settimeout(0.3)
            data = b""
            while time.time() - t0 < 6 and not data.endswith(b"timed out"):
                try:
                    s.sendall(b" ")
                    data += s.recv(4096)
                    if not data:
                        break
                except socket.timeout:
                    continue
                except OSError:
                    break
            answers.append(data.split(b"\r\n", 1)[0])
            s.close()
        assert answers == [b"HTTP/1.1 408 Request Timeout"] * 20
        assert time.time() - t0 < 6
        # the server still answers others
        assert httpx.get(srv.url + "/healthz").status_code == 200


def test_same_update_twice_and_concurrently_gives_one_reply(stack):
    chat, update_id = uid(), uid()
    payload = tg_update(update_id, chat, "atal pension yojana age limit")
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(lambda _: post_tg(stack, payload).status_code, range(8)))
    # one is processed; a copy that arrives while it is being processed gets 503 (Telegram re-delivers it
    # later and then finds it done), a copy after it 200 and nothing done
    assert codes.count(200) >= 1 and set(codes) <= {200, 503}, codes
    assert post_tg(stack, payload).status_code == 200
    stack["tg"].wait_sent(chat)
    time.sleep(0.5)
    assert len(stack["tg"].sent(chat)) == 1


def test_edited_message_is_not_processed_again(stack):
    chat = uid()
    post_tg(stack, {"update_id": uid(), "edited_message": {"message_id": 5, "date": int(time.time()), "edit_date": int(time.time()),
                                                           "chat": {"id": chat, "type": "private"}, "text": "67"}})
    (sent,) = stack["tg"].wait_sent(chat)
    assert sent["text"].startswith("I only read new messages")


def test_groups_channels_and_other_bots_are_not_answered(stack):
    group, bot_chat, private = -uid(), uid(), uid()
    update = tg_update(uid(), group, "pm kisan documents")
    update["message"]["chat"] = {"id": group, "type": "group", "title": "Village group"}
    assert post_tg(stack, update).status_code == 200  # a person's questions are no business of the group's
    update = tg_update(uid(), bot_chat, "pm kisan documents")
    update["message"]["from"]["is_bot"] = True
    assert post_tg(stack, update).status_code == 200
    assert post_tg(stack, tg_update(uid(), private, "pm kisan documents")).status_code == 200
    assert "Aadhaar" in stack["tg"].wait_sent(private)[0]["text"]  # (sent after the two above were handled)
    assert stack["tg"].sent(group) == [] and stack["tg"].sent(bot_chat) == []


@pytest.mark.parametrize("media", [{"sticker": {"file_id": "s", "file_unique_id": "u", "width": 1, "height": 1, "is_animated": False,
                                                "is_video": False, "type": "regular"}},
                                   {"voice": {"file_id": "v", "file_unique_id": "u", "duration": 3}},
                                   {"location": {"latitude": 28.6, "longitude": 77.2}}])
def test_stickers_voice_location_get_a_request_to_type(stack, media):
    chat = uid()
    post_tg(stack, tg_update(uid(), chat, None, **media))
    (sent,) = stack["tg"].wait_sent(chat)
    assert "type your question" in sent["text"]


def test_escaping_of_corpus_and_user_text(stack):
    from bot.render import telegram_messages
    from conversations.types import Reply
    from tests.integration.standins import telegram_html_problems

    (msg,) = telegram_messages([Reply(kind="info", text="income < 2 lakh & age > 60 <b>not a tag</b>")])
    assert msg.html == "income &lt; 2 lakh &amp; age &gt; 60 &lt;b&gt;not a tag&lt;/b&gt;"
    assert telegram_html_problems(msg.html) == []


def test_429_is_waited_out_and_403_dropped(stack):
    chat = uid()
    stack["tg"].fail[chat] = [(429, 1)]
    t0 = time.time()
    post_tg(stack, tg_update(uid(), chat, "pm kisan kya hai"))
    sent = stack["tg"].wait_sent(chat, count=2, timeout=20)  # the refused call, then the retry
    assert len(sent) == 2 and time.time() - t0 >= 1.0
    assert sent[0]["text"] == sent[1]["text"]
    blocked = uid()
    stack["tg"].fail[blocked] = [(403, None)]
    assert post_tg(stack, tg_update(uid(), blocked, "pm kisan kya hai")).status_code == 200
    time.sleep(1.0)
    assert len(stack["tg"].sent(blocked)) == 1  # one refused attempt, dropped, not retried
    assert httpx.get(stack["url"] + "/healthz").status_code == 200


def test_a_reply_the_bot_api_will_not_take_now_is_sent_later_not_dropped(stack, monkeypatch):
    import bot.telegram_channel as tc

    monkeypatch.setattr(tc, "MAX_RETRY_AFTER_S", 1)
    monkeypatch.setattr(tc, "LATER_DELAYS_S", (0.2, 0.2))
    chat = uid()
    stack["tg"].fail[chat] = [(429, 2)]  # a wait longer than the delivery waits: sent later
    post_tg(stack, tg_update(uid(), chat, "pm kisan kya hai"))
    sent = stack["tg"].wait_sent(chat, count=2, timeout=20)
    assert len(sent) == 2 and sent[0]["text"] == sent[1]["text"]
    # a wait longer than LATER_MAX_WAIT_S is given up, and counted
    monkeypatch.setattr(tc, "LATER_MAX_WAIT_S", 1.0)
    gone = uid()
    stack["tg"].fail[gone] = [(429, 5)]
    post_tg(stack, tg_update(uid(), gone, "pm kisan kya hai"))
    deadline = time.time() + 10
    while 'status="undelivered"' not in httpx.get(stack["url"] + "/metrics").text:
        assert time.time() < deadline
        time.sleep(0.2)
    assert len(stack["tg"].sent(gone)) == 1


def test_refused_button_answer_or_typing_action_still_delivers_the_reply(stack):
    stack["tg"].refuse.update({"answerCallbackQuery", "sendChatAction"})
    try:
        chat = uid()
        assert post_tg(stack, tg_update(uid(), chat, "pm kisan documents")).status_code == 200
        assert "Aadhaar" in stack["tg"].wait_sent(chat, 1)[-1]["text"]
        press = {"update_id": uid(), "callback_query": {"id": "cb-old", "chat_instance": "ci", "data": "opt:is_bpl:yes",
                                                         "from": {"id": chat, "is_bot": False, "first_name": "Asha"},
                                                         "message": {"message_id": 9, "date": int(time.time()), "chat": {"id": chat, "type": "private"},
                                                                     "text": "old question"}}}
        assert post_tg(stack, press).status_code == 200
        assert len(stack["tg"].wait_sent(chat, 2)) == 2  # the old button's press is answered all the same
    finally:
        stack["tg"].refuse.clear()


def test_full_interview_by_buttons(stack):
    chat = uid()
    post_tg(stack, tg_update(uid(), chat, "am I eligible for old age pension?"))
    first = stack["tg"].wait_sent(chat, 1)[-1]
    assert "How old are you" in first["text"]
    post_tg(stack, tg_update(uid(), chat, "67"))
    bpl = stack["tg"].wait_sent(chat, 2)[-1]
    keyboard = json.loads(bpl["reply_markup"])["inline_keyboard"]
    buttons = [row[0] for row in keyboard]
    assert [b["text"] for b in buttons] == ["Yes", "No"] and buttons[0]["callback_data"] == "opt:is_bpl:yes"
    press = {"update_id": uid(), "callback_query": {"id": "cb1", "chat_instance": "ci", "data": buttons[0]["callback_data"],
                                                     "from": {"id": chat, "is_bot": False, "first_name": "Asha"},
                                                     "message": {"message_id": 9, "date": int(time.time()), "chat": {"id": chat, "type": "private"}, "text": bpl["text"]}}}
    assert post_tg(stack, press).status_code == 200
    verdict = stack["tg"].wait_sent(chat, 3)[-1]
    assert "ELIGIBLE on every condition" in verdict["text"] and "The applicant must be aged 60 years or more." in verdict["text"]
    assert "answerCallbackQuery" in stack["tg"].methods()
    # the same button again (a double tap, or scrolling back): it belongs to a question no longer asked
    again = {**press, "update_id": uid(), "callback_query": {**press["callback_query"], "id": "cb2"}}
    assert post_tg(stack, again).status_code == 200
    stale = stack["tg"].wait_sent(chat, 4)[-1]
    assert stale["text"] == "That button belongs to an earlier question, so I did not use it. Type your question, or the name or number of the scheme you mean."


# ----------------------------------------------------------------------------------------- WhatsApp


def test_signed_unsigned_tampered_proxy_and_port_443(stack):
    params = wa_params("pm kisan documents")
    ok = post_twilio(stack, "/twilio/whatsapp", params)
    assert ok.status_code == 200 and "Aadhaar" in ok.text
    unsigned = httpx.post(stack["url"] + "/twilio/whatsapp", content=urlencode(wa_params("hi")),
                          headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert unsigned.status_code == 403
    genuine = wa_params("pm kisan documents")
    assert post_twilio(stack, "/twilio/whatsapp", genuine, tamper={"Body": "something else"}).status_code == 403
    with_port = wa_params("atal pension yojana")
    assert post_twilio(stack, "/twilio/whatsapp", with_port, sign_url=f"{PUBLIC}:443/twilio/whatsapp").status_code == 200
    # a repeated key: the signature covers every value, so an added value is a tampered request
    from starlette.datastructures import MultiDict

    twice = wa_params("pm kisan documents")
    pairs = [*twice.items(), ("Body", "ignore that, mudra loan")]
    validator = RequestValidator(AUTH)
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    url = stack["url"] + "/twilio/whatsapp"
    signed_last_only = validator.compute_signature(f"{PUBLIC}/twilio/whatsapp", dict(pairs))
    assert httpx.post(url, content=urlencode(pairs), headers={**headers, "X-Twilio-Signature": signed_last_only}).status_code == 403
    signed_all = validator.compute_signature(f"{PUBLIC}/twilio/whatsapp", MultiDict(pairs))
    assert httpx.post(url, content=urlencode(pairs), headers={**headers, "X-Twilio-Signature": signed_all}).status_code == 200
    wrong_host = wa_params("atal pension yojana")
    assert post_twilio(stack, "/twilio/whatsapp", wrong_host, sign_url="https://evil.example.org/twilio/whatsapp").status_code == 403


def _sms_latency(stack) -> tuple[float, float]:
    """(messages counted, of which within 0.25 s) of the SMS latency histogram on /metrics."""
    text = httpx.get(stack["url"] + "/metrics").text
    count = re.search(r'^schemebot_latency_seconds_count\{channel="sms"\} (\S+)$', text, flags=re.M)
    fast = re.search(r'^schemebot_latency_seconds_bucket\{channel="sms",le="0.25"\} (\S+)$', text, flags=re.M)
    return (float(count.group(1)), float(fast.group(1))) if count and fast else (0.0, 0.0)


def test_logged_latency_starts_when_the_request_arrives(stack):
    # the body trickles in over 0.4 s: the latency the server reports must include reading it
    params = {**wa_params("pm kisan documents", sender=f"+9198{uid():08d}"), "To": "+15005550006"}
    body = urlencode(params).encode()
    signature = RequestValidator(AUTH).compute_signature(f"{PUBLIC}/twilio/sms", params)

    def trickle():
        yield body[:10]
        time.sleep(0.4)
        yield body[10:]

    count, fast = _sms_latency(stack)
    r = httpx.post(stack["url"] + "/twilio/sms", content=trickle(), timeout=10,
                   headers={"X-Twilio-Signature": signature, "Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 200 and "Aadhaar" in r.text
    assert _sms_latency(stack) == (count + 1, fast)  # counted once, and not within 0.25 s


def test_whatsapp_reply_is_twiml_with_numbered_options_and_prefixed_address(stack):
    sender = f"whatsapp:+91 98{uid():08d}"
    first = post_twilio(stack, "/twilio/whatsapp", wa_params("am I eligible for old age pension?", sender=sender))
    assert first.headers["content-type"].startswith("application/xml")
    post_twilio(stack, "/twilio/whatsapp", wa_params("67", sender=sender))
    # the same person without spaces in the number: the same conversation (E.164 key)
    third = post_twilio(stack, "/twilio/whatsapp", wa_params("1", sender=sender.replace(" ", "")))
    text = "\n".join(messages(third.text))
    assert "*ELIGIBLE*" in text or "ELIGIBLE on every condition" in text


def _duplicates(stack, channel: str) -> float:
    text = httpx.get(stack["url"] + "/metrics", timeout=10).text
    m = re.search(rf'^schemebot_duplicates_dropped_total\{{channel="{channel}"\}} (\S+)$', text, flags=re.M)
    return float(m.group(1)) if m else 0.0


def test_same_message_sid_posted_at_once_is_handled_once_and_each_post_gets_its_reply(stack):
    params = wa_params("mudra loan amount")
    before = _duplicates(stack, "whatsapp")
    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        replies = list(pool.map(lambda _: post_twilio(stack, "/twilio/whatsapp", params), range(6)))
    # Twilio reads one response per post; the copies get the same TwiML, none an empty one, and the
    # message is handled once (five repeats counted)
    assert all(r.status_code == 200 for r in replies) and len({r.text for r in replies}) == 1 and messages(replies[0].text)
    assert _duplicates(stack, "whatsapp") - before == 5

    ttl = redis_client().ttl(f"schemebot:v1:claim:whatsapp:{params['MessageSid']}")
    assert 120 < ttl <= 900  # settled once handled: SCHEMEBOT_CLAIM_TTL_S, not the 120 s processing TTL


def test_more_on_whatsapp_with_nothing_to_page_says_so(stack):
    r = post_twilio(stack, "/twilio/whatsapp", wa_params("MORE"))
    assert messages(r.text) == ["There is nothing more to show. Ask me another question."]


def test_media_only_whatsapp_asks_to_type(stack):
    r = post_twilio(stack, "/twilio/whatsapp", wa_params("", NumMedia="1", MediaContentType0="audio/ogg",
                                                          MediaUrl0="https://api.twilio.com/media/1"))
    assert "type your question" in messages(r.text)[0]
    # a location share has no Body and no media, only Latitude and Longitude: not "your message came through empty"
    # (a break-it trial)
    r = post_twilio(stack, "/twilio/whatsapp", wa_params("", Latitude="25.5941", Longitude="85.1376", Address="Patna"))
    assert "type your question" in messages(r.text)[0]


def test_long_whatsapp_answer_is_split_under_1600(stack):
    from bot.render import whatsapp_messages
    from conversations.types import Reply
    from retrieval.answer import Citation

    long_quote = " ".join(f"Sentence number {i} of a long official paragraph ends here." for i in range(60))  # ~3,000 characters
    reply = Reply(kind="answer", text="", citations=[Citation(n=1, scheme_id="x", scheme_name="X Scheme", section="benefits",
                                                              text=long_quote, url="https://www.myscheme.gov.in/schemes/x#benefits",
                                                              chunk_id="x:benefits:0", score=1.0)])
    parts = whatsapp_messages([reply])
    assert len(parts) >= 2 and all(len(p) <= 1600 for p in parts)
    assert "".join(parts).replace("\n\n", "").count("Sentence number") == 60
    assert parts[0].startswith("*[1]*")


# ----------------------------------------------------------------------------------------- SMS and fallback


def sms_params(body: str, sender: str) -> dict:
    return {"MessageSid": "SM" + uuid.uuid4().hex, "AccountSid": SID, "From": sender, "To": "+15005550006", "Body": body, "NumMedia": "0"}


def test_sms_reply_fits_segments_and_pages_with_more(stack):
    from bot.split import sms_segments

    sender = f"+9199{uid():08d}"
    r = post_twilio(stack, "/twilio/sms", sms_params("how to apply for pm kisan", sender))
    (first,) = messages(r.text)
    assert sms_segments(first) <= 3
    assert first.startswith("[1] ") and "\nSource: Pradhan Mantri Kisan Samman Nidhi, myscheme.gov.in/schemes/pm-kisan\n" in first
    assert first.endswith(("Reply MORE for the rest.", "items: reply MORE."))
    (more,) = messages(post_twilio(stack, "/twilio/sms", sms_params("MORE", sender)).text)
    assert sms_segments(more) <= 3 and more.startswith("[1] ...") and "MORE" not in more  # the same quote, continued, to its end


def test_whatsapp_failure_falls_back_to_sms_once_and_status_never_replies(stack):
    sender = f"whatsapp:+9197{uid():08d}"
    params = wa_params("pm kisan kya hai", sender=sender)
    r = post_twilio(stack, "/twilio/whatsapp", params)
    action = re.search(r'action="([^"]+)"', r.text).group(1)
    assert action.startswith(f"{PUBLIC}/twilio/status?ref=")
    query = action.split("?", 1)[1]
    before = len(stack["tw"].messages)
    status = {"MessageSid": "SM" + uuid.uuid4().hex, "MessageStatus": "sent", "AccountSid": SID, "To": sender}
    assert post_twilio(stack, "/twilio/status", status, query=query).status_code == 204
    failed = {**status, "MessageStatus": "undelivered", "ErrorCode": "63016"}
    for _ in range(3):  # Twilio may repeat a callback; the fallback still goes once
        assert post_twilio(stack, "/twilio/status", failed, query=query).status_code == 204
    deadline = time.time() + 10
    while time.time() < deadline and len(stack["tw"].messages) == before:
        time.sleep(0.05)
    time.sleep(0.3)
    sent = stack["tw"].messages[before:]
    assert len(sent) == 1
    assert sent[0]["To"] == sender.removeprefix("whatsapp:") and sent[0]["From"] == "+15005550006"
    assert "PM-KISAN" in sent[0]["Body"] or "Kisan" in sent[0]["Body"]
    assert stack["tw"].problems == []
    # the kept reply holds no number and is one of the user's keys: /forget deletes it, and a failed
    # status after that sends nothing
    client = redis_client()
    digest = UserKey("whatsapp", sender, stack["settings"].state_secret.get_secret_value().encode()).digest
    kept = list(client.scan_iter(match=f"schemebot:v1:kept:{digest}:fallback:*", count=1000))
    assert kept and all(sender.removeprefix("whatsapp:+").encode() not in client.get(k) for k in kept)
    post_twilio(stack, "/twilio/whatsapp", wa_params("/forget", sender=sender))
    post_twilio(stack, "/twilio/whatsapp", wa_params("yes", sender=sender))
    # (only this minute's message count stays, to expire: it holds no personal data, and /forget must not reset it)
    assert [k for k in client.scan_iter(match=f"schemebot:v1:kept:{digest}:*", count=1000) if not k.endswith(b":rate")] == []
    again = {**failed, "MessageSid": "SM" + uuid.uuid4().hex}
    assert post_twilio(stack, "/twilio/status", again, query=query).status_code == 204
    time.sleep(0.5)
    assert len(stack["tw"].messages) == before + 1
    unsigned = httpx.post(stack["url"] + "/twilio/status?" + query, content=urlencode(failed),
                          headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert unsigned.status_code == 403


# ----------------------------------------------------------------------------------------- bad input


def test_odd_answers_and_malformed_updates_never_block_the_webhook(stack):
    chat = uid()
    post_tg(stack, tg_update(uid(), chat, "/eligibility"))
    for text in ["²", "①", "9" * 310]:
        assert post_tg(stack, tg_update(uid(), chat, text)).status_code == 200
    for bad in [{"update_id": uid(), "message": "x"}, {"update_id": uid(), "callback_query": "x"},
                {"update_id": uid(), "message": {"message_id": 1, "date": 1, "text": "no chat"}},
                {"update_id": uid(), "message": {"message_id": 1, "date": 1, "chat": {"id": 1, "type": "private"}, "text": 12345}}]:
        assert post_tg(stack, bad).status_code in (200, 400)
    as_text = httpx.post(stack["url"] + "/telegram/webhook", content=json.dumps(tg_update(uid(), chat, "hi")),
                         headers={"X-Telegram-Bot-Api-Secret-Token": SECRET, "Content-Type": "text/plain"})
    assert as_text.status_code == 415 and as_text.text == "a Telegram update is application/json"
    deep = "[" * 1000 + "]" * 1000
    assert httpx.post(stack["url"] + "/telegram/webhook", content=deep, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}).status_code == 400
    for _ in range(20):  # more than the in-flight limit: nothing may have leaked a slot
        post_tg(stack, {"update_id": uid(), "message": {"message_id": 1, "date": 1, "text": "no chat"}})
    other = uid()
    assert post_tg(stack, tg_update(uid(), other, "pm kisan kya hai")).status_code == 200  # answered, not hung
    assert stack["tg"].wait_sent(other)
    replies = [m["text"] for m in stack["tg"].wait_sent(chat, 4)]
    assert any("Sorry, I could not understand that" in r for r in replies)  # "²" was re-asked, not a crash


def test_caption_of_a_photo_is_the_question(stack):
    chat = uid()
    photo = {"photo": [{"file_id": "p", "file_unique_id": "u", "width": 1, "height": 1}], "caption": "atal pension age limit"}
    post_tg(stack, tg_update(uid(), chat, None, **photo))
    (sent,) = stack["tg"].wait_sent(chat)
    assert "Atal Pension" in sent["text"]


def test_twilio_without_a_phone_number_is_rejected(stack):
    assert post_twilio(stack, "/twilio/sms", sms_params("hi", "not-a-phone")).status_code == 400
    # a sender of the other channel: WhatsApp senders are "whatsapp:+91...", SMS senders "+91..."
    assert post_twilio(stack, "/twilio/sms", sms_params("hi", f"whatsapp:+9198{uid():08d}")).status_code == 400
    assert post_twilio(stack, "/twilio/whatsapp", sms_params("hi", f"+9198{uid():08d}")).status_code == 400
    for sender in ("whatsapp:1", "whatsapp:<script>1", "whatsapp:+91-abc-1", f"whatsapp:+{'9' * 16}"):  # not a number
        assert post_twilio(stack, "/twilio/whatsapp", wa_params("hi", sender=sender)).status_code == 400


@pytest.mark.parametrize("chat_id", ["abc", 1e308, 2**100, True, None])
def test_a_telegram_update_with_a_forged_chat_id_is_refused_and_nothing_is_sent(stack, chat_id):
    update = tg_update(uid(), 1, "hi")
    update["message"]["chat"]["id"] = chat_id
    assert post_tg(stack, update).status_code == 400
    assert stack["tg"].problems == []


def test_redis_down_answers_without_state_on_every_channel_and_health_stays_up(stack):
    settings = stack["settings"].model_copy(update={"redis_url": "redis://127.0.0.1:6399/0"})
    from bot.split import sms_segments
    from conversations.store import RedisStore

    app = create_app(settings, engine=build_engine(settings, store=RedisStore.from_url("redis://127.0.0.1:6399/0")))
    notice = "My memory is unavailable for a moment"
    with ServerThread(app) as srv:
        t0 = time.time()
        assert httpx.get(srv.url + "/healthz").status_code == 200
        assert httpx.get(srv.url + "/readyz", timeout=15).status_code == 503
        # Telegram: connection refused is Redis down, not a stall: answered now, not left to re-deliveries
        chat = uid()
        update = tg_update(uid(), chat, "how much money do farmers get under pm kisan")
        for _ in range(3):  # a repeated update is answered once
            r = httpx.post(srv.url + "/telegram/webhook", json=update, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}, timeout=15)
            assert r.status_code == 200
        sent = stack["tg"].wait_sent(chat)
        assert sent[0]["text"].startswith(notice) and "₹6,000 per year" in sent[0]["text"]
        time.sleep(0.5)
        assert len(stack["tg"].sent(chat)) == 1
        sms = lambda text, sender: httpx.post(  # noqa: E731
            srv.url + "/twilio/sms", content=urlencode(params := sms_params(text, sender)), timeout=15,
            headers={"X-Twilio-Signature": RequestValidator(AUTH).compute_signature(f"{PUBLIC}/twilio/sms", params),
                     "Content-Type": "application/x-www-form-urlencoded"})
        sender = f"+9199{uid():08d}"
        r = sms("how much money do farmers get under pm kisan", sender)
        page = messages(r.text)
        # one SMS page: the quote with its source, then a short notice (the rest could not be kept for MORE)
        assert r.status_code == 200 and len(page) == 1 and "6,000" in page[0]
        assert page[0].endswith("\n(My memory is unavailable for a moment: this is all I can send now, no MORE pages.)")
        assert sms_segments(page[0]) <= 4  # a full page of three segments and the notice
        # in Hindi too: the notice once filled the page by itself, and the answer was lost
        hindi = messages(sms("pm kisan में कितना पैसा मिलता है", sender).text)[0]
        assert "6,000" in hindi and hindi.endswith("(मेरी याददाश्त अभी उपलब्ध नहीं: अभी इतना ही भेज सकता हूँ, MORE नहीं।)")
        # /forget cannot delete anything now, and says so instead of asking for a confirmation
        assert "nothing was deleted yet" in messages(sms("/forget", sender).text)[0]
        assert "Please send DELETE again" in messages(sms("DELETE", sender).text)[0]  # SMS has no /forget to type
        assert "not reset yet" in messages(sms("/reset", sender).text)[0]  # never "Done" for what was not done
        # a "yes" (to "Delete your data?" asked before Redis failed) cannot confirm anything: said so
        assert "nothing was deleted yet" in messages(sms("yes", sender).text)[0]
        # facts about oneself cannot be kept now: never "Noted: state Bihar" (a break-it trial)
        told = messages(sms("I live in Bihar", sender).text)[0]
        assert "Noted" not in told and "I cannot keep what you tell me about yourself this moment" in told
        # nor answers to a check: /eligibility says so, rather than ask "Which state?" for an answer it would lose (a
        # break-it trial paid for that SMS round trip)
        check = messages(sms("/eligibility", sender).text)[0]
        assert "I cannot run the eligibility check now" in check and "Which state" not in check
        # WhatsApp, in Hindi: the notice in the user's language
        r = post_twilio({"url": srv.url}, "/twilio/whatsapp", wa_params("पीएम किसान में कितना पैसा मिलता है"))
        assert messages(r.text)[0].startswith("मेरी याददाश्त अभी")
        assert time.time() - t0 < 30


def test_a_redis_that_refuses_writes_gets_telegram_users_answers_without_state(stack):
    """A read-only replica (or a Redis out of memory) answers every write with an error: Telegram got 503
    for as long as it lasted, and its users no reply at all (a break-it trial). Like a Redis that is down,
    it gets answers without state."""
    from conversations.store import RedisStore
    from tests.integration.redis_topologies import read_only_redis, tools_missing

    if tools_missing():
        pytest.skip(tools_missing())
    with read_only_redis() as port:
        url = f"redis://127.0.0.1:{port}/0"
        settings = stack["settings"].model_copy(update={"redis_url": url})
        app = create_app(settings, engine=build_engine(settings, store=RedisStore.from_url(url)))
        with ServerThread(app) as srv:
            for _ in range(2):  # the first while the failure is found, the next in the cool-down after it
                chat = uid()
                r = httpx.post(srv.url + "/telegram/webhook", json=tg_update(uid(), chat, "how much money do farmers get under pm kisan"),
                               headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}, timeout=15)
                assert r.status_code == 200
                sent = stack["tg"].wait_sent(chat)
                assert sent[0]["text"].startswith("My memory is unavailable for a moment") and "₹6,000 per year" in sent[0]["text"]
            # ... and it is not ready: PING answers, writes do not (it said ready, a break-it trial)
            time.sleep(0.1)
            assert RedisStore.from_url(url).ping() is False


class HungRedis:
    """A TCP server that accepts connections and reads commands but never answers (a hung Redis);
    counts the bytes it received."""

    def __init__(self) -> None:
        import socket
        import threading

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.received = 0
        self.conns: list = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import threading

        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)
            threading.Thread(target=self._read, args=(conn,), daemon=True).start()

    def _read(self, conn) -> None:
        while True:
            try:
                data = conn.recv(65536)
            except OSError:
                return
            if not data:
                return
            self.received += len(data)

    def close(self) -> None:
        self.sock.close()
        for c in self.conns:
            c.close()


def test_hung_redis_fails_fast_after_the_first_timeout(stack):
    from conversations.store import RedisStore

    hung = HungRedis()
    url = f"redis://127.0.0.1:{hung.port}/0"
    settings = stack["settings"].model_copy(update={"redis_url": url})
    app = create_app(settings, engine=build_engine(settings, store=RedisStore.from_url(url)))
    try:
        with ServerThread(app) as srv:
            def sms(text):
                params = sms_params(text, f"+9199{uid():08d}")
                signature = RequestValidator(AUTH).compute_signature(f"{PUBLIC}/twilio/sms", params)
                return httpx.post(srv.url + "/twilio/sms", content=urlencode(params), timeout=30,
                                  headers={"X-Twilio-Signature": signature, "Content-Type": "application/x-www-form-urlencoded"})

            first = sms("pm kisan")  # waits out the socket timeout once
            assert first.status_code == 200 and "My memory is unavailable" in first.text
            seen = hung.received
            # within the cool-down: answers without state, a 503 (a stall, not a refusal: Telegram re-delivers) and an unready /readyz without a word sent to Redis
            assert all("My memory is unavailable" in sms("mudra loan").text for _ in range(5))
            assert post_tg({"url": srv.url}, tg_update(uid(), uid(), "hi")).status_code == 503
            assert httpx.get(srv.url + "/readyz", timeout=30).status_code == 503
            assert httpx.get(srv.url + "/healthz").status_code == 200
            assert hung.received == seen
            # after the cool-down one delivery tries Redis again; while it waits the others do not
            time.sleep(2.2)
            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                probe = pool.submit(sms, "pm kisan")
                deadline = time.time() + 10
                while hung.received == seen and time.time() < deadline:
                    time.sleep(0.05)
                assert hung.received > seen
                tried = hung.received
                assert all("My memory is unavailable" in sms("mudra loan").text for _ in range(4))
                assert hung.received == tried and not probe.done()
                assert "My memory is unavailable" in probe.result().text
    finally:
        hung.close()


def test_only_a_numeric_twilio_error_code_reaches_the_log():
    from bot.app import _error_code

    assert _error_code("63016") == "63016"
    assert _error_code("+919876543210 hello my secret") is None and _error_code("") is None and _error_code(None) is None
    assert _error_code("\u0669\u0668\u0661\u0662") is None and _error_code("\u00b9\u00b2\u00b3") is None  # digits, but not ASCII


def test_a_form_of_thousands_of_fields_is_refused_before_its_signature_is_checked(stack):
    body = "MessageSid=SM1&MessageStatus=failed&" + "&".join(f"k{i}=" for i in range(20000))
    for path in ("/twilio/status", "/twilio/sms"):
        r = httpx.post(stack["url"] + path, content=body, timeout=10,
                       headers={"X-Twilio-Signature": "bogus", "Content-Type": "application/x-www-form-urlencoded"})
        assert r.status_code == 400 and "too many fields" in r.text


def test_a_signed_post_for_another_twilio_account_is_refused(stack):
    """A break-it trial: a correctly signed SMS naming another AccountSid got a full reply."""
    sender = f"+9199{uid():08d}"
    r = post_twilio(stack, "/twilio/sms", {**sms_params("pm kisan kya hai", sender), "AccountSid": "AC" + "9" * 32})
    assert r.status_code == 403 and "another Twilio account" in r.text
    assert post_twilio(stack, "/twilio/sms", sms_params("pm kisan kya hai", sender)).status_code == 200


def test_a_claim_lives_briefly_until_its_message_is_handled(redis_available):
    from bot.claims import PROCESSING_TTL_S, Claims

    claims, mid = Claims(redis_client(), ttl_s=3600), uuid.uuid4().hex
    first, again = claims.claim("telegram", mid), claims.claim("telegram", mid)
    assert (first.state, again.state, again.token) == ("new", "busy", None) and first.token
    key = f"schemebot:v1:claim:telegram:{mid}"
    assert 0 < redis_client().ttl(key) <= PROCESSING_TTL_S  # a worker that dies now lets a re-delivery through soon
    claims.settle("telegram", mid, kept="<Response/>")
    assert PROCESSING_TTL_S < redis_client().ttl(key) <= 3600
    assert claims.claim("telegram", mid).state == "done" and claims.kept("telegram", mid) == "<Response/>"
    assert not [k for k in redis_client().scan_iter(match="schemebot:v1:kept:*") if mid.encode() in k]  # the id is hashed
    claims.release("telegram", mid)
    redis_client().delete(claims._kept_key("telegram", mid, ""))


def test_a_claim_left_by_a_timed_out_command_is_released_only_while_its_token_holds_it(redis_available):
    from bot.claims import Claims

    r, mid = redis_client(), uuid.uuid4().hex
    claims, key = Claims(r, ttl_s=3600), f"schemebot:v1:claim:telegram:{mid}"
    r.set(key, b"p:stalled", ex=60)  # the SET of a claim whose answer timed out, run once Redis woke
    assert not claims.release_own("telegram", mid, "another") and r.exists(key)
    assert claims.release_own("telegram", mid, "stalled") and not r.exists(key)
    assert claims.claim("telegram", mid).state == "new"  # Telegram's re-delivery is handled, not told "busy"
    claims.settle("telegram", mid)
    assert not claims.release_own("telegram", mid, "stalled") and r.get(key) == b"d"  # a settled claim stays
    claims.release("telegram", mid)


def test_settling_writes_the_kept_reply_before_marking_the_claim_done(redis_available):
    # a failover may lose the last writes of a pipeline: a claim that survives as done must have its reply
    # (the Sentinel failover run once gave a re-post empty TwiML: "done", and no reply kept)
    from bot.claims import Claims

    r, mid = redis_client(), uuid.uuid4().hex
    claims = Claims(r, ttl_s=3600)
    sent: list[tuple] = []
    real = r.pipeline

    def recording(*a, **kw):
        pipe = real(*a, **kw)
        original = pipe.execute_command

        def record(*args, **options):
            sent.append(args[:2])
            return original(*args, **options)

        pipe.execute_command = record
        return pipe

    assert claims.claim("sms", mid).state == "new"
    r.pipeline = recording
    try:
        claims.settle("sms", mid, kept="<Response>a</Response>", owner="owner")
    finally:
        del r.pipeline
    keys = [str(k) for cmd, k in sent if cmd in ("SET", "SADD")]
    assert keys[0] == claims._kept_key("sms", mid, "owner") and keys[-1] == f"schemebot:v1:claim:sms:{mid}"
    assert claims.kept("sms", mid, "owner") == "<Response>a</Response>"
    claims.release("sms", mid)
    r.delete(claims._kept_key("sms", mid, "owner"))


class _Straddling(redis.ConnectionPool):
    """Connections to two Redis primaries in turn, as a Sentinel client's pool holds while a failover is
    under way: redis-py points a pooled connection at the new primary only when it connects again."""

    def __init__(self, first: redis.ConnectionPool, second: redis.ConnectionPool) -> None:
        super().__init__()
        self.pools, self.turn = [first, second], 0

    def get_connection(self, *args, **options):
        pool = self.pools[self.turn % 2]
        self.turn += 1
        conn = pool.get_connection(*args, **options)
        conn.home = pool
        return conn

    def release(self, connection) -> None:
        connection.home.release(connection)


def test_a_claim_found_done_during_a_failover_carries_its_reply_from_the_same_primary(redis_available):
    """The Sentinel failover test once gave a re-post an empty TwiML: its claim was read as done on the old
    primary and its kept reply looked up on the new one, which had only the claim the message had taken."""
    from bot.claims import Claims

    mid, xml = uuid.uuid4().hex, "<Response><Message>PM-KISAN: Rs 6000</Message></Response>"
    old = redis_client()
    new = redis.Redis(host=old.connection_pool.connection_kwargs["host"], port=old.connection_pool.connection_kwargs["port"], db=15)
    key = f"schemebot:v1:claim:sms:{mid}"
    Claims(old, ttl_s=3600).settle("sms", mid, kept=xml, owner="owner")  # settled on the old primary ...
    new.set(key, b"p:first", ex=60)  # ... while the new one has the claim as it was replicated
    try:
        for order in ((old, new), (new, old)):  # whichever primary a connection reaches first
            claims = Claims(redis.Redis(connection_pool=_Straddling(*(c.connection_pool for c in order))), ttl_s=3600)
            seen = [claims.claim("sms", mid, owner="owner") for _ in range(4)]
            assert all((c.state, c.kept) in {("done", xml), ("busy", None)} for c in seen), seen
            assert ("done", xml) in {(c.state, c.kept) for c in seen}
    finally:
        old.delete(key, Claims(old)._kept_key("sms", mid, "owner"))
        new.delete(key)


def test_a_message_answered_while_redis_failed_is_settled_later_only_where_nobody_else_took_it(redis_available):
    from bot.claims import Claims

    r, claims = redis_client(), Claims(redis_client(), ttl_s=3600)
    mid = uuid.uuid4().hex
    key = f"schemebot:v1:claim:sms:{mid}"
    r.set(key, b"p:stalled", ex=60)  # its claim ran, then Redis failed: answered without state as "stalled"
    assert not claims.settle_own("sms", mid, "another", kept="<Response>b</Response>")
    assert r.get(key) == b"p:stalled" and claims.kept("sms", mid) is None
    assert claims.settle_own("sms", mid, "stalled", kept="<Response>a</Response>")
    assert (r.get(key), claims.kept("sms", mid), claims.handled_before("sms", mid)) == (b"d", "<Response>a</Response>", True)
    assert 120 < r.ttl(key) <= 3600
    mid2 = uuid.uuid4().hex  # never claimed (Redis was down): settled if nobody took it meanwhile ...
    assert claims.settle_own("sms", mid2, None, kept="<Response/>") and claims.claim("sms", mid2).state == "done"
    mid3 = uuid.uuid4().hex  # ... but a re-post another worker handled meanwhile keeps its own outcome
    assert claims.claim("sms", mid3).state == "new"
    assert not claims.settle_own("sms", mid3, None, kept="<Response/>") and claims.kept("sms", mid3) is None
    for m in (mid, mid2, mid3):
        claims.release("sms", m)
        r.delete(claims._kept_key("sms", m, ""))


def test_settling_later_records_the_reply_before_marking_the_claim_done(redis_available):
    """settle_own had marked the claim done, then recorded the reply: when Redis failed between the two (the Sentinel
    failover test, once), the claim stayed done with no reply, a retry found it done and not its own, and every
    re-post got an empty TwiML. Now a failure after the reply leaves the claim as it was, and the retry settles it."""
    from bot.claims import Claims

    r, claims, mid = redis_client(), Claims(redis_client(), ttl_s=3600), uuid.uuid4().hex
    key = f"schemebot:v1:claim:sms:{mid}"
    r.set(key, b"p:stalled", ex=60)
    script = claims._settle_own

    def fails(*a, **kw):
        raise redis.ConnectionError("failover")

    claims._settle_own = fails
    with pytest.raises(redis.ConnectionError):
        claims.settle_own("sms", mid, "stalled", kept="<Response>a</Response>")
    assert r.get(key) == b"p:stalled" and claims.kept("sms", mid) == "<Response>a</Response>"
    claims._settle_own = script
    assert claims.settle_own("sms", mid, "stalled", kept="<Response>a</Response>") and r.get(key) == b"d"
    claims.release("sms", mid)
    r.delete(claims._kept_key("sms", mid, ""))


def test_a_handled_message_is_remembered_for_the_replay_window_in_intsets(redis_available):
    from bot.claims import SEEN_PREFIX, Claims, _seen

    r, mid = redis_client(), uuid.uuid4().hex
    claims = Claims(r, ttl_s=3600, replay_window_s=7 * 86400)
    assert claims.claim("sms", mid).state == "new"
    claims.settle("sms", mid)
    r.delete(f"schemebot:v1:claim:sms:{mid}")  # the claim expired: a replay a day later
    assert claims.claim("sms", mid).state == "done" and claims.handled_before("sms", mid)
    member, bucket = _seen("sms", mid)
    (seen,) = [k for k in r.scan_iter(match=f"{SEEN_PREFIX}sms:*:{bucket}", count=10000) if r.sismember(k, member)]
    assert r.object("encoding", seen) in (b"intset", "intset")  # 8 bytes a message, not a key
    assert 7 * 86400 < r.ttl(seen) <= 8 * 86400
    assert mid.encode() not in b"".join(r.smembers(seen)) + seen  # only a digest
    assert not Claims(r, ttl_s=3600, replay_window_s=0).handled_before("sms", mid)  # window off
    other = uuid.uuid4().hex
    assert claims.claim("whatsapp", other).state == "new" and not claims.handled_before("whatsapp", other)
    claims.release("whatsapp", other)


def test_replayed_requests_older_than_their_claim_are_not_handled_again(stack):
    # Telegram: an update dated before the window is refused by its date (200: Telegram does not retry), and each is
    # logged with how far off its date is (a break-it trial: a future-dated one left no line in the log)
    import logging

    seen: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = seen.append  # type: ignore[method-assign]
    app_log = logging.getLogger("schemebot.app")
    level = app_log.level
    app_log.addHandler(handler)
    app_log.setLevel(logging.INFO)  # (as `schemebot serve` sets it)
    try:
        chat = uid()
        old = tg_update(uid(), chat, "pm kisan")
        old["message"]["date"] = int(time.time()) - 8 * 86400
        assert post_tg(stack, old).status_code == 200
        future = tg_update(uid(), chat, "pm kisan")
        future["message"]["date"] = int(time.time()) + 86400
        assert post_tg(stack, future).status_code == 200
        time.sleep(0.5)
        assert stack["tg"].sent(chat) == []
    finally:
        app_log.removeHandler(handler)
        app_log.setLevel(level)
    dropped = {r.event["update_id"]: r.event["age_s"] for r in seen if r.getMessage().startswith("telegram update dropped")}
    assert set(dropped) == {old["update_id"], future["update_id"]}
    assert abs(dropped[old["update_id"]] - 8 * 86400) <= 5 and abs(dropped[future["update_id"]] + 86400) <= 5
    # Twilio signs no timestamp: the MessageSid is remembered; replayed after its claim and kept reply expired
    sender = f"+9199{uid():08d}"
    params = sms_params("pm kisan documents", sender)
    assert "Aadhaar" in post_twilio(stack, "/twilio/sms", params).text
    owner = UserKey("sms", sender, stack["settings"].state_secret.get_secret_value().encode()).digest
    redis_client().delete(f"schemebot:v1:claim:sms:{params['MessageSid']}",
                          *redis_client().keys(f"schemebot:v1:kept:{owner}:*"))
    replay = post_twilio(stack, "/twilio/sms", params)
    assert replay.status_code == 200 and messages(replay.text) == []


def test_a_claim_whose_set_a_client_retry_ran_twice_is_still_the_callers(redis_available, monkeypatch):
    """A Redis stall past the socket timeout: redis-py sends SET NX again, Redis runs both; the retry
    finds the key set, by the caller's own first run. The message is handled, not taken for a repeat."""
    import bot.claims as claims_module
    from bot.claims import Claims

    claims, mid = Claims(redis_client(), ttl_s=3600), uuid.uuid4().hex
    monkeypatch.setattr(claims_module.secrets, "token_hex", lambda n: "feedc0de")
    redis_client().set(f"schemebot:v1:claim:sms:{mid}", b"p:feedc0de", ex=60)  # what the first run of the SET left
    assert claims.claim("sms", mid).state == "new"
    monkeypatch.setattr(claims_module.secrets, "token_hex", lambda n: "0ther")
    assert claims.claim("sms", mid).state == "busy"  # another worker's claim is not taken
    claims.release("sms", mid)


def test_a_twilio_repost_gets_the_same_reply_and_a_busy_telegram_update_is_retried(stack):
    params = sms_params("pm kisan documents", f"+9199{uid():08d}")
    first = post_twilio(stack, "/twilio/sms", params)
    assert first.status_code == 200 and messages(first.text) and "Aadhaar" in first.text
    for _ in range(10):  # Twilio re-posts a MessageSid whose response it never read: the same TwiML each time
        again = post_twilio(stack, "/twilio/sms", params)
        assert (again.status_code, again.text) == (200, first.text)
    # a Telegram update another worker is processing now: 503, so Telegram re-delivers it later
    update_id, chat = uid(), uid()
    redis_client().set(f"schemebot:v1:claim:telegram:{update_id}", b"p:another-worker", ex=60)
    try:
        assert post_tg(stack, tg_update(update_id, chat, "pm kisan")).status_code == 503
    finally:
        redis_client().delete(f"schemebot:v1:claim:telegram:{update_id}")
    assert post_tg(stack, tg_update(update_id, chat, "pm kisan")).status_code == 200  # re-delivered once it is free
    assert stack["tg"].wait_sent(chat, 1)


def test_forget_also_deletes_the_replies_kept_for_reposts(stack):
    from conversations.store import UserKey

    sender = f"+9199{uid():08d}"
    digest = UserKey("sms", sender, stack["settings"].state_secret.get_secret_value().encode()).digest
    assert messages(post_twilio(stack, "/twilio/sms", sms_params("my family income is 85000 a year, pm kisan documents", sender)).text)
    kept = list(redis_client().scan_iter(match=f"schemebot:v1:kept:{digest}:*"))
    assert kept and sender.encode() not in b"".join(kept)  # kept under the user's digest, never the number
    post_twilio(stack, "/twilio/sms", sms_params("/forget", sender))
    post_twilio(stack, "/twilio/sms", sms_params("yes", sender))
    # nothing kept for this user after the confirmation (the "/forget" question's own reply went with the rest), but
    # this minute's message count, which expires on its own
    left = list(redis_client().scan_iter(match=f"schemebot:v1:kept:{digest}:*"))
    assert [k for k in left if not k.endswith(b":rate")] == [] and all(0 < redis_client().ttl(k) <= 60 for k in left)
    assert not redis_client().exists(UserKey("sms", sender, stack["settings"].state_secret.get_secret_value().encode()).key)


def test_delete_by_sms_also_deletes_what_whatsapp_kept_of_the_same_number(stack):
    """The second break-it trial: facts told on WhatsApp stayed after DELETE by SMS from the same number."""
    from conversations.store import UserKey

    secret = stack["settings"].state_secret.get_secret_value().encode()
    sender = f"+9198{uid():08d}"
    post_twilio(stack, "/twilio/whatsapp", wa_params("I live in Bihar, I am a 67 year old widow", f"whatsapp:{sender}"))
    assert redis_client().exists(UserKey("whatsapp", sender, secret).key)
    post_twilio(stack, "/twilio/sms", sms_params("pm kisan kya hai", sender))
    post_twilio(stack, "/twilio/sms", sms_params("DELETE", sender))
    post_twilio(stack, "/twilio/sms", sms_params("yes", sender))
    assert not redis_client().exists(UserKey("sms", sender, secret).key)
    assert not redis_client().exists(UserKey("whatsapp", sender, secret).key)


def test_a_reply_the_bot_api_took_but_answered_too_late_is_not_sent_again():
    """A Bot API slower than the read timeout: the request reached Telegram, which delivers it, so sending
    it again gave the user the same reply four times (a break-it trial). A refused connection, where
    nothing reached Telegram, is still tried again (NotDelivered, then sent later)."""
    import asyncio

    from telegram import Bot
    from telegram.request import HTTPXRequest

    from bot import telegram_channel
    from conversations.types import Reply

    tg = TelegramStandIn(TOKEN)
    tg.slow[555] = 0.8
    with ServerThread(tg.app()) as api:
        async def run() -> int:
            bot = Bot(TOKEN, base_url=f"{api.url}/bot", request=HTTPXRequest(read_timeout=0.3, connect_timeout=1.0))
            async with bot:
                return await telegram_channel.send(bot, 555, [Reply(kind="info", text="hello")], "en")

        assert asyncio.run(run()) == 1
        time.sleep(1.0)  # the stand-in finishes the slow call
        assert [p["text"] for m, p in tg.calls if m == "sendMessage"] == ["hello"]

    async def refused() -> None:
        bot = Bot(TOKEN, base_url=f"http://127.0.0.1:{free_port()}/bot", request=HTTPXRequest(connect_timeout=0.5))
        await telegram_channel.send(bot, 555, [Reply(kind="info", text="hello")], "en")

    with pytest.raises(telegram_channel.NotDelivered):
        asyncio.run(refused())


def test_a_claim_redis_failed_on_is_settled_without_new_traffic_to_its_worker(stack):
    """A worker that answered a Twilio message while Redis failed settles its claim once Redis answers,
    though no new message comes to it: with several workers, re-posts going to the others got 503
    ("being processed") for the minute the claim lived (a break-it trial)."""
    from bot.app import Orphan

    rt = stack["app"].state.runtime
    sid = "SM" + uuid.uuid4().hex
    claim = rt.claims.claim("sms", sid)  # taken, then Redis failed before it was settled
    assert claim.state == "new"
    rt.answered_unsettled("sms", sid, claim.token, "<Response><Message>kept</Message></Response>", "owner-digest")
    assert isinstance(rt.orphans[-1], Orphan)
    deadline = time.time() + 5
    while rt.claims.claim("sms", sid).state != "done":
        assert time.time() < deadline, "the claim was never settled"
        time.sleep(0.2)
    assert rt.claims.kept("sms", sid, "owner-digest") == "<Response><Message>kept</Message></Response>"


def test_a_signed_post_with_an_outlandish_message_sid_is_refused(stack):
    """A validly signed 100 KB MessageSid was taken and became a 100 KB Redis key (a break-it trial)."""
    assert post_twilio(stack, "/twilio/whatsapp", wa_params("pm kisan", MessageSid="SM" + "a" * 100_000)).status_code == 400
    assert post_twilio(stack, "/twilio/whatsapp", wa_params("pm kisan", MessageSid="SM<script>")).status_code == 400
    assert post_twilio(stack, "/twilio/whatsapp", wa_params("pm kisan")).status_code == 200


def test_a_button_press_with_data_the_bot_never_made_is_answered_and_gets_a_polite_reply(stack):
    chat = uid()
    before = sum(1 for m, p in stack["tg"].calls if m == "answerCallbackQuery" and p.get("callback_query_id") == "cbx")
    press = {"update_id": uid(), "callback_query": {"id": "cbx", "chat_instance": "ci", "data": "\u00a7garbage::",
                                                     "from": {"id": chat, "is_bot": False, "first_name": "Asha"},
                                                     "message": {"message_id": 9, "date": int(time.time()), "chat": {"id": chat, "type": "private"}, "text": "x"}}}
    assert post_tg(stack, press).status_code == 200
    reply = stack["tg"].wait_sent(chat, 1)[-1]["text"]
    assert reply == "I could not use that button. Please type your answer or your question."
    deadline = time.time() + 5
    while time.time() < deadline:
        if sum(1 for m, p in stack["tg"].calls if m == "answerCallbackQuery" and p.get("callback_query_id") == "cbx") > before:
            break
        time.sleep(0.05)
    else:
        raise AssertionError("the button press was never answered (the user's button keeps spinning)")


def test_a_status_callback_with_a_forged_sid_or_an_overlong_status_is_told_which(stack):
    base = {"MessageSid": "SM" + uuid.uuid4().hex, "MessageStatus": "sent", "AccountSid": SID, "To": "+919800000000"}
    missing = post_twilio(stack, "/twilio/status", {k: v for k, v in base.items() if k != "MessageStatus"})
    assert missing.status_code == 400 and missing.text == "MessageSid and MessageStatus are required"
    long_status = post_twilio(stack, "/twilio/status", {**base, "MessageStatus": "x" * 41})
    assert long_status.status_code == 400 and "at most 40 characters" in long_status.text
    forged = post_twilio(stack, "/twilio/status", {**base, "MessageSid": "not-a-sid"})
    assert forged.status_code == 400 and "Twilio message SID" in forged.text
