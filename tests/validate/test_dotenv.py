"""Reading .env files as the framework's dotenv does, in one pass whatever the file holds."""

from __future__ import annotations

from fwk_tui.validate.env import DotenvEntry, parse_dotenv


def test_an_unclosed_quote_keeps_its_line_and_the_lines_after_it_are_read() -> None:
    body = "".join(f"FWK_K{i}=v{i}\n" for i in range(10_000))
    entries = parse_dotenv('FWK_A="never closed\n' + body)
    assert entries[0] == DotenvEntry("FWK_A", '"never closed', 1)
    assert entries[1] == DotenvEntry("FWK_K0", "v0", 2)
    assert entries[-1] == DotenvEntry("FWK_K9999", "v9999", 10_001)


def test_a_quote_closed_lines_later_makes_one_value_of_them() -> None:
    entries = parse_dotenv('FWK_A="one\r\ntwo\rthree" # note\r\nFWK_B=4\r\n')
    assert entries == [DotenvEntry("FWK_A", "one\ntwo\nthree", 1), DotenvEntry("FWK_B", "4", 4)]


def test_escaped_quotes_and_backslashes_in_double_quotes() -> None:
    entries = parse_dotenv('FWK_A="say \\"hi\\" \\\\"\nFWK_B=\'it\\\'s\n')
    assert entries[0] == DotenvEntry("FWK_A", 'say "hi" \\', 1)
    assert entries[1] == DotenvEntry("FWK_B", "it\\", 2)  # no escapes in single quotes: the second one closes


def test_lone_cr_lines_are_lines() -> None:
    assert [e.line for e in parse_dotenv("A=1\rB=2\r\rC=3")] == [1, 2, 4]
