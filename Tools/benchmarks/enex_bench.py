#!/usr/bin/env python3
"""Benchmarks `quill import` of a large Evernote export against `xmllint --stream --huge --noout` (`--huge`: a resource of more than 10 MB of base64 is one text node, which xmllint refuses without it)
reading the same file (target: within 3x), and the import's peak memory (target: <= 128 MiB).

The export is generated from the real Evernote exports in Tests/Fixtures/OtherApps/evernote
(their notes repeated with new titles), with large resources (random bytes, 1-8 MiB, on one note
in eight) so that most of it is base64, as in exports of notebooks with scans and photos.
quill runs in its default configuration in a fresh home under an existing directory (TMPDIR),
as users run it; whole processes, medians of interleaved runs, the machine's load said.

Usage: enex_bench.py QUILL_BINARY   (SIZE_MIB=1024, RUNS=3, SEED=1, TMPDIR=~/somewhere)
"""
import base64
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Tests", "Fixtures", "OtherApps", "evernote")
SAMPLES = ["linked_notes.enex", "tasks.enex", "images_with_and_without_size.enex", "resource_filename_with_colons.enex",
           "WithInvalidMime.enex", "ImportTestCorrupt.enex"]


def sample_notes():
    notes = []
    for name in SAMPLES:
        text = open(os.path.join(FIXTURES, name), encoding="utf-8").read()
        notes += re.findall(r"<note>.*?</note>", text, flags=re.S)
    return notes


def generate(path, size, seed):
    rng = random.Random(seed)
    notes = sample_notes()
    written = 0
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                  '<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">\n'
                  '<en-export export-date="20240101T000000Z" application="Evernote" version="10.68.2">\n')
        index = 0
        while written < size:
            index += 1
            note = re.sub(r"<title>.*?</title>", "<title>Note %d</title>" % index, rng.choice(notes), count=1, flags=re.S)
            if index % 8 == 0:
                data = rng.randbytes(rng.randint(1 << 20, 8 << 20))
                encoded = base64.encodebytes(data).decode("ascii")
                resource = ('<resource><data encoding="base64">\n%s</data><mime>image/jpeg</mime>'
                            '<resource-attributes><file-name>scan-%d.jpg</file-name></resource-attributes></resource>' % (encoded, index))
                note = note.replace("</note>", resource + "</note>")
            out.write(note + "\n")
            written += len(note) + 1
        out.write("</en-export>\n")
    return index


def timed(command, env=None):
    """Wall time and peak resident memory (MiB) of a whole process."""
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=env, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    if result.returncode != 0:
        sys.exit("%s failed: %s" % (command[0], result.stderr[-2000:]))
    peak_kib = int(result.stderr.strip().splitlines()[-1])
    return elapsed, peak_kib / 1024, result.stdout


def main():
    quill = os.path.abspath(sys.argv[1])
    size = int(os.environ.get("SIZE_MIB", "1024")) << 20
    runs = int(os.environ.get("RUNS", "3"))
    seed = int(os.environ.get("SEED", "1"))
    work = tempfile.mkdtemp(prefix="quill-enex-bench-")
    try:
        export = os.path.join(work, "Notebook.enex")
        notes = generate(export, size, seed)
        actual = os.path.getsize(export)
        xml, imports, peaks = [], [], []
        report = ""
        for run in range(runs):
            xml.append(timed(["xmllint", "--stream", "--huge", "--noout", export])[0])
            home = os.path.join(work, "home-%d" % run)
            env = dict(os.environ, QUILL_HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"))
            elapsed, peak, report = timed([quill, "import", "-q", export], env=env)
            imports.append(elapsed)
            peaks.append(peak)
            shutil.rmtree(home)
        load = open("/proc/loadavg").read().split()[0]
        ratio = statistics.median(imports) / statistics.median(xml)
        section = (
            "A %.0f MiB Evernote export (%d notes, one in eight with a 1–8 MiB resource; generated from the real exports in "
            "`Tests/Fixtures/OtherApps/evernote`, seed %d), imported into a fresh home under `%s` (static release build, "
            "whole processes, median of %d interleaved runs; load average %s at the end):\n\n"
            "| | time | peak memory | target |\n|---|---|---|---|\n"
            "| `xmllint --stream --huge --noout` | %.2f s | | |\n"
            "| `quill import` | %.2f s (%.2f×) | %.0f MiB (largest of the runs) | ≤ 3× xmllint, ≤ 128 MiB |\n"
        ) % (actual / (1 << 20), notes, seed, os.path.dirname(work), runs, load, statistics.median(xml), statistics.median(imports),
             ratio, max(peaks))
        print(section)
        section_file = os.path.join(work, "section.md")
        open(section_file, "w").write(section)
        subprocess.run([sys.executable, os.path.join(HERE, "performance_section.py"), "enex", "Importing an Evernote export",
                        section_file], check=True)
        if ratio > 3 or max(peaks) > 128:
            sys.exit("a target was missed: %.2f× xmllint, %.0f MiB" % (ratio, max(peaks)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
