// What `compare` was asked (compare_cli_options) and how it answers: its printer, chosen once from
// the options (report/compare_printer.hpp) before any profile is read, and the exit status.
// Shared by the profile comparison (compare.cpp) and the duet's (compare_pair.cpp).
#pragma once

#include "grp/core/files/output_file.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/report/compare_printer.hpp"

#include <memory>
#include <string>
#include <vector>

namespace grp::cli {

struct compare_cli_options {
    std::vector<std::string> files, bases;
    std::string pair; ///< --pair OLD=NEW[,NEW...]: kernels of one profile
    std::string threshold = "5%";
    double alpha = 0.01;
    std::size_t min_rounds = 2;
    double max_cpu_wait = 0.1;
    bool max_cpu_wait_given = false;     ///< --max-cpu-wait on the command line
    std::string unsteady = "auto";       ///< --unsteady: set-aside | keep | auto (keep in a duet)
    std::string round_center = "median"; ///< --round-center
    std::string fail_on = "slower,wrong,unmeasured";
    std::string normalize = "none";
    bool allow_cross_machine = false;
    bool allow_one_run = false;
    std::string conditions = "same"; ///< --conditions: same (refuse to mix) | any
    bool json = false, force = false;
    bool explain = false; ///< --explain: a duet's not-decided paragraphs and matrix, as before
    std::string markdown; ///< "" none, "-" stdout (--markdown alone), else a file
    std::string csv;      ///< "" none, "-" stdout, else a file
    std::string junit;    ///< --junit FILE: JUnit XML (compare_exports.hpp); "" none
    std::string bmf;      ///< --bmf FILE: Bencher Metric Format JSON; "" none
    std::string color = "auto";
    std::string correction = "holm";
    std::string moderate = "auto";
    std::string work_threshold = "1%"; ///< check profiles: the count change that is more-work
    /// --work BASE CAND: the check profiles that explain slower cases (compare_cause.hpp)
    std::vector<std::string> work;
    /// --history: profiles or folders of earlier invocations; every positional is a candidate,
    /// judged against the recent window of its series (compare_history.hpp)
    std::vector<std::string> history;
    std::size_t history_window = 20; ///< --history-window: the most recent invocations used
    std::string waivers; ///< --waivers: known steps that do not fail (compare_waivers.hpp)
};

/// "5" or "5%" as a fraction (0.05); usage_error naming `option` unless 0 <= pct < 100.
double parse_percent(std::string text, const char* option);

/// compare's printer: --csv FILE (or -), the warnings on stderr, --markdown FILE, then the
/// console table, --markdown - or --json on stdout. Call it before any profile is read: it
/// checks the CSV and markdown files (not an input, writable, not both on stdout, a markdown
/// file not named like a profile) and throws usage_error or file_error as output_file::probe.
std::unique_ptr<compare_printer> make_printer(const compare_cli_options& cli);

/// Two or more profiles written by `check`: the work gate (counts, no statistics) through `out`
/// (usage_error for --pair, or a printer without a form of it: --csv); 1 when a candidate fails
/// it (more-work, worse-access, unsafe, wrong, missing), else 0.
int run_work_compare(const compare_cli_options& cli, const profile& base,
                     const std::string& base_label, const std::vector<std::string>& cand_files,
                     compare_printer& out);

/// Prints `all` through `out` and finishes it; returns exit_status(all).
int print_and_judge(compare_printer& out, const std::vector<comparison>& all);

/// 1 when a case of any comparison fails under --fail-on; else 9 when a duet's A/A control kept
/// a candidate's case from being judged (biased); else 8 when the policy gates timing and
/// timing judged no case of some candidate (a gate that decided nothing is not a pass); else 0.
/// A candidate judged on some cases and undecided on others exits 0: its headline says
/// UNDECIDED, and --fail-on inconclusive makes those cases fail. Controls' own verdicts never
/// count here: they act through the candidates' `biased` cases.
int exit_status(const std::vector<comparison>& all);

} // namespace grp::cli
