#!/usr/bin/env python3
"""What scripts/window-test.sh checks on the screen of the native window.

  looks.py gen DIR                 write blocks.dds (128x128, four colour blocks,
                                   8 mips), stub.MPP (GUTS's 2,524-byte stub) and
                                   tone.wav (1 s)
  looks.py audio PROBE SECONDS DURATION
                                   wait until the page's <audio> has loaded the
                                   entry and knows its duration
  looks.py wait PROBE SECONDS ID REGEX [ID REGEX ...]
                                   wait until the page (the window's probe file,
                                   app/window_probe.go) shows text matching each
                                   REGEX in the element data-testid=ID ("body":
                                   the whole page); prints the texts on failure
  looks.py gone PROBE SECONDS ID REGEX
                                   wait until the element ID no longer shows
                                   text matching REGEX (a dialog closed)
  looks.py gridfacts GRID.MPP      print "W H WALKABLE" (the count as the window
                                   writes it, 12,345)
  looks.py texture PROBE SHOT.png WINX WINY
                                   the picture on the screen is the texture: at
                                   least 128x128 pixels, square, each quadrant its
                                   colour
  looks.py covered PROBE SHOT.png WINX WINY UNDER OVER
                                   the element data-testid=OVER (a dialog) covers
                                   UNDER's right edge (a list's scrollbar) on the
                                   screen: across OVER's top padding the 14 pixels
                                   at UNDER's right edge are the dialog's colour
                                   (WebKitGTK drew native scrollbars over dialogs)
  looks.py grid PROBE SHOT.png WINX WINY GRID.MPP
                                   the picture is the walk grid: the grid's aspect,
                                   walkable and void cells in their colours in the
                                   proportions the file has

The page says where the picture is (the probe: the <img>'s rectangle in
the page); the pixels come from a screenshot of the X server, so what is
checked is what a user sees. Exit status 1 with a reason on a failure.
"""
import json
import re
import struct
import subprocess
import sys
import time

# The texture's blocks: pure colours the window's theme does not use.
BLOCKS = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 0, 255)]  # TL, TR, BL, BR
# backend/previews/gridrender.go
WALKABLE = (0xD9, 0xE8, 0xC4)
VOID = (0x1B, 0x1E, 0x2B)


def fail(msg):
    print("looks: " + msg)
    sys.exit(1)


def gen(d):
    w = h = 128
    mips = 8  # 128 .. 1
    hdr = struct.pack(
        "<4s7I44x8I4I4x",
        b"DDS ", 124, 0x1 | 0x2 | 0x4 | 0x8 | 0x1000 | 0x20000, h, w, w * 4, 0, mips,
        32, 0x41, 0, 32, 0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000,
        0x1000 | 0x400000 | 0x8, 0, 0, 0,
    )
    assert len(hdr) == 128, len(hdr)
    data = bytearray()
    for m in range(mips):
        mw, mh = max(1, w >> m), max(1, h >> m)
        for y in range(mh):
            for x in range(mw):
                i = (2 if mh > 1 and y >= mh // 2 else 0) + (1 if mw > 1 and x >= mw // 2 else 0)
                r, g, b = BLOCKS[i]
                data += bytes((b, g, r, 255))  # B8G8R8A8 in memory
    with open(d + "/blocks.dds", "wb") as f:
        f.write(hdr + data)
    with open(d + "/stub.MPP", "wb") as f:
        f.write(struct.pack("<iiffff", 50, 50, 10, 10, 20, 20) + b"\xff" * 2500)
    # one second of a 440 Hz tone, 16-bit mono 22,050 Hz
    import math, wave
    with wave.open(d + "/tone.wav", "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        w.writeframes(b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * i / 22050))) for i in range(22050)))


def probe(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def wait(path, seconds, pairs):
    deadline = time.time() + float(seconds)
    p = None
    while time.time() < deadline:
        p = probe(path)
        if p and all(re.search(rx, text_of(p, tid)) for tid, rx in pairs):
            return
        time.sleep(0.3)
    texts = {k: v[:300] for k, v in (p or {}).get("texts", {}).items()}
    missing = [f"{tid} !~ /{rx}/" for tid, rx in pairs if not re.search(rx, text_of(p or {}, tid))]
    fail("after %ss the window does not show %s; it shows %s" % (seconds, "; ".join(missing), json.dumps(texts, ensure_ascii=False)))


def gone(path, seconds, tid, rx):
    deadline = time.time() + float(seconds)
    p = None
    while time.time() < deadline:
        p = probe(path)
        if p and not re.search(rx, text_of(p, tid)):
            return
        time.sleep(0.3)
    fail("after %ss the window still shows %s ~ /%s/: %s" % (seconds, tid, rx, text_of(p or {}, tid)[:300]))


def text_of(p, tid):
    if tid == "body":
        return p.get("body", "")
    return p.get("texts", {}).get(tid, "")


def picture(path, shot, wx, wy):
    """The <img> of the image view: its rectangle on the screen and its pixels."""
    p = probe(path) or {}
    ims = [i for i in p.get("images", []) if i.get("testid") == "image-view"]
    if not ims:
        fail("the page shows no picture (no visible image-view): %s" % json.dumps(p.get("images")))
    x, y, w, h = ims[0]["rect"]
    sx, sy = int(wx) + x, int(wy) + y
    ppm = subprocess.run(["convert", shot, "-crop", f"{w}x{h}+{sx}+{sy}", "+repage", "-depth", "8", "ppm:-"],
                         check=True, capture_output=True).stdout
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", ppm)
    if not m:
        fail("convert gave no PPM")
    cw, ch = int(m.group(1)), int(m.group(2))
    px = ppm[m.end():]
    return (w, h), ims[0]["natural"], (cw, ch), px


def count(px, cw, x0, y0, x1, y1, rgb):
    want = bytes(rgb)
    n = 0
    for y in range(y0, y1):
        row = px[(y * cw + x0) * 3:(y * cw + x1) * 3]
        n += sum(1 for i in range(0, len(row), 3) if row[i:i + 3] == want)
    return n


def texture(path, shot, wx, wy):
    (w, h), natural, (cw, ch), px = picture(path, shot, wx, wy)
    if (cw, ch) != (w, h):
        fail(f"the picture's rectangle {w}x{h} is not all on the screen (cropped {cw}x{ch})")
    if w < 128 or h < 128 or w != h:
        fail(f"the 128x128 texture shows as {w}x{h} pixels (its PNG is {natural[0]}x{natural[1]})")
    half = w // 2
    for i, rgb in enumerate(BLOCKS):
        x0, y0 = (i % 2) * half, (i // 2) * half
        # one pixel in from the block's edges: smoothing may blend them
        n = count(px, cw, x0 + 1, y0 + 1, x0 + half - 1, y0 + half - 1, rgb)
        area = (half - 2) ** 2
        if n < area * 0.98:
            fail(f"block {i} of the texture on the screen: {n} of {area} pixels are #{bytes(rgb).hex()}")
    print(f"looks: the texture shows at {w}x{h} pixels, its four blocks in their colours")


def grid(path, shot, wx, wy, mpp):
    with open(mpp, "rb") as f:
        b = f.read()
    gw, gh = struct.unpack("<ii", b[:8])
    cells = b[24:]
    walk = cells.count(0) / len(cells)
    void = cells.count(0xFF) / len(cells)
    (w, h), natural, (cw, ch), px = picture(path, shot, wx, wy)
    if (cw, ch) != (w, h):
        fail(f"the grid's rectangle {w}x{h} is not all on the screen (cropped {cw}x{ch})")
    if w < min(gw, 200) or abs(w / h - gw / gh) > 0.03:
        fail(f"the {gw}x{gh} grid shows as {w}x{h} pixels (its PNG is {natural[0]}x{natural[1]})")
    n = w * h
    sw = count(px, cw, 0, 0, w, h, WALKABLE) / n
    sv = count(px, cw, 0, 0, w, h, VOID) / n
    # Shrunk to fit, cell edges blend: most of each class keeps its colour.
    for name, got, want in (("walkable", sw, walk), ("void", sv, void)):
        if want > 0.02 and not (0.6 * want <= got <= want + 0.02):
            fail(f"{name}: {got:.1%} of the grid on the screen, {want:.1%} of the file's cells")
        if want == 0 and got > 0.001:
            fail(f"{name}: {got:.1%} of the grid on the screen, but the file has none")
    print(f"looks: the {gw}x{gh} grid shows at {w}x{h} pixels: walkable {sw:.1%} (file {walk:.1%}), void {sv:.1%} (file {void:.1%})")


def covered(path, shot, wx, wy, under, over):
    p = probe(path) or {}
    rects = p.get("rects", {})
    if under not in rects or over not in rects:
        fail("covered: the page shows no %s or no %s (rects %s)" % (under, over, json.dumps(sorted(rects))))
    ux, uy, uw, uh = rects[under]
    ox, oy, ow, oh = rects[over]
    edge = ux + uw - 14
    if not (ox < edge - 40 and ux + uw < ox + ow and oy + 4 < uy + uh and uy < oy + 4):
        fail("covered: %s %s does not lie across %s's right edge %s" % (over, rects[over], under, rects[under]))
    # Rows 3-8 of the dialog: its top padding, above the title.
    ppm = subprocess.run(["convert", shot, "-crop", f"{uw + 60}x6+{int(wx) + edge - 40}+{int(wy) + oy + 3}", "+repage", "-depth", "8", "ppm:-"],
                         check=True, capture_output=True).stdout
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", ppm)
    cw = int(m.group(1))
    px = ppm[m.end():]
    bad = []
    for y in range(6):
        ref = px[(y * cw) * 3:(y * cw) * 3 + 3]  # 40 px left of the edge: the dialog's own colour
        for x in range(40, 54):
            if px[(y * cw + x) * 3:(y * cw + x) * 3 + 3] != ref:
                bad.append((x - 40, y, tuple(px[(y * cw + x) * 3:(y * cw + x) * 3 + 3]), tuple(ref)))
    if bad:
        fail("something is drawn over the dialog at the list's right edge (its scrollbar): %d pixels differ, e.g. %s" % (len(bad), bad[:3]))
    print("looks: the dialog covers the list's scrollbar")


def main(a):
    if a[:1] == ["gen"]:
        gen(a[1])
    elif a[:1] == ["wait"]:
        rest = a[3:]
        wait(a[1], a[2], list(zip(rest[0::2], rest[1::2])))
    elif a[:1] == ["gone"]:
        gone(*a[1:5])
    elif a[:1] == ["audio"]:
        deadline = time.time() + float(a[2])
        m = []
        while time.time() < deadline:
            m = (probe(a[1]) or {}).get("media", [])
            if m and m[0]["error"]:
                fail("the window cannot play the audio: MediaError code %d (%s)" % (m[0]["error"], json.dumps((probe(a[1]) or {}).get("texts", {}).get("preview-error", ""))))
            if m and m[0]["readyState"] >= 1 and abs(m[0]["duration"] - float(a[3])) < 0.05:
                print("looks: the audio loaded: %.3f s" % m[0]["duration"])
                return
            time.sleep(0.3)
        fail("after %ss the audio view has %s" % (a[2], json.dumps(m)))
    elif a[:1] == ["gridfacts"]:
        with open(a[1], "rb") as f:
            b = f.read()
        gw, gh = struct.unpack("<ii", b[:8])
        print(gw, gh, f"{b[24:].count(0):,}")
    elif a[:1] == ["texture"]:
        texture(*a[1:5])
    elif a[:1] == ["covered"]:
        covered(*a[1:7])
    elif a[:1] == ["grid"]:
        grid(*a[1:6])
    else:
        fail("usage: see the docstring")


if __name__ == "__main__":
    main(sys.argv[1:])
