#!/usr/bin/env python3
"""Checks a report page's DOM as Chromium dumped it (--dump-dom), with the standard library.

Usage: check_dom.py DOM.html [--min-charts N] [--min-heatmaps N] [--min-host-rows N] [--hostile]
                    [--charts-in ID,ID...] [--bars-in ID] [--sections ID,...]
                    [--no-sections ID,...] [--has-text TEXT]...
- #grp-selfcheck, filled by the page's own script after it measured every svg.chart:
  data-charts >= N, data-zero-size == 0 (every chart has a non-zero box), data-overflow == 0
  (no chart text reaches outside its chart's box as laid out), data-page-overflow == 0 (the
  page does not scroll sideways: link bar and tables wrap or scroll inside their box),
  data-errors == 0 (no script error or CSP violation reached window.__grp).
- --charts-in ID,...: each <section id=ID> exists and holds at least one svg.chart, and every
  chart there has an x axis (g.axis-x) with at least two tick labels (text.tick) and an axis
  label (text.lbl).
- --bars-in ID: <section id=ID> holds bars (rect.bar): a chart of cases at one local size.
- --min-heatmaps N, --min-host-rows N: at least N kernel x local-size heat-map tables
  (table.heatmap) and at least N host-baseline rows (tr.host) inside them.
- --sections ID,...: each <section id=ID> exists; --no-sections ID,...: none of them does (a
  page chooses its sections from what the profile holds); --has-text TEXT: the page's text
  (whitespace collapsed) contains TEXT; repeatable.
- --hostile: the profile's kernel is named <script>alert(1)</script>"' and other strings hold
  <img onerror>, <svg onload>, <iframe>, <marquee>, <b>, <i>: no such element may exist, no
  on* attribute anywhere, only the page's own two scripts, and the name shows as text.
Exit 0 when every check passes, 1 otherwise (each failure printed).
"""
import sys
from html.parser import HTMLParser

HOSTILE_NAME = "<script>alert(1)</script>\"'"
INJECTED = {"img", "iframe", "marquee", "b", "i", "object", "embed"}


class Dom(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = {}
        self.on_attrs = []
        self.selfcheck = None
        self.text = []
        self.heatmaps = 0
        self.host_rows = 0
        self.in_heatmap = False
        self.section = None
        self.section_charts = {}  # section id -> list of [axis_x, ticks, labels] per chart
        self.section_bars = {}  # section id -> number of rect.bar

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        attrs = dict(attrs)
        self.on_attrs += [f"<{tag} {k}>" for k in attrs if k.lower().startswith("on")]
        if attrs.get("id") == "grp-selfcheck":
            self.selfcheck = attrs
        classes = (attrs.get("class") or "").split()
        if tag == "section" and attrs.get("id"):
            self.section = attrs["id"]
            self.section_charts.setdefault(self.section, [])
        if self.section is not None:
            charts = self.section_charts[self.section]
            if tag == "rect" and "bar" in classes:
                self.section_bars[self.section] = self.section_bars.get(self.section, 0) + 1
            if tag == "svg" and "chart" in classes:
                charts.append([0, 0, 0])
            elif charts and tag == "g" and "axis-x" in classes:
                charts[-1][0] += 1
            elif charts and tag == "text" and "tick" in classes:
                charts[-1][1] += 1
            elif charts and tag == "text" and "lbl" in classes:
                charts[-1][2] += 1
        if tag == "table":
            self.in_heatmap = "heatmap" in classes
            self.heatmaps += 1 if self.in_heatmap else 0
        if tag == "tr" and "host" in classes and self.in_heatmap:
            self.host_rows += 1

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag):
        if tag == "section":
            self.section = None

    def handle_data(self, data):
        self.text.append(data)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    min_charts = int(argv[argv.index("--min-charts") + 1]) if "--min-charts" in argv else 1
    hostile = "--hostile" in argv
    min_heatmaps = int(argv[argv.index("--min-heatmaps") + 1]) if "--min-heatmaps" in argv else 0
    min_host_rows = (int(argv[argv.index("--min-host-rows") + 1])
                     if "--min-host-rows" in argv else 0)
    dom = Dom()
    with open(argv[1], encoding="utf-8") as f:
        dom.feed(f.read())
    failures = []
    sc = dom.selfcheck
    if sc is None or "data-charts" not in sc:
        failures.append("#grp-selfcheck was not filled in: the page's script did not run")
    else:
        charts, zero, errors = int(sc["data-charts"]), int(sc["data-zero-size"]), int(
            sc["data-errors"])
        over = int(sc.get("data-overflow", "0"))
        sideways = int(sc.get("data-page-overflow", "-1"))
        print(f"self-check ({sc.get('data-state')}): {charts} charts, {zero} of zero size, "
              f"{over} texts outside their chart, page {sideways} px too wide, "
              f"{errors} script errors")
        if sideways != 0:
            failures.append(f"the page scrolls sideways by {sideways} px (-1: not measured)")
        if over:
            failures.append(f"{over} chart texts reach outside their chart's box, e.g. "
                            f"{sc.get('data-overflow-texts', '')!r}")
        if charts < min_charts:
            failures.append(f"{charts} svg.chart elements, expected at least {min_charts}")
        if zero:
            failures.append(f"{zero} charts have a zero-size bounding box")
        if errors:
            failures.append(f"{errors} script errors or CSP violations: "
                            + "".join(dom.text[-1:]).strip())
    if dom.tags.get("svg", 0) < min_charts:
        failures.append(f"only {dom.tags.get('svg', 0)} <svg> elements in the DOM")
    if dom.heatmaps < min_heatmaps:
        failures.append(f"{dom.heatmaps} heat-map tables, expected at least {min_heatmaps}")
    if dom.host_rows < min_host_rows:
        failures.append(f"{dom.host_rows} host rows in heat maps, expected at least {min_host_rows}")
    wanted = argv[argv.index("--charts-in") + 1].split(",") if "--charts-in" in argv else []
    for sid in wanted:
        charts = dom.section_charts.get(sid)
        if charts is None:
            failures.append(f"no <section id={sid}>")
        elif not charts:
            failures.append(f"section {sid} has no svg.chart")
        for i, (axis_x, ticks, labels) in enumerate(charts or []):
            if not axis_x or ticks < 2 or not labels:
                failures.append(f"section {sid}, chart {i + 1}: x axis {axis_x}, {ticks} tick "
                                f"labels, {labels} axis labels")
        if charts:
            print(f"section {sid}: {len(charts)} charts with axes and labels")
    if "--bars-in" in argv:
        sid = argv[argv.index("--bars-in") + 1]
        bars = dom.section_bars.get(sid, 0)
        print(f"section {sid}: {bars} bars")
        if not bars:
            failures.append(f"section {sid} has no bars (rect.bar)")
    # The page of each profile kind (#50): the sections it must have and must not have, and
    # text it must show (a duet's control, a check profile's findings).
    for sid in (argv[argv.index("--sections") + 1].split(",") if "--sections" in argv else []):
        if sid not in dom.section_charts:
            failures.append(f"no <section id={sid}>")
    absent = argv[argv.index("--no-sections") + 1].split(",") if "--no-sections" in argv else []
    for sid in absent:
        if sid in dom.section_charts:
            failures.append(f"<section id={sid}> is there; this profile kind has nothing for it")
    if "--sections" in argv or absent:
        print("sections: " + ", ".join(dom.section_charts))
    text = " ".join("".join(dom.text).split())
    for want in [argv[i + 1] for i, a in enumerate(argv) if a == "--has-text"]:
        if want not in text:
            failures.append(f"the page does not show {want!r}")
    if hostile:
        if dom.tags.get("script", 0) != 2:
            failures.append(f"{dom.tags.get('script', 0)} <script> elements, expected the page's 2")
        injected = sorted(t for t in INJECTED if dom.tags.get(t))
        if injected:
            failures.append(f"injected elements present: {injected}")
        if dom.on_attrs:
            failures.append(f"event-handler attributes present: {dom.on_attrs[:5]}")
        if HOSTILE_NAME not in "".join(dom.text):
            failures.append("the hostile kernel name is not shown as text")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
