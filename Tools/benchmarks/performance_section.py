#!/usr/bin/env python3
"""Replaces one generated section of docs/performance.md (between `<!-- bench:NAME:begin -->`
and `<!-- bench:NAME:end -->`), appending it under HEADING if it is not there yet: the one
writer every benchmark script uses.

Usage: Tools/benchmarks/performance_section.py NAME HEADING FILE   (FILE holds the section text)
"""
import os
import sys

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "performance.md")


def replace(name, heading, body):
    begin, end = "<!-- bench:%s:begin -->" % name, "<!-- bench:%s:end -->" % name
    text = open(PATH).read() if os.path.exists(PATH) else "# Performance\n"
    block = begin + "\n" + body.rstrip("\n") + "\n" + end
    if begin in text and end in text:
        text = text[:text.index(begin)] + block + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n## " + heading + "\n\n" + block + "\n"
    open(PATH, "w").write(text)


if __name__ == "__main__":
    replace(sys.argv[1], sys.argv[2], open(sys.argv[3]).read())
