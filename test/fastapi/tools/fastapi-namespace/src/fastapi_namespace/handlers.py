"""The FastAPI app; the package has no __init__.py."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from dotenv import load_dotenv
from fastapi import FastAPI
from pydantic import BaseModel

from fastapi_namespace.text.stats import summarise

TOOL_DIR = Path(__file__).resolve().parent.parent.parent
SCHEMA = json.loads((TOOL_DIR / "tool.json").read_text(encoding="utf-8"))


class Inputs(BaseModel):
    text: str = "the quick brown fox jumps over the lazy dog"
    top: int = 3


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
    async def run(payload: RunRequest) -> dict:
        i = payload.inputs or Inputs()
        return summarise(i.text, i.top)

    return app
