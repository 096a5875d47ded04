#include "commands/compare_history.hpp"

#include "commands/history_sources.hpp"
#include "grp/core/error.hpp"
#include "grp/core/process/git.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/history/against_history.hpp"
#include "grp/model/profile/io.hpp"

#include <iostream>

namespace grp::cli {

namespace {

/// HEAD's first-parent line here, or none outside a repository (then time orders).
std::optional<std::vector<std::string>> head_line() {
    try {
        return first_parent_commits(".", "HEAD");
    } catch (const usage_error&) {
        return std::nullopt;
    }
}

void check_history_options(const compare_cli_options& cli) {
    if (!cli.bases.empty() || !cli.pair.empty()) {
        throw usage_error("--history judges candidates against their history: leave out "
                          "--base and --pair");
    }
    if (cli.files.empty()) {
        throw usage_error("--history: give the candidate profile(s) to judge");
    }
}

} // namespace

int run_history_compare(const compare_cli_options& cli, const compare_options& opt) {
    check_history_options(cli);
    const auto out = make_printer(cli);
    const auto in = read_history_paths(cli.history);
    for (const auto& s : in.skipped) {
        std::cerr << "warning: history: skipped " << terminal_escape(s.name) << ": "
                  << terminal_escape(s.why) << '\n';
    }
    const auto time = build_timeline(in.sources, head_line(), "HEAD");
    const std::string label = "history";
    std::vector<comparison> all;
    for (const auto& f : cli.files) {
        all.push_back(
            compare_with_history(time, label, load_profile(f), f, opt, cli.history_window));
    }
    return print_and_judge(*out, all);
}

} // namespace grp::cli
