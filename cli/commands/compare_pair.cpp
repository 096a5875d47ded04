#include "commands/compare_pair.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/model/compare/pair.hpp"
#include "grp/model/profile/io.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace grp::cli {

namespace {

/// The pairs of --pair, checked against the profile: every kernel named must be in it. A base
/// the profile's duet record gives a control gets that control.
std::vector<kernel_pair> checked_pairs(const compare_cli_options& cli, const profile& p) {
    std::vector<kernel_pair> pairs;
    try {
        pairs = parse_kernel_pairs(cli.pair);
    } catch (const std::invalid_argument& e) {
        throw usage_error("--pair " + terminal_escape(e.what()));
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
                                  " has no case of kernel '" + terminal_escape(*name) +
                                  "' (it has: " + terminal_escape(known) + ")");
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

/// The pairs to judge: --pair's, else the duet the profile records.
std::vector<kernel_pair> pairs_to_judge(const compare_cli_options& cli, const profile& p) {
    if (!cli.pair.empty()) {
        return checked_pairs(cli, p);
    }
    auto pairs = recorded_pairs(p);
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

int run_pair_compare(const compare_cli_options& cli, const compare_options& opt) {
    if (cli.files.size() != 1 || !cli.bases.empty() || opt.normalize != normalization::none) {
        throw usage_error("--pair compares kernels of ONE profile (both measured in the same "
                          "invocation): give exactly one PROFILE, and no --base or --normalize");
    }
    const auto csv = csv_output(cli);
    const profile p = load_profile(cli.files.front());
    const auto all = judge(p, pairs_to_judge(cli, p), opt, cli.files.front());
    print_results(cli, all, csv);
    return exit_status(all);
}

} // namespace grp::cli
