"""The v1 HTTP API of quill-server, as the browser tests use it: to seed notes (including hostile
ones the web forms would never be the way in for) and to check what a page did to the store."""
import json
import urllib.error
import urllib.request


class QuillAPI:
    """One account's bearer token against one server."""

    def __init__(self, base_url, token):
        self.base_url = base_url
        self.token = token

    def _request(self, method, path, body=None, headers=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Authorization", "Bearer " + self.token)
        if body is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def create(self, title, body="", tags=(), note_id=None, timestamp=None):
        """Creates a live note; with `timestamp` (ISO-8601 UTC with ms) as a whole document whose
        created and updated times are that, so the order of a list is known."""
        if timestamp is None:
            draft = {"title": title, "body": body, "tags": list(tags)}
            if note_id is not None:
                draft["id"] = note_id
        else:
            draft = {"format": 1, "id": note_id, "title": title, "body": body, "tags": list(tags),
                     "created": timestamp, "updated": timestamp, "revision": 1, "deleted": False}
        status, note = self._request("POST", "/v1/notes", draft)
        assert status == 201, "creating %r through the API answered %s: %s" % (title, status, note)
        return note

    def upload_attachment(self, data):
        """Uploads bytes as an attachment; returns their SHA-256 (the name they live under)."""
        import hashlib
        digest = hashlib.sha256(data).hexdigest()
        request = urllib.request.Request(self.base_url + "/v1/attachments/" + digest, data=data, method="PUT")
        request.add_header("Authorization", "Bearer " + self.token)
        request.add_header("Content-Type", "application/octet-stream")
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status in (200, 201), "PUT /v1/attachments answered %s" % response.status
        return digest

    def attachment(self, digest):
        """The bytes of the attachment, or None when the account does not hold it whole (404)."""
        request = urllib.request.Request(self.base_url + "/v1/attachments/" + digest)
        request.add_header("Authorization", "Bearer " + self.token)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.read()
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise

    def note(self, note_id):
        """The note, or None when it is absent or deleted (404)."""
        status, note = self._request("GET", "/v1/notes/" + note_id)
        if status == 404:
            return None
        assert status == 200, "GET /v1/notes/%s answered %s: %s" % (note_id, status, note)
        return note

    def replace(self, note_id, revision, title, body, tags=()):
        status, note = self._request("PUT", "/v1/notes/" + note_id, {"title": title, "body": body, "tags": list(tags)},
                                     {"If-Match": '"%d"' % revision})
        assert status == 200, "PUT /v1/notes/%s answered %s: %s" % (note_id, status, note)
        return note

    def delete(self, note_id, revision):
        status, answer = self._request("DELETE", "/v1/notes/" + note_id, None, {"If-Match": '"%d"' % revision})
        assert status in (200, 204), "DELETE /v1/notes/%s answered %s: %s" % (note_id, status, answer)

    def share(self, note_id, **terms):
        """A share link of the note (`views`, `expires`, `snapshot` as the API takes them); returns the share."""
        status, share = self._request("POST", "/v1/notes/%s/shares" % note_id, terms)
        assert status == 201, "POST /v1/notes/%s/shares answered %s: %s" % (note_id, status, share)
        return share

    def live_notes(self):
        notes, after = [], None
        while True:
            status, page = self._request("GET", "/v1/notes?limit=1000" + ("&after=" + after if after else ""))
            assert status == 200, "GET /v1/notes answered %s: %s" % (status, page)
            notes += page["notes"]
            after = page["next"]
            if after is None:
                return notes
