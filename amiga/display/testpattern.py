"""A test card that exercises every drawing primitive in one picture.

Looked at by people (does the font read? do umlauts sit right?) and
compared pixel for pixel by the tests, so any change to drawing shows up.
"""

from __future__ import annotations

import colorsys

import numpy as np

from amiga.display.font import PRINTABLE
from amiga.display.image import Image
from amiga.display.rastport import DrawMode
from amiga.display.screen import Screen

BACKGROUND, WHITE, BLACK, GREY, LIGHT, YELLOW, RED, BLUE = range(8)

# Pens 0-15: a workbench-like set; the rest are generated hue ramps.
FIXED_PENS = (
    (16, 24, 56),
    (255, 255, 255),
    (0, 0, 0),
    (112, 112, 128),
    (176, 176, 192),
    (255, 204, 0),
    (204, 32, 32),
    (48, 96, 224),
    (32, 160, 64),
    (160, 96, 32),
    (128, 32, 160),
    (0, 160, 160),
    (240, 128, 160),
    (96, 64, 32),
    (224, 224, 160),
    (64, 64, 72),
)

SAMPLES = (
    "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.",
    "ÄÖÜ äöü ß - Größe, Übermut, Ärger, Öl.  Noël, garçon, señor, Ångström.",
    "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. ΆΈΉΊΌΎΏ ΪΫ ΐΰ ς €.",
    "Neither Latin-1 nor Greek shows the replacement glyph: œ → ✓ ж",
)


def palette_colours() -> list[tuple[int, int, int]]:
    """The 128 colours of the test card."""
    ramps = []
    for i in range(128 - len(FIXED_PENS)):
        row, column = divmod(i, 16)
        r, g, b = colorsys.hsv_to_rgb(column / 16, 1.0 - row / 10, 1.0 - row / 9)
        ramps.append((round(r * 255), round(g * 255), round(b * 255)))
    return [*FIXED_PENS, *ramps]


def counter() -> Image:
    """A 24x24 shield with a cross: a masked image with a transparent outside."""
    y, x = np.mgrid[0:24, 0:24]
    half = np.where(y < 12, 11.5, 11.5 - (y - 11) * 0.95)
    inside = np.abs(x - 11.5) <= half
    around = np.pad(inside, 1)
    edge = inside & ~(around[:-2, 1:-1] & around[2:, 1:-1] & around[1:-1, :-2] & around[1:-1, 2:])
    pixels = np.full((24, 24), RED, np.uint8)
    pixels[((x >= 7) & (x <= 9)) | ((y >= 8) & (y <= 10))] = YELLOW
    pixels[edge] = BLACK
    return Image(pixels, inside)


def render() -> Screen:
    """Draw the test card on a fresh 640x512 half-brite screen."""
    screen = Screen(halfbrite=True)
    screen.palette.load(palette_colours())
    rp = screen.rastport
    rp.apen = BACKGROUND
    rp.rect_fill(0, 0, 639, 511)

    # Title bar, JAM2 text on it.
    rp.apen = LIGHT
    rp.rect_fill(0, 0, 639, 10)
    rp.apen, rp.bpen = BLACK, LIGHT
    rp.move(4, 8)
    rp.text("amiga.display test card: 640x512, 128 pens + half-brite")

    # All 128 pens as numbered swatches.
    rp.draw_mode = DrawMode.JAM1
    for pen in range(128):
        row, column = divmod(pen, 16)
        x, y = column * 40, 14 + row * 20
        rp.apen = pen
        rp.rect_fill(x + 1, y, x + 38, y + 17)
        r, g, b = screen.palette[pen]
        rp.apen = BLACK if r * 3 + g * 6 + b > 1200 else WHITE
        rp.move(x + 4, y + 12)
        rp.text(f"{pen:3d}")

    # The whole font, 32 glyphs to a row.
    rp.apen = WHITE
    for i, ch in enumerate((*PRINTABLE[:95], "\x7f", *PRINTABLE[95:])):
        row, column = divmod(i, 32)
        rp.move(8 + column * 10, 192 + row * 11)
        rp.text(ch)

    # Draw modes over stripes.
    stripes_top = 180
    for i in range(8):
        rp.apen = GREY if i % 2 else BLUE
        rp.rect_fill(340, stripes_top + i * 9, 635, stripes_top + i * 9 + 8)
    for line, (mode, label) in enumerate(
        (
            (DrawMode.JAM1, "JAM1: set bits only"),
            (DrawMode.JAM2, "JAM2: BPen behind"),
            (DrawMode.COMPLEMENT, "COMPLEMENT: inverted"),
            (DrawMode.JAM2 | DrawMode.INVERSVID, "JAM2|INVERSVID"),
        )
    ):
        rp.draw_mode, rp.apen, rp.bpen = mode, YELLOW, BLACK
        rp.move(346 + line * 4, stripes_top + 10 + line * 17)
        rp.text(label)

    # Sample text, measured with text_length and underlined.
    rp.draw_mode = DrawMode.JAM1
    for i, sample in enumerate(SAMPLES):
        y = 292 + i * 12
        rp.apen = WHITE
        rp.move(8, y)
        rp.text(sample)
        rp.apen = GREY
        rp.move(8, y + 3)
        rp.draw(8 + rp.text_length(sample) - 1, y + 3)

    # Lines: a star, and a fan running off the bottom-right corner.
    cx, cy = 104, 416
    for i in range(24):
        angle = i * np.pi / 12
        rp.apen = 16 + i * 4
        rp.move(cx, cy)
        rp.draw(cx + round(90 * np.cos(angle)), cy + round(84 * np.sin(angle)))
    for i in range(12):
        rp.apen = 64 + i * 5
        rp.move(520, 330 + i * 8)
        rp.draw(700, 470 + i * 9)

    # Counters: over stripes, overlapping, and clipped at the screen edges.
    for i in range(6):
        rp.apen = GREY if i % 2 else LIGHT
        rp.rect_fill(230, 340 + i * 6, 420, 345 + i * 6)
    shield = counter()
    for x, y in ((236, 340), (262, 346), (276, 352), (628, 300), (400, 500)):
        rp.blit(shield, x, y)
    rp.blit(rp.read_image(236, 340, 259, 363), 320, 346)  # a plain copy blit

    # A requester: dim what is behind it, then draw it.
    screen.dim(440, 60, 639, 170)
    rp.apen = LIGHT
    rp.rect_fill(470, 90, 609, 130)
    rp.apen = BLACK
    rp.move(470, 90)
    for x, y in ((609, 90), (609, 130), (470, 130), (470, 90)):
        rp.draw(x, y)
    rp.move(478, 106)
    rp.text("Dimmed behind")
    rp.move(478, 120)
    rp.text("this requester")
    return screen
