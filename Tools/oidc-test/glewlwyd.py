"""A real OpenID provider for the sign-in tests: Debian's Glewlwyd (2.7), run on loopback in a scratch
directory with its own SQLite database, and provisioned over its admin REST API as docs/server.md's
walk-through does: an OpenID Connect plugin instance signing with an RSA key, a confidential client for
Quill, and people with a verified e-mail address and groups. Its issuer is `<url>/api/oidc`.

Glewlwyd's packaged web pages link their assets through symlinks its static file server answers with
404, so a copy with the links resolved is served. The private keys come from `openssl genrsa`."""
import gzip
import http.cookiejar
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request

PACKAGED_WEBAPP = "/usr/share/glewlwyd/webapp"
PACKAGED_WEBAPP_CONFIG = "/etc/glewlwyd/config-2.7.json/config.json"
PACKAGED_SCHEMA = "/usr/share/doc/glewlwyd/database/init.sqlite3.sql.gz"
# Glewlwyd's documented first administrator, made by its schema.
ADMIN = ("admin", "password")


class Glewlwyd:
    def __init__(self, scratch, port):
        self.directory = os.path.join(scratch, "glewlwyd")
        self.port = port
        self.url = "http://127.0.0.1:%d" % port
        self.issuer = self.url + "/api/oidc"
        self.process = None
        self.admin = None

    # --- the process ---

    def prepare(self):
        """Writes the configuration, the database and the web pages once."""
        os.makedirs(self.directory, exist_ok=True)
        webapp = os.path.join(self.directory, "webapp")
        shutil.copytree(PACKAGED_WEBAPP, webapp, symlinks=False, ignore=shutil.ignore_patterns("config.json"))
        shutil.copyfile(PACKAGED_WEBAPP_CONFIG, os.path.join(webapp, "config.json"))
        with gzip.open(PACKAGED_SCHEMA, "rt") as schema, sqlite3.connect(os.path.join(self.directory, "glewlwyd.db")) as database:
            database.executescript(schema.read())
        mime = ",\n".join('  { extension = "%s" mime_type = "%s" }' % pair for pair in [
            (".html", "text/html"), (".css", "text/css"), (".js", "application/javascript"), (".json", "application/json"),
            (".png", "image/png"), (".ico", "image/x-icon"), (".svg", "image/svg+xml"), (".woff", "font/woff"),
            (".woff2", "font/woff2"), (".ttf", "font/ttf")])
        with open(os.path.join(self.directory, "glewlwyd.conf"), "w") as config:
            config.write("""port=%d
bind_address="127.0.0.1"
external_url="%s"
login_url="login.html"
api_prefix="api"
static_files_path="%s/"
allow_origin="*"
log_mode="file"
log_level="INFO"
log_file="%s/glewlwyd.log"
cookie_secure=0
session_expiration=3600
session_key="GLEWLWYD2_SESSION_ID"
admin_session_authentication="cookie"
profile_session_authentication="cookie"
admin_scope="g_admin"
profile_scope="g_profile"
user_module_path="/usr/lib/glewlwyd/user"
client_module_path="/usr/lib/glewlwyd/client"
user_auth_scheme_module_path="/usr/lib/glewlwyd/scheme"
plugin_module_path="/usr/lib/glewlwyd/plugin"
hash_algorithm="SHA512"
database = { type = "sqlite3" path = "%s/glewlwyd.db" };
static_files_mime_types = (
%s
);
""" % (self.port, self.url, webapp, self.directory, self.directory, mime))

    def start(self):
        """Starts Glewlwyd and waits (at most 10 s) until it answers."""
        self.process = subprocess.Popen(["glewlwyd", "-c", os.path.join(self.directory, "glewlwyd.conf")],
                                        stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.directory, "stderr.log"), "a"))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/config", timeout=1).read()
                return
            except (urllib.error.URLError, ConnectionError):
                if self.process.poll() is not None:
                    break
                time.sleep(0.1)
        raise AssertionError("Glewlwyd did not start: " + self.log_tail())

    def stop(self):
        """Stops it (the provider is down until `start`)."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def log_tail(self):
        text = ""
        for name in ("stderr.log", "glewlwyd.log"):
            try:
                with open(os.path.join(self.directory, name)) as log:
                    text += log.read()[-3000:]
            except OSError:
                pass
        return text

    # --- the admin REST API ---

    def request(self, method, path, body=None, session=None):
        opener = session or self.admin
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + "/api" + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with opener.open(request, timeout=10) as answer:
                text = answer.read().decode()
                return json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            raise AssertionError("Glewlwyd %s %s answered %d: %s" % (method, path, error.code, error.read().decode()[:500]))

    def signed_in(self, username, password):
        """An HTTP client holding a Glewlwyd session of this person."""
        session = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.request("POST", "/auth/", {"username": username, "password": password}, session=session)
        return session

    def provision(self, redirect_uri, signed_out_uri, client_secret, people):
        """The plugin, the client and the people (username, password, e-mail, groups). Each person has
        granted Quill the `openid` scope already, so that sign-in asks for a password and a click, not a consent form."""
        self.admin = self.signed_in(*ADMIN)
        self.request("PUT", "/mod/user/database", {
            "module": "database", "name": "database", "display_name": "Database backend", "order_rank": 0, "readonly": False,
            "parameters": {"use-glewlwyd-connection": True, "data-format": {
                "email_verified": {"multiple": False, "read": True, "write": True, "profile-read": True, "profile-write": False},
                "groups": {"multiple": True, "read": True, "write": True, "profile-read": True, "profile-write": False}}}})
        self.request("PUT", "/mod/user/database/reset")
        # The plugin reads the client's allowed sign-out addresses from `post_logout_redirect_uris`, which the
        # packaged client backend does not keep until told to.
        clients = self.request("GET", "/mod/client/database")
        clients["parameters"]["data-format"]["post_logout_redirect_uris"] = {"multiple": True, "read": True, "write": True}
        self.request("PUT", "/mod/client/database", clients)
        self.request("PUT", "/mod/client/database/reset")
        self.key_number = 0
        self.request("POST", "/mod/plugin/", {"module": "oidc", "name": "oidc", "display_name": "OpenID Connect",
                                              "parameters": self.plugin_parameters(self.new_key())})
        self.request("POST", "/client/?source=database", {
            "client_id": "quill", "name": "Quill", "description": "", "confidential": True, "password": client_secret,
            "redirect_uri": [redirect_uri], "authorization_type": ["code"], "scope": [], "enabled": True,
            "post_logout_redirect_uris": [signed_out_uri], "token_endpoint_auth_method": ["client_secret_basic"]})
        for username, password, email, groups in people:
            self.request("POST", "/user/?source=database", {
                "username": username, "name": username.capitalize(), "email": email, "password": password, "scope": ["openid", "g_profile"],
                "enabled": True, "email_verified": "1", "groups": groups})
            self.request("PUT", "/auth/grant/quill", {"scope": "openid"}, session=self.signed_in(username, password))

    def new_key(self):
        """A fresh RSA key pair in PEM, from openssl."""
        self.key_number += 1
        private = os.path.join(self.directory, "key-%d.pem" % self.key_number)
        subprocess.run(["openssl", "genrsa", "-out", private, "2048"], check=True, capture_output=True)
        public = subprocess.run(["openssl", "rsa", "-in", private, "-pubout"], check=True, capture_output=True, text=True).stdout
        with open(private) as key:
            return key.read(), public

    def rotate_key(self):
        """Signs with a new key from now on: its ID is new, the old one is no longer published."""
        self.request("PUT", "/mod/plugin/oidc", {"module": "oidc", "name": "oidc", "display_name": "OpenID Connect",
                                                 "parameters": self.plugin_parameters(self.new_key())})
        self.request("PUT", "/mod/plugin/oidc/reset")

    def key_ids(self):
        with urllib.request.urlopen(self.issuer + "/jwks", timeout=5) as answer:
            return [key.get("kid") for key in json.loads(answer.read())["keys"]]

    def plugin_parameters(self, key):
        private, public = key
        return {
            "iss": self.issuer, "jwt-type": "rsa", "jwt-key-size": "256", "key": private, "cert": public,
            "access-token-duration": 3600, "refresh-token-duration": 1209600, "code-duration": 600, "refresh-token-rolling": True,
            "allow-non-oidc": False, "auth-type-code-enabled": True, "auth-type-token-enabled": False, "auth-type-id-token-enabled": True,
            "auth-type-none-enabled": False, "auth-type-password-enabled": False, "auth-type-client-enabled": False,
            "auth-type-device-enabled": False, "auth-type-refresh-enabled": True, "scope": [], "additional-parameters": [],
            # Userinfo and the ID token carry only `sub` unless a claim is mandatory.
            "claims": [
                {"name": "email_verified", "user-property": "email_verified", "type": "boolean", "boolean-value-true": "1",
                 "boolean-value-false": "0", "mandatory": True, "on-demand": False, "scope": []},
                {"name": "groups", "user-property": "groups", "type": "string", "mandatory": True, "on-demand": False, "scope": []}],
            "email-claim": "mandatory", "email-claim-scope": [], "name-claim": "mandatory", "name-claim-scope": [],
            "address-claim": {"type": "no", "formatted": "", "street_address": "", "locality": "", "region": "", "postal_code": "",
                              "country": "", "mandatory": False},
            "allowed-scope": ["openid", "email", "profile"], "pkce-allowed": True, "pkce-method-plain-allowed": False,
            "session-management-allowed": True, "session-cookie-name": "GLEWLWYD2_OIDC_SID", "session-cookie-expiration": 2419200,
            # Its end-session page lists the clients to notify, and fails unless the notifications are configured.
            "front-channel-logout-allowed": True, "back-channel-logout-allowed": True,
            "subject-type": "public", "jwks-show": True, "secret-type": "pairwise", "service-documentation": "", "op-policy-uri": "",
            "op-tos-uri": "", "request-parameter-allow": False, "introspection-revocation-allowed": False,
            "register-client-allowed": False, "encrypt-out-token-allow": False,
        }
