// `gpu-reduce-prof report`: one self-contained HTML page (inline SVG charts, no network) and/or
// a markdown summary of one or more profiles. With several profiles the first is the base that
// the others are compared with (compare's verdicts).
#include "commands/command.hpp"
#include "commands/estimate_target.hpp"
#include "commands/help_groups.hpp"
#include "commands/validators.hpp"
#include "grp/core/error.hpp"
#include "grp/core/files/output_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/version.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/model/profile/check_plan.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/html/page.hpp"
#include "grp/report/markdown/findings.hpp"
#include "grp/report/markdown/summary.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

namespace grp::cli {

namespace {

struct report_options {
    std::vector<std::string> files;
    std::string output;   ///< HTML file, "-" for stdout
    std::string markdown; ///< markdown file, "-" for stdout
    std::string title;
    bool force = false;
    double threshold_pct = 5;
    double alpha = 0.01;
    std::string normalize = "none";
    std::string cells = "time"; ///< what the markdown matrices show
    bool log_time = false;      ///< HTML: time axes on a log scale
    std::string estimate_for;   ///< a timed profile of a GPU: estimate check profiles on it
};

// The files the report goes to (the HTML first), each checked before any work: named, not an
// input or another output, and writable.
std::vector<output_file> report_outputs(const report_options& opt) {
    if (opt.output.empty() && opt.markdown.empty()) {
        throw usage_error("report: nothing to write; give -o report.html and/or --markdown "
                          "FILE ('-' writes to stdout)");
    }
    if (opt.output == "-" && opt.markdown == "-") {
        throw usage_error("report: -o - and --markdown - would both write to stdout; send one "
                          "of them to a file");
    }
    std::vector<output_file> outs;
    if (!opt.output.empty()) {
        outs.emplace_back(opt.output, "HTML report", opt.force);
    }
    if (!opt.markdown.empty()) {
        outs.emplace_back(opt.markdown, "markdown summary", opt.force);
    }
    std::vector<const output_file*> targets;
    targets.reserve(outs.size());
    for (const auto& o : outs) {
        targets.push_back(&o);
    }
    // Before any work: no output may replace an input or another output, however spelled.
    check_distinct_files(opt.files, targets);
    for (const auto& o : outs) {
        o.probe();
    }
    return outs;
}

int run_report(const report_options& opt) {
    if (!opt.estimate_for.empty() && opt.markdown.empty()) {
        throw usage_error("report: --estimate-for adds a table to the markdown summary; give "
                          "--markdown FILE ('-' for stdout)");
    }
    const std::vector<output_file> outs = report_outputs(opt);
    compare_options cmp;
    cmp.threshold = opt.threshold_pct / 100.0;
    cmp.alpha = opt.alpha;
    parse_normalize(opt.normalize, cmp);

    std::vector<html::report_input> inputs;
    for (const auto& f : opt.files) {
        inputs.push_back({f, load_profile(f)}); // file_error: exit 5
    }
    const auto target = estimate_target(opt.estimate_for);
    if (target && std::none_of(inputs.begin(), inputs.end(), [](const html::report_input& in) {
            return is_check_profile(in.prof);
        })) {
        throw usage_error("report: --estimate-for estimates the cases of check profiles, and no "
                          "input is one: give a profile written by `gpu-reduce-prof check`");
    }
    const std::string generator = version_line();
    std::size_t next = 0;
    if (!opt.output.empty()) {
        html::page_options page;
        page.title = opt.title;
        page.generator = generator;
        page.compare = cmp;
        page.log_time = opt.log_time;
        outs[next++].write(html::render_report(inputs, page));
    }
    if (!opt.markdown.empty()) {
        // The estimate goes above the closing generator line, which is written here for it.
        auto md = render_markdown_summary(inputs, target ? "" : generator, cmp,
                                          parse_cell_value(opt.cells));
        if (target) {
            md += markdown_estimate(inputs, *target, opt.estimate_for) + "<sub>" +
                  markdown_escape(generator) + "</sub>\n";
        }
        outs[next++].write(md);
    }
    for (const auto& o : outs) {
        if (!o.is_stdout()) {
            std::cerr << "wrote " << terminal_escape(o.path()) << '\n';
        }
    }
    return 0;
}

const char* report_footer = R"(Examples:
  gpu-reduce-prof report p.json -o report.html
  gpu-reduce-prof report p.json --markdown - >> "$GITHUB_STEP_SUMMARY"
  gpu-reduce-prof report base.json new.json -o compare.html --markdown summary.md
  gpu-reduce-prof report h100.json mi300.json -o cross.html --normalize peak

The page is one self-contained file (inline SVG charts, no network): throughput against
work-group size per kernel family with p5-p95 error bars and the measured peak (several
profiles also overlaid on one chart), GB/s against the problem size when a sweep has several,
the layout comparison, the scenarios, each case's samples as a box plot with its round medians
(--log-time: on a log scale), every case's verification status, compare verdicts when several
profiles are given (the first is the base), and a sortable table of all cases.

Outputs are written whole or not at all (a temp file beside each, renamed into place); an
existing file is replaced only with --force, and never when it is one of the input profiles
or the other output, however it is spelled.

Exit codes: 0 written, 2 usage (an existing output without --force, an output that is an
input or names the same file as the other output), 5 unreadable or invalid profile or
unwritable output.)";

/// The options of the verdicts between profiles (compare's).
void add_report_verdict_options(CLI::App* sub, report_options& opt) {
    sub->add_option("--threshold", opt.threshold_pct,
                    "Comparison: minimum change of the median, in percent, for slower/faster")
        ->type_name("PCT")
        ->check(finite_range(0.0, 1000.0))
        ->capture_default_str();
    sub->add_option("--alpha", opt.alpha,
                    "Comparison: 1 - confidence of the intervals (0.01: 99 %)")
        ->check(finite_range(1e-9, 0.5))
        ->capture_default_str();
    sub->add_option("--normalize", opt.normalize,
                    "Comparison: none, peak, floor, or a reference KERNEL or case KEY (as "
                    "compare)")
        ->type_name("WHAT")
        ->capture_default_str();
}

} // namespace

void add_report(CLI::App& app, command_slot& slot) {
    auto opt = std::make_shared<report_options>();
    auto* sub = app.add_subcommand(
        "report", "Write a self-contained HTML report (inline SVG charts) and/or a markdown "
                  "summary of profiles");
    sub->footer(report_footer);
    sub->add_option("profiles", opt->files,
                    "PROFILE.json [MORE.json...]: with several, the first is the base of the "
                    "comparison")
        ->required()
        ->type_name("FILE");
    accept_files_after_double_dash(sub);
    sub->add_option("-o,--output", opt->output, "HTML file to write ('-' for stdout)")
        ->type_name("FILE");
    sub->add_option("--markdown", opt->markdown,
                    "Markdown summary file to write ('-' for stdout), e.g. for a README or "
                    "$GITHUB_STEP_SUMMARY")
        ->type_name("FILE");
    sub->add_flag("--log-time", opt->log_time,
                  "HTML: draw time axes (the per-case sample distributions) on a log10 scale");
    sub->add_flag("-f,--force", opt->force, "Overwrite existing output files");
    sub->add_option("--title", opt->title, "Page title (default: the device names)")
        ->type_name("TEXT");
    add_report_verdict_options(sub, *opt);
    sub->add_option("--cells", opt->cells,
                    "Markdown: what a kernel x local-size matrix cell shows: time (median), gbps "
                    "or both (the HTML heat map shows both)")
        ->check(CLI::IsMember({"time", "gbps", "both", "energy"}))
        ->capture_default_str();
    add_estimate_for_option(sub, opt->estimate_for,
                            "the markdown summary gains each checked case's access-adjusted "
                            "time estimate on it, and what bounds it");
    group_report_help(sub);
    sub->callback([opt, &slot] {
        slot = [opt] {
            return run_report(*opt);
        };
    });
}

} // namespace grp::cli
