#!/usr/bin/env python3
"""A GitHub Check for a gate, with an annotation per failing or undecided case.

    check-run.py --json OUT/compare.json --summary OUT/summary.md --path kernels/my.json
                 [--repo OWNER/NAME] [--sha SHA] [--name NAME]

Reads compare's `--json` (every case's verdict) and its markdown summary, and creates one check
run on the commit (POST /repos/OWNER/NAME/check-runs, completed): conclusion `failure` when a
case fails, `neutral` when timing decided no case of a candidate or some stayed undecided,
else `success`; the summary as its text (cut at GitHub's 65535 characters); an annotation on
--path (the kernel spec, line 1) per failing case (level failure) and per undecided or not
gated one (level warning), sent 50 to a request as GitHub allows (PATCH for the rest).
A duet's A/A controls are not annotated. Same environment, errors and exits as pr-comment.py
(GITHUB_TOKEN, GITHUB_API_URL, GITHUB_REPOSITORY; GITHUB_SHA or the pull request's head for
--sha); needs `permissions: checks: write`.
"""
import argparse
import importlib.util
import json
import os
import sys

_spec = importlib.util.spec_from_file_location(
    "pr_comment", os.path.join(os.path.dirname(os.path.abspath(__file__)), "pr-comment.py"))
pr_comment = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pr_comment)

SUMMARY_LIMIT = 65535  # characters of a check run's output.summary
ANNOTATIONS_PER_REQUEST = 50
UNDECIDED = {"inconclusive", "biased", "unmeasured", "missing", "not-run"}


def annotations_of(doc, path):
    out = []
    for c in doc.get("comparisons", []):
        if c.get("role") == "control":
            continue
        for case in c.get("cases", []):
            verdict = case.get("verdict", "")
            if case.get("fails"):
                level = "failure"
            elif verdict in UNDECIDED:
                level = "warning"
            else:
                continue
            change = case.get("change")
            title = "%s: %s%s" % (case.get("case", "?"), verdict,
                                  "" if change is None else " (%+.1f%%)" % (100 * change))
            out.append({"path": path, "start_line": 1, "end_line": 1,
                        "annotation_level": level, "title": title[:255],
                        "message": (case.get("note") or verdict)[:64000]})
    return out


def conclusion_of(doc):
    if doc.get("failed"):
        return "failure"
    real = [c for c in doc.get("comparisons", []) if c.get("role") != "control"]
    return "neutral" if any(c.get("undecided") for c in real) else "success"


def head_sha(given):
    if given:
        return given
    event = os.environ.get("GITHUB_EVENT_PATH")
    if event and os.path.isfile(event):
        with open(event, encoding="utf-8") as f:
            sha = ((json.load(f).get("pull_request") or {}).get("head") or {}).get("sha")
        if sha:
            return sha
    if os.environ.get("GITHUB_SHA"):
        return os.environ["GITHUB_SHA"]
    pr_comment.die("no commit: give --sha SHA (or run in GitHub Actions)")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", required=True, help="compare --json's output")
    p.add_argument("--summary", required=True, help="compare --markdown FILE's output")
    p.add_argument("--path", required=True, help="the file annotations attach to (a spec)")
    p.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY"))
    p.add_argument("--sha")
    p.add_argument("--name", default="gpu-reduce-prof")
    a = p.parse_args()
    token = os.environ.get("GITHUB_TOKEN", "")
    if not token:
        pr_comment.die("GITHUB_TOKEN is not set (a token with permissions: checks: write)")
    if not a.repo:
        pr_comment.die("give the repository as --repo OWNER/NAME (or set GITHUB_REPOSITORY)")
    try:
        with open(a.json, encoding="utf-8") as f:
            doc = json.load(f)
        with open(a.summary, encoding="utf-8", errors="replace") as f:
            summary = f.read()
    except (OSError, ValueError) as e:
        pr_comment.die("cannot read the gate's files: %s" % e)
    api = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")
    notes = annotations_of(doc, a.path)
    conclusion = conclusion_of(doc)
    output = {"title": "%s: %s" % (a.name, conclusion.upper()),
              "summary": summary[:SUMMARY_LIMIT],
              "annotations": notes[:ANNOTATIONS_PER_REQUEST]}
    run = {"name": a.name, "head_sha": head_sha(a.sha), "status": "completed",
           "conclusion": conclusion, "output": output}
    try:
        made, _ = pr_comment.request("POST", "%s/repos/%s/check-runs" % (api, a.repo), token, run)
        for i in range(ANNOTATIONS_PER_REQUEST, len(notes), ANNOTATIONS_PER_REQUEST):
            more = dict(output, annotations=notes[i:i + ANNOTATIONS_PER_REQUEST])
            pr_comment.request("PATCH", "%s/repos/%s/check-runs/%d" % (api, a.repo, made["id"]),
                               token, {"output": more})
    except pr_comment.ApiError as e:
        pr_comment.die(str(e), 1)
    print("check-run: %s, %d annotation(s) (check run %s)" % (conclusion, len(notes),
                                                             made.get("id")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
