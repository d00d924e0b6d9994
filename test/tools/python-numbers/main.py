"""A backtest summary in Python's standard library. Every answer is written by json.dumps with its
defaults, as pandas and numpy users' tools write theirs: NaN for a statistic of no trades, Infinity
for a profit factor with no losses, and order ids past 2^53 that only an exact reader keeps apart.
pixie's test/python-numbers.test.ts validates it, updates its fixtures and reads its events."""
import argparse
import json
import math
import os
import signal
import statistics
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parent
MANIFEST = json.loads((HERE / "tool.json").read_text())
DEFAULTS = {spec["key"]: spec.get("default") for spec in MANIFEST["inputs"]}
RUNS = {}
RUNS_LOCK = threading.Condition()


def parse_returns(text):
    return [float(part) if part.strip() else math.nan for part in str(text).split(",")] if str(text).strip() else []


def run(inputs):
    returns = parse_returns(inputs.get("returns", DEFAULTS["returns"]))
    base = int(inputs.get("base_id", DEFAULTS["base_id"]))
    known = [r for r in returns if not math.isnan(r)]
    sharpe = statistics.mean(known) / statistics.stdev(known) if len(known) > 1 else math.nan
    gains = sum(r for r in known if r > 0)
    losses = -sum(r for r in known if r < 0)
    profit_factor = gains / losses if losses else (math.inf if gains else math.nan)
    equity, total = [], 1.0
    for r in returns:
        total = total * (1 + r)
        equity.append(round(total, 6) if not math.isnan(total) else total)
    rows = [[base + 1 + i, r, equity[i]] for i, r in enumerate(returns)]
    return {
        "sharpe": sharpe,
        "profit_factor": profit_factor,
        "order_id": base + len(returns),
        "summary": {"first_id": base + 1, "sharpe": sharpe, "worst": min(known) if known else -math.inf},
        "trades": {"columns": ["id", "return", "equity"], "rows": rows},
        "equity": {"x": list(range(len(equity))), "series": [{"name": "equity", "y": equity}]},
    }


class Handler(BaseHTTPRequestHandler):
    def send_json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/healthz":
            self.send_json(200, {"status": "ok"})
        elif self.path == "/schema":
            self.send_json(200, MANIFEST)
        elif self.path.startswith("/stream"):
            self.stream(self.path.partition("run_id=")[2])
        else:
            self.send_json(404, {"detail": "not found"})

    def stream(self, run_id):
        # the events of the run with this id (sent at the same time), point by point, NaN as Python writes it
        with RUNS_LOCK:
            RUNS_LOCK.wait_for(lambda: run_id in RUNS, timeout=2)
            outputs = RUNS.get(run_id) or run({})
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.end_headers()
        ys = outputs["equity"]["series"][0]["y"]
        for i, y in enumerate(ys):
            event = {"output_key": "equity", "value": {"x": [i], "series": [{"name": "equity", "y": [y]}]}, "done": False}
            self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
        self.wfile.write(f"data: {json.dumps({'output_key': 'equity', 'value': None, 'done': True})}\n\n".encode())
        self.wfile.flush()

    def do_POST(self):
        if self.path != "/run":
            return self.send_json(404, {"detail": "not found"})
        length = int(self.headers.get("content-length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        try:
            outputs = run(body.get("inputs", body))
        except (TypeError, ValueError) as err:
            return self.send_json(422, {"detail": str(err)})
        with RUNS_LOCK:
            RUNS[str(body.get("run_id", ""))] = outputs
            RUNS_LOCK.notify_all()
        self.send_json(200, outputs)

    def log_message(self, fmt, *args):
        sys.stderr.write("python-numbers: " + (fmt % args) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "0")))
    port = parser.parse_args().port
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    server.serve_forever()


if __name__ == "__main__":
    main()
