"""Compat forecast: thin entrypoint in the original Pixie's layout (the package lives in src/)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))

from compat_forecast.handlers import SCHEMA, run  # noqa: E402
from compat_forecast.server import serve  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    serve(parser.parse_args().port, SCHEMA, run)


if __name__ == "__main__":
    main()
