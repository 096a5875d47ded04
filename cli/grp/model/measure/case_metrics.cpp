#include "grp/model/measure/case_metrics.hpp"

#include "grp/model/measure/energy.hpp"
#include "grp/model/measure/roof.hpp"

#include <algorithm>

namespace grp {

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
    const std::string note = "above 105% of the measured peak read bandwidth: the input is "
                             "probably cache-resident (try a larger -n) or the peak is wrong";
    r.notes.erase(std::remove(r.notes.begin(), r.notes.end(), note), r.notes.end());
    r.above_peak = false;
    r.pct_of_peak.reset();
    if (peak_read_gbps > 0) {
        r.pct_of_peak = *r.gbps / peak_read_gbps * 100.0;
        r.above_peak = *r.pct_of_peak > above_peak_pct;
        if (r.above_peak) {
            r.notes.push_back(note);
        }
    }
}

void derive_metrics(case_result& r, const profile_device& d) {
    derive_metrics(r, d.peak ? d.peak->read_gbps : 0.0);
    judge_roof(r, d);
}

} // namespace grp
