#!/usr/bin/env python3
"""Draws the Rollbook icon (a d20 on a rounded tile) with ImageMagick.

Run: python3 scripts/make-icon.py /tmp/rollbook-icon.png && npx tauri icon /tmp/rollbook-icon.png --output icons
The PNG set in icons/ is committed; this script is kept so the icon can be redrawn.
"""
import math
import subprocess
import sys

SIZE = 1024
C = SIZE / 2


def point(angle_deg, radius, cy=C + 10):
    a = math.radians(angle_deg)
    return (C + radius * math.cos(a), cy + radius * math.sin(a))


def poly(points):
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def main(out):
    R, r = 380, 215
    hexagon = [point(a, R) for a in (-90, -30, 30, 90, 150, 210)]
    top, right, left = point(-90, r), point(30, r), point(150, r)
    h = dict(zip(("t", "ur", "lr", "b", "ll", "ul"), hexagon))
    facets = [
        # (shade, polygon): lighter faces look towards the light from the top left.
        ("#f1e7d0", [h["ul"], h["t"], top]),
        ("#e2d3b3", [h["t"], h["ur"], top]),
        ("#d3c199", [h["ur"], right, top]),
        ("#c4ae82", [h["ur"], h["lr"], right]),
        ("#b39a6c", [h["lr"], h["b"], right]),
        ("#c8b287", [h["b"], left, right]),
        ("#dccaa6", [h["b"], h["ll"], left]),
        ("#eadcbf", [h["ll"], h["ul"], left]),
        ("#f4ecda", [h["ul"], top, left]),
        ("#fbf6ea", [top, right, left]),
    ]
    cmd = [
        "/usr/bin/convert", "-size", f"{SIZE}x{SIZE}", "xc:none",
        # The tile: a deep ink-blue rounded square with a soft vertical gradient.
        "(", "-size", f"{SIZE - 64}x{SIZE - 64}", "gradient:#3d4a8c-#1f2750",
        "(", "-size", f"{SIZE - 64}x{SIZE - 64}", "xc:none", "-fill", "white",
        "-draw", f"roundrectangle 0,0,{SIZE - 65},{SIZE - 65},190,190", ")",
        "-compose", "DstIn", "-composite", ")",
        "-geometry", "+32+32", "-compose", "Over", "-composite",
        "-stroke", "#2a2f55", "-strokewidth", "10",
    ]
    for shade, pts in facets:
        cmd += ["-fill", shade, "-draw", f"stroke-linejoin round polygon {poly(pts)}"]
    cmd += [
        "-stroke", "none", "-fill", "#2a2f55",
        "-font", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "-pointsize", "150", "-gravity", "center",
        "-annotate", "+0+52", "20",
        out,
    ]
    subprocess.run(cmd, check=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/rollbook-icon.png")
