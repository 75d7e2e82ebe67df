import re

from ledger.web.charts import PALETTE, colour, line_chart, scale


def test_scale_maps_the_range_onto_the_pixels():
    assert scale([0, 50, 100], 0, 100, top=10, bottom=110) == [110, 60, 10]
    assert scale([-100, 0, 100], -100, 100, top=0, bottom=200) == [200, 100, 0]
    assert scale([5, 5], 5, 5, top=0, bottom=10) == [10, 10], "a flat line does not divide by zero"


def test_each_line_starts_at_zero_and_has_a_point_per_value():
    svg = line_chart([("A", [100, -100]), ("B", [-100, 100])], title="Night", width=200, height=100)
    lines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert len(lines) == 2
    first = [tuple(map(float, p.split(","))) for p in lines[0].split()]
    zero_y = float(re.search(r'<line [^>]*y1="([\d.]+)"', svg).group(1))
    assert len(first) == 3
    assert first[0][1] == zero_y
    assert first[1][1] < zero_y < first[2][1], "a gain is drawn above the zero line"


def test_names_and_titles_are_escaped():
    svg = line_chart([("<script>alert(1)</script>", [1])], title='"><img src=x>')
    assert "<script>" not in svg
    assert "<img" not in svg
    assert "&lt;script&gt;" in svg


def test_the_axis_shows_the_range_as_money():
    svg = line_chart([("A", [250, -50])], title="t", money=lambda v: f"${v / 100:.2f}")
    assert ">$2.50</text>" in svg
    assert ">$-0.50</text>" in svg


def test_colours_repeat_with_a_dash_after_the_palette():
    assert colour(0) == (PALETTE[0], "")
    assert colour(len(PALETTE)) == (PALETTE[0], "6 3")
