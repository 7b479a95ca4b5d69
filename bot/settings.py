"""Settings from environment variables (pydantic-settings), all optional.

Exactly the variables of DESIGN.md's settings table, plus limits. A channel is active only when its
secrets are set. Secrets are :class:`pydantic.SecretStr`: they never appear in ``repr`` or logs.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

#: The state secret used when none is configured: fine for `schemebot chat`, refused by the server
#: once a channel is on (user keys must not be computable by anyone who reads this source).
DEV_SECRET = "schemebot-dev-secret"
#: the shortest state secret the server accepts with a channel on (characters)
MIN_SECRET_CHARS = 16
#: a secret of one character repeated (or blanks) is no secret; a random hex one of 16 has about 10 different ones
MIN_SECRET_DISTINCT = 6


def weak_state_secret(secret: str) -> str | None:
    """Why ``secret`` must not key real users' state (the development default, the ``.env.example``
    placeholder, or shorter than ``MIN_SECRET_CHARS``), or ``None`` when it will do."""
    if secret == DEV_SECRET:
        return "SCHEMEBOT_STATE_SECRET is the development default"
    if "change-me" in secret.casefold():
        return "SCHEMEBOT_STATE_SECRET is still the .env.example placeholder"
    if len(secret) < MIN_SECRET_CHARS:
        return f"SCHEMEBOT_STATE_SECRET is shorter than {MIN_SECRET_CHARS} characters"
    if len(set(secret.strip())) < MIN_SECRET_DISTINCT:
        # (a break-it trial: 25 spaces, or 25 underscores, were taken)
        return f"SCHEMEBOT_STATE_SECRET has fewer than {MIN_SECRET_DISTINCT} different characters"
    return None


#: what fills a DLT template's {#var#} slots (bot.render.sms_template_message)
SMS_SLOTS = ("scheme", "quote", "link", "question", "options", "status", "text")


#: setting -> (the form Twilio takes, how the refusal names it): an Account SID is "AC" and 32 hex digits; a WhatsApp
#: sender "whatsapp:" and an E.164 number; an SMS sender an E.164 number, an alphanumeric sender ID (at most 11 letters,
#: digits and spaces, one letter at least) or a Messaging Service SID ("MG" and 32 hex digits)
TWILIO_FORMS = {
    "twilio_account_sid": (r"AC[0-9a-fA-F]{32}", "a Twilio Account SID: AC and 32 hex digits"),
    "twilio_whatsapp_from": (r"whatsapp:\+[1-9]\d{6,14}", "whatsapp:+<country code and number> (E.164), e.g. whatsapp:+14155238886"),
    "twilio_sms_from": (r"\+[1-9]\d{6,14}|(?=[A-Za-z0-9 ]*[A-Za-z])[A-Za-z0-9 ]{1,11}|MG[0-9a-fA-F]{32}",
                        "+<country code and number> (E.164), an alphanumeric sender ID or a Messaging Service SID"),
}


class Settings(BaseSettings):
    """Runtime configuration (see DESIGN.md for each variable)."""

    # an empty variable (an unfilled line of .env.example) is unset, so it turns no channel on
    model_config = SettingsConfigDict(env_prefix="SCHEMEBOT_", env_file=None, extra="ignore", env_ignore_empty=True)

    corpus: str | None = Field(default=None, description="corpus file/folder or built index; default the bundled corpus")
    redis_url: str | None = Field(default=None, description="redis://host:port/db; unset: the embedded store")
    redis_cluster: bool = Field(default=False, description="SCHEMEBOT_REDIS_URL names one node of a Redis Cluster (db 0)")
    redis_sentinels: str | None = Field(default=None, description="host:port,host:port of Redis Sentinels: the store follows the "
                                        "primary they name (SCHEMEBOT_REDIS_SENTINEL_SERVICE) through failovers")
    redis_sentinel_service: str = Field(default="mymaster", description="the primary's name in the Sentinels' configuration")
    state_secret: SecretStr = Field(default=SecretStr(DEV_SECRET), description="HMAC key for user ids")
    state_ttl_s: int = Field(default=30 * 24 * 3600, ge=60, description="state lifetime, seconds")
    claim_ttl_s: int = Field(default=24 * 3600, ge=60, description="how long a delivery's claim is kept, seconds (longer than "
                             "Telegram's and Twilio's retry windows)")
    replay_window_s: int = Field(default=7 * 24 * 3600, ge=0, description="a handled message is remembered this many seconds, "
                                 "so a captured request replayed later is not handled again; Telegram updates older than "
                                 "this are refused by their date (0: off)")
    public_base_url: str | None = Field(default=None, description="https origin Telegram and Twilio call")
    telegram_token: SecretStr | None = None
    telegram_secret: SecretStr | None = None
    telegram_api_url: str = "https://api.telegram.org/bot"
    twilio_account_sid: str | None = None
    twilio_auth_token: SecretStr | None = None
    twilio_whatsapp_from: str | None = None
    twilio_sms_from: str | None = None
    twilio_api_url: str = "https://api.twilio.com"
    # limits
    max_message_chars: int = Field(default=1000, ge=50, le=20_000, description="longer messages are cut for retrieval")
    sms_max_segments: int = Field(default=3, ge=2, le=10, description="SMS segments per reply (at least 2: a quote's source line, "
                                  "the scheme name and a short link, takes most of one 70-character UCS-2 segment)")
    screening_max_questions: int = Field(default=8, ge=1, le=30, description="questions in an all-schemes screening")
    rate_limit_per_minute: int = Field(default=20, ge=0, description="messages a user may send a minute; more get one polite "
                                       "reply and are not handled (0: no limit)")
    max_body_bytes: int = Field(default=1_000_000, ge=1024, le=50_000_000, description="larger webhook bodies get 413 (Telegram's "
                                "and Twilio's webhooks are a few kilobytes)")
    body_timeout_s: float = Field(default=10.0, gt=0, le=60, description="a webhook body not received in full within this many "
                                  "seconds gets 408 (Telegram and Twilio send theirs at once; a trickled body holds a connection)")
    sms_templates: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description='DLT template mode: reply kind -> {"id": template id, "text": "... {#var#} ...", "slots": [...]}',
    )
    sms_var_limit: int = Field(default=30, ge=5, le=160, description="characters per DLT {#var#} slot (DLT's usual limit: 30)")

    @field_validator("redis_url")
    @classmethod
    def _redis_url(cls, v: str | None) -> str | None:
        if not v:
            return None
        if not re.fullmatch(r"(rediss?://[^/\s]+(/\d{1,2})?|unix://\S+)", v.strip()):
            raise ValueError("expected redis://host:port/db with a numeric db (or rediss://, unix://)")
        return v.strip()

    @field_validator("sms_templates")
    @classmethod
    def _sms_templates(cls, v: dict[str, Any]) -> dict[str, Any]:
        """Each DLT template: a reply kind, a ``text`` with ``{#var#}`` slots and, when ``slots`` is given, one
        known slot name per ``{#var#}`` (a template that cannot fill itself sent empty replies)."""
        from typing import get_args

        from conversations.types import ReplyKind

        kinds = set(get_args(ReplyKind))
        for kind, template in v.items():
            if kind not in kinds:
                raise ValueError(f"template {kind!r}: not a reply kind ({', '.join(sorted(kinds))})")
            if not isinstance(template, dict) or not isinstance(template.get("text"), str) or not template["text"].strip():
                raise ValueError(f"template {kind!r}: needs a \"text\" with its {{#var#}} slots")
            slots = template.get("slots")
            if slots is None:
                continue
            if not isinstance(slots, list) or any(s not in SMS_SLOTS for s in slots):
                raise ValueError(f"template {kind!r}: \"slots\" must be a list of {', '.join(SMS_SLOTS)}")
            if len(slots) != template["text"].count("{#var#}"):
                raise ValueError(f"template {kind!r}: {len(slots)} slots for {template['text'].count('{#var#}')} {{#var#}} in its text")
        return v

    @field_validator("telegram_api_url", "twilio_api_url")
    @classmethod
    def _api_url(cls, v: str, info) -> str:
        if not re.fullmatch(r"https?://[^\s/]+(/\S*)?", v.strip()):
            raise ValueError("expected an http(s):// URL")
        if info.field_name == "telegram_api_url" and not v.strip().endswith("/bot"):
            # the token is appended to it, as python-telegram-bot's base_url (https://core.telegram.org/bots/api#making-requests:
            # https://api.telegram.org/bot<token>/METHOD); without "/bot" every send had failed with a bare NetworkError
            raise ValueError("expected a URL ending in /bot (the token is appended to it), like https://api.telegram.org/bot")
        return v.strip()

    @field_validator("telegram_token")
    @classmethod
    def _telegram_token(cls, v: SecretStr | None) -> SecretStr | None:
        # BotFather's tokens are "<bot id>:<key>" (https://core.telegram.org/bots/api#authorizing-your-bot)
        if v is not None and not re.fullmatch(r"\d+:[A-Za-z0-9_-]+", v.get_secret_value().strip()):
            raise ValueError("expected a bot token from BotFather, <digits>:<letters, digits, _ or ->")
        return v

    @field_validator("twilio_account_sid", "twilio_whatsapp_from", "twilio_sms_from")
    @classmethod
    def _twilio_ids(cls, v: str | None, info) -> str | None:
        """Twilio's own forms (https://www.twilio.com/docs/glossary/what-is-a-sid, .../messaging/api/message-resource):
        see :data:`TWILIO_FORMS`."""
        pattern, expected = TWILIO_FORMS[info.field_name]
        if v and not re.fullmatch(pattern, v.strip()):
            raise ValueError(f"expected {expected}")
        return v.strip() if v else v

    @model_validator(mode="after")
    def _replay_window(self) -> "Settings":
        if 0 < self.replay_window_s < self.claim_ttl_s:
            # a Telegram update re-delivered after an outage is dated when it was first sent: a window shorter than the
            # claims' (the retry horizon) drops such retries unanswered (a break-it trial: 10 s)
            raise ValueError(f"SCHEMEBOT_REPLAY_WINDOW_S ({self.replay_window_s}) must be 0 (off) or at least "
                             f"SCHEMEBOT_CLAIM_TTL_S ({self.claim_ttl_s})")
        return self

    @field_validator("redis_sentinels")
    @classmethod
    def _sentinels(cls, v: str | None) -> str | None:
        if not v or not v.strip():
            return None
        if not all(re.fullmatch(r"[^\s:,]+:\d{1,5}", part.strip()) for part in v.split(",")):
            raise ValueError("expected host:port[,host:port...] of Redis Sentinels")
        return ",".join(part.strip() for part in v.split(","))

    @property
    def redis_configured(self) -> bool:
        """True when the state lives in a Redis server (a URL or Sentinels), not in the embedded store."""
        return bool(self.redis_url or self.redis_sentinels)

    @field_validator("telegram_secret")
    @classmethod
    def _telegram_secret(cls, v: SecretStr | None) -> SecretStr | None:
        # setWebhook's secret_token: "1-256 characters. Only characters A-Z, a-z, 0-9, _ and - are allowed"
        # (Telegram Bot API); Telegram refuses another when the webhook is set, and every update then fails
        if v is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", v.get_secret_value()):
            raise ValueError("the Telegram webhook secret must be 1-256 characters of A-Z, a-z, 0-9, _ and - (Bot API, setWebhook)")
        return v

    @field_validator("public_base_url")
    @classmethod
    def _origin(cls, v: str | None) -> str | None:
        # Telegram delivers webhooks to HTTPS addresses only (Bot API, setWebhook), and the messages Twilio posts
        # carry people's phone numbers and words: never over plain http (a break-it trial set http:// unwarned)
        if v and not re.fullmatch(r"https://[^\s/?#]+(?:/[^\s?#]*)?", v.strip()):
            raise ValueError("the public base URL must be an https:// origin, such as https://bot.example.org")
        return v.strip().rstrip("/") if v else v

    @property
    def telegram_enabled(self) -> bool:
        """True when the bot token and the webhook secret are both set."""
        return self.telegram_token is not None and self.telegram_secret is not None

    @property
    def twilio_enabled(self) -> bool:
        """True when the Twilio account SID and auth token are both set."""
        return bool(self.twilio_account_sid) and self.twilio_auth_token is not None

    @property
    def whatsapp_enabled(self) -> bool:
        """True when Twilio is configured with a WhatsApp sender and the public URL (needed to check signatures)."""
        return self.twilio_enabled and bool(self.twilio_whatsapp_from) and bool(self.public_base_url)

    @property
    def sms_enabled(self) -> bool:
        """True when Twilio is configured with an SMS sender and the public URL."""
        return self.twilio_enabled and bool(self.twilio_sms_from) and bool(self.public_base_url)

    def channels_half_set(self) -> dict[str, list[str]]:
        """Channels some of whose settings are given but not all, each with the environment variables still missing
        (a break-it trial unset the Telegram secret: the server said it was ready with every channel off, and no line
        said why each webhook got 404). Empty when each channel is wholly set or wholly unset."""
        needs = {"telegram": ("telegram_token", "telegram_secret"),
                 "whatsapp": ("twilio_account_sid", "twilio_auth_token", "twilio_whatsapp_from", "public_base_url"),
                 "sms": ("twilio_account_sid", "twilio_auth_token", "twilio_sms_from", "public_base_url")}
        own = {"telegram": ("telegram_token", "telegram_secret"), "whatsapp": ("twilio_whatsapp_from",), "sms": ("twilio_sms_from",)}
        out: dict[str, list[str]] = {}
        for channel, names in needs.items():
            missing = [n for n in names if not getattr(self, n)]
            # (a channel is meant to be on when one of its own settings is given: the shared Twilio account alone is not)
            if missing and any(getattr(self, n) for n in own[channel]):
                out[channel] = [f"SCHEMEBOT_{n.upper()}" for n in missing]
        if self.twilio_account_sid and self.twilio_auth_token and not (self.twilio_whatsapp_from or self.twilio_sms_from):
            # the Twilio account given whole, but no sender for either of its channels: meant for one of them (a break-it trial
            # set the SID and token and got 404 from /twilio/sms with no word why)
            out["whatsapp/sms"] = ["SCHEMEBOT_TWILIO_WHATSAPP_FROM or SCHEMEBOT_TWILIO_SMS_FROM"] + (
                [] if self.public_base_url else ["SCHEMEBOT_PUBLIC_BASE_URL"])
        return out

    def channels(self) -> dict[str, bool]:
        """Which channels are on."""
        return {"telegram": self.telegram_enabled, "whatsapp": self.whatsapp_enabled, "sms": self.sms_enabled}
