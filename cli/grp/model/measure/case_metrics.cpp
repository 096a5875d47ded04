#include "grp/model/measure/case_metrics.hpp"

#include "grp/core/units.hpp"
#include "grp/model/measure/energy.hpp"
#include "grp/model/measure/roof.hpp"

#include <algorithm>

namespace grp {

namespace {

const std::string above_peak_prefix = "above 105% of the measured peak read bandwidth: ";

void drop_above_peak_note(case_result& r) {
    r.notes.erase(
        std::remove_if(r.notes.begin(), r.notes.end(),
                       [](const std::string& n) { return n.rfind(above_peak_prefix, 0) == 0; }),
        r.notes.end());
}

/// Why a case reads faster than the peak, from what the run measured and the driver reports.
std::string above_peak_cause(const case_result& r, const profile_device& d) {
    const auto cache = d.info.global_cache_bytes.value_or(0);
    if (cache > 0 && r.bytes <= 2 * cache) {
        return "its " + format_bytes(r.bytes) + " input " +
               (r.bytes <= cache ? "fits in" : "is under twice") + " the " + format_bytes(cache) +
               " cache the driver reports: a cache-resident read, not memory (try a larger -n)";
    }
    for (const auto& roof : d.roofs) {
        if (roof.bytes == r.bytes && d.peak && roof.read_gbps > d.peak->read_gbps * 1.05) {
            return "the device read " + format_bytes(r.bytes) + " itself at " +
                   format_fixed(roof.read_gbps, 1) + " GB/s, above the peak: this size runs " +
                   "from a cache (try a larger -n)";
        }
    }
    return "its " + format_bytes(r.bytes) + " input is over the cache the driver reports, so " +
           "the peak probably read low: measured on a busy machine (see the load warning), " +
           "or this kernel reads faster than the peak's read shapes here (kernels/peak.cl)";
}

} // namespace

void derive_metrics(case_result& r, double peak_read_gbps) {
    r.derive_from_rounds();
    if (!r.summary || !(r.summary->median_ns > 0)) {
        return;
    }
    const double med = r.summary->median_ns;
    r.gbps = static_cast<double>(r.bytes) / med;
    r.elements_per_s = static_cast<double>(r.key.n) / med * 1e9;
    r.energy = case_energy_of(r);
    // Derived again when the peak improves: the flag and its note follow the latest peak.
    drop_above_peak_note(r);
    r.above_peak = false;
    r.pct_of_peak.reset();
    if (const auto ratio = in_round_ratio(r)) {
        r.pct_of_peak = *ratio * 100.0; // the read of the same rounds (#65)
    } else if (peak_read_gbps > 0) {
        r.pct_of_peak = *r.gbps / peak_read_gbps * 100.0;
    }
    if (r.pct_of_peak) {
        r.above_peak = *r.pct_of_peak > above_peak_pct;
        if (r.above_peak) {
            r.notes.push_back(above_peak_prefix + "the input is probably cache-resident (try a " +
                              "larger -n) or the peak is wrong; never ranked best");
        }
    }
}

void derive_metrics(case_result& r, const profile_device& d) {
    derive_metrics(r, d.peak ? d.peak->read_gbps : 0.0);
    r.x_floor.reset();
    if (r.summary && r.summary->median_ns > 0 && d.launch_floor_ns && *d.launch_floor_ns > 0) {
        r.x_floor = r.summary->median_ns / *d.launch_floor_ns;
    }
    if (r.above_peak) {
        drop_above_peak_note(r);
        r.notes.push_back(above_peak_prefix + above_peak_cause(r, d) + "; never ranked best");
    }
    judge_roof(r, d);
}

} // namespace grp
