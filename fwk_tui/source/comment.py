"""A short comment beside a value of the config: what the move to layout A writes beside each pin."""

from __future__ import annotations

from fwk_tui.source.document import ConfigDocument, PathLike


def comment_after(doc: ConfigDocument, path: PathLike, words: str, *, inline: bool = False) -> ConfigDocument:
    """``doc`` with ``// words`` at the end of the line where the value at ``path`` ends.

    Only where the value ends its line (a comma may follow): a value followed
    by another member or a comment on its line is left as it is (``doc``),
    unless ``inline``: then ``/* words */`` follows the value.
    """
    end = doc.span(path).end
    if inline and "*/" not in words:
        return doc.replace_spans([(end, end, f" /* {words} */")])
    data = doc.data
    line_end = data.find(b"\n", end)
    line_end = len(data) if line_end < 0 else line_end
    rest = data[end:line_end].rstrip(b"\r")
    if rest.strip() not in (b"", b","):
        return doc
    at = end + len(rest.rstrip())
    return doc.replace_spans([(at, at, f" // {words}")])
