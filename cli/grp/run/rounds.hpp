// Sampling in rounds. A round visits every active case once, in a fresh seeded permutation; each
// visit binds fresh partial buffers, runs `warmup` untimed launches, then timed launch chains until
// the round's noise target or time share is reached, checking every launch's final value. Rounds
// start at least `round_spacing_s` apart (the device idles if one pass over the cases is
// quicker), and every round gets fresh working copies of the inputs. With CPU rotation each
// round's launches are submitted from the next CPU of ctx.rotation_cpus. A cold case's every
// timed chain starts after an untimed cache flush (cache_flush.hpp). With a peak, each round times
// the device's best read shape once, in the middle of its visits (round_read.hpp).
#pragma once

#include "grp/model/measure/conditions_meter.hpp"
#include "grp/model/measure/cooldown.hpp"
#include "grp/run/launch/cache_flush.hpp"
#include "grp/run/launch/case_setup.hpp"
#include "grp/run/launch/input_store.hpp"
#include "grp/run/measure.hpp"
#include "grp/run/phase_clock.hpp"
#include "grp/run/round_plan.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace grp::run {

struct round_context {
    ocl::session& session;
    input_store& inputs;
    const measure_options& measure;
    phase_clock& phases;
    std::chrono::steady_clock::time_point run_start;
    /// CPUs the rounds' launches are submitted from in turn; empty: no rotation.
    std::vector<int> rotation_cpus = {};
    std::optional<int> round_cpu = {}; ///< the CPU of the round being measured
    /// Kernel name -> its family: the cases of one family at one sweep point alternate their
    /// launches (run --duet puts every kernel in one family).
    std::map<std::string, std::string> families = {};
    /// Flushes the last-level cache before each timed chain of a cold case; null: no case of
    /// the device is cold.
    cache_flush* flush = nullptr;
    /// Reads the device's sensors over every group's timed launches (the rounds' conditions);
    /// null: none.
    conditions_meter* meter = nullptr;
    /// Waits before a round while the device is near its slowdown temperature, returning the
    /// seconds waited (rounds[].conditions.cooldown_s); empty: no cool-down.
    std::function<std::optional<double>()> cool_down = {};
    /// Times the device's best read shape once in every round (round_read.hpp); empty: no peak.
    std::function<std::optional<double>()> round_read = {};
};

/// Called after every group's visit (round, how many groups of the pass came before it in the
/// round's order, groups in the pass) and after every round (done == total).
using round_progress = std::function<void(std::size_t round, std::size_t done, std::size_t total)>;

/// One round of one case, appended to c.result.rounds. A cl::Error from a launch marks the
/// case failed and deactivates it.
void sample_round(round_context& ctx, prepared_case& c);

/// One round of several cases that read the same input, their timed launches alternating in
/// lockstep (ABAB...: whatever precedes one kernel's launch precedes the other's as often) until
/// every case's stopping rule is met, with the round's time budget per case; a case done early
/// keeps launching with the others. Each gets its round
/// record; the CPU wait is the group's. A kernel caught writing the shared input is found by
/// launching each once more on pristine data.
void sample_group(round_context& ctx, const std::vector<prepared_case*>& group);

/// Every round of every active case in `cases`, stopping early when interrupted(). The cases
/// of one family at one sweep point (ctx.families) form a group sampled together
/// (sample_group); every other case is a group of its own. Round m.first_round + r visits the
/// groups in round_order(groups, m.order_seed, m.first_round + r) and records each case's
/// group's place in that order (round_record::position).
void run_rounds(round_context& ctx, const std::vector<prepared_case*>& cases,
                const round_progress& progress);

} // namespace grp::run
