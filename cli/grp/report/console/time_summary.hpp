// Where a run's wall time went, in one line each: for the whole invocation at the end of `run`
// ("time: 12.4 s in 3 processes, 5.0 s of it timed kernels (2.5x); sampling 7.1 s, ...") and for
// each process of --runs as it ends; and the warning when other processes loaded the machine
// meanwhile. The numbers come from the profile's runs[] (phases_s, wall_s, other_cpu_cores) and
// the samples of its cases, so a profile read later says the same.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <chrono>
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>

namespace grp {

/// Seconds of timed kernel work in the profile: every kept sample of every round of every case.
double timed_kernel_s(const profile& p);

/// "sampling 2.0 s, verification 0.5 s, peak 0.3 s, other 0.2 s": the phases from the largest
/// down; those under 3 % of `wall_s` and the time no phase holds (wall_s less their sum) go
/// into "other".
std::string phases_text(const phase_times& phases, double wall_s);

/// "process 2 of 3 took 1.9 s: sampling 0.4 s, ..." for run record `r` of process `index`
/// (1-based) of `count`; "process 2 of 3 finished" when it has no wall time.
std::string process_time(const run_record& r, std::size_t index, std::size_t count);

/// The end-of-run line for an invocation of `wall_s` seconds that wrote `p`.
std::string time_summary(const profile& p, double wall_s);

/// A warning when other processes kept at least `min_cores` cores busy on average during one
/// of the profile's runs (runs[].other_cpu_cores), saying what that means for the numbers;
/// empty otherwise.
std::string load_warning(const profile& p, double min_cores = 0.5);

/// Prints load_warning (if any) and, unless `quiet`, the time_summary of an invocation that
/// started at `started`.
void print_time_lines(std::ostream& os, const profile& p,
                      std::chrono::steady_clock::time_point started, bool quiet);

} // namespace grp
