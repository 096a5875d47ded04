// `gpu-reduce-prof compare [--base RUN.json...] BASE.json CAND.json [MORE.json...]`: matches
// cases by key, decides each from a confidence interval of the change over rounds and runs,
// prints a table, markdown, JSON or CSV, and exits 1 when a case fails under --fail-on (a
// regression is a result, not an error: only unreadable profiles and bad options are
// exceptions). One duet profile, several duet profiles (pooled) or --pair: compare_pair.cpp.
#include "grp/model/compare/compare.hpp"

#include "commands/command.hpp"
#include "commands/compare_cause.hpp"
#include "commands/compare_history.hpp"
#include "commands/compare_output.hpp"
#include "commands/compare_pair.hpp"
#include "commands/compare_waivers.hpp"
#include "commands/help_groups.hpp"
#include "commands/validators.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/baseline/merge.hpp"
#include "grp/model/compare/case_compare.hpp"
#include "grp/model/compare/duet_pool.hpp"
#include "grp/model/compare/work_gate.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/text/fleet_text.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>

namespace grp::cli {

namespace {

/// "5", "5%" or "7.5%" -> 0.05 / 0.075. Throws usage_error otherwise.
compare_options options_of(const compare_cli_options& cli, bool duet) {
    compare_options opt;
    opt.threshold = parse_percent(cli.threshold, "--threshold");
    opt.alpha = cli.alpha;
    opt.min_rounds = cli.min_rounds;
    // A duet keeps disturbed and unsteady rounds unless told otherwise (same_round_options):
    // under a CI-like load on PoCL the duet that kept every round was right (+33.9 % for a
    // +30 % copy, same for an identical one), while separate invocations given the same rounds
    // were confidently wrong (docs/compare.md).
    const compare_options kept = same_round_options();
    opt.max_cpu_wait = duet && !cli.max_cpu_wait_given ? kept.max_cpu_wait : cli.max_cpu_wait;
    opt.set_aside_unsteady = cli.unsteady == "set-aside" ||
                             (cli.unsteady == "auto" && (!duet || kept.set_aside_unsteady));
    opt.center = parse_round_center(cli.round_center);
    opt.fail_on = parse_fail_on(cli.fail_on);
    opt.cross_machine_fails = cli.allow_cross_machine;
    opt.one_run_gates = cli.allow_one_run;
    opt.any_conditions = cli.conditions == "any";
    opt.correction =
        cli.correction == "none" ? multiple_correction::none : multiple_correction::holm;
    opt.moderate = cli.moderate == "on"    ? moderation_mode::on
                   : cli.moderate == "off" ? moderation_mode::off
                                           : moderation_mode::automatic;
    parse_normalize(cli.normalize, opt);
    check_compare_options(opt);
    return opt;
}

/// The baseline: the --base runs merged into one, else the first positional profile.
std::pair<profile, std::string> load_base(const compare_cli_options& cli,
                                          std::vector<std::string>& candidates) {
    candidates = cli.files;
    if (cli.bases.empty()) {
        candidates.erase(candidates.begin());
        return {load_profile(cli.files.front()), cli.files.front()};
    }
    std::vector<std::pair<profile, std::string>> runs;
    std::string label;
    for (const auto& f : cli.bases) {
        runs.emplace_back(load_profile(f), f);
        label += (label.empty() ? "" : "+") + f;
    }
    auto merged = merge_profiles(runs);
    for (const auto& w : merged.warnings) {
        std::cerr << "warning: baseline: " << terminal_escape(w) << '\n';
    }
    return {std::move(merged.merged), label};
}

/// A --normalize reference that names no case of the baseline would make every case
/// inconclusive, and one that is every case would leave nothing to compare: either way the gate
/// could not fail, so a usage error instead.
void check_reference(const compare_options& opt, const profile& base) {
    if (opt.normalize != normalization::kernel) {
        return;
    }
    const auto own = [&opt](const auto& c) {
        return is_own_reference(c, opt);
    };
    if (!base.cases.empty() && std::all_of(base.cases.begin(), base.cases.end(), own)) {
        throw usage_error("--normalize " + terminal_escape(opt.reference) +
                          ": every case of the baseline is that reference itself, and a "
                          "reference is not compared with itself; nothing would be gated. "
                          "Sweep another kernel with it, or gate raw times");
    }
    if (std::any_of(base.cases.begin(), base.cases.end(), own)) {
        return;
    }
    throw usage_error("--normalize " + terminal_escape(opt.reference) +
                      ": no case of the baseline has that kernel or key; name a kernel of the "
                      "sweep (e.g. " +
                      (base.cases.empty() ? std::string("reduce0")
                                          : terminal_escape(base.cases.front().key.kernel)) +
                      "), a full case key, or peak");
}

// A sharded sweep's fleet view (card levels from the anchors) on stderr, beside the warnings:
// stdout keeps the chosen format alone.
void print_fleet(const profile& p, const std::string& label) {
    const auto lines = fleet_lines(p);
    if (!lines.empty()) {
        std::cerr << "fleet of " << terminal_escape(label) << ":\n";
    }
    for (const auto& line : lines) {
        std::cerr << "  " << terminal_escape(line) << '\n';
    }
}

int run_compare(const compare_cli_options& cli) {
    if (!cli.history.empty()) {
        check_work_option(cli, 1); // --work with --history is refused
        return run_history_compare(cli, options_of(cli, false));
    }
    const bool duet = duet_requested(cli);
    if (duet) {
        return run_pair_compare(cli, options_of(cli, true));
    }
    if (cli.bases.empty() && cli.files.size() >= 2) {
        // Duets only: invocations of one experiment, pooled (the first decides; a mix is refused
        // by pool_duets, naming the file that is no duet).
        auto first = load_profile(cli.files.front());
        if (is_duet(first)) {
            return run_pooled_compare(cli, options_of(cli, true), std::move(first));
        }
    }
    const auto opt = options_of(cli, duet);
    const auto out = make_printer(cli);
    // Load everything first: a bad profile is exit 5 before anything is printed.
    std::vector<std::string> cand_files;
    const auto [base, base_label] = load_base(cli, cand_files);
    if (is_check_profile(base)) {
        if (!cli.work.empty()) {
            throw usage_error("--work explains timed verdicts; " + base_label +
                              " is a check profile: compare check profiles without it");
        }
        return run_work_compare(cli, base, base_label, cand_files, *out);
    }
    check_work_option(cli, cand_files.size());
    check_reference(opt, base);
    print_fleet(base, base_label);
    auto waivers = load_compare_waivers(cli.waivers);
    std::vector<comparison> all;
    all.reserve(cand_files.size());
    for (const auto& f : cand_files) {
        auto cand = load_profile(f);
        if (is_check_profile(cand)) {
            throw usage_error("compare: " + f + " was written by check (work counts) and " +
                              base_label + " by run (times): compare two of a kind");
        }
        print_fleet(cand, f);
        std::vector<comparison> one{compare_profiles(base, cand, opt, base_label, f)};
        explain_causes(one, base, cand, find_work_files(cli, base_label, f, false), cli);
        all.push_back(std::move(one.front()));
        waive(all.back(), &base, cand, waivers);
    }
    return with_expired_waivers(print_and_judge(*out, all), waivers);
}

const char* compare_footer = R"(Examples:
  gpu-reduce-prof compare base.json new.json     # both from run --gate: exit 1 on a regression
  gpu-reduce-prof compare --base r1.json --base r2.json --base r3.json new.json
  gpu-reduce-prof compare base.json new.json --threshold 10 --alpha 0.001
  gpu-reduce-prof compare base.json new.json --markdown - >> "$GITHUB_STEP_SUMMARY"
  gpu-reduce-prof compare base.json new.json --markdown summary.md  # the table, and markdown
  gpu-reduce-prof compare base.json new.json --json | jq '.comparisons[0].cases[0]'
  gpu-reduce-prof compare base.json new.json --csv changes.csv   # the table, and a CSV
  gpu-reduce-prof compare base.json new.json --junit gate.xml --bmf bench.json  # for CI tools
  gpu-reduce-prof compare h100.json mi300.json --normalize peak   # across machines
  gpu-reduce-prof compare a.json b.json c.json               # matrix: cases x profiles vs a.json
  gpu-reduce-prof compare duet.json                 # a duet from run --duet, control included
  gpu-reduce-prof compare d1.json d2.json d3.json d4.json   # 4 invocations of one duet, pooled
  gpu-reduce-prof compare --pair old=new duet.json           # two kernels of one invocation
  gpu-reduce-prof compare base.json new.json --work base.check.json new.check.json  # why slower

Each case is judged on its rounds (one median per round; run measures several, spread over
the run), never on pooled launches: the change in log time gets a (1 - alpha) confidence
interval (Welch's t over rounds; with several runs, the spread of the run means, moderated
by the other cases' spread: --moderate). slower/faster: the whole interval on one side of no
change, the change beyond --threshold and, over all cases compared, Holm's correction passed
(an unchanged build fails at most alpha of the time); same: the whole interval within
+-threshold; inconclusive: the interval is too wide to tell (listed at the top with its
width); unmeasured: no usable timing. Cases match by kernel, type, layout, n, local size,
operator and parameters. Raw times of different devices never fail; of different machines
only with --allow-cross-machine: across devices, and whenever no case is in common, a table
gives each kernel's best configuration on each side (GB/s, % of its own peak, their ratio),
and the headline says NOT GATED (when --fail-on gates timing); so it does for one run
against one run (run's quick default; measure with run --gate, or merge 3 runs into the base). Each failing case ends the output as "ran 1.11 +- 0.01 x
slower than base" (+-: the farther end of its interval). With --pair the change is the median ratio NEW/OLD over the
rounds both ran in (Hodges-Lehmann, signed-rank interval); when the processes disagree about
it, the interval is Student's over the process means. A duet from run --duet (with the base
and the candidate built again as A/A controls) is judged on its four instances, process by
process; where a control reads slower or faster the case is biased (the experiment).

Exit codes: 0 no failing case, 1 a case fails under --fail-on (improvements never fail),
2 usage, 5 unreadable or invalid profile or unsupported schema major, 8 timing judged no case
of a candidate (UNDECIDED, or NOT GATED: across devices, across device conditions (power
limit, governor, ...: --conditions any gates them), one run against one), 9 a duet's control
read slower or faster (BIASED).)";

/// How a case's interval decides: the threshold, its confidence, the correction over the cases,
/// the moderation of the run-to-run variance, the fewest rounds.
void add_decision_options(CLI::App* sub, compare_cli_options& o) {
    sub->add_option("--threshold", o.threshold,
                    "The smallest change that matters, in percent (slower/faster need the "
                    "change beyond it; same needs the whole interval within it)")
        ->type_name("PCT")
        ->capture_default_str();
    sub->add_option("--alpha", o.alpha, "1 - confidence of the intervals (0.01: 99 %)")
        ->capture_default_str();
    sub->add_option("--correction", o.correction,
                    "holm: slower/faster must hold among all the cases compared (Holm's "
                    "step-down), so an unchanged build fails at most alpha of the time however "
                    "many cases the sweep has; none: each case alone at alpha")
        ->check(CLI::IsMember({"holm", "none"}))
        ->capture_default_str();
    sub->add_option("--moderate", o.moderate,
                    "on: each case's run-to-run variance borrows strength from the other cases "
                    "compared (empirical Bayes, as limma; the borrowed df are capped by how "
                    "independently the cases move from run to run); auto: on against a baseline "
                    "merged from several invocations, off against one invocation (its processes "
                    "cannot show how invocations differ); off: each case on its own runs")
        ->check(CLI::IsMember({"auto", "on", "off"}))
        ->capture_default_str();
    sub->add_option("--min-rounds", o.min_rounds, "Fewer rounds on a side give inconclusive")
        ->transform(count_range(2, 1000000))
        ->capture_default_str();
}

/// Which rounds count and what stands for one.
void add_round_options(CLI::App* sub, compare_cli_options& o) {
    sub->add_option("--max-cpu-wait", o.max_cpu_wait,
                    "Set aside rounds whose threads waited for a CPU longer than this share of "
                    "the round (another process took it); 0 keeps every round. With --pair the "
                    "default is 0: what disturbed a round disturbed both kernels of it")
        ->check(finite_range(0.0, 100.0))
        ->each([&o](const std::string&) { o.max_cpu_wait_given = true; })
        ->capture_default_str();
    sub->add_option("--unsteady", o.unsteady,
                    "Rounds whose sensors saw the clocks ramp or a throttle (rounds[].conditions): "
                    "set-aside, keep, or auto (set aside, but kept in a duet, whose kernels "
                    "shared the round)")
        ->check(CLI::IsMember({"auto", "set-aside", "keep"}))
        ->capture_default_str();
    sub->add_option("--round-center", o.round_center,
                    "What stands for a round: its median sample, or min (its fastest: "
                    "interference only adds time)")
        ->capture_default_str();
}

/// What fails the gate, what is compared (--normalize) and what is let through.
void add_gate_options(CLI::App* sub, compare_cli_options& o) {
    sub->add_option("--fail-on", o.fail_on,
                    "Outcomes that exit 1: any of slower,wrong,unmeasured,missing,inconclusive, "
                    "or none")
        ->type_name("LIST")
        ->capture_default_str();
    sub->add_option("--normalize", o.normalize,
                    "none; peak (fraction of each profile's measured peak bandwidth); floor "
                    "(times each device's empty-kernel span); or a reference KERNEL (same "
                    "type/layout/n/local, same round) or full case KEY")
        ->type_name("WHAT")
        ->capture_default_str();
    sub->add_option("--work-threshold", o.work_threshold,
                    "Profiles written by check: a count (instructions, bytes per address space, "
                    "barriers) above the base by more than this is more-work")
        ->type_name("PCT")
        ->capture_default_str();
    sub->add_option("--work", o.work,
                    "The check profiles of the base and the candidate (or of a duet's two "
                    "sides): each slower case gets a cause, more-work, worse-access or "
                    "device-side; found beside the timed profiles as X.check.json without it")
        ->expected(2)
        ->allow_extra_args(false) // two files; the rest are the timed profiles
        ->type_name("BASE CAND");
    sub->add_flag("--allow-cross-machine", o.allow_cross_machine,
                  "Let raw-time 'slower' fail between different hosts of the same device model");
    sub->add_flag("--allow-one-run", o.allow_one_run,
                  "Gate timing between two profiles of one run each (run without --gate) on "
                  "their rounds alone; 14 of 90 identical H100 pairs and 31 of 90 PoCL pairs "
                  "failed that way");
    sub->add_option("--conditions", o.conditions,
                    "same: timing of two sides whose device conditions differ (power limit, ECC, "
                    "MIG, clocks, board; governor, boost, huge pages, SMT) is read, not gated; "
                    "any: gate it anyway")
        ->check(CLI::IsMember({"same", "any"}))
        ->capture_default_str();
}

void add_compare_options(CLI::App* sub, compare_cli_options& o) {
    add_decision_options(sub, o);
    add_round_options(sub, o);
    add_gate_options(sub, o);
}

/// --history and --history-window: earlier invocations as the baseline (compare_history.hpp).
void add_history_baseline(CLI::App* sub, compare_cli_options& o) {
    sub->add_option("--history", o.history,
                    "A profile or folder of earlier invocations (one each: repeat --history for "
                    "more); every positional "
                    "profile is a candidate, judged against the latest invocations of its own "
                    "series (docs/history.md)")
        ->allow_extra_args(false) // each --history takes one path; the rest are candidates
        ->type_name("PATH")
        ->check(non_empty("a profile or folder of earlier invocations"));
    sub->add_option("--waivers", o.waivers,
                    "Known slowdowns that do not fail: a reviewed JSON file of case and device "
                    "globs, the commit, a reason and an expiry (docs/history.md); one past its "
                    "date fails")
        ->type_name("FILE");
    sub->add_option("--history-window", o.history_window,
                    "With --history: the most recent invocations (since the series' last step) "
                    "a candidate is judged against")
        ->type_name("N")
        ->check(count_range(4, 100000))
        ->capture_default_str();
}

// --markdown, --json, --csv, --junit, --bmf and --force: where the results go.
void add_compare_outputs(CLI::App* sub, compare_cli_options& o) {
    auto* md = sub->add_option("--markdown", o.markdown,
                               "Write GitHub-flavoured markdown (CI job summary, PR comment) to "
                               "FILE, as report does; '-' or nothing: to stdout instead of the "
                               "table")
                   ->expected(0, 1)
                   ->default_str("-")
                   ->type_name("FILE")
                   ->check(non_empty("a file name"));
    sub->add_flag("--json", o.json, "Print the whole comparison as JSON")->excludes(md);
    sub->add_option("--csv", o.csv,
                    "Write one CSV row per case and candidate (header first) to FILE; '-' for "
                    "stdout instead of the table")
        ->type_name("FILE")
        ->check(non_empty("a file name"));
    sub->add_option("--junit", o.junit,
                    "Also write JUnit XML to FILE for CI test reports: a testcase per case, "
                    "failed when it fails, skipped when undecided or not gated")
        ->type_name("FILE")
        ->check(non_empty("a file name"));
    sub->add_option("--bmf", o.bmf,
                    "Also write Bencher Metric Format JSON to FILE: per case the latency (ns) "
                    "and the ratio, bounded by the interval")
        ->type_name("FILE")
        ->check(non_empty("a file name"));
    sub->add_flag("-f,--force", o.force, "Overwrite an existing CSV, markdown, JUnit or BMF file");
}

} // namespace

void add_compare(CLI::App& app, command_slot& slot) {
    auto opt = std::make_shared<compare_cli_options>();
    auto* sub = app.add_subcommand(
        "compare", "Compare profiles: regressions vs noise, across runs and machines");
    sub->footer(compare_footer);
    sub->add_option("profiles", opt->files,
                    "BASE.json CAND.json [MORE.json...] (the first is the base), or with "
                    "--base only the candidates, or one DUET.json (run --duet), or several "
                    "DUET.json of one experiment, pooled (each invocation a level)")
        ->required()
        ->expected(1, -1)
        ->type_name("FILE");
    accept_files_after_double_dash(sub);
    sub->add_option("--pair", opt->pair,
                    "OLD=NEW[,NEW...]: judge kernel NEW against kernel OLD measured in the same "
                    "rounds of ONE profile (a duet: e.g. the base revision's kernel and the "
                    "candidate's through specs, in one run with --runs 8 --rounds 48); the unit is "
                    "the ratio within a round (with recorded controls: the four instances)")
        ->type_name("OLD=NEW");
    sub->add_option("-b,--base", opt->bases,
                    "A run of the baseline (repeat it: the runs are merged, so the run-to-run "
                    "spread is measured); then every positional profile is a candidate")
        ->allow_extra_args(false) // each --base takes one file; the rest are candidates
        ->type_name("FILE");
    add_history_baseline(sub, *opt);
    add_compare_options(sub, *opt);
    add_compare_outputs(sub, *opt);
    sub->add_flag("--explain", opt->explain, "A duet: each undecided case's reason and plan");
    add_color_option(sub, opt->color);
    group_compare_help(sub);
    sub->callback([opt, &slot] {
        slot = [opt] {
            return run_compare(*opt);
        };
    });
}

} // namespace grp::cli
