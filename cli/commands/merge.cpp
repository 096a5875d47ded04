// `gpu-reduce-prof merge RUN.json... -o BASELINE.json`: several runs of the same sweep as one
// baseline profile, so `compare` measures the run-to-run spread instead of assuming it; or the
// shards of one sharded sweep (run --shard K/N) as one profile, checked by shards.hpp.
#include "grp/model/baseline/merge.hpp"

#include "commands/command.hpp"
#include "grp/core/error.hpp"
#include "grp/core/files/output_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/baseline/shards.hpp"
#include "grp/model/plan/shard_schedulers.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/console/compare.hpp"

#include <cstdint>
#include <iostream>
#include <memory>

namespace grp::cli {

namespace {

struct merge_cli_options {
    std::vector<std::string> files;
    std::string output;
    bool force = false;
    bool allow_missing = false;
};

// The command that runs shard K/N: the first shard's own run (its tool.argv) with its --shard,
// output and --force left out, then --shard K/N -o shard-K.json.
std::string shard_command(const std::vector<std::string>& argv, std::uint64_t k, std::uint64_t n) {
    std::string out = "gpu-reduce-prof";
    for (std::size_t i = 1; i < argv.size(); ++i) {
        const auto& a = argv[i];
        if (a == "--shard" || a == "-o" || a == "--output") {
            ++i; // and its value
        } else if (a.rfind("--shard=", 0) != 0 && a.rfind("--output=", 0) != 0 &&
                   a.rfind("-o", 0) != 0 && a != "--force") {
            out += " " + as_shell_word(a);
        }
    }
    if (argv.size() < 2) {
        out += " run [the shards' options]";
    }
    const auto ks = std::to_string(k);
    return out + " --shard " + ks + "/" + std::to_string(n) + " -o shard-" + ks + ".json";
}

// A sharded sweep with shards missing: refused (exit 11) unless --allow-missing, with the
// shards named and the commands that run them.
void check_missing_shards(const shard_census& c, bool allow_missing) {
    if (c.missing.empty() || allow_missing) {
        return;
    }
    std::string commands, resubmit;
    for (std::size_t i = 0; i < c.missing.size() && i < 8; ++i) {
        commands += "\n  " + shard_command(c.rerun_argv, c.missing[i], c.count);
        if (!c.resubmit_source.empty()) {
            resubmit += "\n  " + scheduler_resubmission(c.resubmit_source, c.resubmit_variables,
                                                        c.missing[i], c.count);
        }
    }
    const std::string more =
        c.missing.size() > 8
            ? "\n  (and " + std::to_string(c.missing.size() - 8) + " more like these)"
            : "";
    if (!resubmit.empty()) {
        resubmit = " Resubmit them as " + c.resubmit_source + " made them:" + resubmit + more +
                   "\nor run them by hand:";
    } else {
        resubmit = " Run the missing shard(s) and merge again:";
    }
    throw error(missing_text(c) + "; nothing is written." + resubmit + commands + more +
                    "\nor merge what is here with --allow-missing (the profile is marked "
                    "incomplete)",
                exit_code::incomplete);
}

int run_merge(const merge_cli_options& o) {
    const output_file out(o.output, "baseline profile", o.force);
    check_distinct_files(o.files, {&out});
    out.probe(); // an unwritable target fails before every run is read
    std::vector<std::pair<profile, std::string>> runs;
    runs.reserve(o.files.size());
    for (const auto& f : o.files) {
        runs.emplace_back(load_profile(f), f);
    }
    const auto shards = check_shards(runs); // refuses a foreign plan's shard
    drop_left_out(runs, shards);            // a shard's second copy
    for (const auto& n : shards.notes) {
        std::cerr << "note: " << terminal_escape(n) << '\n';
    }
    check_missing_shards(shards, o.allow_missing);
    auto m = merge_profiles(runs, shards.sharded);
    mark_missing_shards(m.merged, shards); // never complete: true without every shard
    check_merged_shards(m.merged);
    m.warnings.insert(m.warnings.end(), shards.warnings.begin(), shards.warnings.end());
    for (const auto& w : m.warnings) {
        std::cerr << "warning: " << terminal_escape(w) << '\n';
    }
    m.merged.tool.argv = invocation_argv();
    out.write(profile_text(m.merged));
    std::cerr << "baseline written to "
              << (out.is_stdout() ? std::string("stdout") : terminal_escape(out.path())) << ": "
              << m.merged.runs.size() << " runs, " << m.merged.cases.size() << " cases";
    if (shards.sharded) {
        std::cerr << " from " << shards.present.size() << " of " << shards.count
                  << " shards (plan sha256 " << shards.plan_sha256.substr(0, 12) << "...)";
    }
    std::cerr << '\n';
    return 0;
}

const char* merge_footer = R"(Examples:
  for i in 1 2 3; do gpu-reduce-prof run -k default -o run$i.json; done
  gpu-reduce-prof merge run*.json -o baseline.json
  gpu-reduce-prof compare baseline.json candidate.json

A merged baseline keeps every run's rounds, tagged with the run: compare then measures how
much a case moves from run to run (not only from round to round) and widens its intervals
accordingly. Merge runs of the same sweep on the same machine; runs from other hosts are
merged with a warning (the spread then includes the machines' differences). A run given
twice (the same run id, or the very same rounds) counts once, with a warning: copies never
pose as independent runs. A merge of separate runs is not a duet: compare --pair refuses it.

Shards of one sweep (run --shard K/N) are recognised by their plan's hash: a shard of another
plan is refused (exit 2), a shard whose record disagrees with the others or with its own cases
is refused (exit 5); a shard index from two different runs (a retry that raced) is kept once,
said in a note: the complete copy, then the one with more cases ok, then the one given first.
Each case is kept once with the card that timed it, and the anchor cases once per card. Shards
may come from other hosts without a warning.

A missing shard stops the merge (exit 11): the shards are named with the scheduler's command
that resubmits them (a Slurm array's: GRP_SHARD_COUNT=N sbatch --array=ID SCRIPT) and the run
--shard K/N commands that make them by hand. --allow-missing merges the shards there are into a profile marked
incomplete (exit 0, with a warning).)";

} // namespace

void add_merge(CLI::App& app, command_slot& slot) {
    auto o = std::make_shared<merge_cli_options>();
    auto* sub = app.add_subcommand("merge", "Merge runs into one baseline profile");
    sub->footer(merge_footer);
    sub->add_option("profiles", o->files, "RUN.json... (at least one)")
        ->required()
        ->expected(1, -1)
        ->type_name("FILE");
    accept_files_after_double_dash(sub);
    sub->add_option("-o,--output", o->output, "The baseline profile to write ('-': stdout)")
        ->required();
    sub->add_flag("--force", o->force, "Overwrite an existing output file");
    sub->add_flag("--allow-missing", o->allow_missing,
                  "Merge the shards of a sharded sweep even when some are missing: the profile "
                  "is marked incomplete (without it: exit 11)");
    sub->callback([o, &slot] {
        slot = [o] {
            return run_merge(*o);
        };
    });
}

} // namespace grp::cli
