"""Compat backtest: a moving-average crossover on an OHLC CSV, or on built-in demo data when no file
is given (the file input is required in tool.json, as in the original Pixie's tools, yet its
fixtures leave it out or send null). Returns kv pairs as an object and a number as {"value": …}."""
from __future__ import annotations

import argparse
import base64
import csv
import io
import json
import math
import os
import signal
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SCHEMA = json.loads((HERE / "tool.json").read_text(encoding="utf-8"))


def demo_closes() -> tuple[list[str], list[float]]:
    dates = [f"2024-{1 + i // 28:02d}-{1 + i % 28:02d}" for i in range(500)]
    closes = [round(100 + 10 * math.sin(i / 15) + 0.02 * i, 4) for i in range(500)]
    return dates, closes


def read_csv(value: Any) -> tuple[list[str], list[float]]:
    """A CSV data URL with date and close columns; anything else (absent, null, a PNG) is the demo."""
    if not isinstance(value, str) or not value.startswith("data:text/csv"):
        return demo_closes()
    text = base64.b64decode(value.split(",", 1)[1]).decode("utf-8")
    rows = [{k.lower(): v for k, v in row.items()} for row in csv.DictReader(io.StringIO(text))]
    return [r["date"] for r in rows], [float(r["close"]) for r in rows]


def moving_average(values: list[float], n: int) -> list[float | None]:
    return [None if i + 1 < n else sum(values[i + 1 - n : i + 1]) / n for i in range(len(values))]


def backtest(inputs: dict[str, Any]) -> dict[str, Any]:
    dates, closes = read_csv(inputs.get("ohlc_csv"))
    fast_n, slow_n = int(inputs.get("fast_ma") or 20), int(inputs.get("slow_ma") or 50)
    cash = float(inputs.get("initial_cash") or 100000)
    fast, slow = moving_average(closes, fast_n), moving_average(closes, slow_n)
    shares, entry, trades, equity = 0.0, None, [], []
    for i, price in enumerate(closes):
        long = fast[i] is not None and slow[i] is not None and fast[i] > slow[i]
        if long and shares == 0:
            shares, cash, entry = cash / price, 0.0, (dates[i], price)
        elif not long and shares > 0:
            cash, pnl = shares * price, shares * (price - entry[1])
            trades.append({
                "entry_date": entry[0], "exit_date": dates[i],
                "entry_price": entry[1], "exit_price": price, "pnl": round(pnl, 2),
            })
            shares = 0.0
        equity.append(round(cash + shares * price, 2))
    return {
        "equity_chart": {"x": dates, "series": [{"name": "Strategy", "y": equity}], "x_label": "Date"},
        "trades_table": {
            "columns": [
                {"key": "entry_date", "label": "Entry date", "type": "string"},
                {"key": "exit_date", "label": "Exit date", "type": "string"},
                {"key": "entry_price", "label": "Entry", "type": "number"},
                {"key": "exit_price", "label": "Exit", "type": "number"},
                {"key": "pnl", "label": "P&L", "type": "number"},
            ],
            "rows": trades,
            "downloadable": True,
        },
        "metrics": {"pairs": {
            "fast MA": fast_n, "slow MA": slow_n, "bars": len(closes), "trades": len(trades),
        }},
        "final_equity": {"value": equity[-1] if equity else cash, "format": "currency"},
        "summary": f"{len(trades)} trade(s) over {len(closes)} bar(s)",
    }


class Handler(BaseHTTPRequestHandler):
    def send_json(self, status: int, body: Any) -> None:
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        if self.path == "/healthz":
            return self.send_json(200, {"ok": True})
        if self.path == "/schema":
            return self.send_json(200, SCHEMA)
        self.send_json(404, {"detail": "Not Found"})

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        payload = json.loads(self.rfile.read(length) or b"{}")
        if self.path.startswith("/cancel"):
            self.send_response(204)
            self.end_headers()
            return
        if self.path != "/run":
            return self.send_json(404, {"detail": "Not Found"})
        inputs = payload.get("inputs")
        if inputs is None:
            inputs = {k: v for k, v in payload.items() if k not in ("run_id", "inputs")}
        self.send_json(200, backtest(inputs))

    def log_message(self, fmt: str, *args: Any) -> None:
        sys.stderr.write("compat-backtest: " + (fmt % args) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    server = ThreadingHTTPServer(("127.0.0.1", parser.parse_args().port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    server.serve_forever()


if __name__ == "__main__":
    main()
