#!/usr/bin/env python3
"""A Cipherspace client in Python, written from the published documents only.

What it does, against a running server (README "Quick start"):

1. checks its crypto against the published test vectors (docs/crypto-vectors.json), and its two
   operations against the published operation vectors (docs/operation-vectors.json);
2. creates a space and registers its first user (or logs in to an existing space);
3. saves an encrypted Kanban board (PUT /api/content/{space}/kanban);
4. changes it the way the web app does: two named operations (`addIssue`, then `moveIssue`),
   each encrypted as an `op1` envelope under the space's operations key and saved as
   `operations` alone, without the board;
5. catches up like another member (GET …/changes?since=), uploads the snapshot of the newest
   version (PUT …/snapshot), and checks the decrypted board;
6. reads the history (GET …/history, …/history/{version}) and rebuilds an older version;
7. restores the version before its two changes, as the app's "Restore this version" does: one
   `patch` operation of `set` changes, saved as a new version on top of the current one — while
   a teammate it adds to the space saves a card first, so the save meets a 409 and the patch is
   made again on the teammate's version;
8. adds a card whose description is a ~21 KB runbook — an operation too long for the server
   (its envelope over OPERATION_ENVELOPE_MAX_CHARS), so it saves the whole board, a replacement,
   as the app does — and restores the version before it: that patch carries the runbook too, so
   the restore is saved as the whole board as well; then rebuilds every version of the run from
   the history, the two replacements included.

The server only ever sees verifiers and ciphertext. Any mismatch ends the run with exit code 1.

Formats: packages/crypto/README.md (byte for byte). Paths: README "REST paths" and the
server's /api/openapi.json. Operations: packages/tools/README.md (the format) and
docs/operations.md (what `addIssue`, `moveIssue` and `patch` do, implemented in `apply_operation`
below); restoring a version: packages/tools/README.md, "Restoring a version".

Needs Python >= 3.9 and `cryptography` >= 38 (Debian: apt-get install python3-cryptography).

    CIPHERSPACE_SPACE_KEY='…' CIPHERSPACE_PASSWORD='…' \\
      python3 examples/python/cipherspace_client.py --url http://127.0.0.1:3000 \\
      [--space 'Alpha Team'] [--username alice]

Without --space a new space with a random name is created; without the environment variables a
space key and a password are generated (and printed, so that you can open the board in the app).
"""

from __future__ import annotations

import argparse
import base64
import copy
import re
import hashlib
import json
import os
import secrets
import sys
import urllib.error
import urllib.parse
import urllib.request
import uuid
from datetime import date, datetime, timezone
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

# ------------------------------------------------------------------------------------------------
# Crypto (packages/crypto/README.md)

PBKDF2_ITERATIONS = 100_000  # §2, §4, §10
OPERATION_ENVELOPE_MAX_CHARS = 16_384  # README "Changes as operations": the longest op1 envelope
SPACE_NAME_SALT = b"cipherspace/space-name-verifier/v1"  # §4
PASSWORD_SALT = b"cipherspace/password-verifier/v1"  # §4
OPERATIONS_KEY_LABEL = b"cipherspace/operations-key/v1"  # §10
OPERATION_INFO = b"cipherspace/operation/v1"  # §11
DECRYPT_FAILED = "Failed to decrypt content - invalid space key?"  # §3: one message for every failure


class DecryptError(Exception):
    def __init__(self) -> None:
        super().__init__(DECRYPT_FAILED)


class Mismatch(Exception):
    """A result differs from what the documents say it must be."""


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise Mismatch(what)


def b64(data: bytes) -> str:
    """Standard base64, padded (§1)."""
    return base64.b64encode(data).decode("ascii")


def unb64(text: object, length: int | None = None) -> bytes:
    """Strict base64 (§1): one spelling per byte string, so it must encode back to `text`."""
    if not isinstance(text, str):
        raise DecryptError()
    try:
        data = base64.b64decode(text, validate=True)
    except ValueError:
        raise DecryptError() from None
    if b64(data) != text or (length is not None and len(data) != length):
        raise DecryptError()
    return data


def json_text(value: object) -> str:
    """JSON as ECMAScript's JSON.stringify writes it (§3 plaintext): no spaces, UTF-8 as is."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def pbkdf2(secret: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", secret.encode("utf-8"), salt, PBKDF2_ITERATIONS, 32)


def verifier(space_key: str, value: str, domain_salt: bytes) -> str:
    """§4: base64(PBKDF2(UTF-8(spaceKey + U+0000 + value), domainSalt)), 44 characters."""
    if "\0" in space_key:
        raise ValueError("a space key may not contain U+0000")
    return b64(pbkdf2(space_key + "\0" + value, domain_salt))


def _open_members(envelope: str, members: tuple[str, ...]) -> dict:
    """§3/§11 readers: exactly these members, all strings."""
    try:
        parsed = json.loads(envelope)
    except ValueError:
        raise DecryptError() from None
    if not isinstance(parsed, dict) or set(parsed) != set(members):
        raise DecryptError()
    return parsed


def _seal(key: bytes, iv: bytes, value: object) -> bytes:
    """AES-256-GCM, no associated data: ciphertext followed by the 16-byte tag (§3)."""
    return AESGCM(key).encrypt(iv, json_text(value).encode("utf-8"), None)


def _unseal(key: bytes, iv: bytes, data: bytes) -> object:
    try:
        return json.loads(AESGCM(key).decrypt(iv, data, None).decode("utf-8"))
    except (InvalidTag, UnicodeDecodeError, ValueError):
        raise DecryptError() from None


def encrypt_content(value: object, space_key: str, salt: bytes | None = None,
                    iv: bytes | None = None) -> str:
    """§3 envelope v1: a fresh 32-byte salt and 12-byte IV unless given (test vectors only)."""
    salt = salt if salt is not None else secrets.token_bytes(32)
    iv = iv if iv is not None else secrets.token_bytes(12)
    data = _seal(pbkdf2(space_key, salt), iv, value)
    return json_text({"data": b64(data), "iv": b64(iv), "salt": b64(salt)})


def decrypt_content(envelope: str, space_key: str) -> object:
    parts = _open_members(envelope, ("data", "iv", "salt"))
    salt, iv = unb64(parts["salt"], 32), unb64(parts["iv"], 12)
    data = unb64(parts["data"])
    if len(data) < 17:
        raise DecryptError()
    return _unseal(pbkdf2(space_key, salt), iv, data)


def operations_key(space_key: str, space_name: str) -> bytes:
    """§10: PBKDF2 under a salt fixed per space; derived once per space and session."""
    key_salt = hashlib.sha256(OPERATIONS_KEY_LABEL + b"\0" + space_name.encode("utf-8")).digest()
    return pbkdf2(space_key, key_salt)


def operation_aes_key(ops_key: bytes, salt: bytes) -> bytes:
    """§11: HKDF-SHA-256(ikm = operations key, salt = the envelope's salt, info), 32 bytes."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=OPERATION_INFO).derive(ops_key)


def encrypt_operation(value: object, ops_key: bytes, salt: bytes | None = None,
                      iv: bytes | None = None) -> str:
    """§11 envelope op1: members in the order v, data, iv, salt."""
    salt = salt if salt is not None else secrets.token_bytes(32)
    iv = iv if iv is not None else secrets.token_bytes(12)
    data = _seal(operation_aes_key(ops_key, salt), iv, value)
    return json_text({"v": "op1", "data": b64(data), "iv": b64(iv), "salt": b64(salt)})


def decrypt_operation(envelope: str, ops_key: bytes) -> object:
    parts = _open_members(envelope, ("v", "data", "iv", "salt"))
    if parts["v"] != "op1":
        raise DecryptError()
    salt, iv = unb64(parts["salt"], 32), unb64(parts["iv"], 12)
    data = unb64(parts["data"])
    if len(data) < 17:
        raise DecryptError()
    return _unseal(operation_aes_key(ops_key, salt), iv, data)


REPOSITORY = Path(__file__).resolve().parents[2]


def vectors_path() -> Path:
    """The published vectors: docs/crypto-vectors.json (earlier packages/crypto/test/vectors.json)."""
    for candidate in (REPOSITORY / "docs/crypto-vectors.json",
                      REPOSITORY / "packages/crypto/test/vectors.json"):
        if candidate.exists():
            return candidate
    raise Mismatch("no crypto test vectors found (docs/crypto-vectors.json)")


def check_vectors(path: Path) -> str:
    """Every vector of the file, both ways: our output is the vector byte for byte, and it opens."""
    vectors = json.loads(path.read_text("utf-8"))
    for v in vectors["envelopes"]:
        salt, iv, name = bytes.fromhex(v["saltHex"]), bytes.fromhex(v["ivHex"]), v["description"]
        expect(json_text(v["plaintext"]) == v["plaintextJson"], f"plaintext JSON of {name!r}")
        expect(pbkdf2(v["spaceKey"], salt).hex() == v["aesKeyHex"], f"PBKDF2 key of {name!r}")
        expect(encrypt_content(v["plaintext"], v["spaceKey"], salt, iv) == v["envelope"],
               f"envelope of {name!r}")
        expect(decrypt_content(v["envelope"], v["spaceKey"]) == v["plaintext"], f"opening {name!r}")
    for v in vectors["verifiers"]:
        domain = {"spaceName": SPACE_NAME_SALT, "password": PASSWORD_SALT}[v["kind"]]
        expect(verifier(v["spaceKey"], v["input"], domain) == v["verifier"],
               f"verifier {v['description']!r}")
    for v in vectors["operationsKeys"]:
        expect(operations_key(v["spaceKey"], v["spaceName"]).hex() == v["operationsKeyHex"],
               f"operations key {v['description']!r}")
    for v in vectors["operationEnvelopes"]:
        salt, iv, name = bytes.fromhex(v["saltHex"]), bytes.fromhex(v["ivHex"]), v["description"]
        ops_key = operations_key(v["spaceKey"], v["spaceName"])
        expect(ops_key.hex() == v["operationsKeyHex"], f"operations key of {name!r}")
        expect(json_text(v["plaintext"]) == v["plaintextJson"], f"plaintext JSON of {name!r}")
        expect(operation_aes_key(ops_key, salt).hex() == v["aesKeyHex"], f"HKDF key of {name!r}")
        expect(encrypt_operation(v["plaintext"], ops_key, salt, iv) == v["envelope"],
               f"operation envelope of {name!r}")
        expect(decrypt_operation(v["envelope"], ops_key) == v["plaintext"], f"opening {name!r}")
    # A wrong key must fail the tag, with the one message of §3.
    first = vectors["envelopes"][0]
    try:
        decrypt_content(first["envelope"], first["spaceKey"] + "x")
        raise Mismatch("an envelope opened with a wrong space key")
    except DecryptError as error:
        expect(str(error) == DECRYPT_FAILED, "the decrypt error message")
    return (f"{len(vectors['envelopes'])} envelopes, {len(vectors['verifiers'])} verifiers, "
            f"{len(vectors['operationsKeys'])} operations keys, "
            f"{len(vectors['operationEnvelopes'])} operation envelopes")


# ------------------------------------------------------------------------------------------------
# REST (README "REST paths"; /api/openapi.json)


class ApiError(Exception):
    pass


class Api:
    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        self.token: str | None = None

    def call(self, method: str, path: str, body: object = None, ok: tuple[int, ...] = (200,),
             headers: dict | None = None) -> tuple[int, object]:
        """One request; answers (status, JSON body or None). A status outside `ok` raises."""
        request = urllib.request.Request(self.url + path, method=method)
        request.add_header("Accept", "application/json")
        if body is not None:
            request.add_header("Content-Type", "application/json")
            request.data = json.dumps(body).encode("utf-8")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        answer = json.loads(raw) if raw else None
        if status not in ok:
            detail = answer.get("detail") if isinstance(answer, dict) else raw[:200]
            raise ApiError(f"{method} {path}: {status} {detail}")
        return status, answer


def q(segment: str) -> str:
    """A path segment, percent-encoded (`Alpha Team` → `Alpha%20Team`)."""
    return urllib.parse.quote(segment, safe="")


def now_iso() -> str:
    """ISO 8601 UTC with milliseconds, as JavaScript's Date.prototype.toISOString writes it."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# ------------------------------------------------------------------------------------------------
# The Kanban board and its operations (docs/operations.md; docs/operation-vectors.json)

KANBAN_SETTINGS = {
    "allowPhaseReorder": True, "allowPhaseDelete": True, "minPhases": 2, "maxPhases": 10,
    "defaultIssueType": "Task", "availableIssueTypes": ["Bug", "Task", "User Story", "Epic"],
    "showEstimation": True, "showPriority": True, "showAssignedPerson": True,
    "showComments": True, "showTags": True, "allowBackwardMovement": True,
    "notifyOnAssignment": False, "notifyOnStatusChange": False, "cardCompactView": False,
}
DEFAULT_PHASES = [("Backlog", "#6c757d"), ("To Do", "#17a2b8"), ("In Progress", "#ffc107"),
                  ("Testing", "#fd7e14"), ("Done", "#28a745")]
# What JavaScript's String.prototype.trim removes (Python's strip() differs in a few characters).
JS_WHITESPACE = ("\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
                 "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff")
NUMERIC = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)")  # an estimation in points


class DomainError(Exception):
    """An operation refused by one of its rules; `code` as in docs/operations.md."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def default_board(now: str) -> dict:
    """The board the app creates when a space has none (`tools.kanban.defaultContent`), version 1."""
    return {
        "id": str(uuid.uuid4()), "title": "Kanban Board", "version": 1, "lastModified": now,
        "createdAt": now,
        "phases": [{"id": str(uuid.uuid4()), "name": name, "issues": [], "order": order,
                    "color": color, "description": "", "isEndPhase": order == len(DEFAULT_PHASES) - 1}
                   for order, (name, color) in enumerate(DEFAULT_PHASES)],
        "teamMembers": [], "toolType": "kanban", "settings": dict(KANBAN_SETTINGS),
    }


def trim(text: str) -> str:
    return text.strip(JS_WHITESPACE)


def by_order(items: list) -> list:
    return sorted(items, key=lambda item: item["order"])  # stable, as Array.prototype.toSorted


def renumbered(items: list) -> list:
    """`items` in the order given, with `order` = position 0..n-1."""
    for order, item in enumerate(items):
        item["order"] = order
    return items


def is_position(index: object, length: int) -> bool:
    """An integer (JSON 2.0 included, as Number.isInteger) in 0..length-1."""
    integral = isinstance(index, int) or (isinstance(index, float) and index.is_integer())
    return not isinstance(index, bool) and integral and 0 <= index < length


def find_phase(board: dict, phase_id: str) -> dict:
    for phase in board["phases"]:
        if phase["id"] == phase_id:
            return phase
    raise DomainError("PHASE_NOT_FOUND")


def find_issue(board: dict, issue_id: str) -> tuple[dict, dict]:
    for phase in board["phases"]:
        for issue in phase["issues"]:
            if issue["id"] == issue_id:
                return phase, issue
    raise DomainError("ISSUE_NOT_FOUND")


def phase_full(phase: dict) -> bool:
    """`maxIssues` set and that many non-archived issues in the phase."""
    limit = phase.get("maxIssues")
    active = sum(1 for issue in phase["issues"] if issue.get("archived") is not True)
    return isinstance(limit, (int, float)) and not isinstance(limit, bool) and active >= limit


def is_due_date(text: str) -> bool:
    """`YYYY-MM-DD` of a day that exists. Years below 100 are refused as the app refuses them
    (JavaScript's Date.UTC reads years 0-99 as 1900-1999)."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return False
    try:
        return date.fromisoformat(text).year >= 100
    except ValueError:
        return False


def same_name(a: str, b: str) -> bool:
    return trim(a).lower() == trim(b).lower()


def member_spelling(name: str, members: list) -> str:
    """`name` trimmed, spelled as the team member it names ignoring case, if there is one."""
    name = trim(name)
    if not name:
        return name
    return next((trim(member) for member in members if same_name(member, name)), name)


def add_team_members(board: dict, names: list) -> None:
    """Names trimmed, blank ones skipped, equal ignoring case counted once."""
    known = {trim(member).lower() for member in board["teamMembers"]}
    for name in (trim(name) for name in names):
        if name and name.lower() not in known:
            known.add(name.lower())
            board["teamMembers"].append(name)


def clean_tags(given: list) -> list:
    """Tags trimmed, blank ones dropped, tags equal ignoring case kept once in the first spelling
    (the tag colours' key, trimmed and lower-cased, is one per tag)."""
    tags: list = []
    seen: set = set()
    for tag in (trim(tag) for tag in given):
        if tag and tag.lower() not in seen:
            seen.add(tag.lower())
            tags.append(tag)
    return tags


def add_issue(board: dict, args: dict, op: dict) -> None:
    """docs/operations.md `addIssue`: id = the operation's id, createdAt = its `at`."""
    phase = find_phase(board, args["phaseId"])
    given = args["issue"]
    title = trim(given["title"])
    if not title:
        raise DomainError("TITLE_REQUIRED")
    estimation = trim(given.get("estimation", ""))
    if len(estimation.encode("utf-16-le")) // 2 > 3:  # JavaScript counts UTF-16 code units
        raise DomainError("ESTIMATION_TOO_LONG")
    if NUMERIC.fullmatch(estimation) and float(estimation) < 0:
        raise DomainError("ESTIMATION_NEGATIVE")
    due = trim(given.get("dueDate", ""))
    if due and not is_due_date(due):
        raise DomainError("INVALID_DUE_DATE")
    if not trim(args["createdBy"]):
        raise DomainError("CREATOR_REQUIRED")
    if phase_full(phase):
        raise DomainError("PHASE_FULL")
    assignee = given.get("assignedPerson", "")
    if not trim(assignee):
        auto = board["toolType"] == "ticket" and board["settings"].get("autoAssignCreator") is True
        assignee = args["createdBy"] if auto else ""
    assignee = member_spelling(assignee, board["teamMembers"])
    number = board.get("nextTicketNumber")
    if number is None:  # one more than the highest number on the board
        number = 1 + max([issue.get("number", 0) for p in board["phases"] for issue in p["issues"]],
                         default=0)
    tags = clean_tags(given.get("tags", []))
    issue = {
        "id": op["id"], "title": title, "description": given.get("description", ""),
        "type": given.get("type", board["settings"]["defaultIssueType"]),
        "priority": given.get("priority", "none"), "estimation": estimation,
        "assignedPerson": assignee, "comments": [], "createdAt": op["at"],
        "createdBy": args["createdBy"],
        "order": max([other["order"] + 1 for other in phase["issues"]], default=0),
        "tags": tags, "number": number,
    }
    if due:
        issue["dueDate"] = due
    phase["issues"].append(issue)
    board["nextTicketNumber"] = number + 1
    add_team_members(board, [args["createdBy"], assignee])


def move_issue(board: dict, args: dict, op: dict) -> None:
    """docs/operations.md `moveIssue`: into another phase, or reordered within its own."""
    source, issue = find_issue(board, args["issueId"])
    target = find_phase(board, args["toPhaseId"])
    to_index = args.get("toIndex")
    if source is target:
        if to_index is None:
            return
        if not is_position(to_index, len(source["issues"])):
            raise DomainError("INVALID_TARGET_POSITION")
        issues = by_order(source["issues"])
        issues.remove(issue)
        issues.insert(int(to_index), issue)
        source["issues"] = renumbered(issues)
        return
    if issue.get("archived") is not True and phase_full(target):
        raise DomainError("PHASE_FULL")
    issues = by_order(target["issues"])
    index = len(issues) if to_index is None else to_index
    if not is_position(index, len(issues) + 1):
        raise DomainError("INVALID_TARGET_POSITION")
    issues.insert(int(index), issue)
    source["issues"] = renumbered(by_order([other for other in source["issues"] if other is not issue]))
    target["issues"] = renumbered(issues)


def same_json(a: object, b: object) -> bool:
    """Deep equality of JSON values (object members in any order; true is not 1)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def patch(board: dict, args: dict, op: dict) -> None:
    """docs/operations.md `patch` (packages/tools/README.md, "Inverses and the `patch`
    operation"), for its `set` changes: each expects the field to hold `from` (absent: to be
    missing), then sets it to `to` (absent: removes it). A step `{"id": …}` is the element with
    that id of the array. Other kinds of change are not in this example."""
    for change in args["changes"]:
        if change.get("op") != "set" or not change["path"] or args.get("partial"):
            raise Mismatch("this example applies only `set` changes of a field: open the board "
                           "in the app once, so that it uploads a newer snapshot")
        holder: object = board
        for step in change["path"][:-1]:
            if isinstance(step, str) and isinstance(holder, dict):
                holder = holder.get(step)
            elif isinstance(step, dict) and isinstance(holder, list):
                holder = next((item for item in holder
                               if isinstance(item, dict) and item.get("id") == step["id"]), None)
            else:
                holder = None
            if holder is None:
                raise DomainError("MISSING")
        field = change["path"][-1]
        if not isinstance(field, str):
            raise DomainError("INVALID")
        if not isinstance(holder, dict):
            raise DomainError("MISSING")
        found = field in holder and ("from" not in change or same_json(holder[field], change["from"]))
        if found != ("from" in change):
            raise DomainError("CHANGED")
        if "to" in change:
            holder[field] = copy.deepcopy(change["to"])
        else:
            del holder[field]


OPERATIONS = {"addIssue": add_issue, "moveIssue": move_issue, "patch": patch}
TRACKERS = ("kanban", "ticket-system")  # one content shape, one set of operations


def apply_operation(board: dict, op: dict) -> dict:
    """The board after `op` (the input is left as it is). This example knows two operations;
    a refused one raises DomainError."""
    expect(op.get("v") == 1 and op.get("tool") in TRACKERS, f"not a tracker operation: {op}")
    apply = OPERATIONS.get(op["name"])
    if apply is None:
        raise Mismatch(f"this example cannot apply {op['name']!r}: open the board in the app "
                       "once, so that it uploads a newer snapshot")
    board = copy.deepcopy(board)
    apply(board, op["args"], op)
    return board


def check_operation_vectors(path: Path) -> str:
    """Every published vector of its operations (a `patch` of `set` changes only): the same board,
    or the same refusal."""
    vectors = [v for v in json.loads(path.read_text("utf-8"))["vectors"]
               if v["tool"] in TRACKERS and v["name"] in OPERATIONS
               and all(change["op"] == "set" for change in v["operation"].get("changes", []))]
    for v in vectors:
        args = {key: value for key, value in v["operation"].items() if key != "type"}
        op = {"v": 1, "tool": v["tool"], "name": v["operation"]["type"], "args": args,
              **v["context"]}
        try:
            after = apply_operation(v["contentBefore"], op)
        except DomainError as error:
            expect(v.get("error") == error.code, f"{v['name']} {v['description']!r}: {error.code}")
            continue
        expect(after == v.get("contentAfter"), f"{v['name']} {v['description']!r}")
    refused = sum(1 for v in vectors if "error" in v)
    return f"{len(vectors) - refused} applied, {refused} refused"


def stamp(board: dict, version: int, last_modified: str) -> dict:
    """What the content lifecycle writes on save (`tools.kanban.stamp`)."""
    return {**board, "version": version, "lastModified": last_modified}


STAMP_FIELDS = ("version", "lastModified")  # written by the save, never restored


def restore_changes(current: dict, older: dict) -> list:
    """The `set` changes of a restore (packages/tools/README.md, "Restoring a version"): one per
    top-level field, other than `version` and `lastModified`, whose value differs between the
    current board and the older version — in the current board's field order, then the older
    version's other fields. `from` is the current value (absent: the field is missing now),
    `to` the older one (absent: the older version does not have the field)."""
    fields = list(current) + [field for field in older if field not in current]
    changes = []
    for field in fields:
        if field in STAMP_FIELDS or (field in current and field in older
                                     and same_json(current[field], older[field])):
            continue
        change: dict = {"op": "set", "path": [field]}
        if field in current:
            change["from"] = current[field]
        if field in older:
            change["to"] = older[field]
        changes.append(change)
    return changes


def make_operation(name: str, args: dict, by: str) -> dict:
    """`{v, tool, name, args, id, at, by}` (packages/tools/README.md, operation format)."""
    return {"v": 1, "tool": "kanban", "name": name, "args": args, "id": str(uuid.uuid4()),
            "at": now_iso(), "by": by}


# ------------------------------------------------------------------------------------------------
# The walk-through


# (table, the service that writes it, its team, minutes of freeze)
MIGRATED_TABLES = [
    ("accounts", "auth-service", "Identity", 4), ("sessions", "auth-service", "Identity", 2),
    ("invoices", "billing-api", "Billing", 12), ("invoice_lines", "billing-api", "Billing", 15),
    ("payments", "payments-worker", "Billing", 9), ("refunds", "payments-worker", "Billing", 3),
    ("orders", "checkout", "Commerce", 11), ("order_items", "checkout", "Commerce", 14),
    ("carts", "checkout", "Commerce", 5), ("products", "catalogue", "Commerce", 6),
    ("prices", "catalogue", "Commerce", 4), ("stock_levels", "warehouse-sync", "Logistics", 8),
    ("shipments", "warehouse-sync", "Logistics", 7), ("carriers", "warehouse-sync", "Logistics", 1),
    ("support_tickets", "helpdesk", "Support", 6), ("ticket_messages", "helpdesk", "Support", 13),
    ("audit_log", "audit-writer", "Security", 18), ("feature_flags", "flags-api", "Platform", 1),
    ("webhooks", "notifier", "Platform", 3), ("email_outbox", "notifier", "Platform", 5),
    ("daily_revenue", "reporting-etl", "Data", 10), ("cohorts", "reporting-etl", "Data", 9),
    ("experiments", "reporting-etl", "Data", 4), ("exports", "reporting-etl", "Data", 6),
]


def migration_runbook() -> str:
    """About 20 KB of text: the runbook of a database move, as a team would write it in a card."""
    parts = [
        "# Runbook: moving the main database to the new cluster\n\n"
        "Owner: Zoë (Platform). Reviewers: the leads of every team named below. Window: Saturday "
        "06:00–10:00 UTC, when traffic is at its lowest (about 8 % of the weekday peak).\n\n"
        "Why: the old cluster runs out of disk in about six weeks at the current growth, its "
        "replicas lag by up to 40 s during the nightly exports, and its major version leaves "
        "support in March. The new cluster has three nodes, twice the memory, and point-in-time "
        "recovery enabled from the start.\n\n"
        "How: one table at a time, in the order below, so that every service is frozen for "
        "minutes rather than hours. Each step names the service that writes the table; nothing "
        "else writes it (checked with the audit of grants on 14 November). Reads may go on "
        "throughout — the read replicas are switched last, in the final step.\n\n"
        "Before the window:\n"
        "- Confirm the backups of Friday night restored cleanly on the staging copy.\n"
        "- Post the schedule in #ops and in each team's channel, with this card's link.\n"
        "- Make sure the on-call engineer of each team is awake and has read their steps.\n"
        "- Keep a terminal open on both clusters; keep this card open to tick the steps off.\n\n"
    ]
    for number, (table, service, team, minutes) in enumerate(MIGRATED_TABLES, start=1):
        parts.append(
            f"## Step {number}: `{table}` ({team})\n\n"
            f"1. Announce the freeze of `{table}` in #ops; {service} pauses its writers for about "
            f"{minutes} minute{'s' if minutes != 1 else ''} (its queue holds the work meanwhile).\n"
            f"2. Copy the table: `pg_dump --table={table}` from the old cluster, restore it on the "
            f"new one, then compare the row counts and the checksum of the newest 1,000 rows.\n"
            f"3. Point {service} at the new cluster, restart it, and watch its error rate and "
            f"p95 latency on the dashboard for ten minutes before going on.\n"
            f"4. Something wrong? Point {service} back at the old cluster (its writes during the "
            f"step are in the queue, nothing is lost), write down what happened here, and stop.\n"
            f"5. Done: tick the step off in this card with the time it took and the row count, "
            f"and tell the {team} team in their channel that {service} is on the new cluster.\n\n"
        )
    parts.append(
        "## Last step: the read replicas\n\n"
        "Switch the read-only connection strings of the dashboards, the exports and the ad-hoc "
        "query tool. Keep the old cluster running, read-only, for two weeks — then take a final "
        "backup, keep it for a year, and shut the cluster down.\n\n"
        "Afterwards: a short write-up in this card — how long each step took, what surprised us, "
        "and what the next move of this kind should do differently."
    )
    return "".join(parts)


def log(line: str) -> None:
    print(line, flush=True)


def sign_in(api: Api, space: str, space_key: str, username: str, password: str) -> dict:
    """Logs in; creates the space and registers the user first when they do not exist."""
    space_verifier = verifier(space_key, space, SPACE_NAME_SALT)
    password_verifier = verifier(space_key, password, PASSWORD_SALT)
    status, _ = api.call("GET", f"/api/spaces/{q(space)}", ok=(200, 404))
    if status == 404:
        api.call("POST", "/api/spaces/create", {"space_name": space,
                 "encrypted_space_name": space_verifier}, ok=(201,))
        log(f'created space "{space}"')
    login = {"space_name": space, "encrypted_space_name": space_verifier, "username": username,
             "encrypted_password": password_verifier}
    status, answer = api.call("POST", "/api/auth/login", login, ok=(200, 401))
    if status == 401 and answer.get("detail") == "User not found":
        api.call("POST", f"/api/spaces/{q(space)}/users/register",
                 {"username": username, "encrypted_password": password_verifier,
                  "encrypted_space_name": space_verifier}, ok=(201,))
        log(f"registered {username}")
        status, answer = api.call("POST", "/api/auth/login", login)
    elif status == 401:
        raise ApiError(f"POST /api/auth/login: 401 {answer.get('detail')}")
    api.token = answer["access_token"]
    log(f"logged in as {answer['user']['username']} ({answer['user']['role']})")
    return answer


def save(api: Api, path: str, based_on: int, encrypted: str | None = None,
         operations: list | None = None, conflict_ok: bool = False) -> int | None:
    """PUT with the version the edit is based on; one fresh Idempotency-Key per save. None: 409,
    someone saved first (only with `conflict_ok`)."""
    body: dict = {"metadata": {"version": based_on}}
    if encrypted is not None:
        body["encrypted_data"] = encrypted
    if operations is not None:
        body["operations"] = operations
    status, saved = api.call("PUT", path, body, ok=(200, 409) if conflict_ok else (200,),
                             headers={"Idempotency-Key": str(uuid.uuid4())})
    if status == 409:
        return None
    version = saved["content_metadata"]["version"]
    expect(version == based_on + 1, f"saved as v{version}, expected v{based_on + 1}")
    return version


def catch_up(api: Api, path: str, board: dict, version: int, ops_key: bytes) -> tuple[dict, int, list]:
    """GET …/changes?since=: decrypts every change's operations and applies them in order."""
    _, answer = api.call("GET", f"{path}/changes?since={version}")
    expect(not answer["too_far_behind"], "too far behind: the example does not rebuild from history")
    seen = []
    for change in answer["changes"]:
        expect(change["kind"] == "operations" and change["version"] == version + 1,
               f"change v{change['version']} is a {change['kind']}")
        for envelope in change["operations"]:
            op = decrypt_operation(envelope, ops_key)
            board = apply_operation(board, op)
            seen.append(op)
        version = change["version"]
        board = stamp(board, version, seen[-1]["at"])
    expect(version == answer["version"] and "next_since" not in answer, "caught up to the end")
    return board, version, seen


def load_board(api: Api, path: str, space_key: str, ops_key: bytes) -> tuple[dict | None, int]:
    """The current board: the stored envelope, plus the changes saved after it."""
    status, record = api.call("GET", path, ok=(200, 404))
    if status == 404:
        return None, 0
    board = decrypt_content(record["encrypted_data"], space_key)
    version = record["content_metadata"]["version"]
    if record["current_version"] > version:
        board, version, _ = catch_up(api, path, board, version, ops_key)
    return board, version


def rebuild_version(api: Api, path: str, version: int, space_key: str,
                    ops_key: bytes) -> tuple[dict, dict]:
    """Version `version` from the history (GET …/history/{version}): the decrypted base plus the
    decrypted operations of each change after it, stamped as the sync engine stamps them. A
    replacement among the changes (a save of the whole board) has no operations: its own
    snapshot (GET …/history/{its version}, whose base it is) is the board from there on.
    Answers (the board, the history answer)."""
    _, kept = api.call("GET", f"{path}/history/{version}")
    expect("next_after" not in kept, "the history answer was paged: follow `next_after`")
    board = decrypt_content(kept["base"]["encrypted_data"], space_key)
    for change in kept["changes"]:
        if change["kind"] == "replacement":
            _, whole = api.call("GET", f"{path}/history/{change['version']}")
            expect(whole["base"]["version"] == change["version"],
                   f"the replacement v{change['version']} is kept whole")
            board = decrypt_content(whole["base"]["encrypted_data"], space_key)
            continue
        expect(change["kind"] == "operations", f"v{change['version']} is a {change['kind']}")
        for envelope in change["operations"]:
            op = decrypt_operation(envelope, ops_key)
            board = apply_operation(board, op)
        board = stamp(board, change["version"], op["at"])  # the last operation's time
    return board, kept


def save_change(api: Api, path: str, based_on: int, op: dict, after: dict, space_key: str,
                ops_key: bytes, conflict_ok: bool = False) -> tuple[int | None, int]:
    """Saves the change `op` (which turns version `based_on` into `after`, already stamped) as
    the app does: its op1 envelope as `operations` alone, unless the envelope is longer than
    OPERATION_ENVELOPE_MAX_CHARS (README "Changes as operations") — then the whole board, a
    replacement. Answers (the version saved, None for a 409 with `conflict_ok`; the envelope's
    length, so that the caller can tell which of the two it was)."""
    envelope = encrypt_operation(op, ops_key)
    if len(envelope) <= OPERATION_ENVELOPE_MAX_CHARS:
        return save(api, path, based_on, operations=[envelope], conflict_ok=conflict_ok), len(envelope)
    saved = save(api, path, based_on, encrypted=encrypt_content(after, space_key),
                 conflict_ok=conflict_ok)
    return saved, len(envelope)


def restore_version(api: Api, path: str, older: dict, space_key: str, ops_key: bytes,
                    username: str, before_save=None) -> tuple[dict, int, dict, int, int] | None:
    """Makes `older` (a rebuilt version) the current board again, as the app's "Restore this
    version" does: one `patch` operation of `set` changes (restore_changes) on the latest
    version, saved as a new version — as an operation, or the whole board when its envelope
    would be longer than OPERATION_ENVELOPE_MAX_CHARS (save_change). After a 409 (someone saved
    first) it loads the latest and makes the patch again from it. `before_save(version)`, when
    given, runs between making the patch on `version` and saving it (the walk-through lets a
    teammate save there). Answers (the restored board, its version, the operation, the number of
    409s, the length of the operation's envelope); None when the current board already has
    `older`'s content."""
    for conflicts in range(5):
        current, version = load_board(api, path, space_key, ops_key)
        changes = restore_changes(current, older)
        if not changes:
            return None
        op = make_operation("patch", {"changes": changes}, username)
        restored = stamp(apply_operation(current, op), version + 1, op["at"])
        if before_save is not None:
            before_save(version)
        saved, length = save_change(api, path, version, op, restored, space_key, ops_key,
                                    conflict_ok=True)
        if saved is not None:
            return restored, saved, op, conflicts, length
        log(f"restore on v{version}: 409, someone saved first; making the patch again")
    raise Mismatch("others kept saving: the restore was not saved after 5 attempts")


def run(url: str, space: str, space_key: str, username: str, password: str) -> None:
    log(f"crypto vectors: {check_vectors(vectors_path())} match")
    log(f"operation vectors of addIssue, moveIssue and patch: "
        f"{check_operation_vectors(REPOSITORY / 'docs/operation-vectors.json')} match")
    api = Api(url)
    sign_in(api, space, space_key, username, password)
    ops_key = operations_key(space_key, space)  # once per space and session (§10)
    path = f"/api/content/{q(space)}/kanban"

    # 1. A board: the stored one, or a new default board saved as version 1.
    board, version = load_board(api, path, space_key, ops_key)
    if board is None:
        now = now_iso()
        board = stamp(default_board(now), 1, now)
        version = save(api, path, 0, encrypted=encrypt_content(board, space_key))
        log(f"kanban: saved a new board as v{version} "
            f"({', '.join(p['name'] for p in by_order(board['phases']))})")
    else:
        log(f"kanban: loaded v{version} ({sum(len(p['issues']) for p in board['phases'])} issues)")
    first_version, first_board = version, board
    known = {version: board}  # every version this run saved, as it saved it

    # 2. Two live changes, each an op1 envelope saved as `operations` alone (no board).
    phases = by_order(board["phases"])
    start = phases[0]
    goal = next((p for p in phases if p["name"] == "In Progress"), phases[1])
    title = f"Write the release notes ({secrets.token_hex(3)})"
    add = make_operation("addIssue", {"phaseId": start["id"], "issue": {
        "title": title, "priority": "High"}, "createdBy": username}, username)
    move = make_operation("moveIssue", {"issueId": add["id"], "toPhaseId": goal["id"],
                                        "toIndex": 0}, username)
    mine = board
    for op in (add, move):
        mine = stamp(apply_operation(mine, op), version + 1, op["at"])
        version = save(api, path, version, operations=[encrypt_operation(op, ops_key)])
        known[version] = mine
        log(f"{op['name']}: saved as an encrypted operation, v{version}")

    # 3. What another member sees: the envelope still holds the first version; the changes
    #    after it come as operations, which it decrypts and applies.
    _, record = api.call("GET", path)
    expect(record["content_metadata"]["version"] == first_version
           and record["current_version"] == version,
           f"GET: envelope v{record['content_metadata']['version']}, current "
           f"v{record['current_version']}")
    theirs, their_version, ops = catch_up(
        api, path, decrypt_content(record["encrypted_data"], space_key), first_version, ops_key)
    expect([op["id"] for op in ops] == [add["id"], move["id"]], "the operations read back")
    expect(their_version == version and theirs == mine, "the board caught up by operations")
    log(f"caught up from v{first_version} with {len(ops)} operations: same board as the sender's")

    # 4. The sender uploads the snapshot of the newest version (the app: after 40 saves or 5 s).
    _, snapshot = api.call("PUT", f"{path}/snapshot",
                           {"version": version, "encrypted_data": encrypt_content(mine, space_key)})
    expect(snapshot == {"snapshot_version": version, "stored": True}, f"snapshot: {snapshot}")
    _, record = api.call("GET", path)
    expect(record["content_metadata"]["version"] == version == record["current_version"],
           "GET after the snapshot")
    current = decrypt_content(record["encrypted_data"], space_key)
    expect(current == mine, "the decrypted snapshot is the board as sent")
    phase, issue = find_issue(current, add["id"])
    number = issue["number"]
    expect(phase["id"] == goal["id"] and issue["order"] == 0, "the issue is first in its new phase")
    expect(issue["title"] == title and issue["priority"] == "High" and issue["type"] == "Task"
           and issue["createdAt"] == add["at"] and issue["createdBy"] == username, "the issue")
    expect(current["nextTicketNumber"] == number + 1, "nextTicketNumber advanced")
    expect(username in current["teamMembers"], "the creator joined teamMembers")
    expect(current["version"] == version and current["lastModified"] == move["at"], "the stamp")
    expect(all(p["id"] == goal["id"] or add["id"] not in [i["id"] for i in p["issues"]]
               for p in current["phases"]), "the issue is in one phase only")
    log(f'v{version} decrypted: #{number} "{title}" (High) is first in {goal["name"]}; '
        f"nextTicketNumber {current['nextTicketNumber']}, teamMembers {current['teamMembers']}")

    # 5. The history: the kept versions, and one of them rebuilt from its base and changes.
    _, history = api.call("GET", f"{path}/history?limit=3")
    listed = [(entry["version"], entry["kind"]) for entry in history["versions"]]
    expect(listed[:2] == [(version, "operations"), (version - 1, "operations")],
           f"history: {listed}")
    log("history: " + ", ".join(f"v{v} {kind}" for v, kind in listed))
    rebuilt, kept = rebuild_version(api, path, version - 1, space_key, ops_key)
    phase, _ = find_issue(rebuilt, add["id"])
    expect(rebuilt["version"] == version - 1 and phase["id"] == start["id"],
           f"v{version - 1} rebuilt from the history")
    expect(kept["base"]["version"] != first_version or
           decrypt_content(kept["base"]["encrypted_data"], space_key) == first_board,
           "the history's base is the board as first saved")
    log(f"history v{version - 1}: base v{kept['base']['version']} + {len(kept['changes'])} "
        f"change(s) decrypted and applied: the issue is in {start['name']}")

    # 6. Restore the board as it was before the two live changes: one `patch` operation on the
    #    current version, saved as a new version (the older versions stay in the history). A
    #    teammate adds a card just before the first save: it gets a 409, and the patch is made
    #    again on the teammate's version — which the restore then reverts too.
    older, _ = rebuild_version(api, path, first_version, space_key, ops_key)
    expect(older == first_board, f"v{first_version} rebuilt from the history")
    teammate = Api(url)
    teammate_name = f"{username}-teammate"
    status, _ = api.call("POST", f"/api/spaces/{q(space)}/users", {
        "username": teammate_name,
        "encrypted_password": verifier(space_key, password, PASSWORD_SALT),
        "role": "member"}, ok=(201, 409))  # 409: added on an earlier run
    sign_in(teammate, space, space_key, teammate_name, password)
    teammate_card = {}

    def teammate_saves_first(based_on: int) -> None:
        if teammate_card:
            return
        theirs, their_version = load_board(teammate, path, space_key, ops_key)
        expect(their_version == based_on, f"the teammate sees v{their_version}")
        op = make_operation("addIssue", {"phaseId": by_order(theirs["phases"])[0]["id"],
                                         "issue": {"title": "A teammate's card"},
                                         "createdBy": teammate_name}, teammate_name)
        saved = save(teammate, path, their_version, operations=[encrypt_operation(op, ops_key)])
        teammate_card.update(id=op["id"], version=saved)
        known[saved] = stamp(apply_operation(theirs, op), saved, op["at"])
        log(f"a teammate added a card first: v{saved}")

    outcome = restore_version(api, path, older, space_key, ops_key, username,
                              before_save=teammate_saves_first)
    expect(outcome is not None, f"v{first_version} differs from the current board")
    restored, version, restore_op, conflicts, length = outcome
    expect(conflicts == 1 and version == teammate_card["version"] + 1,
           f"the restore saved v{version} after {conflicts} 409(s)")
    expect(length <= OPERATION_ENVELOPE_MAX_CHARS, f"the restore's envelope: {length} characters")
    teammate.call("POST", "/api/auth/logout", ok=(204,))
    # What a restore makes: the older version's content, every field but the two the save stamps.
    expect(restored == stamp(older, version, restore_op["at"]), "the restored board")
    expect(all(issue_id not in [i["id"] for i in p["issues"]] for p in restored["phases"]
               for issue_id in (add["id"], teammate_card["id"])),
           "the issue and the teammate's card are gone")
    _, snapshot = api.call("PUT", f"{path}/snapshot", {
        "version": version, "encrypted_data": encrypt_content(restored, space_key)})
    expect(snapshot == {"snapshot_version": version, "stored": True}, f"snapshot: {snapshot}")
    expect(load_board(api, path, space_key, ops_key) == (restored, version), "the board read back")
    fields = [change["path"][0] for change in restore_op["args"]["changes"]]
    log(f"restored v{first_version} as one patch operation (set {', '.join(fields)}), "
        f"v{version}, after one 409: the issues are gone; nextTicketNumber "
        f"{restored.get('nextTicketNumber', 'absent')}, teamMembers {restored['teamMembers']}")
    _, history = api.call("GET", f"{path}/history?limit=1")
    latest = history["versions"][0]
    expect((latest["version"], latest["kind"]) == (version, "operations"),
           f"the restore in the history: {latest}")
    known[version] = restored

    # 7. A long change: a card whose description is a ~21 KB runbook. Its addIssue envelope is
    #    longer than OPERATION_ENVELOPE_MAX_CHARS, so the whole board is saved, a replacement
    #    (as the app does). Restoring the version before it needs a patch whose `set` of
    #    `phases` carries the runbook as its `from`: too long as well, so the restore too is saved
    #    as the whole board — the restored version's content all the same.
    short_version = version
    runbook = migration_runbook()
    long_add = make_operation("addIssue", {"phaseId": start["id"], "issue": {
        "title": "Move the main database to the new cluster", "description": runbook,
        "priority": "Medium"}, "createdBy": username}, username)
    long_board = stamp(apply_operation(restored, long_add), version + 1, long_add["at"])
    version, length = save_change(api, path, version, long_add, long_board, space_key, ops_key)
    expect(length > OPERATION_ENVELOPE_MAX_CHARS, f"the addIssue envelope: {length} characters")
    known[version] = long_board
    expect(load_board(api, path, space_key, ops_key) == (long_board, version),
           "the board with the runbook read back")
    log(f"addIssue of a card with a {len(runbook):,}-character description: its envelope has "
        f"{length:,} characters (at most {OPERATION_ENVELOPE_MAX_CHARS:,} go as an operation): "
        f"saved the whole board, v{version}")

    older, _ = rebuild_version(api, path, short_version, space_key, ops_key)
    expect(older == restored, f"v{short_version} rebuilt from the history")
    outcome = restore_version(api, path, older, space_key, ops_key, username)
    expect(outcome is not None, f"v{short_version} differs from the current board")
    restored, version, restore_op, conflicts, length = outcome
    expect(conflicts == 0 and version == short_version + 2,
           f"the restore saved v{version} after {conflicts} 409(s)")
    expect(length > OPERATION_ENVELOPE_MAX_CHARS, f"the restore's envelope: {length} characters")
    expect(restored == stamp(older, version, restore_op["at"]), "the board restored whole")
    expect(all(long_add["id"] not in [i["id"] for i in p["issues"]] for p in restored["phases"]),
           "the card with the runbook is gone")
    known[version] = restored
    # A replacement is the stored envelope itself: no snapshot to upload.
    _, record = api.call("GET", path)
    expect(record["content_metadata"]["version"] == version == record["current_version"]
           and decrypt_content(record["encrypted_data"], space_key) == restored,
           f"GET after the restore: envelope v{record['content_metadata']['version']}")
    fields = [change["path"][0] for change in restore_op["args"]["changes"]]
    log(f"restored v{short_version} on v{version - 1}: its patch (set {', '.join(fields)}) makes "
        f"an envelope of {length:,} characters, so the whole board was saved, v{version}: "
        f"v{short_version}'s content, the runbook gone; nextTicketNumber "
        f"{restored.get('nextTicketNumber', 'absent')}, teamMembers {restored['teamMembers']}")

    # 8. The history keeps both whole-board saves, and rebuilds every version of this run.
    _, history = api.call("GET", f"{path}/history?limit=3")
    listed = [(entry["version"], entry["kind"]) for entry in history["versions"]]
    expect(listed == [(version, "replacement"), (version - 1, "replacement"),
                      (version - 2, "operations")], f"history: {listed}")
    for number, board in known.items():
        rebuilt, _ = rebuild_version(api, path, number, space_key, ops_key)
        expect(rebuilt == board, f"v{number} rebuilt from the history is the board as saved")
    log("history: " + ", ".join(f"v{v} {kind}" for v, kind in listed) + f"; v{min(known)}–"
        f"v{max(known)} each rebuilt from …/history/{{version}}: the board as saved")

    api.call("POST", "/api/auth/logout", ok=(204,))
    log("OK: every check passed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("CIPHERSPACE_URL", "http://127.0.0.1:3000"))
    parser.add_argument("--space", default=os.environ.get("CIPHERSPACE_SPACE"))
    parser.add_argument("--username", default=os.environ.get("CIPHERSPACE_USERNAME", "py-alice"))
    options = parser.parse_args()
    space = options.space or f"Python Example {secrets.token_hex(4)}"
    space_key = os.environ.get("CIPHERSPACE_SPACE_KEY")
    password = os.environ.get("CIPHERSPACE_PASSWORD")
    if not space_key:
        # The rules of crypto README §5: 10+ characters, lower, upper, digit, special, no slash.
        space_key = f"Py-{secrets.token_hex(10)}-K9!"
        log(f"space key (generated): {space_key}")
    if not password:
        password = secrets.token_hex(8)
        log(f"password of {options.username} (generated): {password}")
    try:
        run(options.url, space, space_key, options.username, password)
    except (Mismatch, ApiError, DecryptError, DomainError) as error:
        log(f"FAILED: {error}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
