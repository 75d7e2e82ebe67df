"""Small server-rendered SVG line charts: no JavaScript, readable on a phone.

    >>> svg = line_chart([("Croaker", [0, 200, -100])], title="Croaker's night")
    >>> svg.startswith('<svg') and "<polyline" in svg
    True

Each line starts at zero. The picture has a title and a description; the
templates put a table of the same numbers beside it for screen readers.
"""

from collections.abc import Callable, Sequence

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

PALETTE = ("#0d6efd", "#d63384", "#198754", "#fd7e14", "#6f42c1", "#20c997", "#dc3545", "#6c757d")
DASHES = ("", "6 3", "2 3")


def colour(index: int) -> tuple[str, str]:
    """The stroke colour and dash pattern of the index-th line (colours repeat, dashes differ)."""
    return PALETTE[index % len(PALETTE)], DASHES[(index // len(PALETTE)) % len(DASHES)]


def scale(values: Sequence[int], low: int, high: int, top: float, bottom: float) -> list[float]:
    """Map values in [low, high] onto [bottom, top] pixels (SVG y grows downwards)."""
    span = (high - low) or 1
    return [round(bottom - (v - low) * (bottom - top) / span, 1) for v in values]


def line_chart(
    series: Sequence[tuple[str, Sequence[int]]],
    *,
    title: str,
    width: int = 340,
    height: int = 180,
    money: Callable[[int], str] = str,
) -> SafeString:
    pad_left, pad, pad_bottom = 56, 8, 18
    points = max((len(values) for _, values in series), default=0)
    low = min([0, *(v for _, values in series for v in values)])
    high = max([0, *(v for _, values in series for v in values)])
    top, bottom = pad, height - pad_bottom
    step = (width - pad_left - pad) / max(points, 1)
    parts = [
        format_html(
            '<svg class="chart" viewBox="0 0 {} {}" width="100%" role="img" aria-label="{}">'
            "<title>{}</title>",
            width,
            height,
            title,
            title,
        ),
        *_axis(low, high, top, bottom, left=pad_left, right=width - pad, money=money),
    ]
    for index, (name, values) in enumerate(series):
        ys = scale([0, *values], low, high, top, bottom)
        coords = " ".join(f"{round(pad_left + i * step, 1)},{y}" for i, y in enumerate(ys))
        stroke, dash = colour(index)
        parts.append(
            format_html(
                '<polyline points="{}" fill="none" stroke="{}" stroke-width="2.5" stroke-dasharray="{}">'
                "<title>{}</title></polyline>",
                coords,
                stroke,
                dash,
                name,
            )
        )
    parts.append(mark_safe("</svg>"))
    return mark_safe("".join(parts))


def _axis(low: int, high: int, top: float, bottom: float, *, left: int, right: int, money):
    """The zero line, and the highest and lowest amounts written left of the plot."""
    zero_y = scale([0], low, high, top, bottom)[0]
    label = '<text x="{}" y="{}" class="chart-label" text-anchor="end">{}</text>'
    return [
        format_html(
            '<line x1="{}" x2="{}" y1="{}" y2="{}" class="chart-zero" stroke="currentColor" stroke-opacity=".4"/>',
            left,
            right,
            zero_y,
            zero_y,
        ),
        format_html(label, left - 4, top + 10, money(high)),
        format_html(label, left - 4, bottom, money(low)),
    ]


def legend(names: Sequence[str]) -> list[tuple[str, str, str]]:
    """(name, colour, dash) for the key under a chart."""
    return [(escape(name), *colour(i)) for i, name in enumerate(names)]


WON, CAUGHT, DRAWN = "#198754", "#dc3545", "#adb5bd"


def drop_chart(figures: Sequence, *, title: str, width: int = 340) -> SafeString:
    """A bar a count: as long as the drops made at it, green for those won, red for those
    caught, grey for those drawn; the share won is written at its end on enough drops.

    >>> from ledger.rivalry import DropFigure
    >>> svg = drop_chart([DropFigure(9, 12, 11, 1)], title="Drops")
    >>> svg.count("<rect"), "92%" in svg
    (3, True)
    """
    row, pad_left, pad_right = 18, 28, 40
    most = max((f.drops for f in figures), default=1)
    span = width - pad_left - pad_right
    parts = [
        format_html(
            '<svg class="chart" viewBox="0 0 {} {}" width="100%" role="img" aria-label="{}">'
            "<title>{}</title>",
            width,
            row * len(figures) + 4,
            title,
            title,
        )
    ]
    for index, figure in enumerate(figures):
        y = index * row + 2
        parts.append(
            format_html(
                '<text x="{}" y="{}" class="chart-label" text-anchor="end">{}</text>',
                pad_left - 6,
                y + 12,
                figure.count,
            )
        )
        x = float(pad_left)
        for part, fill in ((figure.won, WON), (figure.caught, CAUGHT), (figure.drawn, DRAWN)):
            length = round(span * part / most, 1)
            parts.append(
                format_html(
                    '<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>',
                    round(x, 1),
                    y,
                    length,
                    row - 4,
                    fill,
                )
            )
            x += length
        if figure.won_percent is not None:
            parts.append(
                format_html(
                    '<text x="{}" y="{}" class="chart-label">{}%</text>',
                    round(x + 4, 1),
                    y + 12,
                    figure.won_percent,
                )
            )
    parts.append(mark_safe("</svg>"))
    return mark_safe("".join(parts))
