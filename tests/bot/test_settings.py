"""Settings that choose where state lives."""

import re

import pytest
from pydantic import ValidationError

from bot.settings import Settings


def test_sentinels_are_host_port_pairs_and_count_as_redis():
    s = Settings(redis_sentinels=" s1:26379, 10.0.0.2:26380 ")
    assert s.redis_sentinels == "s1:26379,10.0.0.2:26380" and s.redis_configured and s.redis_sentinel_service == "mymaster"
    assert not Settings().redis_configured and Settings(redis_url="redis://127.0.0.1:6379/0").redis_configured
    for bad in ("s1", "s1:port", "s1:26379;s2:26379"):
        with pytest.raises(ValidationError, match="host:port"):
            Settings(redis_sentinels=bad)


def test_a_cluster_url_that_is_no_url_is_refused_with_the_setting_named():
    from conversations.store import StoreError, store_from_settings

    with pytest.raises(StoreError, match="SCHEMEBOT_REDIS_URL"):
        store_from_settings("not a url", cluster=True)


@pytest.mark.parametrize("secret,ok", [("webhook-secret_1", True), ("bad secret!", False), ("x" * 257, False), ("ok", True)])
def test_the_telegram_secret_is_one_telegram_accepts(secret, ok):
    """Telegram's setWebhook takes 1-256 characters of A-Z a-z 0-9 _ -; "bad secret!" was accepted at
    start (a break-it trial) and would fail only when the webhook is set."""
    from pydantic import ValidationError

    from bot.settings import Settings

    if ok:
        assert Settings(telegram_secret=secret).telegram_secret.get_secret_value() == secret
    else:
        with pytest.raises(ValidationError, match="Telegram webhook secret"):
            Settings(telegram_secret=secret)


@pytest.mark.parametrize("templates,why", [
    ({"question": {"id": "2", "text": "Q {#var#}", "slots": ["bogus"]}}, '"slots" must be a list of'),
    ({"answer": {"id": "1", "text": "{#var#} {#var#}", "slots": ["scheme"]}}, "1 slots for 2 {#var#}"),
    ({"answer": {"id": "1"}}, 'needs a "text"'),
    ({"reply": {"id": "1", "text": "{#var#}"}}, "not a reply kind"),
])
def test_a_dlt_template_that_cannot_fill_itself_is_refused_at_start(templates, why):
    """A break-it trial: a slot count that did not match made every answer an empty reply, an unknown slot
    sent "Q ", a template without text was dropped in silence."""
    with pytest.raises(ValidationError, match=re.escape(why)):
        Settings(sms_templates=templates)
    ok = {"answer": {"id": "1", "text": "{#var#}: {#var#} More: {#var#} -SCHMBT", "slots": ["scheme", "quote", "link"]}}
    assert Settings(sms_templates=ok).sms_templates == ok


def test_a_link_too_long_for_its_dlt_slot_is_the_sites_address_never_a_cut_one():
    from bot.render import SmsTemplate

    t = SmsTemplate("1", "{#var#} More: {#var#}", ("quote", "link"))
    text = t.render({"quote": "Rs 6,000 a year", "link": "myscheme.gov.in/schemes/pm-kisan-something-long"}, 30)
    assert text == "Rs 6,000 a year More: myscheme.gov.in"


@pytest.mark.parametrize("url", ["http://bot.example.org", "bot.example.org", "https://", "ftp://bot.example.org"])
def test_a_public_base_url_that_is_no_https_origin_is_refused(url):
    """A break-it trial: an http:// base URL was accepted (Telegram delivers webhooks to HTTPS only)."""
    with pytest.raises(ValidationError, match="must be an https:// origin"):
        Settings(public_base_url=url)
    assert Settings(public_base_url="https://bot.example.org/").public_base_url == "https://bot.example.org"


def test_an_unknown_dense_setting_is_said_once_and_leaves_the_ranker_on(monkeypatch, caplog):
    """A break-it trial: SCHEMEBOT_DENSE=banana was taken silently."""
    from retrieval.encoder import dense_switched_off

    monkeypatch.setenv("SCHEMEBOT_DENSE", "banana")
    with caplog.at_level("WARNING", logger="retrieval.encoder"):
        assert dense_switched_off() is False and dense_switched_off() is False
    assert [r.getMessage() for r in caplog.records] == ["SCHEMEBOT_DENSE='banana' is neither on nor off: the semantic ranker stays on"]
    monkeypatch.setenv("SCHEMEBOT_DENSE", "off")
    assert dense_switched_off() is True


@pytest.mark.parametrize("setting,value,said", [
    ("telegram_api_url", "notaurl", "http(s):// URL"), ("twilio_api_url", "ftp://x", "http(s):// URL"),
    ("telegram_token", "not a token", "BotFather"), ("twilio_account_sid", "xyz", "AC and 32 hex digits"),
    ("twilio_whatsapp_from", "+14155238886", "whatsapp:+"), ("twilio_whatsapp_from", "hello", "whatsapp:+"),
    ("twilio_sms_from", "whatsapp:+14155238886", "E.164"), ("max_body_bytes", 99999999999999, "less than or equal"),
    ("max_message_chars", 100000000, "less than or equal"), ("replay_window_s", 10, "must be 0 (off) or at least"),
    ("telegram_api_url", "http://127.0.0.1:8081", "ending in /bot")])
def test_a_channel_setting_no_service_would_take_is_refused_at_start(setting, value, said):
    """A break-it trial: each of these started a server reporting its channels on; a bad token failed every reply, a bad
    sender the SMS fallback on the day it was needed, a replay window of 10 s dropped Telegram's retries unanswered."""
    with pytest.raises(ValidationError, match=re.escape(said)):
        Settings(**{setting: value})


def test_the_senders_twilio_takes_are_accepted():
    s = Settings(twilio_sms_from="SCHEME", twilio_whatsapp_from="whatsapp:+14155238886", twilio_account_sid="AC" + "a" * 32,
                 telegram_token="123456:ABC-def_1", replay_window_s=0)
    assert (s.twilio_sms_from, s.replay_window_s) == ("SCHEME", 0)


def test_a_state_secret_of_one_character_repeated_is_weak():
    from bot.settings import weak_state_secret

    assert "different characters" in weak_state_secret(" " * 25) and "different characters" in weak_state_secret("_" * 25)
    assert weak_state_secret("9f86d081884c7d659a2feaa0c55ad015") is None


def test_a_channel_given_some_of_its_settings_names_the_ones_missing(monkeypatch):
    """A break-it trial unset the Telegram secret: the server said it was ready with every channel off, and nothing said why
    each webhook got 404."""
    for name in ("TELEGRAM_TOKEN", "TELEGRAM_SECRET", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_WHATSAPP_FROM",
                 "TWILIO_SMS_FROM", "PUBLIC_BASE_URL"):
        monkeypatch.delenv(f"SCHEMEBOT_{name}", raising=False)
    assert Settings().channels_half_set() == {}  # nothing set: nothing meant to be on
    s = Settings(telegram_token="123456:" + "A" * 35, twilio_account_sid="AC" + "0" * 32, twilio_sms_from="+14155550100")
    assert s.channels_half_set() == {"telegram": ["SCHEMEBOT_TELEGRAM_SECRET"],
                                     "sms": ["SCHEMEBOT_TWILIO_AUTH_TOKEN", "SCHEMEBOT_PUBLIC_BASE_URL"]}
    # the shared Twilio account alone turns on no channel, so nothing is said missing for WhatsApp
    assert "whatsapp" not in s.channels_half_set()
    # ... but the whole account with no sender for either channel is meant for one of them (a break-it trial got 404s unexplained)
    s = Settings(twilio_account_sid="AC" + "0" * 32, twilio_auth_token="f" * 32)
    assert s.channels_half_set() == {"whatsapp/sms": ["SCHEMEBOT_TWILIO_WHATSAPP_FROM or SCHEMEBOT_TWILIO_SMS_FROM", "SCHEMEBOT_PUBLIC_BASE_URL"]}
