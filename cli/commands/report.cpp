// `gpu-reduce-prof report`: one self-contained HTML page (inline SVG charts, no network) and/or
// a markdown summary of one or more profiles. With several profiles the first is the base that
// the others are compared with (compare's verdicts).
#include "commands/command.hpp"
#include "grp/core/error.hpp"
#include "grp/core/version.hpp"
#include "grp/model/compare.hpp"
#include "grp/report/html_page.hpp"
#include "grp/report/markdown_summary.hpp"

#include <fstream>
#include <iostream>
#include <memory>
#include <sys/stat.h>

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
};

bool exists(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0;
}

/// True for an existing device, FIFO or socket (/dev/null, /dev/stdout, a named pipe): written
/// in place, because the atomic temp-file-and-rename would replace the node with a file.
bool is_special(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

/// Refuses to replace a file unless --force, and never replaces an input profile.
void check_target(const std::string& path, const report_options& opt, const char* what) {
    if (path.empty() || path == "-") {
        return;
    }
    for (const auto& f : opt.files) {
        if (f == path) {
            throw usage_error(std::string(what) + " '" + path +
                              "' is also an input profile; write the report somewhere else");
        }
    }
    if (!opt.force && exists(path) && !is_special(path)) {
        throw usage_error(std::string(what) + " '" + path +
                          "' already exists; pass --force to overwrite it, or choose another "
                          "name");
    }
}

void emit(const std::string& path, const std::string& text) {
    if (path == "-") {
        std::cout << text;
        std::cout.flush();
    } else {
        write_file_atomic(path, text); // writes devices and FIFOs in place
    }
}

int run_report(const report_options& opt) {
    if (opt.output.empty() && opt.markdown.empty()) {
        throw usage_error("report: nothing to write; give -o report.html and/or --markdown "
                          "FILE ('-' writes to stdout)");
    }
    if (opt.output == "-" && opt.markdown == "-") {
        throw usage_error("report: -o - and --markdown - would both write to stdout; send one "
                          "of them to a file");
    }
    check_target(opt.output, opt, "output");
    check_target(opt.markdown, opt, "markdown output");
    compare_options cmp;
    cmp.threshold = opt.threshold_pct / 100.0;
    cmp.alpha = opt.alpha;
    parse_normalize(opt.normalize, cmp);

    std::vector<html::report_input> inputs;
    for (const auto& f : opt.files) {
        inputs.push_back({f, load_profile(f)}); // file_error: exit 5
    }
    const std::string generator =
        std::string(tool_name) + " " + tool_version + " (git " + tool_git_sha + ")";
    if (!opt.output.empty()) {
        html::page_options page;
        page.title = opt.title;
        page.generator = generator;
        page.compare = cmp;
        emit(opt.output, html::render_report(inputs, page));
    }
    if (!opt.markdown.empty()) {
        emit(opt.markdown,
             render_markdown_summary(inputs, generator, cmp, parse_cell_value(opt.cells)));
    }
    for (const auto* path : {&opt.output, &opt.markdown}) {
        if (!path->empty() && *path != "-") {
            std::cerr << "wrote " << *path << '\n';
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
work-group size per kernel family with p5-p95 error bars and the measured peak, the layout
comparison, the scenarios, every case's verification status, compare verdicts when several
profiles are given (the first is the base), and a sortable table of all cases.

Exit codes: 0 written, 2 usage (including an existing output without --force),
5 unreadable or invalid profile or unwritable output.)";

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
    sub->add_option("-o,--output", opt->output, "HTML file to write ('-' for stdout)")
        ->type_name("FILE");
    sub->add_option("--markdown", opt->markdown,
                    "Markdown summary file to write ('-' for stdout), e.g. for a README or "
                    "$GITHUB_STEP_SUMMARY")
        ->type_name("FILE");
    sub->add_flag("-f,--force", opt->force, "Overwrite existing output files");
    sub->add_option("--title", opt->title, "Page title (default: the device names)")
        ->type_name("TEXT");
    sub->add_option("--threshold", opt->threshold_pct,
                    "Comparison: minimum change of the median, in percent, for slower/faster")
        ->type_name("PCT")
        ->check(CLI::Range(0.0, 1000.0))
        ->capture_default_str();
    sub->add_option("--alpha", opt->alpha, "Comparison: significance level of the U test")
        ->check(CLI::Range(1e-9, 0.5))
        ->capture_default_str();
    sub->add_option("--normalize", opt->normalize,
                    "Comparison: none, peak, or a reference KERNEL or case KEY (as compare)")
        ->type_name("WHAT")
        ->capture_default_str();
    sub->add_option("--cells", opt->cells,
                    "Markdown: what a kernel x local-size matrix cell shows: time (median), gbps "
                    "or both (the HTML heat map shows both)")
        ->check(CLI::IsMember({"time", "gbps", "both"}))
        ->capture_default_str();
    sub->callback([opt, &slot] {
        slot = [opt] {
            return run_report(*opt);
        };
    });
}

} // namespace grp::cli
