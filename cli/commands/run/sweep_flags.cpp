// run's option tables for what is measured (-k, --duet, -l, -n, -t, --layout, --op, --data,
// --scenario) and how the sweep is walked and seeded (--order, --cache, --search, -a,
// --max-cases, --resume, --seed, --order-seed, --wg-limit).
#include "commands/run/run_flags.hpp"
#include "commands/validators.hpp"

#include <cstdint>

namespace grp::cli {

void add_selection_options(CLI::App* sub, run_cli_options& o) {
    sub->add_option("-k,--kernel", o.kernels,
                    "Built-in names or globs ('reduce*', 'all', 'default'), or paths to a .json "
                    "spec or a .cl with its spec beside it. Default: the built-in default sweep")
        ->delimiter(',');
    sub->add_option("--duet", o.duet,
                    "The base revision's spec (or .cl with its spec beside it): each of its "
                    "kernels is timed beside -k's kernel of the same name as base:NAME, and "
                    "again, built apart, as control:NAME, and the candidate again as twin:NAME "
                    "(the two A/A controls); all kernels of a sweep "
                    "point alternate their launches in every round. Judge it with 'compare "
                    "DUET.json'")
        ->type_name("BASE_SPEC")
        ->check(non_empty("the base revision's spec"));
    sub->add_option("-l,--local-size", o.local_sizes,
                    "Work-group sizes: a list (32,64,256), 'pow2' (1..device max) or 'all' "
                    "(pow2 and multiples of the preferred multiple)")
        ->capture_default_str();
    sub->add_option("-n,--size", o.sizes,
                    "Elements (records for layouts): 1000, 64k, 1M, 1Mi, 2^28. Default: sized "
                    "from the device (larger than its caches)")
        ->delimiter(',');
    sub->add_option(
           "-t,--type", o.types,
           "Element types: int, uint, float, double (default: float for built-in kernels, the "
           "types a spec of yours declares for its kernels)")
        ->delimiter(',');
    sub->add_option("--layout", o.layouts, "Data layouts: flat, aos12, aos16, soa")->delimiter(',');
    sub->add_option("--op", o.ops,
                    "Reduction operators: sum, min, max, product (default sum; kernels that do "
                    "not declare an operator skip its cases)")
        ->delimiter(',');
    sub->add_option("--data", o.data,
                    "Input values: random (seeded, never zero), iota (0, 1, 2, ...), ones, "
                    "const:V, or file:PATH (raw values of the element type)")
        ->capture_default_str();
    sub->add_option("--scenario", o.scenarios,
                    "Experiments: wg-probe, barrier, precision, subgroups (alone, no sweep "
                    "unless -k or --layout is given too)")
        ->delimiter(',');
    sub->add_option("--barrier-runs", o.barrier_runs,
                    "Launches of each kernel in the barrier scenario")
        ->transform(count_range(1, 1000000))
        ->capture_default_str();
}

namespace {

// --shard and --anchor: a sharded sweep (model/plan/shard.hpp, docs/fleet.md).
void add_shard_options(CLI::App* sub, run_cli_options& o) {
    sub->add_option("--shard", o.shard,
                    "Run shard K of N of the sweep: every shard plans the same cases and times "
                    "its share (balanced by the estimated cost) plus the anchor cases; 'auto' "
                    "or 'auto/N' reads K and N from the scheduler (a Slurm, Grid Engine, LSF, "
                    "PBS or Flux job array, a Kubernetes Indexed Job, GitLab, CircleCI, "
                    "Buildkite or Azure Pipelines parallel jobs: docs/fleet.md) or "
                    "GRP_SHARD_INDEX/GRP_SHARD_COUNT; GRP_SHARD_COUNT pins the count. merge "
                    "joins the shards")
        ->type_name("K/N|auto")
        ->check(non_empty("the shard, K/N or auto"));
    sub->add_option("--anchor", o.anchors,
                    "A case every shard times, by its key (e.g. reduce3/float/flat/n=65536/"
                    "local=8), instead of the default 3 spread over the plan; repeat for several")
        ->type_name("KEY");
}

} // namespace

void add_walk_options(CLI::App* sub, run_cli_options& o) {
    sub->add_option("--order", o.order,
                    "Order of cases in a round: sequential, interleaved, random")
        ->capture_default_str();
    sub->add_option("--cache", o.cache,
                    "Cache state of each timed launch: cold (an untimed write and read of a "
                    "scratch buffer over 8x the last-level cache, at least 256 MiB, before "
                    "each), warm (what the warm-up left), both (each case twice) or auto: cold "
                    "on GPUs, warm on CPUs. compare never judges cold against warm")
        ->capture_default_str();
    sub->add_option("--search", o.search,
                    "Tuning spaces (kernels with \"params\"): exhaustive, random:N "
                    "(N parameter configurations per kernel, type, layout and n, each at every "
                    "local size; seeded by --seed) or "
                    "halving[:ETA] (successive halving: all briefly, the best 1/ETA again "
                    "with more rounds, until the best gets the full measurement)")
        ->capture_default_str();
    sub->add_option("-a,--param", o.params,
                    "A tuning parameter's values instead of the spec's, in every selected "
                    "kernel that declares it: NAME=V[,V...] (UNROLL=1,2); repeat for several")
        ->type_name("NAME=V,...");
    sub->add_option("--max-cases", o.max_cases,
                    "The most cases a device's sweep may plan (cases: configurations x types x "
                    "ops x layouts x sizes x local sizes); a larger plan is refused before any "
                    "work")
        ->transform(count_range(1, UINT64_MAX))
        ->capture_default_str();
    sub->add_option("--resume", o.resume,
                    "An earlier profile of this device: its cases held in full are kept; "
                    "missing ones, ones short of --rounds, failed ones and ones whose source "
                    "changed are measured (whole). The profile written holds the union")
        ->type_name("PROFILE")
        ->check(non_empty("the profile to resume"));
    add_shard_options(sub, o);
    sub->add_option("--seed", o.seed,
                    "Seed of the input data, of --order random and of --search random")
        ->transform(count_range(0, UINT64_MAX))
        ->capture_default_str();
    sub->add_option("--order-seed", o.order_seed,
                    "Seed of the order the rounds visit the cases in, of a duet's launch order "
                    "and of the build order: 'random' draws one per invocation (recorded as "
                    "settings.order_seed), so that no kernel keeps a place that favours it "
                    "across invocations; a number repeats an invocation's order")
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast) // a part gets its parent's
        ->capture_default_str();
    sub->add_option("--wg-limit", o.wg_limit,
                    "Above a kernel's CL_KERNEL_WORK_GROUP_SIZE: 'device' tries the launch up to "
                    "the device's limits (verification guards it), 'kernel' skips")
        ->capture_default_str();
}

} // namespace grp::cli
