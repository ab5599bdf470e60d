#!/usr/bin/env python3
"""The coefficients of vec_erff (src/mosaic/vmath.c): least-squares polynomial fits, on
Chebyshev nodes, to Python's double erf and erfc.

  |x| < 0.875:         erf(x) = x + x P(x^2), P of degree 5 (erf(x)/x - 1), coefficients
                       rounded to float (the 1 kept apart, so that P's constant, 2/sqrt(pi) - 1,
                       keeps its bits)
  0.875 <= |x| < 3.92: erf(x) = 1 - exp(Q(u)), u = (|x| - 2.3975) / 1.5225, Q of degree 10 for
                       log erfc(x), kept in double (the C code evaluates Q in double)

Prints the coefficients, highest degree first, and each fit's error on a fine grid (relative
for P, in float ulps of erf for Q). Needs numpy (python/.venv has it)."""
import math

import numpy as np

SMALL, BIG = 0.875, 3.92


def nodes(n, lo, hi):
    return lo + (hi - lo) * (np.cos(np.pi * (np.arange(n) + 0.5) / n) + 1) / 2


def main():
    t = nodes(2000, 0.0, SMALL * SMALL)
    g = np.array([math.erf(math.sqrt(v)) / math.sqrt(v) - 1 for v in t])
    p = np.polyfit(t, g, 5).astype(np.float32).astype(np.float64)
    x = np.linspace(1e-6, SMALL, 200001)
    erf = np.array([math.erf(v) for v in x])
    print("P =", [repr(float(c)) for c in p])
    print("  max relative error", np.max(np.abs((x + x * np.polyval(p, x * x)) / erf - 1)))

    mid, half = (SMALL + BIG) / 2, (BIG - SMALL) / 2
    u = nodes(4000, -1.0, 1.0)
    f = np.array([math.log(math.erfc(mid + half * v)) for v in u])
    q = np.polyfit(u, f, 10)
    x = np.linspace(SMALL, BIG, 200001)
    erf = np.array([math.erf(v) for v in x])
    err = np.abs(1 - np.exp(np.polyval(q, (x - mid) / half)) - erf)
    print("u = (|x| -", repr(mid), ") /", repr(half))
    print("Q =", [repr(float(c)) for c in q])
    print("  max error in float ulps of erf", np.max(err / np.spacing(erf.astype(np.float32)).astype(np.float64)))


if __name__ == "__main__":
    main()
