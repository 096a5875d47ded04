// `gpu-reduce-prof history [PATH...] | --git-ref REF`: every profile a point in time. Reads the
// profiles, orders them by the commit graph (or time), builds one series per device and case,
// finds steps, drifts and status changes (model/history/findings.hpp) and prints them with the
// census; the exit status is what a CI job needs.
#include "grp/report/console/history.hpp"

#include "commands/command.hpp"
#include "commands/compare_waivers.hpp"
#include "commands/help_groups.hpp"
#include "commands/history_sources.hpp"
#include "commands/validators.hpp"
#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"
#include "grp/core/files/output_file.hpp"
#include "grp/core/process/git.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/version.hpp"
#include "grp/model/history/step_cause.hpp"
#include "grp/model/history/waivers.hpp"
#include "grp/report/csv/history.hpp"
#include "grp/report/html/page.hpp"
#include "grp/report/html/sections/history.hpp"
#include "grp/report/json/history.hpp"
#include "grp/report/markdown/history.hpp"

#include <iostream>
#include <memory>
#include <sstream>

namespace grp::cli {

namespace {

struct history_cli_options {
    std::vector<std::string> paths;
    std::string git_ref, under, repo = ".", branch = "HEAD", csv, waivers, html;
    double threshold_pct = 5, fdr = 0.05;
    std::size_t window = 20, min_points = 6;
    bool markdown = false, json = false, force = false, no_order = false;
};

history_options options_of(const history_cli_options& o) {
    if (o.paths.empty() == o.git_ref.empty()) {
        throw usage_error(o.paths.empty() ? "give profiles (files or folders) or --git-ref REF"
                                          : "give either profiles or --git-ref, not both");
    }
    if (!o.under.empty() && o.git_ref.empty()) {
        throw usage_error("--under selects a folder of --git-ref's tree: give --git-ref too");
    }
    if (o.csv == "-" && (o.json || o.markdown)) {
        throw usage_error(
            "--csv - and --json/--markdown would share stdout: write the CSV to a file");
    }
    history_options opt;
    opt.threshold = o.threshold_pct / 100;
    opt.fdr = o.fdr;
    opt.window = o.window;
    opt.min_points = o.min_points;
    return opt;
}

/// The first-parent line to order by, or none (outside a repository, or --order time).
std::optional<std::vector<std::string>> order_line(const history_cli_options& o) {
    if (o.no_order) {
        return std::nullopt;
    }
    const bool asked = !o.git_ref.empty() || o.repo != "." || o.branch != "HEAD";
    try {
        return first_parent_commits(o.repo, o.branch);
    } catch (const foreign_repository_error& e) {
        if (asked) {
            throw;
        }
        std::cerr << "warning: " << terminal_escape(e.what())
                  << "; the points follow their start time\n";
        return std::nullopt;
    } catch (const usage_error&) {
        if (asked) {
            throw; // asked for explicitly: its failure is the user's to see
        }
        return std::nullopt;
    }
}

void print_outputs(const history_cli_options& o, const history_result& r,
                   const history_options& opt, const std::vector<skipped_source>& skipped) {
    if (!o.csv.empty()) {
        const output_file out(o.csv, "CSV file", o.force);
        std::ostringstream text;
        print_history_csv(text, r);
        out.write(text.str());
        if (out.is_stdout()) {
            return;
        }
    }
    if (!o.html.empty()) {
        html::page_options page;
        page.generator = version_line();
        const output_file out(o.html, "HTML page", o.force);
        out.write(
            html::render_page("gpu-reduce-prof history", html::history_sections(r, opt), page));
    }
    if (o.json) {
        std::cout << json_output_text(history_json(r, opt, skipped), 2) << '\n';
    } else if (o.markdown) {
        std::cout << history_markdown(r, opt, skipped);
    } else {
        print_history(std::cout, r, opt, skipped);
    }
}

int run_history(const history_cli_options& o) {
    const auto opt = options_of(o);
    for (const auto& [path, what] :
         {std::pair{o.csv, "CSV file"}, std::pair{o.html, "HTML page"}}) {
        if (!path.empty()) {
            output_file(path, what, o.force).probe();
        }
    }
    const auto in = o.git_ref.empty() ? read_history_paths(o.paths)
                                      : read_history_ref(o.repo, o.git_ref, o.under);
    const auto waivers = o.waivers.empty() ? std::vector<waiver>{} : load_waivers(o.waivers);
    auto r = judge_history(build_timeline(in.sources, order_line(o), o.branch), opt);
    explain_steps(r, in.sources, in.checks, 0.01); // compare's default --work-threshold
    apply_waivers(r, waivers, today_utc());
    print_outputs(o, r, opt, in.skipped);
    if (r.fails()) {
        return static_cast<int>(exit_code::regression_or_wrong);
    }
    return r.judged == 0 ? static_cast<int>(exit_code::undecided) : 0;
}

const char* history_footer = R"(Examples:
  gpu-reduce-prof history perf/                      # every profile under perf/, by commit
  gpu-reduce-prof history --git-ref origin/perf-data --markdown >> "$GITHUB_STEP_SUMMARY"
  gpu-reduce-prof history perf/ --csv trend.csv      # one column per series, for Otava or R

Each profile is one point in time: `run` records the commit it measured (runs[].revision, or
run --commit SHA). With --repo (default: the current folder) the points follow the first-parent
line of --branch; without commits they follow their start time, and the output says so. One
series per device (vendor, model, driver major, card id), case and cache state; a point is the
mean of a profile's processes with its standard error, and results that are wrong, unsafe,
failed, disturbed or from a dirty tree are events, never points.

Steps: binary segmentation, each point weighted by its own interval and the spread between
invocations, significance by permutation. Drift: Mann-Kendall with the Theil-Sen slope over the
latest --window points. The false discovery rate (--fdr) is held over every test of every
series. A finding fails when it is slower by at least --threshold and starts in the latest
--window points, or when a case that was ok is now wrong, unsafe or failed.

A step or drift a waiver covers (--waivers: case glob, device glob, the commit it starts at, a
reason and an expiry date) is shown as WAIVED and does not fail; a waiver past its date fails.

Exit codes: 0 nothing fails, 1 a step, drift or break fails (or a waiver expired), 2 usage,
5 a malformed waivers file, 8 no series could be judged (too short or too noisy: the census
says which).)";

void add_history_options(CLI::App* sub, history_cli_options& o) {
    sub->add_option("--git-ref", o.git_ref,
                    "Read the profiles from this ref's tree in --repo (e.g. a perf-data branch)")
        ->type_name("REF");
    sub->add_option("--under", o.under, "With --git-ref: only profiles under this folder")
        ->type_name("PATH");
    sub->add_option("--repo", o.repo, "The repository of the commits (and of --git-ref)")
        ->type_name("DIR")
        ->capture_default_str();
    sub->add_option("--branch", o.branch, "Order the points by this ref's first-parent line")
        ->type_name("REF")
        ->capture_default_str();
    sub->add_flag("--by-time", o.no_order, "Order by start time even inside a repository");
    sub->add_option("--threshold", o.threshold_pct, "The smallest change that fails, in percent")
        ->type_name("PCT")
        ->check(finite_range(0.01, 1000.0))
        ->capture_default_str();
    sub->add_option("--fdr", o.fdr, "False discovery rate over every test of every series")
        ->check(finite_range(1e-6, 0.5))
        ->capture_default_str();
    sub->add_option("--window", o.window, "Findings that start in the latest N points fail")
        ->type_name("N")
        ->check(count_range(2, 100000))
        ->capture_default_str();
    sub->add_option("--waivers", o.waivers,
                    "Known steps that do not fail: a reviewed JSON file (docs/history.md); one "
                    "past its date fails")
        ->type_name("FILE");
    sub->add_option("--min-points", o.min_points, "Fewer points: the series is too short")
        ->type_name("N")
        ->check(count_range(4, 100000))
        ->capture_default_str();
}

} // namespace

void add_history(CLI::App& app, command_slot& slot) {
    auto o = std::make_shared<history_cli_options>();
    auto* sub = app.add_subcommand("history", "Find steps and drift across profiles over time");
    sub->footer(history_footer);
    sub->add_option("profiles", o->paths, "PROFILE.json or FOLDER... (searched recursively)")
        ->type_name("PATH");
    accept_files_after_double_dash(sub);
    add_history_options(sub, *o);
    auto* md = sub->add_flag("--markdown", o->markdown, "Print a CI job summary in markdown");
    sub->add_flag("--json", o->json, "Print the whole history as JSON")->excludes(md);
    sub->add_option("--csv", o->csv,
                    "Write one row per profile, one column per series ('-': stdout)")
        ->type_name("FILE");
    sub->add_option("--html", o->html,
                    "Write a self-contained page: the findings, one trend chart per series")
        ->type_name("FILE");
    sub->add_flag("-f,--force", o->force, "Overwrite an existing CSV or HTML file");
    group_history_help(sub);
    sub->callback([o, &slot] {
        slot = [o] {
            return run_history(*o);
        };
    });
}

} // namespace grp::cli
