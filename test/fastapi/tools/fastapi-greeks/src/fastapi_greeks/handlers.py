"""The FastAPI app: /healthz, /schema and /run, with the inputs as a pydantic model."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

from dotenv import load_dotenv
from fastapi import FastAPI
from pydantic import BaseModel

from .pricing import Option, respond

TOOL_DIR = Path(__file__).resolve().parent.parent.parent
SCHEMA = json.loads((TOOL_DIR / "tool.json").read_text(encoding="utf-8"))


class Inputs(BaseModel):
    spot: float = 100.0
    strike: float = 100.0
    days: int = 30
    volatility: float = 20.0
    option_type: str = "call"


class RunRequest(BaseModel):
    run_id: Optional[str] = None
    inputs: Optional[Inputs] = None


def build_app() -> FastAPI:
    load_dotenv(TOOL_DIR / ".env")
    app = FastAPI(title=SCHEMA["name"])

    @app.get("/healthz")
    async def healthz() -> dict:
        return {"ok": True}

    @app.get("/schema")
    async def schema() -> dict:
        return SCHEMA

    @app.post("/run")
    async def run(payload: RunRequest) -> Any:
        i = payload.inputs or Inputs()
        return respond(Option(i.spot, i.strike, i.days, i.volatility, i.option_type))

    return app
