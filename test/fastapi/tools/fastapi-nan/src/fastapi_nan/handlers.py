"""The FastAPI app. /run answers through json.dumps, whose NaN FastAPI's own encoder would refuse."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from dotenv import load_dotenv
from fastapi import FastAPI, Request, Response

TOOL_DIR = Path(__file__).resolve().parent.parent.parent
SCHEMA = json.loads((TOOL_DIR / "tool.json").read_text(encoding="utf-8"))


def backtest(prices: list, fast: int, slow: int) -> dict:
    p = np.asarray(prices, dtype=float)
    if len(p) < slow + 1:
        return {"trades": 0, "sharpe": float("nan")}
    fast_ma = np.convolve(p, np.ones(fast) / fast, mode="valid")[slow - fast :]
    slow_ma = np.convolve(p, np.ones(slow) / slow, mode="valid")
    position = (fast_ma > slow_ma).astype(float)[:-1]
    returns = np.diff(p[slow - 1 :]) / p[slow - 1 : -1] * position
    trades = int(np.count_nonzero(np.diff(position))) + int(position[0] > 0)
    sd = float(np.std(returns))
    # no trades, or no variation: the ratio is undefined, and NaN says so
    sharpe = float(np.mean(returns) / sd * np.sqrt(252)) if trades and sd > 0 else float("nan")
    return {"trades": trades, "sharpe": round(sharpe, 4) if sharpe == sharpe else sharpe}


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
    async def run(request: Request) -> Response:
        body = await request.json()
        inputs = body.get("inputs") or {}
        prices = [float(x) for x in str(inputs.get("prices", "")).split(",") if x.strip()]
        result = backtest(prices, int(inputs.get("fast", 3)), int(inputs.get("slow", 5)))
        return Response(json.dumps(result), media_type="application/json")

    return app
