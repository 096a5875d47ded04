#include "commands/compare_history.hpp"

#include "commands/compare_waivers.hpp"
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

/// The history less the candidate itself (a profile that shares its runs), said on stderr:
/// judged against itself, a slower candidate would widen its own baseline.
std::vector<history_source> history_without(const std::vector<history_source>& sources,
                                            const profile& cand, const std::string& name) {
    std::vector<history_source> kept;
    for (const auto& s : sources) {
        if (shares_runs(s.prof, cand)) {
            std::cerr << "warning: history: left out " << terminal_escape(s.name) << ": it is "
                      << terminal_escape(name) << " itself (the same run ids)\n";
        } else {
            kept.push_back(s);
        }
    }
    return kept;
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
    const auto line = head_line();
    auto waivers = load_compare_waivers(cli.waivers);
    std::vector<comparison> all;
    for (const auto& f : cli.files) {
        const auto cand = load_profile(f);
        const auto time = build_timeline(history_without(in.sources, cand, f), line, "HEAD");
        all.push_back(compare_with_history(time, "history", cand, f, opt, cli.history_window));
        waive(all.back(), nullptr, cand, waivers);
    }
    return with_expired_waivers(print_and_judge(*out, all), waivers);
}

} // namespace grp::cli
