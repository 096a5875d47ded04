// `gpu-reduce-prof compare BASE.json CAND.json [MORE.json...]`: matches cases by key, decides
// same/faster/slower/unknown with a Mann–Whitney U test plus a minimum effect, prints a table,
// markdown or JSON, and exits 1 when a case fails under --fail-on (a regression is a result,
// not an error: only unreadable profiles and bad options are exceptions).
#include "grp/model/compare.hpp"

#include "commands/command.hpp"
#include "grp/core/error.hpp"
#include "grp/report/compare_print.hpp"
#include "grp/report/table.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>

namespace grp::cli {

namespace {

struct compare_cli_options {
    std::vector<std::string> files;
    std::string threshold = "5%";
    double alpha = 0.01;
    std::size_t min_samples = 5;
    std::string fail_on = "slower,wrong";
    std::string normalize = "none";
    bool markdown = false;
    bool json = false;
};

/// "5", "5%" or "7.5%" → 0.05 / 0.075. Throws usage_error otherwise.
double parse_threshold(std::string text) {
    if (!text.empty() && text.back() == '%') {
        text.pop_back();
    }
    char* end = nullptr;
    double pct = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !(pct >= 0) || pct > 1000) {
        throw usage_error("--threshold: '" + text +
                          "' is not a percentage; give e.g. 5 or 5% (a 5 % minimum change)");
    }
    return pct / 100.0;
}

int run_compare(const compare_cli_options& cli) {
    compare_options opt;
    opt.threshold = parse_threshold(cli.threshold);
    opt.alpha = cli.alpha;
    opt.min_samples = cli.min_samples;
    opt.fail_on = parse_fail_on(cli.fail_on);
    parse_normalize(cli.normalize, opt);

    // Load everything first: a bad profile is exit 5 before anything is printed.
    std::vector<profile> profiles;
    for (const auto& f : cli.files) {
        profiles.push_back(load_profile(f));
    }
    std::vector<comparison> all;
    for (std::size_t i = 1; i < profiles.size(); ++i) {
        all.push_back(compare_profiles(profiles[0], profiles[i], opt, cli.files[0], cli.files[i]));
    }
    if (cli.json) {
        std::cout << comparisons_to_json(all).dump(2) << '\n';
    } else if (cli.markdown) {
        print_comparisons_markdown(std::cout, all);
    } else {
        print_comparisons(std::cout, all, use_colour(1));
    }
    if (cli.json || cli.markdown) {
        // Machine-readable output goes to stdout alone; warnings still reach a person.
        for (const auto& c : all) {
            for (const auto& w : c.warnings) {
                std::cerr << "warning: " << w << '\n';
            }
        }
    }
    bool failed = std::any_of(all.begin(), all.end(), [](const auto& c) { return c.failed(); });
    return static_cast<int>(failed ? exit_code::regression_or_wrong : exit_code::ok);
}

const char* compare_footer = R"(Examples:
  gpu-reduce-prof compare base.json new.json                 # exit 1 on a regression
  gpu-reduce-prof compare base.json new.json --threshold 10 --alpha 0.001
  gpu-reduce-prof compare base.json new.json --markdown >> "$GITHUB_STEP_SUMMARY"
  gpu-reduce-prof compare base.json new.json --json | jq '.comparisons[0].cases[0]'
  gpu-reduce-prof compare h100.json mi300.json --normalize peak   # across machines
  gpu-reduce-prof compare a.json b.json c.json               # matrix: cases x profiles vs a.json

Verdicts: slower/faster when the two-sided Mann-Whitney U test on the raw samples is
significant at --alpha AND the medians differ by more than --threshold; same within the
threshold; unknown when too noisy or below --min-samples. Cases match by kernel, type, layout,
n and local size; cases on different devices (by UUID, else name) are labelled cross-device
and their raw times never fail.

Exit codes: 0 no failing case, 1 a case fails under --fail-on (improvements never fail),
2 usage, 5 unreadable or invalid profile or unsupported schema major.)";

} // namespace

void add_compare(CLI::App& app, command_slot& slot) {
    auto opt = std::make_shared<compare_cli_options>();
    auto* sub = app.add_subcommand(
        "compare", "Compare profiles: regressions vs noise, across runs and machines");
    sub->footer(compare_footer);
    sub->add_option("profiles", opt->files,
                    "BASE.json CAND.json [MORE.json...]: the first is "
                    "the base every other profile is compared with")
        ->required()
        ->expected(2, -1)
        ->type_name("FILE");
    sub->add_option("--threshold", opt->threshold,
                    "Minimum change of the median, in percent, to call a case slower or faster")
        ->type_name("PCT")
        ->capture_default_str();
    sub->add_option("--alpha", opt->alpha, "Significance level of the two-sided U test")
        ->check(CLI::Range(1e-9, 0.5))
        ->capture_default_str();
    sub->add_option("--min-samples", opt->min_samples,
                    "Fewer samples on either side give 'unknown' (5 is the smallest count at "
                    "which the exact test can reach p < 0.01)")
        ->check(CLI::Range(std::size_t{2}, std::size_t{1000000}))
        ->capture_default_str();
    sub->add_option("--fail-on", opt->fail_on,
                    "Outcomes that exit 1: any of slower,wrong,missing, or none")
        ->type_name("LIST")
        ->capture_default_str();
    sub->add_option("--normalize", opt->normalize,
                    "none; peak (fraction of each profile's measured peak bandwidth); or a "
                    "reference KERNEL (same type/layout/n/local) or full case KEY")
        ->type_name("WHAT")
        ->capture_default_str();
    auto* md = sub->add_flag("--markdown", opt->markdown,
                             "Print GitHub-flavoured markdown (CI job summary, PR comment)");
    sub->add_flag("--json", opt->json, "Print the whole comparison as JSON")->excludes(md);
    sub->callback([opt, &slot] {
        slot = [opt] {
            return run_compare(*opt);
        };
    });
}

} // namespace grp::cli
