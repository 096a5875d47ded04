// `gpu-reduce-prof merge RUN.json... -o BASELINE.json`: several runs of the same sweep as one
// baseline profile, so `compare` measures the run-to-run spread instead of assuming it.
#include "grp/model/merge.hpp"

#include "commands/command.hpp"
#include "grp/core/error.hpp"
#include "grp/report/compare_print.hpp"

#include <filesystem>
#include <iostream>
#include <memory>

namespace grp::cli {

namespace {

struct merge_cli_options {
    std::vector<std::string> files;
    std::string output;
    bool force = false;
};

int run_merge(const merge_cli_options& o) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(o.output, ec) && !o.force && fs::is_regular_file(o.output, ec)) {
        throw usage_error("output '" + o.output + "' exists; pass --force to overwrite it");
    }
    std::vector<std::pair<profile, std::string>> runs;
    for (const auto& f : o.files) {
        if (fs::exists(o.output, ec) && fs::equivalent(f, o.output, ec)) {
            throw usage_error("'" + o.output + "' is also an input; write the baseline elsewhere");
        }
        runs.emplace_back(load_profile(f), f);
    }
    auto m = merge_profiles(runs);
    for (const auto& w : m.warnings) {
        std::cerr << "warning: " << terminal_safe(w) << '\n';
    }
    m.merged.tool.argv = invocation_argv();
    save_profile(m.merged, o.output);
    std::cerr << "baseline written to " << o.output << ": " << m.merged.runs.size() << " runs, "
              << m.merged.cases.size() << " cases\n";
    return 0;
}

const char* merge_footer = R"(Examples:
  for i in 1 2 3 4 5; do gpu-reduce-prof run -k default -o run$i.json; done
  gpu-reduce-prof merge run*.json -o baseline.json
  gpu-reduce-prof compare baseline.json candidate.json

A merged baseline keeps every run's rounds, tagged with the run: compare then measures how
much a case moves from run to run (not only from round to round) and widens its intervals
accordingly. Merge runs of the same sweep on the same machine; runs from other hosts are
merged with a warning (the spread then includes the machines' differences).)";

} // namespace

void add_merge(CLI::App& app, command_slot& slot) {
    auto o = std::make_shared<merge_cli_options>();
    auto* sub = app.add_subcommand("merge", "Merge runs into one baseline profile");
    sub->footer(merge_footer);
    sub->add_option("profiles", o->files, "RUN.json... (at least one)")
        ->required()
        ->expected(1, -1)
        ->type_name("FILE");
    sub->add_option("-o,--output", o->output, "The baseline profile to write")->required();
    sub->add_flag("--force", o->force, "Overwrite an existing output file");
    sub->callback([o, &slot] {
        slot = [o] {
            return run_merge(*o);
        };
    });
}

} // namespace grp::cli
