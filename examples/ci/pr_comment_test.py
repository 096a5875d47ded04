#!/usr/bin/env python3
"""pr-comment.py (and check-run.py, last) against a fake GitHub API (http.server on 127.0.0.1, in this process), which
records every request. Pins: the first run POSTs one comment, the second PATCHes that same
comment (never a second POST), the list is followed over its Link pages, a comment without
the marker at its start (one that quotes it, another marker's) is never touched, a body over
GitHub's 65536 characters is cut with a note, an API error exits 1 naming the HTTP status and
GitHub's message, and a missing token is a usage error (exit 2).

    pr_comment_test.py SCRIPT WORK-DIR      (CTest: example.ci_pr_comment_upsert)
"""
import json
import os
import re
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

MARKER = "<!-- gpu-reduce-prof:gate -->"


class FakeGitHub:
    def __init__(self):
        self.comments = []  # dicts: id, body, user
        self.requests = []  # (method, path, body or None, authorization)
        self.fail = None  # (status, message): every request answers so
        self.next_id = 1000
        self.check_runs = {}  # id: the check run as posted, later annotations added

    def add(self, body, login="someone"):
        self.next_id += 1
        self.comments.append({"id": self.next_id, "body": body, "user": {"login": login}})
        return self.next_id


def make_handler(gh, base):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def answer(self, status, payload, link=None):
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            if link:
                self.send_header("Link", link)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def record(self):
            n = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(n)) if n else None
            gh.requests.append((self.command, self.path, body,
                                self.headers.get("Authorization")))
            if gh.fail:
                self.answer(gh.fail[0], {"message": gh.fail[1]})
                return None
            return body if body is not None else {}

        def do_GET(self):
            if self.record() is None:
                return
            url = urlparse(self.path)
            m = re.fullmatch(r"/repos/o/r/issues/7/comments", url.path)
            if not m:
                return self.answer(404, {"message": "Not Found"})
            q = parse_qs(url.query)
            per, page = int(q.get("per_page", ["30"])[0]), int(q.get("page", ["1"])[0])
            part = gh.comments[(page - 1) * per:page * per]
            link = None
            if page * per < len(gh.comments):
                link = '<%s%s?per_page=%d&page=%d>; rel="next"' % (base, url.path, per, page + 1)
            self.answer(200, part, link)

        def do_POST(self):
            body = self.record()
            if body is None:
                return
            if self.path == "/repos/o/r/check-runs":
                gh.next_id += 1
                gh.check_runs[gh.next_id] = json.loads(json.dumps(body))  # a copy
                return self.answer(201, {"id": gh.next_id})
            if self.path != "/repos/o/r/issues/7/comments":
                return self.answer(404, {"message": "Not Found"})
            cid = gh.add(body["body"], "github-actions[bot]")
            self.answer(201, {"id": cid, "html_url": "http://fake/c/%d" % cid})

        def do_PATCH(self):
            body = self.record()
            if body is None:
                return
            run = re.fullmatch(r"/repos/o/r/check-runs/(\d+)", self.path)
            if run and int(run.group(1)) in gh.check_runs:
                gh.check_runs[int(run.group(1))]["output"]["annotations"] += \
                    body["output"]["annotations"]
                return self.answer(200, {"id": int(run.group(1))})
            m = re.fullmatch(r"/repos/o/r/issues/comments/(\d+)", self.path)
            hit = [c for c in gh.comments if m and c["id"] == int(m.group(1))]
            if not hit:
                return self.answer(404, {"message": "Not Found"})
            hit[0]["body"] = body["body"]
            self.answer(200, {"id": hit[0]["id"], "html_url": "http://fake/c/%d" % hit[0]["id"]})

    return Handler


def main():
    script, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    gh = FakeGitHub()
    server = ThreadingHTTPServer(("127.0.0.1", 0), None)
    base = "http://127.0.0.1:%d" % server.server_address[1]
    server.RequestHandlerClass = make_handler(gh, base)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    # 150 comments (two pages of 100): ordinary ones, a reply quoting the marker, another
    # marker's comment.
    for i in range(147):
        gh.add("comment %d" % i)
    quoted = gh.add("> %s\n> ### gpu-reduce-prof compare: FAIL\nwhy did this fail?" % MARKER)
    other = gh.add("<!-- gpu-reduce-prof:check -->\nthe check gate's comment")
    gh.add("a comment that mentions %s in passing" % MARKER)
    before = {c["id"]: c["body"] for c in gh.comments}

    env = dict(os.environ, GITHUB_TOKEN="t0k3n", GITHUB_API_URL=base + "/",
               GITHUB_REPOSITORY="o/r", GITHUB_SERVER_URL="https://github.example",
               GITHUB_RUN_ID="42")
    env.pop("GITHUB_EVENT_PATH", None)
    summary = os.path.join(work, "summary.md")

    def run(text, extra_env=None, args=("--pr", "7")):
        with open(summary, "w", encoding="utf-8") as f:
            f.write(text)
        return subprocess.run([sys.executable, script, "--body-file", summary, *args],
                              env=dict(env, **(extra_env or {})), capture_output=True, text=True,
                              timeout=60)

    def fail(why, r=None):
        print("FAIL: %s%s" % (why, "" if r is None else "\n%s%s" % (r.stdout, r.stderr)))
        sys.exit(1)

    r = run("### gpu-reduce-prof compare: FAIL\n\n| case | verdict |\n")
    if r.returncode != 0 or "posted" not in r.stdout:
        fail("the first run did not post", r)
    posts = [q for q in gh.requests if q[0] == "POST"]
    gets = [q for q in gh.requests if q[0] == "GET"]
    if len(posts) != 1 or len(gets) != 2 or "page=2" not in gets[1][1]:
        fail("expected two pages listed, then one POST: %r" % [q[:2] for q in gh.requests])
    if any(q[3] != "Bearer t0k3n" for q in gh.requests):
        fail("a request without the token: %r" % [q[3] for q in gh.requests])
    mine = gh.comments[-1]
    if not mine["body"].startswith(MARKER + "\n### gpu-reduce-prof compare: FAIL"):
        fail("the comment does not open with the marker and the summary: %r" % mine["body"][:80])
    if "https://github.example/o/r/actions/runs/42" not in mine["body"]:
        fail("no link to the workflow run")

    gh.requests.clear()
    r = run("### gpu-reduce-prof compare: PASS\n")
    if r.returncode != 0 or "updated" not in r.stdout:
        fail("the second run did not update", r)
    if [q[0] for q in gh.requests] != ["GET", "GET", "PATCH"]:
        fail("the second run: %r" % [q[:2] for q in gh.requests])
    if not gh.requests[-1][1].endswith("/issues/comments/%d" % mine["id"]):
        fail("the PATCH went to %s, not comment %d" % (gh.requests[-1][1], mine["id"]))
    marked = [c for c in gh.comments if c["body"].startswith(MARKER)]
    if len(marked) != 1 or "PASS" not in marked[0]["body"]:
        fail("expected one marked comment, now PASS: %r" % marked)
    for cid, body in before.items():
        now = [c["body"] for c in gh.comments if c["id"] == cid][0]
        if now != body:
            fail("comment %d (not ours) was changed" % cid)
    if quoted not in before or other not in before:
        fail("the fixture lost its quoted or other-marker comment")

    r = run("x" * 70000 + "\n")
    if r.returncode != 0:
        fail("a long body", r)
    long_body = gh.requests[-1][2]["body"]
    if len(long_body) > 65536 or not long_body.startswith(MARKER) or "*(cut:" not in long_body:
        fail("a body of 70000 characters went out as %d characters" % len(long_body))

    gh.fail = (403, "Resource not accessible by integration")
    r = run("### again\n")
    if r.returncode != 1 or "HTTP 403" not in r.stderr or "not accessible" not in r.stderr:
        fail("an API error should exit 1 naming HTTP 403 and the message", r)
    gh.fail = None

    r = run("x\n", {"GITHUB_TOKEN": ""})
    if r.returncode != 2 or "GITHUB_TOKEN" not in r.stderr:
        fail("no token should be a usage error", r)
    r = run("x\n", args=())
    if r.returncode != 2 or "--pr" not in r.stderr:
        fail("no pull request should be a usage error", r)
    event = os.path.join(work, "event.json")
    with open(event, "w") as f:
        json.dump({"pull_request": {"number": 7}}, f)
    gh.requests.clear()
    r = run("### from the event\n", {"GITHUB_EVENT_PATH": event}, args=("--author", "nobody"))
    if r.returncode != 0 or [q[0] for q in gh.requests][-1] != "POST":
        fail("--author nobody matches no comment, so it posts", r)
    check_run(os.path.join(os.path.dirname(script), "check-run.py"), work, gh, env, fail)
    server.shutdown()
    print("pr_comment_test: ok")


def check_run(script, work, gh, env, fail):
    """check-run.py: 60 failing cases and one undecided, a control's case not annotated; the
    annotations go 50 in the POST and 10 in a PATCH."""
    cases = [{"case": "k%d/float/flat/n=4096/local=64" % i, "verdict": "slower", "fails": True,
              "change": 0.1, "note": "slower by 10%"} for i in range(60)]
    cases.append({"case": "u/float/flat/n=4096/local=64", "verdict": "inconclusive",
                  "fails": False, "change": None, "note": ""})
    control = {"role": "control", "undecided": False,
               "cases": [{"case": "c", "verdict": "slower", "fails": True}]}
    doc = {"failed": True, "comparisons": [control, {"role": "candidate", "undecided": True,
                                                     "cases": cases}]}
    paths = {n: os.path.join(work, n) for n in ("compare.json", "check-summary.md")}
    with open(paths["compare.json"], "w") as f:
        json.dump(doc, f)
    with open(paths["check-summary.md"], "w") as f:
        f.write("### gpu-reduce-prof compare: FAIL\n" + "y" * 70000)
    r = subprocess.run([sys.executable, script, "--json", paths["compare.json"], "--summary",
                        paths["check-summary.md"], "--path", "kernels/my.json", "--sha", "abc1"],
                       env=env, capture_output=True, text=True, timeout=60)
    if r.returncode != 0 or len(gh.check_runs) != 1:
        fail("check-run.py did not create one check run", r)
    run = list(gh.check_runs.values())[0]
    notes = run["output"]["annotations"]
    if (run["conclusion"], run["head_sha"], len(notes)) != ("failure", "abc1", 61):
        fail("check run: %r, %d annotations" % ((run["conclusion"], run["head_sha"]), len(notes)))
    if [q[0] for q in gh.requests[-2:]] != ["POST", "PATCH"] or \
            len(gh.requests[-2][2]["output"]["annotations"]) != 50:
        fail("annotations not sent 50 to a request: %r" % [q[:2] for q in gh.requests[-2:]])
    if sum(n["annotation_level"] == "warning" for n in notes) != 1 or \
            any(n["title"].startswith("c:") for n in notes) or \
            len(run["output"]["summary"]) > 65535:
        fail("levels, the control or the summary's length: %r" % notes[-1])


if __name__ == "__main__":
    main()
