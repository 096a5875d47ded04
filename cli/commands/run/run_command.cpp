// `run`'s place on the command line: its description, footer and option tables (run_flags.hpp),
// grouped for --help (help_groups.cpp), and the call of run_run once CLI11 has parsed them.
#include "commands/command.hpp"
#include "commands/help_groups.hpp"
#include "commands/run/run.hpp"
#include "commands/run/run_flags.hpp"
#include "commands/run/run_once.hpp"

#include <memory>

namespace grp::cli {

namespace {

const char* run_footer = R"(Examples:
  gpu-reduce-prof run                                   # quick sweep, default device
  gpu-reduce-prof run -k 'reduce[0-6]' -l pow2 -n 2^24 -t int,float
  gpu-reduce-prof run -k reduce6,reduce_vec4 --gate -o base.json  # a baseline for compare
  gpu-reduce-prof run --layout aos12,aos16,soa -n 2^24  # the vec3 layout kernels
  gpu-reduce-prof run -d all -o node.json               # every GPU at once, a process each
  gpu-reduce-prof run -k my_kernels/sum.json -l 256    # your own kernel, described by a spec
  gpu-reduce-prof run -k seed.json -n 256 --data iota   # 0+1+...+255 = 32640, exactly
  gpu-reduce-prof run -k my.json --duet base/my.json -o duet.json
                                  # a duet: base, candidate and two A/A controls, adding
                                  # processes until decided (--budget 10 at most), then
  gpu-reduce-prof compare duet.json                     # judge it
  gpu-reduce-prof run --list                            # built-in kernels

Every case is verified before timing (the first launch within tolerance, the input left
untouched, an exact check on integer-valued data that catches one dropped element) and the
final value of every timed launch is checked; a wrong (or, with --keep-going, failed) case
makes the exit status 1; a run where every case was skipped exits 7.
Timing: each case is measured in --rounds rounds spread over the run (interleaved with the
other cases, fresh buffers, at least --round-spacing apart); a round is --warmup untimed
launches, then at least --min-samples timed ones until the round's median is within
--max-noise or its share of --max-time is spent. A plain run is a quick look in one process;
compare gates timing on runs made with --gate (3 processes) or a baseline of 3 runs.
Ctrl-C, SIGTERM or SIGHUP save the finished rounds (marked incomplete; exit 128+signal); a
second one stops at once, keeping the last finished round.)";

} // namespace

void add_run(CLI::App& app, command_slot& slot) {
    auto o = std::make_shared<run_cli_options>();
    auto* sub = app.add_subcommand("run", "Sweep reduction kernels; verify, time with OpenCL "
                                          "events in rounds, write a JSON profile");
    sub->footer(run_footer);
    add_selection_options(sub, *o);
    add_walk_options(sub, *o);
    add_device_option(sub, o->devices);
    add_process_options(sub, *o);
    add_sampling_options(sub, *o);
    add_control_options(sub, *o);
    add_output_options(sub, *o);
    group_run_help(sub);
    sub->callback([o, sub, &slot] {
        slot = [o, refused = once_refusals(*sub)] {
            return o->once ? run_once(*o, refused) : run_run(*o);
        };
    });
}

} // namespace grp::cli
