"""The recap's image card: the night's totals on a felt-green card, 1200 × 630 pixels (the
size chat apps show a link's image at), as a small palette PNG drawn with Pillow."""

import io
from functools import cache
from pathlib import Path

from django.utils.translation import ngettext
from PIL import Image, ImageDraw, ImageFont

from ledger.reads.recap import Recap
from ledger.web.i18n import local_date, money

WIDTH, HEIGHT = 1200, 630
FELT, INK, MUTED, WON, LOST = "#0b5d3b", "#ffffff", "#bfe3cf", "#ffd54a", "#ffb4a8"
ROWS = 6  # players listed; the rest are summed in one line
# Debian's DejaVu covers every script a name is likely to be in; Pillow's own font (Latin
# only) stands in where it is missing.
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = DEJAVU / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if path.exists():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size)


def _fit(draw: ImageDraw.ImageDraw, text: str, face, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def card_png(recap: Recap, *, hands_line: str) -> bytes:
    league = recap.night.season.league
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    margin = 60
    draw.text(
        (margin, 44),
        _fit(draw, league.name, font(56, True), WIDTH - 2 * margin),
        fill=INK,
        font=font(56, True),
    )
    draw.text((margin, 116), local_date(recap.night.date, "l j F Y"), fill=MUTED, font=font(32))
    rows = recap.totals[:ROWS]
    if len(recap.totals) > ROWS:
        rest = recap.totals[ROWS - 1 :]
        others = ngettext("%(n)d other", "%(n)d others", len(rest)) % {"n": len(rest)}
        rows = [*recap.totals[: ROWS - 1], (others, sum(net for _n, net in rest))]
    top = 186
    for i, (name, net) in enumerate(rows):
        y = top + i * 58
        colour = WON if net > 0 else LOST if net < 0 else INK
        face = font(46, bold=i == 0 and net > 0)
        amount = money(net, league, signed=True) if net else money(0, league)
        amount_width = draw.textlength(amount, font=face)
        draw.text(
            (margin, y),
            _fit(draw, name, face, WIDTH - 3 * margin - amount_width),
            fill=INK,
            font=face,
        )
        draw.text((WIDTH - margin - amount_width, y), amount, fill=colour, font=face)
    draw.line((margin, HEIGHT - 86, WIDTH - margin, HEIGHT - 86), fill=MUTED, width=2)
    draw.text(
        (margin, HEIGHT - 70),
        _fit(draw, hands_line, font(30), WIDTH - 2 * margin),
        fill=MUTED,
        font=font(30),
    )
    out = io.BytesIO()
    # A palette of 16 keeps the text's edges smooth at a sixth of the RGB file's size; the
    # fast quantizer and zlib's default level take 20 ms where the defaults took 170.
    image.quantize(colors=16, method=Image.Quantize.FASTOCTREE).save(out, format="PNG")
    return out.getvalue()
