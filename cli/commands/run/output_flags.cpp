// run's option tables for where the results go and how they are printed (-o, --csv, --table,
// --cells, --dry-run, ...).
#include "commands/command.hpp"
#include "commands/run/run_flags.hpp"
#include "commands/validators.hpp"

namespace grp::cli {

namespace {

// The options that print something and exit: nothing is measured.
void add_exit_options(CLI::App* sub, run_cli_options& o) {
    sub->add_flag("--describe", o.describe,
                  "Explain the columns and the bytes counted, and exit (nothing runs)");
    sub->add_flag("--list", o.list, "List the built-in kernels and exit");
    sub->add_option("--print-spec", o.print_spec,
                    "Print a starter spec for FILE.cl (read off its kernels' signatures) to "
                    "stdout and exit, to save beside it: --print-spec k/sum.cl > k/sum.json")
        ->type_name("FILE.cl")
        ->check(non_empty("a kernel file"));
    sub->add_flag("--dry-run", o.dry_run,
                  "Print the planned cases (per kernel: types, n, local sizes) and a rough "
                  "estimate of the wall time, and exit: nothing is built or timed");
    sub->add_flag("--once", o.once,
                  "Launch each case's kernel exactly once, verified, and time nothing (no "
                  "rounds, no peak, no profile): for a profiler such as ncu, rocprof or "
                  "cliloader");
}

} // namespace

void add_output_options(CLI::App* sub, run_cli_options& o) {
    sub->add_option("-o,--output", o.output,
                    "Profile path (default out/profile-<UTC time>-<random>.json); '-' writes "
                    "the profile to stdout and the tables to stderr")
        ->check(non_empty("a file name"));
    sub->add_option("--csv", o.csv,
                    "Also write one CSV row per case (columns in docs/run.md); '-' for stdout (the "
                    "tables then go to stderr)")
        ->type_name("FILE")
        ->check(non_empty("a file name"));
    sub->add_flag("--force", o.force, "Overwrite existing output files");
    sub->add_flag("--keep-going", o.keep_going,
                  "Record a kernel that fails to build as failed and go on");
    sub->add_flag("--no-peak", o.no_peak,
                  "Skip the peak-bandwidth measurement (a duet skips it unless --peak-bytes is "
                  "given: compare judges a duet on ratios and never uses it)");
    sub->add_option("--peak-bytes", o.peak_bytes,
                    "Buffer size of the peak measurement (default: the sweep's largest input)")
        ->transform(count_range(4096, std::uint64_t{1} << 50U,
                                "the peak measurement needs a buffer of at least 4 KiB; sizes "
                                "take 64Mi, 1G, 2^30"));
    sub->add_option("--cl-options", o.cl_options,
                    "Appended to every kernel's build options, e.g. '-cl-nv-verbose' (the "
                    "driver's build log is then kept in each case's extra.build_log)");
    sub->add_option("--table", o.table,
                    "matrix: per sweep point with several local sizes a kernel x local-size "
                    "matrix (host baseline and best cell underneath), the per-case list for the "
                    "rest; list: every case in the list")
        ->check(CLI::IsMember({"matrix", "list"}))
        ->capture_default_str();
    sub->add_option(
           "--cells", o.cells,
           "What a matrix cell shows: time (median), gbps, both, or energy (per launch: the "
           "rounds' mean power x the median time; n/a without a power sensor)")
        ->check(CLI::IsMember({"time", "gbps", "both", "energy"}))
        ->capture_default_str();
    add_color_option(sub, o.color);
    add_exit_options(sub, o);
    sub->add_flag("-q,--quiet", o.quiet, "No progress on stderr");
    sub->add_option("--commit", o.commit,
                    "The commit of the measured code, recorded for `history` (full sha; default: "
                    "git's HEAD in the current folder, if any)")
        ->type_name("SHA")
        ->check(non_empty("the full sha of the measured commit"));
}

} // namespace grp::cli
