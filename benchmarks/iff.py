"""How long does decoding a full-screen ILBM take?  Target: 20 ms.

Run with ``python benchmarks/iff.py``.  The main picture is synthetic but shaped
like game art -- banded sky, a large filled shape, a dithered ground and a noisy
patch -- 640x512 in 7 planes, ByteRun1-compressed.  Two harder cases follow:
pure noise (every row one long literal run) and short runs (a control byte every
few bytes, the worst case for finding control bytes).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np

from amiga.iff import read_ilbm, write_ilbm

WIDTH, HEIGHT, PLANES = 640, 512, 7
RUNS = 200


def scene() -> np.ndarray:
    """A deterministic 640x512 picture using all 128 pens."""
    rng = np.random.default_rng(2002)
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    pixels = (y // 12) % 32
    pixels = np.where((x - 320) ** 2 + (y - 260) ** 2 < 150**2, 32 + (x // 20) % 16, pixels)
    ground = y > 380
    pixels = np.where(ground & ((x + y) % 2 == 0), 64 + (x // 40) % 16, pixels)
    pixels = np.where(ground & ((x + y) % 2 == 1), 80 + (y // 16) % 16, pixels)
    noisy = (y > 440) & (x < 220)
    return np.where(noisy, rng.integers(96, 128, (HEIGHT, WIDTH)), pixels).astype(np.uint8)


def noise() -> np.ndarray:
    return np.random.default_rng(1).integers(0, 1 << PLANES, (HEIGHT, WIDTH)).astype(np.uint8)


def short_runs() -> np.ndarray:
    runs = np.random.default_rng(7).integers(0, 1 << PLANES, (HEIGHT, WIDTH // 24))
    return np.repeat(runs, 24, axis=1).astype(np.uint8)


def median_ms(action: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    palette = [(i * 2, 255 - i * 2, (i * 37) % 256) for i in range(1 << PLANES)]
    print(f"Decoding {WIDTH}x{HEIGHT} ILBMs, {PLANES} planes, ByteRun1 (median of {RUNS} runs)")
    for label, pixels in (("scene", scene()), ("noise", noise()), ("short runs", short_runs())):
        data = write_ilbm(pixels, palette, planes=PLANES, compress=True)
        assert (read_ilbm(data).pixels == pixels).all()
        milliseconds = median_ms(lambda data=data: read_ilbm(data))
        print(f"  {label:11} {len(data):7} bytes  read_ilbm {milliseconds:6.2f} ms")
    pixels = scene()
    encode = median_ms(lambda: write_ilbm(pixels, palette, planes=PLANES), runs=20)
    print(f"  scene       write_ilbm {encode:6.2f} ms")


if __name__ == "__main__":
    main()
