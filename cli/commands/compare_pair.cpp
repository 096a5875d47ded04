#include "commands/compare_pair.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/compare/control.hpp"
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

/// "run 0 (a.json), run 1": the first runs of `runs`, with the file a merged run came from.
std::string runs_text(const profile& p, const std::vector<run_index>& runs) {
    std::string out;
    for (std::size_t i = 0; i < runs.size() && i < 3; ++i) {
        const auto& source = p.runs.at(runs[i]).source;
        out += (i == 0 ? "run " : ", run ") + std::to_string(runs[i]) +
               (source.empty() ? "" : " (" + source + ")");
    }
    return out + (runs.size() > 3 ? " and " + std::to_string(runs.size() - 3) + " more" : "");
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

/// One A/A control's comparison: `copy`, the second instance of `original`.
struct control_run {
    std::string original, what;
    comparison result;
};

/// The controls of `pairs`, each once (a base gated several candidates, a candidate may be
/// paired with several bases): the bases' controls, then the candidates' twins.
std::vector<control_run> controls_of(const profile& p, const std::vector<kernel_pair>& pairs,
                                     const compare_options& opt, const std::string& file) {
    std::vector<control_run> out;
    const auto add = [&](const std::string& original, const std::string& copy, const char* what) {
        if (copy.empty() || std::any_of(out.begin(), out.end(), [&](const control_run& c) {
                return c.original == original;
            })) {
            return;
        }
        out.push_back({original, what, compare_control(p, original, copy, opt, file)});
    };
    for (const auto& pr : pairs) {
        add(pr.base, pr.control, "the base kernel built again");
    }
    for (const auto& pr : pairs) {
        add(pr.cand, pr.twin, "the candidate built again");
    }
    return out;
}

/// Each control once, before the candidates it gates; every candidate gated by its controls.
std::vector<comparison> judge(const profile& p, const std::vector<kernel_pair>& pairs,
                              const compare_options& opt, const std::string& file) {
    const auto controls = controls_of(p, pairs, opt, file);
    std::vector<comparison> all;
    all.reserve(controls.size() + pairs.size());
    for (const auto& c : controls) {
        all.push_back(c.result);
    }
    for (const auto& pr : pairs) {
        auto c = compare_pair(p, pr, opt, file);
        for (const auto& ctrl : controls) {
            if (ctrl.original == pr.base || ctrl.original == pr.cand) {
                apply_control(c, ctrl.result, ctrl.what, opt);
            }
        }
        const auto runs = runs_of_pair(p, pr);
        if (const auto lone = runs.base_only.size() + runs.cand_only.size(); lone > 0) {
            c.warnings.push_back(
                std::to_string(lone) + " run(s) timed only one of " + pr.base + " and " + pr.cand +
                " (" + runs_text(p, runs.base_only.empty() ? runs.cand_only : runs.base_only) +
                "): their rounds have no partner and are not judged");
        }
        if (pr.control.empty()) {
            c.warnings.push_back("no A/A control beside " + pr.base +
                                 ": identical code was not timed in this duet, so a bias of the "
                                 "experiment would read as a change (run --duet adds one)");
        }
        all.push_back(std::move(c));
    }
    return all;
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
    const auto all = judge(pool.pooled, pairs_to_judge(cli, pool.pooled), opt, label);
    return print_and_judge(*out, all);
}

int run_pair_compare(const compare_cli_options& cli, const compare_options& opt) {
    if (cli.files.size() != 1 || !cli.bases.empty() || opt.normalize != normalization::none) {
        throw usage_error("--pair compares kernels of ONE profile (both measured in the same "
                          "invocation): give exactly one PROFILE, and no --base or --normalize");
    }
    const auto out = make_printer(cli);
    const profile p = load_profile(cli.files.front());
    const auto all = judge(p, pairs_to_judge(cli, p), opt, cli.files.front());
    return print_and_judge(*out, all);
}

} // namespace grp::cli
