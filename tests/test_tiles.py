import pytest

from majiang.tiles import (
    TileError,
    chinese,
    counts_to_tiles,
    english,
    format_tiles,
    parse_chinese,
    parse_tile,
    parse_tiles,
    tiles_to_counts,
    validate_hand_size,
)


def test_ids_follow_the_documented_layout():
    assert parse_tiles("1m9m1p9p1s9s1z7z") == [0, 8, 9, 17, 18, 26, 27, 33]
    assert parse_tile("f3") == 36


def test_round_trip_notation():
    text = "123m456p789s1122z"
    assert format_tiles(parse_tiles(text)) == text
    assert format_tiles(parse_tiles("f1f8")) == "f1f8"


def test_chinese_names_both_ways():
    assert [chinese(t) for t in parse_tiles("1m5p9s5z6z7z")] == ["一万", "五筒", "九条", "红中", "发财", "白板"]
    assert parse_chinese("一万 五饼 九条 红中 发 白板") == parse_tiles("1m5p9s567z")
    assert english(parse_tile("5p")) == "5 Dots"


def test_counts_round_trip():
    tiles = parse_tiles("1112345678999m")
    counts = tiles_to_counts(tiles)
    assert counts[0] == 3 and counts[8] == 3 and sum(counts) == 13
    assert counts_to_tiles(counts) == tiles


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("123x", "unknown suit letter 'x'"),
        ("8z", "honor digit 8 out of range"),
        ("0m", "digit 0 out of range"),
        ("11111m", "copy number 5"),
        ("123", "have no suit letter"),
        ("f9", "flower digit 9 out of range"),
        ("f1f1", "second copy of a flower"),
        ("m", "has no digits before it"),
        ("12m?", "unexpected character '?'"),
    ],
)
def test_bad_notation_names_the_fault(text, fault):
    with pytest.raises(TileError, match=fault.replace("(", r"\(")):
        parse_tiles(text)


def test_hand_size_checks():
    validate_hand_size(14)
    validate_hand_size(13)
    validate_hand_size(2, melds=4)
    with pytest.raises(TileError, match="a hand of 12 tiles is impossible"):
        validate_hand_size(12)
    with pytest.raises(TileError, match="expected 14"):
        validate_hand_size(13, allow_waiting=False)
    with pytest.raises(TileError, match="unknown tile name"):
        parse_chinese("一万火")
