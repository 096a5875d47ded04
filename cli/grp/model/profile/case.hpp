// A case of a profile: its key (case_key.hpp), its status (case_status.hpp), and what a run
// recorded of it (passes, rounds with their raw samples, verification, metrics), with the JSON
// conversions of these types. profile.hpp holds the profile around them.
#pragma once

#include "grp/model/profile/case_key.hpp"
#include "grp/model/profile/case_status.hpp"
#include "grp/model/profile/check_record.hpp"
#include "grp/model/profile/conditions.hpp"
#include "grp/model/profile/held_out_record.hpp"
#include "grp/model/profile/precision_record.hpp"
#include "grp/model/stats/stats.hpp"

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// One kernel launch of a case's reduction: pass 0 reads the input, later passes the partials.
struct pass_info {
    std::uint64_t n = 0;           ///< elements this pass reduces
    std::uint64_t global_size = 0; ///< work-items
    std::uint64_t local_size = 0;
    std::uint64_t groups = 0; ///< partials written
};

/// One round: a short burst of timed launch chains after its own warm-up. Rounds of a case are
/// spread over the run (interleaved with the other cases, with fresh buffers), so the variation
/// between rounds and runs is what a verdict is tested against, never the launches of one burst.
/// The share of the machine's CPU time other processes must use during a round, besides this
/// process's threads waiting, for the round to count as disturbed (round_record::disturbed).
inline constexpr double min_other_cpu = 0.02;

/// A round's run: an index into profile::runs. 64-bit wherever it is read or kept, so that a
/// file's index is never wrapped onto another run (2^32 + k read as 32 bits paired rounds with
/// the wrong process); every reader checks it names a listed run (io.hpp).
using run_index = std::uint64_t;

struct round_record {
    run_index run = 0;         ///< index into profile::runs (several in a merged baseline)
    double started_s = 0;      ///< seconds since the run's start
    std::uint64_t warmup = 0;  ///< launches discarded before this round's samples
    std::uint64_t flagged = 0; ///< samples dropped by the timestamp sanity checks
    std::vector<std::uint64_t> samples_ns;  ///< per sample, as case_result::timing says
    std::vector<std::uint64_t> pass_sum_ns; ///< per sample Σ (END-START) over passes; empty
                                            ///< when the chain has one pass
    std::vector<std::uint64_t> overhead_ns; ///< per sample, first pass START - QUEUED
    /// ns this process's threads waited for a CPU per ns of the round (cpu_contention.hpp):
    /// above ~0.1 another process took the CPU while the round ran; empty when unmeasured.
    std::optional<double> cpu_wait;
    /// The CPU the round's launches were submitted from (run --cpu-rotation); empty: not pinned.
    std::optional<int> cpu;
    /// 2.4: the case's place in the order its round visited the cases (round_order.hpp); empty
    /// in older profiles.
    std::optional<std::uint32_t> position;
    /// 2.5: the share of the machine's CPU time that other processes used during the round
    /// (cpu_contention.hpp); empty when unmeasured or in older profiles.
    std::optional<double> other_cpu;
    /// 2.8: what the device's sensors read over the round's timed launches; empty without a
    /// sensor or in older profiles.
    std::optional<round_conditions> conditions;
    /// 2.13: the host's steady clock summed over the samples' launches (each from its first
    /// enqueue to the wait's end): what samples_ns, summed, must not exceed (the run's timer
    /// cross-check, timer_verdict.hpp). Empty in older profiles and for scenario samples.
    std::optional<std::uint64_t> host_ns;
    /// 2.17: the device's best read shape (peak_bandwidth::read_shape, at the peak's bytes)
    /// timed once in the same round of the run as this round's samples, in GB/s: the roof of
    /// the same moments (pct_of_peak, roof.hpp). Empty without a peak or in older profiles.
    std::optional<double> peak_gbps;
    /// Its conditions say the clocks ramped or were throttled (conditions->unsteady).
    [[nodiscard]] bool unsteady() const { return conditions && !conditions->unsteady.empty(); }
    [[nodiscard]] std::optional<double> median_ns() const;
    /// Another process took the CPU while the round ran: its threads waited for a CPU longer
    /// than `max_wait` of the round and, where measured, other processes used more than
    /// min_other_cpu of the machine (waits alone may be a CPU runtime's own threads waiting for
    /// each other). Never when max_wait <= 0.
    [[nodiscard]] bool disturbed(double max_wait) const;
};

/// Everything checked about a case's results, beyond the tolerance check on the timing data.
struct verification_record {
    std::string data; ///< the timing data, e.g. "random (seed 1)"; see host_data
    /// 2.12: how timed launches were checked: "exact" (the data sums exactly in any order, so
    /// results must equal the reference) or "tolerance" (within verify.hpp's bound); empty in
    /// older profiles.
    std::string timing_check;
    /// Exact check: launches on data whose every partial sum is exact in the element type, so
    /// one dropped, duplicated or double-counted element changes the result. Empty optional:
    /// not run (integer types need none: their random data is checked exactly).
    std::optional<bool> exact_ok;
    std::string exact_data;              ///< what the exact data was, in words
    std::uint64_t exact_launches = 0;    ///< windows checked
    std::string exact_failure;           ///< first failing window: expected vs got
    std::uint64_t launches_checked = 0;  ///< timed launches whose final value was checked
    std::uint64_t wrong_launches = 0;    ///< of those, how many were wrong
    std::optional<double> example_wrong; ///< the first wrong value of a timed launch
    std::uint64_t input_checks = 0;      ///< times the input was compared with its pristine copy
    bool input_modified = false;         ///< the kernel wrote into its input buffer
    bool in_place = false;               ///< the spec declares it: input restored every launch
    /// 2.16: the precision check (float and double sums); empty when not run.
    std::optional<precision_record> precision;
    /// 2.16: the held-out size check (sum cases); empty when not run.
    std::optional<held_out_record> held_out;
};

struct case_result {
    case_key key;
    int device = 0;       ///< index into profile::devices
    std::string scenario; ///< "" for plain sweeps; "wg-probe", "barrier", "precision", ...
    case_status status = case_status::ok;
    std::string reason; ///< why skipped/failed/wrong; empty when ok
    std::string build_options;
    std::vector<pass_info> passes;
    std::string finish = "passes"; ///< "passes", "last_group" (one launch) or "host"
    /// What a sample measures: "span" (first pass START to last pass END: what a caller pays,
    /// gaps between passes included) or "kernel" (Σ END-START over passes: schema 1.x).
    std::string timing = "span";
    std::vector<round_record> rounds;
    std::uint64_t rounds_planned = 0; ///< fewer rounds than planned: the run was cut short

    // Derived on load and after a run (not written): every round's samples, concatenated.
    std::vector<std::uint64_t> samples_ns;
    std::uint64_t warmup = 0;              ///< per round
    std::uint64_t flagged_samples = 0;     ///< over all rounds
    std::vector<std::string> flags;        ///< why samples were dropped (distinct reasons)
    bool noise_target_met = true;          ///< every round reached the noise target
    std::optional<sample_summary> summary; ///< of samples_ns

    std::uint64_t bytes = 0;              ///< bytes the reduction must move (see bytes_counted)
    std::string bytes_counted;            ///< what `bytes` counts, in words
    std::optional<double> gbps;           ///< bytes / median time, 1e9 bytes per second
    std::optional<double> elements_per_s; ///< key.n / median time
    /// The median over rounds of each round's rate over that round's in-round read
    /// (round_record::peak_gbps) x 100; without in-round reads, gbps over the device's peak read
    /// x 100 (derive_metrics).
    std::optional<double> pct_of_peak;
    bool above_peak = false; ///< pct_of_peak > 105: cache-resident input or bad peak
    /// 2.17: the median time over the device's launch floor (profile_device::launch_floor_ns):
    /// near 1, the case's time is the launch's, not the kernel's. Empty without a floor.
    std::optional<double> x_floor;

    std::vector<double> result;      ///< device value(s): 1 for flat, 3 (x,y,z) for layouts
    std::vector<double> reference;   ///< host reference value(s)
    std::optional<double> abs_error; ///< |result - reference|; null when not finite
    std::optional<double> rel_error; ///< abs_error / |reference|; null when undefined
    std::optional<double> tolerance; ///< allowed abs_error; null for exact (integer) checks
    verification_record verification;
    std::vector<std::string> notes; ///< remarks in words ("above the kernel's reported ...")

    nlohmann::ordered_json extra = nlohmann::ordered_json::object(); ///< scenario-specific facts
    /// 2.7: what `check` found and counted on the simulator (absent for timed cases).
    std::optional<check_record> check;
    /// 2.8: energy per launch and per byte, from the rounds' conditions (derive_metrics).
    std::optional<case_energy> energy;

    /// Rebuilds samples_ns, flagged_samples and summary from the rounds.
    void derive_from_rounds();
};

void to_json(nlohmann::ordered_json& j, const sample_summary& s);
void from_json(const nlohmann::ordered_json& j, sample_summary& s);
void to_json(nlohmann::ordered_json& j, const case_result& c);
void from_json(const nlohmann::ordered_json& j, case_result& c);

} // namespace grp
