"""Entry point for ASGI servers: ``uvicorn --factory bot.asgi:app_factory`` (what ``schemebot serve`` runs)."""

from __future__ import annotations

from fastapi import FastAPI

from bot.app import create_app
from bot.observability import setup_logging
from bot.settings import Settings


def app_factory() -> FastAPI:
    """The app configured from the environment, with JSON logs."""
    setup_logging()
    return create_app(Settings())
