"""Billing service application factory."""

from fastapi import FastAPI

from app.api.routes import router


def create_app() -> FastAPI:
    app = FastAPI(title="Ledgerly billing", version="0.4.0")
    app.include_router(router)
    return app
