"""Draw the installed app's icons (static/icons/*.png) from the shape of static/img/icon.svg: a gold crescent on the
night blue. Pure Python (zlib + a hand-written PNG), so it needs no imaging library; run once, commit the PNGs:

    python -m tools.make_icons
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
NIGHT = (0x0F, 0x14, 0x28)
GOLD = (0xF2, 0xC1, 0x4E)
SAMPLES = 4  # per axis: 16 samples a pixel smooth the edges
# The crescent of icon.svg in its 64-unit box: a disc with another cut out of it.
MOON = (30.6, 33.4, 18.0)
CUT = (37.0, 27.0, 15.56)


def inside(x: float, y: float, circle: tuple[float, float, float]) -> bool:
    cx, cy, r = circle
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def in_rounded_square(x: float, y: float, radius: float) -> bool:
    """Inside the 64-unit square with rounded corners (icon.svg's rx=14)."""
    nx, ny = min(max(x, radius), 64 - radius), min(max(y, radius), 64 - radius)
    return (x - nx) ** 2 + (y - ny) ** 2 <= radius * radius


def draw(size: int, maskable: bool, badge: bool = False) -> bytes:
    """RGBA rows. A maskable icon fills its square (the platform cuts the shape) and keeps the crescent inside the
    safe zone, the centred circle of 80 %; the plain one has icon.svg's rounded corners, transparent outside; a
    badge (the status bar's small monochrome mark, of which Android keeps only the alpha) is the white crescent."""
    scale = 0.62 if maskable else 1.0  # the crescent spans about 60 % of the box at scale 1
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # filter: none
        for px in range(size):
            moon = shape = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) * 64 / size
                    y = (py + (sy + 0.5) / SAMPLES) * 64 / size
                    if maskable or in_rounded_square(x, y, 14):
                        shape += 1
                    mx, my = 32 + (x - 32) / scale, 32 + (y - 32) / scale
                    if inside(mx, my, MOON) and not inside(mx, my, CUT):
                        moon += 1
            n = SAMPLES * SAMPLES
            a = moon / n
            colour = [round(NIGHT[i] * (1 - a) + GOLD[i] * a) for i in range(3)]
            alpha = 255 if maskable else round(255 * max(shape, moon) / n)
            if badge:
                colour, alpha = [255, 255, 255], round(255 * a)
            rows += bytes(colour) + bytes([alpha])
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rgba_rows, 9))
            + chunk(b"IEND", b""))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable, badge in (("icon-192.png", 192, False, False), ("icon-512.png", 512, False, False),
                                        ("maskable-512.png", 512, True, False), ("badge-96.png", 96, False, True)):
        (OUT / name).write_bytes(png(size, draw(size, maskable, badge)))
        print(f"static/icons/{name}")


if __name__ == "__main__":
    main()
