// run's option table for what the run sets on the GPU for its length (--clocks, --power-limit:
// run_control.hpp) and the wait before each round for a hot GPU to cool (--cool-down,
// --cool-down-max: model/measure/cooldown.hpp).
#include "commands/run/run_flags.hpp"
#include "commands/validators.hpp"

namespace grp::cli {

void add_control_options(CLI::App* sub, run_cli_options& o) {
    sub->add_option("--clocks", o.clocks,
                    "Lock the GPU's SM clock for the run (base: its base clock; max; or MHz), and "
                    "with ,mem=MHz its memory clock, through NVML; put back at the end, by a "
                    "watchdog process if the run is killed. Without permission or support the run "
                    "goes on unlocked; the profile records which (devices[].control)");
    sub->add_option("--power-limit", o.power_limit,
                    "Set the GPU's power limit in watts for the run (NVML), read first and put "
                    "back at the end like --clocks");
    sub->add_option("--cool-down", o.cooldown_margin_c,
                    "Before each round, wait while the GPU is within this many degrees Celsius of "
                    "its slowdown temperature (NVML); the wait is recorded per round "
                    "(rounds[].conditions.cooldown_s)")
        ->check(finite_range(0.0, 100.0))
        ->capture_default_str();
    sub->add_option("--cool-down-max", o.cooldown_max_s,
                    "Most seconds one round waits to cool (then it runs, and its throttled "
                    "samples are set aside as always); 0: no cool-down")
        ->check(finite_range(0.0, 3600.0))
        ->capture_default_str();
}

} // namespace grp::cli
