#include "grp/model/measure/roof.hpp"

#include "grp/core/units.hpp"
#include "grp/model/stats/stats.hpp"

#include <algorithm>

namespace grp {

std::optional<double> roof_gbps(const profile_device& d, std::uint64_t bytes) {
    std::optional<double> roof;
    for (const auto& r : d.roofs) {
        if (r.bytes == bytes && r.read_gbps > 0) {
            roof = std::max(roof.value_or(0.0), r.read_gbps);
        }
    }
    // The peak bounds an input at least its size (a larger input reads no faster than memory).
    // Below it, only the size's own roof: a small input is launch-bound on a GPU (4 KiB: 0.7
    // GB/s against a 4.5 TB/s peak on the H200), so the peak would let any time through.
    if (!roof && d.peak && d.peak->read_gbps > 0 && d.peak->bytes > 0 && bytes >= d.peak->bytes) {
        roof = d.peak->read_gbps;
    }
    return roof;
}

std::string implausible_reason(std::uint64_t bytes, double gbps, double roof_gbps,
                               const std::string& shape) {
    return "reads " + format_bytes(bytes) + " at " + format_fixed(gbps, 1) + " GB/s, above " +
           format_fixed(implausible_factor, 0) + "x the device's read roof at that size (" +
           format_fixed(roof_gbps, 1) + " GB/s" + (shape.empty() ? "" : ", " + shape) +
           "): a kernel that skips work the check cannot see, or a clock that lies";
}

std::optional<double> in_round_ratio(const case_result& r) {
    std::vector<double> ratios;
    for (const auto& round : r.rounds) {
        const auto median = round.median_ns();
        if (median && *median > 0 && round.peak_gbps && *round.peak_gbps > 0 && r.bytes > 0) {
            ratios.push_back(static_cast<double>(r.bytes) / *median / *round.peak_gbps);
        }
    }
    if (ratios.empty()) {
        return std::nullopt;
    }
    std::sort(ratios.begin(), ratios.end());
    return percentile_sorted(ratios, 0.5);
}

namespace {

std::string roof_shape(const profile_device& d, std::uint64_t bytes, double roof) {
    for (const auto& r : d.roofs) {
        if (r.bytes == bytes && r.read_gbps == roof) {
            return r.read_shape;
        }
    }
    return d.peak && d.peak->read_gbps == roof ? d.peak->read_shape : "";
}

} // namespace

void judge_roof(case_result& r, const profile_device& d) {
    if (r.status == case_status::implausible) {
        r.status = case_status::ok; // judged again below, on what is known now
        r.reason.clear();
    }
    if (r.status != case_status::ok || !r.gbps || !r.scenario.empty()) {
        return;
    }
    const bool at_peak = d.peak && d.peak->bytes > 0 && r.bytes >= d.peak->bytes;
    if (const auto ratio = in_round_ratio(r); ratio && at_peak) {
        // The roof timed in the case's own rounds: no busy minute between the two (#65).
        if (*ratio > implausible_factor) {
            r.status = case_status::implausible;
            r.reason = "reads " + format_bytes(r.bytes) + " at " + format_fixed(*ratio, 2) +
                       "x the device's best read timed in the same rounds (median over rounds, " +
                       d.peak->read_shape + "), above " + format_fixed(implausible_factor, 0) +
                       "x: a kernel that skips work the check cannot see, or a clock that lies";
        }
        return;
    }
    const auto roof = roof_gbps(d, r.bytes);
    if (roof && *r.gbps > implausible_factor * *roof) {
        r.status = case_status::implausible;
        r.reason = implausible_reason(r.bytes, *r.gbps, *roof, roof_shape(d, r.bytes, *roof));
    }
}

} // namespace grp
