"""Drives every note operation of quill-server through a client that openapi-python-client
generated from docs/openapi.yaml (Tools/python-client-test.sh generates it and starts the server).

Each step checks what the server answered through the generated models: the status, and the
fields of the note, so a description that types an answer wrongly fails here as it would for a
user of the generated client. Text in several scripts goes through every write.

    python_client_test.py BASE_URL TOKEN
"""
import sys

from quill_client import AuthenticatedClient
from quill_client.api.default import (create_note, delete_note, get_note, list_notes, list_trash,
                                      patch_note, replace_note, restore_note)
from quill_client.models import LiveNoteDocument, NoteDocument, NoteDraft, NoteList, NotePatch, RestoreRequest


def check(condition, what):
    if not condition:
        raise SystemExit(f"python-client-test: {what}")


def main(base_url, token):
    client = AuthenticatedClient(base_url=base_url, token=token, raise_on_unexpected_status=True)
    steps = []

    # create: a draft, as people and scripts write notes
    created = create_note.sync_detailed(client=client, body=NoteDraft(title="Groceries 買い物", body="Milk, 牛乳, 우유, حليب 🥛",
                                                                      tags=["home"]))
    check(created.status_code == 201 and isinstance(created.parsed, NoteDocument), f"create answered {created.status_code}")
    note = created.parsed
    check(note.title == "Groceries 買い物" and note.tags == ["home"] and note.revision == 1 and not note.deleted,
          f"create returned {note}")
    steps.append("create (draft)")

    # create: a whole live document, as sync and imports send it
    document = LiveNoteDocument(body="全文", created=note.created, deleted=False, format_=1, id="00c0ffee", revision=1,
                                tags=[], title="Document", updated=note.updated)
    whole = create_note.sync_detailed(client=client, body=document)
    check(whole.status_code == 201 and whole.parsed.id == "00c0ffee", f"create (document) answered {whole.status_code}")
    steps.append("create (document)")

    # get
    got = get_note.sync_detailed(note.id, client=client)
    check(got.status_code == 200 and got.parsed.body == "Milk, 牛乳, 우유, حليب 🥛", f"get answered {got.status_code}: {got.parsed}")
    steps.append("get")

    # list
    listed = list_notes.sync_detailed(client=client, limit=10)
    check(listed.status_code == 200 and isinstance(listed.parsed, NoteList), f"list answered {listed.status_code}")
    check(sorted(n.id for n in listed.parsed.notes) == sorted([note.id, "00c0ffee"]), f"list returned {listed.parsed}")
    steps.append("list")

    # search, in several scripts
    for query, expected in [("牛乳", note.id), ("우유", note.id), ("milk", note.id), ("tag:home", note.id), ("全文", "00c0ffee")]:
        found = list_notes.sync_detailed(client=client, q=query)
        check(found.status_code == 200 and [n.id for n in found.parsed.notes] == [expected],
              f"search {query!r} answered {found.status_code}: {found.parsed}")
    steps.append("search")

    # replace, with the revision it replaces
    replaced = replace_note.sync_detailed(note.id, client=client, body=NoteDraft(title="Shopping", body="Eggs"), if_match='"1"')
    check(replaced.status_code == 200 and replaced.parsed.revision == 2 and replaced.parsed.title == "Shopping",
          f"replace answered {replaced.status_code}: {replaced.parsed}")
    stale = replace_note.sync_detailed(note.id, client=client, body=NoteDraft(title="Stale"), if_match='"1"')
    check(stale.status_code == 412, f"a stale replace answered {stale.status_code}")
    steps.append("replace")

    # patch
    patched = patch_note.sync_detailed(note.id, client=client, body=NotePatch(tags=["food", "home"]), if_match='"2"')
    check(patched.status_code == 200 and patched.parsed.tags == ["food", "home"] and patched.parsed.body == "Eggs",
          f"patch answered {patched.status_code}: {patched.parsed}")
    steps.append("patch")

    # delete, then it is in the trash and 404 to get
    deleted = delete_note.sync_detailed(note.id, client=client, if_match='"3"')
    check(deleted.status_code == 200 and deleted.parsed.deleted, f"delete answered {deleted.status_code}: {deleted.parsed}")
    check(get_note.sync_detailed(note.id, client=client).status_code == 404, "a deleted note is not 404")
    trash = list_trash.sync_detailed(client=client)
    check(trash.status_code == 200 and [n.id for n in trash.parsed.notes] == [note.id], f"trash answered {trash.parsed}")
    steps.append("delete")

    # restore from the trash
    restored = restore_note.sync_detailed(note.id, client=client, body=RestoreRequest(revision=3))
    check(restored.status_code in (200, 201) and not restored.parsed.deleted and restored.parsed.title == "Shopping",
          f"restore answered {restored.status_code}: {restored.parsed}")
    steps.append("restore")

    print("python-client-test: the generated client drove " + ", ".join(steps))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
