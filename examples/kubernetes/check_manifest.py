#!/usr/bin/env python3
"""Structure check of examples/kubernetes/indexed-job.yaml without Kubernetes (no kubectl in CI).

Usage: check_manifest.py MANIFEST

Checks what the example relies on, against the batch/v1 Job fields it uses: an Indexed Job
(completionMode Indexed) with whole-number completions and parallelism, 1 <= parallelism <
completions (the Job is a queue over the shards), backoffLimitPerIndex >= 0 with restartPolicy
Never (Kubernetes requires it) and no Job-wide backoffLimit (which counts the failures of all
indices together); one container whose command runs `gpu-reduce-prof run ...
--shard auto/N` with N equal to completions, writes shard-$JOB_COMPLETION_INDEX.json into a
mounted volume, and asks for one GPU; every volumeMount names a volume of the pod. This is
not the API server's validation: kubectl --dry-run=client is the check where kubectl exists.
Prints "manifest-check: ok" or the first problem found (exit 1); exit 77 (CTest's skip) when
Python's yaml module is missing (Debian: python3-yaml, which scripts/dev.sh installs).
"""
import re
import sys

try:
    import yaml
except ImportError:
    print("SKIP: python3 has no yaml module (Debian: apt-get install python3-yaml)")
    sys.exit(77)


def problem(text):
    print("FAIL: " + text)
    sys.exit(1)


def whole(spec, key, low):
    value = spec.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        problem(f"spec.{key} is {value!r}: a whole number >= {low} expected")
    return value


def check_job(job):
    if job.get("apiVersion") != "batch/v1" or job.get("kind") != "Job":
        problem(f"a batch/v1 Job expected, not {job.get('apiVersion')}/{job.get('kind')}")
    if not job.get("metadata", {}).get("name"):
        problem("metadata.name missing")
    spec = job.get("spec") or {}
    if spec.get("completionMode") != "Indexed":
        problem("spec.completionMode is not Indexed: the pods get no JOB_COMPLETION_INDEX")
    completions = whole(spec, "completions", 1)
    parallelism = whole(spec, "parallelism", 1)
    if parallelism >= completions:
        problem(f"parallelism {parallelism} >= completions {completions}: not a queue")
    whole(spec, "backoffLimitPerIndex", 0)
    if "backoffLimit" in spec:
        problem("spec.backoffLimit beside backoffLimitPerIndex counts all indices' failures together")
    pod = (spec.get("template") or {}).get("spec") or {}
    if pod.get("restartPolicy") != "Never":
        problem("template.spec.restartPolicy must be Never with backoffLimitPerIndex")
    return completions, pod


def check_container(pod, completions):
    containers = pod.get("containers") or []
    if len(containers) != 1:
        problem(f"{len(containers)} containers: one expected")
    c = containers[0]
    command = " ".join(str(part) for part in c.get("command") or [])
    shard = re.search(r"--shard auto/(\d+)", command)
    if "gpu-reduce-prof run" not in command or not shard:
        problem(f"the command runs no gpu-reduce-prof run --shard auto/N: {command}")
    if int(shard.group(1)) != completions:
        problem(f"--shard auto/{shard.group(1)} but completions {completions}: the plan's split")
    if "shard-$JOB_COMPLETION_INDEX.json" not in command:
        problem("the output is not named by JOB_COMPLETION_INDEX (shard-$JOB_COMPLETION_INDEX.json)")
    gpus = [v for k, v in ((c.get("resources") or {}).get("limits") or {}).items() if "gpu" in k]
    if gpus != [1]:
        problem(f"resources.limits: one GPU expected, found {gpus}")
    volumes = {v.get("name") for v in pod.get("volumes") or []}
    mounts = c.get("volumeMounts") or []
    for m in mounts:
        if m.get("name") not in volumes:
            problem(f"volumeMount {m.get('name')} names no volume of the pod")
    out = {e.get("name"): e.get("value") for e in c.get("env") or []}.get("GRP_OUT")
    if out not in {m.get("mountPath") for m in mounts}:
        problem(f"GRP_OUT {out!r} is not a mounted volume: the shards would be lost with the pods")


def main():
    if len(sys.argv) != 2:
        print(__doc__.split("\n\n")[1])
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as f:
        docs = [d for d in yaml.safe_load_all(f) if d is not None]
    if len(docs) != 1:
        problem(f"{len(docs)} YAML documents: one Job expected")
    completions, pod = check_job(docs[0])
    check_container(pod, completions)
    print("manifest-check: ok")


if __name__ == "__main__":
    main()
