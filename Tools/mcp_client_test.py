#!/usr/bin/env python3
"""Drives `quill mcp` with the official MCP Python SDK, as an assistant would.

On a fresh QUILL_HOME holding notes made with the real `quill` (English, Chinese, Japanese,
Korean, Arabic, emoji, links between them):
  1. without --allow-writes: the handshake names the server; the tools listed are exactly the
     read tools, each marked read-only; search, list (recent and by tag), read (by ID, prefix and
     title), backlinks and tags each answer what `quill` itself says; a write is refused with a
     message naming --allow-writes and changes nothing; bad arguments (missing, mistyped, unknown,
     out of range, an invalid query, a note that does not exist) are each a clear tool error; an
     unknown tool is a protocol error.
  2. with --allow-writes: create_note and append_to_note are listed; a created note and an
     appended line are normal revisions that `quill show` and `quill history` see.
  3. piped, as a script does (`printf '…' | quill mcp`): requests written and the input closed
     at once are all answered before the process exits.

Usage: mcp_client_test.py QUILL-BINARY
"""
import asyncio
import json
import os
import subprocess
import sys
import tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

QUILL = sys.argv[1]
HOME = tempfile.mkdtemp(prefix="quill-mcp-")
ENVIRONMENT = {"QUILL_HOME": HOME, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": HOME}
READ_TOOLS = {"search_notes", "list_notes", "read_note", "list_backlinks", "list_tags"}
WRITE_TOOLS = {"create_note", "append_to_note"}
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def quill(*arguments):
    return subprocess.run([QUILL, *arguments], env=ENVIRONMENT, check=True, capture_output=True, text=True).stdout


def add(title, body, *tags):
    arguments = ["add", title, "--body", body]
    for tag in tags:
        arguments += ["--tag", tag]
    quill(*arguments)


def note_id(title):
    return next(note["id"] for note in json.loads(quill("list", "--json")) if note["title"] == title)


def answer(result):
    """The JSON answer of a successful call (its one text block)."""
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)


async def call(session, name, arguments):
    return await session.call_tool(name, arguments)


async def expect_tool_error(session, name, arguments, *fragments):
    result = await call(session, name, arguments)
    text = result.content[0].text if result.content else ""
    check(result.is_error, f"{name}({arguments}) was not an error: {text[:200]}")
    for fragment in fragments:
        check(fragment in text, f"{name}({arguments}): {text!r} does not say {fragment!r}")


async def session_with(arguments, body):
    parameters = StdioServerParameters(command=QUILL, args=arguments, env=ENVIRONMENT)
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            await body(session, initialized)


async def read_only(session, initialized):
    check(initialized.server_info.name == "quill", f"server name {initialized.server_info.name}")
    check("read-only" in (initialized.instructions or ""), "the instructions do not say the notes are read-only")
    tools = (await session.list_tools()).tools
    check({tool.name for tool in tools} == READ_TOOLS, f"listed {sorted(tool.name for tool in tools)}")
    check(all(tool.annotations and tool.annotations.read_only_hint for tool in tools), "a read tool is not marked read-only")
    check(all(tool.input_schema.get("type") == "object" for tool in tools), "a schema is not an object")

    hits = answer(await call(session, "search_notes", {"query": "basil"}))
    check([hit["title"] for hit in hits] == ["Garden plan"], f"search basil: {hits}")
    linked = answer(await call(session, "search_notes", {"query": "garden"}))
    check({hit["title"] for hit in linked} == {"Garden plan", "Groceries 🛒", "한국어 메모"}, f"search garden: {linked}")
    check("**" in hits[0]["snippet"], f"no highlighted match in {hits[0]['snippet']!r}")
    check(answer(await call(session, "search_notes", {"query": "مرحبا"}))[0]["title"] == "تحية", "Arabic search")
    check(len(answer(await call(session, "search_notes", {"query": "plan", "limit": 1}))) == 1, "search limit")

    recent = answer(await call(session, "list_notes", {}))
    check([note["title"] for note in recent] == [note["title"] for note in json.loads(quill("list", "--json"))], "list order")
    tagged = answer(await call(session, "list_notes", {"tag": "home", "limit": 5}))
    check({note["title"] for note in tagged} == {"Garden plan", "Groceries 🛒"}, f"list by tag: {tagged}")

    garden = note_id("Garden plan")
    by_id = answer(await call(session, "read_note", {"note": garden}))
    by_prefix = answer(await call(session, "read_note", {"note": garden[:6]}))
    by_title = answer(await call(session, "read_note", {"note": "garden PLAN"}))
    check(by_id == by_prefix == by_title, "read by ID, prefix and title differ")
    check(by_id["body"] == json.loads(quill("show", garden, "--json"))["body"], "read_note's body is not quill's")
    check(answer(await call(session, "read_note", {"note": "日本語のメモ"}))["tags"] == ["日本"], "read by a Japanese title")

    backlinks = answer(await call(session, "list_backlinks", {"note": "Garden plan"}))
    check({link["title"] for link in backlinks} == {"Groceries 🛒", "한국어 메모"}, f"backlinks: {backlinks}")
    check(all("[[Garden plan]]" in link["context"] for link in backlinks), "backlink contexts")
    tags = answer(await call(session, "list_tags", {}))
    check(tags[0] == {"tag": "home", "notes": 2}, f"tags: {tags}")

    before = quill("list", "--json")
    await expect_tool_error(session, "create_note", {"title": "Sneaky"}, "--allow-writes")
    await expect_tool_error(session, "append_to_note", {"note": garden, "text": "more"}, "--allow-writes")
    check(quill("list", "--json") == before, "a refused write changed the notes")

    await expect_tool_error(session, "read_note", {}, "'note' is required")
    await expect_tool_error(session, "read_note", {"note": 7}, "'note' must be a string")
    await expect_tool_error(session, "read_note", {"note": "Nothing like this"}, "no note matches")
    await expect_tool_error(session, "search_notes", {"query": "plan", "limit": 0}, "from 1 to 100")
    await expect_tool_error(session, "search_notes", {"query": "plan", "limti": 3}, "unknown argument 'limti'")
    await expect_tool_error(session, "search_notes", {"query": "   "}, "")
    await expect_tool_error(session, "list_notes", {"tag": "two words"}, "")
    try:
        await call(session, "delete_everything", {})
        check(False, "an unknown tool was not a protocol error")
    except Exception as error:  # the SDK raises the JSON-RPC error
        check("delete_everything" in str(error), f"unknown tool error: {error}")


async def writable(session, initialized):
    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    check(set(tools) == READ_TOOLS | WRITE_TOOLS, f"listed with --allow-writes: {sorted(tools)}")
    check(tools["create_note"].annotations.read_only_hint is False, "create_note is marked read-only")
    created = answer(await call(session, "create_note", {"title": "From the assistant", "body": "Asked 你好", "tags": ["ai"]}))
    check(created["revision"] == 1 and created["tags"] == ["ai"], f"created: {created}")
    shown = json.loads(quill("show", created["id"], "--json"))
    check(shown["title"] == "From the assistant" and shown["body"] == "Asked 你好", f"quill show: {shown}")
    appended = answer(await call(session, "append_to_note", {"note": "From the assistant", "text": "- one more line"}))
    check(appended["revision"] == 2 and appended["body"] == "Asked 你好\n\n- one more line", f"appended: {appended}")
    history = quill("history", created["id"])
    check(history.count("\n") >= 2, f"quill history shows one revision: {history}")
    await expect_tool_error(session, "append_to_note", {"note": created["id"], "text": "  "}, "nothing to append")
    await expect_tool_error(session, "create_note", {"title": ""}, "invalid note")


def piped():
    """Requests written at once and standard input closed: every one is answered."""
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "script", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "search_notes", "arguments": {"query": "garden"}}},
        {"jsonrpc": "2.0", "id": "three", "method": "tools/list"},
    ]
    done = subprocess.run([QUILL, "mcp"], env=ENVIRONMENT, input="".join(json.dumps(r) + "\n" for r in requests),
                          capture_output=True, text=True, timeout=60)
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    check(done.returncode == 0, f"piped quill mcp exited {done.returncode}: {done.stderr}")
    check(sorted(str(a.get("id")) for a in answers) == ["1", "2", "three"], f"piped answers: {[a.get('id') for a in answers]}")
    found = next((a for a in answers if a.get("id") == 2), {}).get("result", {}).get("content", [{}])[0].get("text", "")
    check("Garden plan" in found, f"piped search answered: {found[:200]}")


def main():
    add("Garden plan", "Tomatoes and basil in the **garden**; see the plan below.", "home")
    add("Groceries 🛒", "Milk, eggs. For the [[Garden plan]]: seeds.", "home", "shopping")
    add("日本語のメモ", "同期のテスト。プラグインを入れる。", "日本")
    add("한국어 메모", "동기화를 했다. [[Garden plan]] 참고.")
    add("تحية", "مرحبا بالعالم")
    asyncio.run(session_with(["mcp"], read_only))
    asyncio.run(session_with(["mcp", "--allow-writes"], writable))
    piped()
    if failures:
        print(f"mcp-client-test: {len(failures)} failures (store kept at {HOME})", file=sys.stderr)
        sys.exit(1)
    print("mcp-client-test: the Python MCP SDK listed and called every tool; writes refused without --allow-writes; piped requests all answered")


if __name__ == "__main__":
    main()
