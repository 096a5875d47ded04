#!/usr/bin/env python3
"""Upsert one pull-request comment with a gate's summary, found again by a hidden marker.

    pr-comment.py --body-file OUT/summary.md [--repo OWNER/NAME] [--pr N] [--marker NAME]
                  [--author LOGIN]

The comment starts with the marker `<!-- gpu-reduce-prof:NAME -->` (NAME default `gate`),
invisible on GitHub. Every issue comment of the pull request is listed (GitHub's REST API,
following its Link pages); the first one whose body *starts with* the marker (and, with
--author, was written by LOGIN) is edited (PATCH), else a new one is posted (POST). So a gate
that runs on every push keeps one comment up to date instead of adding one per push, and a
comment that only quotes or mentions the marker (a reply "> <!-- ... -->") is never touched.
The body is the file (compare's `--markdown` summary: the verdict, the failing cases, the plan
line), then a link to the workflow run when GitHub's variables name one; a body over GitHub's
65536 characters is cut, with a line that says so.

Environment: GITHUB_TOKEN (required: a token that may write pull-request comments),
GITHUB_API_URL (default https://api.github.com; GitHub Enterprise sets it), GITHUB_REPOSITORY
(default --repo), GITHUB_EVENT_PATH (default --pr: the event's pull_request.number),
GITHUB_SERVER_URL and GITHUB_RUN_ID (the run's link). Python 3 standard library only.
Exit: 0 posted or updated, 1 the API refused or could not be reached (the HTTP status and
GitHub's message named), 2 usage (no token, no pull request, an unreadable body file).
"""
import argparse
import json
import os
import re
import sys
import urllib.error
import urllib.request

GITHUB_BODY_LIMIT = 65536  # characters GitHub accepts in a comment body
CUT_NOTE = ("\n\n*(cut: the summary is longer than a GitHub comment holds; the whole of it is "
            "in the job summary and the uploaded report)*\n")


class ApiError(Exception):
    pass


def die(message, code=2):
    print("pr-comment: " + message, file=sys.stderr)
    sys.exit(code)


def request(method, url, token, payload=None):
    """One API call; returns (parsed JSON, the next page's URL or None)."""
    data = None if payload is None else json.dumps(payload).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Authorization", "Bearer " + token)
    req.add_header("Accept", "application/vnd.github+json")
    req.add_header("X-GitHub-Api-Version", "2022-11-28")
    req.add_header("User-Agent", "gpu-reduce-prof-pr-comment")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            body = resp.read().decode("utf-8", "replace")
            link = resp.headers.get("Link", "")
    except urllib.error.HTTPError as e:
        detail = e.read().decode("utf-8", "replace")
        try:
            detail = json.loads(detail).get("message", detail)
        except (ValueError, AttributeError):
            pass
        raise ApiError("%s %s: HTTP %d %s: %s" % (method, url, e.code, e.reason,
                                                 str(detail).strip()[:300]))
    except (urllib.error.URLError, OSError) as e:
        raise ApiError("%s %s: %s" % (method, url, getattr(e, "reason", e)))
    try:
        parsed = json.loads(body) if body.strip() else None
    except ValueError:
        raise ApiError("%s %s: the answer is not JSON: %r" % (method, url, body[:200]))
    match = re.search(r'<([^>]+)>;\s*rel="next"', link)
    return parsed, match.group(1) if match else None


def find_comment(api, repo, pr, token, marker, author):
    """The first comment of the pull request whose body starts with `marker`."""
    url = "%s/repos/%s/issues/%d/comments?per_page=100" % (api, repo, pr)
    while url:
        page, url = request("GET", url, token)
        if not isinstance(page, list):
            raise ApiError("GET comments: expected a list, got %r" % (page,))
        for c in page:
            body = c.get("body") or ""
            login = (c.get("user") or {}).get("login")
            if body.startswith(marker) and (not author or login == author):
                return c
    return None


def make_body(marker, text):
    link = ""
    server, repo, run = (os.environ.get(k) for k in
                         ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_RUN_ID"))
    if server and repo and run:
        link = "\n\n[workflow run](%s/%s/actions/runs/%s)\n" % (server, repo, run)
    body = marker + "\n" + text.rstrip("\n") + link
    if len(body) > GITHUB_BODY_LIMIT:
        keep = GITHUB_BODY_LIMIT - len(CUT_NOTE) - len(link)
        body = body[:keep].rsplit("\n", 1)[0] + CUT_NOTE + link
    return body


def pull_request_number(given):
    if given is not None:
        return given
    event = os.environ.get("GITHUB_EVENT_PATH")
    if event and os.path.isfile(event):
        with open(event, encoding="utf-8") as f:
            number = (json.load(f).get("pull_request") or {}).get("number")
        if isinstance(number, int):
            return number
    die("no pull request: give --pr N (GITHUB_EVENT_PATH holds no pull_request event)")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--body-file", required=True, help="the markdown (compare --markdown FILE)")
    p.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY"), help="OWNER/NAME")
    p.add_argument("--pr", type=int, help="the pull request's number")
    p.add_argument("--marker", default="gate",
                   help="names the comment: one per name and pull request (default gate)")
    p.add_argument("--author", default="",
                   help="only a comment by this login is edited (the Action: github-actions[bot])")
    a = p.parse_args()
    if not re.fullmatch(r"[A-Za-z0-9._-]{1,64}", a.marker):
        die("--marker takes letters, digits, '.', '_' and '-' (at most 64), got %r" % a.marker)
    if not a.repo or not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", a.repo):
        die("give the repository as --repo OWNER/NAME (or set GITHUB_REPOSITORY), got %r"
            % a.repo)
    return a


def main():
    a = parse_args()
    token = os.environ.get("GITHUB_TOKEN", "")
    if not token:
        die("GITHUB_TOKEN is not set: the comment needs a token that may write pull-request "
            "comments (in a workflow: env: GITHUB_TOKEN: ${{ github.token }}, with "
            "permissions: pull-requests: write)")
    pr = pull_request_number(a.pr)
    try:
        with open(a.body_file, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        die("cannot read the body file %s: %s" % (a.body_file, e.strerror))
    api = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")
    marker = "<!-- gpu-reduce-prof:%s -->" % a.marker
    body = make_body(marker, text)
    try:
        found = find_comment(api, a.repo, pr, token, marker, a.author)
        if found is not None:
            url = "%s/repos/%s/issues/comments/%d" % (api, a.repo, found["id"])
            done, _ = request("PATCH", url, token, {"body": body})
            verb = "updated"
        else:
            url = "%s/repos/%s/issues/%d/comments" % (api, a.repo, pr)
            done, _ = request("POST", url, token, {"body": body})
            verb = "posted"
    except ApiError as e:
        die(str(e), 1)
    where = (done or {}).get("html_url") or "comment %s" % (done or {}).get("id")
    print("pr-comment: %s %s (%d characters)" % (verb, where, len(body)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
