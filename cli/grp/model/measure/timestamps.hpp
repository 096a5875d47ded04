// Sanity checks on OpenCL profiling timestamps, and the timing of a chain of launches from
// them. Drivers have been seen to report END before START, START before SUBMIT, and durations
// below the timer resolution; such a sample is flagged and dropped, never trusted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

/// The four CL_PROFILING_COMMAND_* values of one launch, in ns.
struct launch_stamps {
    std::uint64_t queued = 0, submit = 0, start = 0, end = 0;
};

/// "" when the stamps are plausible, else why not: "END before START", "START before SUBMIT",
/// "SUBMIT before QUEUED", "duration under timer resolution (R ns)".
std::string check_stamps(const launch_stamps& s, std::uint64_t timer_resolution_ns);

/// One execution of a chain of launches (the passes of a case), timed from their stamps.
struct chain_timing {
    std::uint64_t span_ns = 0;     ///< first pass START to last pass END: what a caller pays
    std::uint64_t pass_sum_ns = 0; ///< Σ END-START over the passes (gaps left out)
    std::uint64_t overhead_ns = 0; ///< first pass START - QUEUED
    std::uint64_t host_ns = 0; ///< the host's steady clock from the first enqueue to the wait's end
    std::string flag;          ///< why the stamps cannot be trusted ("" when fine)
};

/// Times a chain from its passes' stamps, in launch order. The span is never below the sum of
/// the passes when the stamps are plausible: passes of an in-order queue do not overlap, so a
/// pass that STARTs before the previous one ENDs (or a span below the sum) is flagged, as is
/// the first failing check_stamps of any pass. An empty chain gives zeros and the flag "no
/// launches".
chain_timing chain_span(const std::vector<launch_stamps>& passes,
                        std::uint64_t timer_resolution_ns);

} // namespace grp
