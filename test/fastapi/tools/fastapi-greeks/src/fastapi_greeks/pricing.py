"""Black-Scholes price and greeks with numpy; torch, when installed, is only reported."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

try:
    import torch  # the heavy backend of [dependency-groups] models; the tool runs without it
except ImportError:
    torch = None


@dataclass(frozen=True)
class Option:
    spot: float
    strike: float
    days: int
    volatility: float
    option_type: str


def _cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def price(o: Option) -> float:
    t, sigma = o.days / 365.0, o.volatility / 100.0
    d1 = (math.log(o.spot / o.strike) + 0.5 * sigma * sigma * t) / (sigma * math.sqrt(t))
    d2 = d1 - sigma * math.sqrt(t)
    if o.option_type == "call":
        return o.spot * _cdf(d1) - o.strike * _cdf(d2)
    return o.strike * _cdf(-d2) - o.spot * _cdf(-d1)


def respond(o: Option) -> dict:
    t, sigma = o.days / 365.0, o.volatility / 100.0
    d1 = (math.log(o.spot / o.strike) + 0.5 * sigma * sigma * t) / (sigma * math.sqrt(t))
    delta = _cdf(d1) if o.option_type == "call" else _cdf(d1) - 1.0
    spots = np.linspace(o.spot * 0.5, o.spot * 1.5, 11)
    curve = [round(price(Option(float(s), o.strike, o.days, o.volatility, o.option_type)), 4) for s in spots]
    return {
        "price": round(price(o), 4),
        "greeks": {"pairs": {"delta": round(delta, 6), "backend": "torch" if torch is not None else "numpy"}},
        "price_vs_spot": {
            "x": [round(float(s), 2) for s in spots],
            "series": [{"name": o.option_type, "y": curve}],
            "x_label": "Spot",
            "y_label": "Price",
        },
    }
