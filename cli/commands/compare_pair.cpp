#include "commands/compare_pair.hpp"

#include "commands/compare_cause.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/model/compare/duet_judge.hpp"
#include "grp/model/compare/duet_pool.hpp"
#include "grp/model/compare/pair.hpp"
#include "grp/model/profile/io.hpp"

#include <algorithm>
#include <iostream>
#include <set>
#include <stdexcept>

namespace grp::cli {

namespace {

/// A name from argv or a profile as a message shows it: escaped, and cut after 80 bytes (a
/// 100 KB --pair name is not echoed whole).
std::string shown(const std::string& s, std::size_t max_bytes = 80) {
    return terminal_escape(utf8_prefix(s, max_bytes)) + (s.size() > max_bytes ? "..." : "");
}

/// The pairs of --pair, checked against the profile: every kernel named must be in it. A base
/// the profile's duet record gives a control gets that control.
std::vector<kernel_pair> checked_pairs(const compare_cli_options& cli, const profile& p) {
    std::vector<kernel_pair> pairs;
    try {
        pairs = parse_kernel_pairs(cli.pair);
    } catch (const std::invalid_argument& e) {
        throw usage_error("--pair " + shown(e.what(), 300));
    }
    std::set<std::string> kernels;
    for (const auto& c : p.cases) {
        kernels.insert(c.key.kernel);
    }
    std::string known;
    for (const auto& k : kernels) {
        known += (known.empty() ? "" : ", ") + k;
    }
    const auto recorded = recorded_pairs(p);
    for (auto& pr : pairs) {
        for (const auto* name : {&pr.base, &pr.cand}) {
            if (kernels.count(*name) == 0) {
                throw usage_error("--pair: " + terminal_escape(cli.files.front()) +
                                  " has no case of kernel '" + shown(*name) +
                                  "' (it has: " + shown(known, 300) + ")");
            }
        }
        for (const auto& r : recorded) {
            if (r.base == pr.base && kernels.count(r.control) != 0) {
                pr.control = r.control;
            }
            if (r.cand == pr.cand && kernels.count(r.twin) != 0) {
                pr.twin = r.twin;
            }
        }
    }
    return pairs;
}

/// A pair is judged on the rounds both kernels ran in: kernels that never shared a run (a merge
/// of separate invocations) have none, and the gate would judge nothing yet read as a duet's.
void require_shared_rounds(const profile& p, const kernel_pair& pr, const std::string& file) {
    const auto runs = runs_of_pair(p, pr);
    if (!runs.shared.empty() || runs.base_only.empty() || runs.cand_only.empty()) {
        return; // a duet, or a kernel without rounds (its cases say why: failed, skipped)
    }
    throw usage_error(
        "--pair " + terminal_escape(pr.base + "=" + pr.cand) + ": " + terminal_escape(file) +
        " is not a duet: " + terminal_escape(pr.base) + " and " + terminal_escape(pr.cand) +
        " never shared a round (" + terminal_escape(pr.base) + " ran in " +
        terminal_escape(runs_text(p, runs.base_only)) + ", " + terminal_escape(pr.cand) + " in " +
        terminal_escape(runs_text(p, runs.cand_only)) +
        "; a merge of separate runs?). --pair judges the ratio within rounds both kernels ran "
        "in: measure them in one invocation (run -k " +
        terminal_escape(pr.base + "," + pr.cand) +
        ", or run --duet), or compare separate runs as two profiles: compare BASE.json "
        "CAND.json");
}

/// The pairs to judge: --pair's, else the duet the profile records.
std::vector<kernel_pair> pairs_to_judge(const compare_cli_options& cli, const profile& p) {
    auto pairs = cli.pair.empty() ? recorded_pairs(p) : checked_pairs(cli, p);
    for (const auto& pr : pairs) {
        require_shared_rounds(p, pr, cli.files.front());
    }
    if (!cli.pair.empty()) {
        return pairs;
    }
    if (pairs.empty()) {
        throw usage_error("compare needs a baseline and a candidate: BASE.json CAND.json, "
                          "--base RUN.json (repeatable) CAND.json, or one duet profile (run "
                          "--duet; " +
                          terminal_escape(cli.files.front()) +
                          " records no duet: name its kernels with --pair OLD=NEW)");
    }
    return pairs;
}

} // namespace

bool duet_requested(const compare_cli_options& cli) {
    return !cli.pair.empty() || (cli.bases.empty() && cli.files.size() == 1);
}

int run_pooled_compare(const compare_cli_options& cli, const compare_options& opt, profile first) {
    if (!cli.pair.empty() || opt.normalize != normalization::none) {
        throw usage_error("several duet profiles are pooled into one experiment: give no --pair "
                          "or --normalize with them");
    }
    const auto out = make_printer(cli);
    std::vector<std::pair<profile, std::string>> invocations;
    invocations.emplace_back(std::move(first), cli.files.front());
    for (std::size_t i = 1; i < cli.files.size(); ++i) {
        invocations.emplace_back(load_profile(cli.files[i]), cli.files[i]);
    }
    const auto pool = pool_duets(invocations);
    for (const auto& w : pool.warnings) {
        std::cerr << "warning: pooled: " << terminal_escape(w) << '\n';
    }
    const std::string label =
        cli.files.front() + "+" + std::to_string(cli.files.size() - 1) + " more";
    auto all = judge_duet(pool.pooled, pairs_to_judge(cli, pool.pooled), opt, label);
    explain_causes(all, pool.pooled, pool.pooled,
                   find_work_files(cli, cli.files.front(), cli.files.front(), true), cli);
    return print_and_judge(*out, all);
}

int run_pair_compare(const compare_cli_options& cli, const compare_options& opt) {
    if (cli.files.size() != 1 || !cli.bases.empty() || opt.normalize != normalization::none) {
        throw usage_error("--pair compares kernels of ONE profile (both measured in the same "
                          "invocation): give exactly one PROFILE, and no --base or --normalize");
    }
    const auto out = make_printer(cli);
    const profile p = load_profile(cli.files.front());
    auto all = judge_duet(p, pairs_to_judge(cli, p), opt, cli.files.front());
    explain_causes(all, p, p, find_work_files(cli, cli.files.front(), cli.files.front(), true),
                   cli);
    return print_and_judge(*out, all);
}

} // namespace grp::cli
