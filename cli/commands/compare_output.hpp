// What `compare` was asked (compare_cli_options) and how it answers: the CSV file checked before
// any profile is read, the results in the chosen format, and the exit status. Shared by the
// profile comparison (compare.cpp) and the duet's (compare_pair.cpp).
#pragma once

#include "grp/core/files/output_file.hpp"
#include "grp/model/compare/compare.hpp"

#include <optional>
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
    bool markdown = false, json = false, force = false;
    std::string csv; ///< "" none, "-" stdout, else a file
    std::string color = "auto";
    std::string correction = "holm";
    std::string moderate = "auto";
    std::string work_threshold = "1%"; ///< check profiles: the count change that is more-work
};

/// "5" or "5%" as a fraction (0.05); usage_error naming `option` unless 0 <= pct < 100.
double parse_percent(std::string text, const char* option);

/// Two or more profiles written by `check`: the work gate (counts, no statistics) on the
/// console, --markdown or --json; 1 when a candidate fails it (more-work, unsafe, wrong,
/// missing), else 0.
int run_work_compare(const compare_cli_options& cli, const profile& base,
                     const std::string& base_label, const std::vector<std::string>& cand_files);

/// The --csv output, checked before any profile is read: not an input, writable, and not on
/// stdout together with --json or --markdown.
std::optional<output_file> csv_output(const compare_cli_options& cli);

/// Warnings on stderr, then the comparisons as a table, markdown or JSON on stdout (and CSV).
void print_results(const compare_cli_options& cli, const std::vector<comparison>& all,
                   const std::optional<output_file>& csv);

/// 1 when a case of any comparison fails under --fail-on; else 9 when a duet's A/A control kept
/// a candidate's case from being judged (biased); else 8 when the policy gates timing and
/// timing judged no case of some candidate (a gate that decided nothing is not a pass); else 0.
/// A candidate judged on some cases and undecided on others exits 0: its headline says
/// UNDECIDED, and --fail-on inconclusive makes those cases fail. Controls' own verdicts never
/// count here: they act through the candidates' `biased` cases.
int exit_status(const std::vector<comparison>& all);

} // namespace grp::cli
