"""How long presenting a 640x512 indexed frame takes, and which way is fastest.

Run with ``python benchmarks/display.py [frames]``.  Uses SDL's dummy video
driver unless SDL_VIDEODRIVER says otherwise, so it measures the conversion
and scaling work, not a compositor.  Prints the median of many frames for:

* the Presenter itself: full frames at 1x, 2x and 3x, a palette change
  (which repaints everything), and small dirty updates;
* the alternatives it was chosen over, at 2x: scaling the 8-bit surface
  before converting, a numpy palette lookup then SDL scaling, and a numpy
  lookup with numpy scaling straight into the window.

Target: a full frame at 2x in 3 ms or less.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame

from amiga.display import Screen
from amiga.display.present import Presenter

WIDTH, HEIGHT = 640, 512


def median_ms(frame: Callable[[], None], frames: int) -> float:
    for _ in range(10):
        frame()
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        frame()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def noisy_screen() -> Screen:
    screen = Screen()
    rng = np.random.default_rng(2002)
    screen.palette.load(rng.integers(0, 256, (128, 3)))
    screen.pixels[...] = rng.integers(0, 128, (HEIGHT, WIDTH), dtype=np.uint8)
    return screen


def presenter_figures(frames: int) -> None:
    screen = noisy_screen()
    presenter = Presenter(screen, "benchmark", scale=1)
    for scale in (1, 2, 3):
        presenter.set_scale(scale)

        def full_frame() -> None:
            screen.bitmap.dirty.add_all()
            presenter.present()

        print(f"Presenter, full frame at {scale}x:      {median_ms(full_frame, frames):6.3f} ms")

    presenter.set_scale(2)
    pen = [0]

    def palette_change() -> None:
        pen[0] = (pen[0] + 1) % 128
        screen.palette.set_rgb(5, pen[0], 255 - pen[0], 64)
        presenter.present()

    def counters_moved() -> None:
        rp = screen.rastport
        for i in range(10):
            rp.apen = (rp.apen + 1) % 128
            rp.rect_fill(i * 60, 200, i * 60 + 23, 223)
        presenter.present()

    print(f"Presenter, palette change at 2x:     {median_ms(palette_change, frames):6.3f} ms")
    print(f"Presenter, ten 24x24 dirty boxes 2x: {median_ms(counters_moved, frames):6.3f} ms")
    presenter.close()


def alternative_figures(frames: int) -> None:
    screen = noisy_screen()
    pygame.display.init()
    window = pygame.display.set_mode((WIDTH * 2, HEIGHT * 2))
    size = window.get_size()
    indexed = pygame.image.frombuffer(screen.pixels, (WIDTH, HEIGHT), "P")
    indexed.set_palette(screen.palette.rgb)
    big_indexed = pygame.Surface(size, depth=8)
    big_indexed.set_palette(screen.palette.rgb)
    rgb = screen.palette.rgb.astype(np.uint32)
    lut = rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2]
    converted = np.empty((HEIGHT, WIDTH), np.uint32)
    converted_surface = pygame.image.frombuffer(converted, (WIDTH, HEIGHT), "BGRA")
    rgb_surface = pygame.Surface((WIDTH, HEIGHT), 0, window)

    def convert_then_scale() -> None:  # what the Presenter does
        rgb_surface.blit(indexed, (0, 0))
        pygame.transform.scale(rgb_surface, size, window)
        pygame.display.flip()

    def scale_then_convert() -> None:
        pygame.transform.scale(indexed, size, big_indexed)
        window.blit(big_indexed, (0, 0))
        pygame.display.flip()

    def numpy_lookup_sdl_scale() -> None:
        np.take(lut, screen.pixels, out=converted)
        pygame.transform.scale(converted_surface, size, window)
        pygame.display.flip()

    def numpy_lookup_numpy_scale() -> None:
        target = np.frombuffer(window.get_buffer(), np.uint32).reshape(HEIGHT, 2, WIDTH, 2)
        target[...] = lut[screen.pixels][:, None, :, None]
        pygame.display.flip()

    for name, frame in (
        ("8-bit blit converts, SDL scales", convert_then_scale),
        ("SDL scales 8-bit, blit converts", scale_then_convert),
        ("numpy lookup, SDL scales", numpy_lookup_sdl_scale),
        ("numpy lookup, numpy scales", numpy_lookup_numpy_scale),
    ):
        print(f"At 2x, {name + ':':34s}{median_ms(frame, frames):6.3f} ms")
    pygame.display.quit()


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"SDL video driver {os.environ['SDL_VIDEODRIVER']}, median of {frames} frames")
    presenter_figures(frames)
    alternative_figures(frames)


if __name__ == "__main__":
    main()
