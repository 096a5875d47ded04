#include "grp/report/text/compare_lines.hpp"

#include "grp/core/strings.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/compare/cross_device.hpp"

#include <algorithm>
#include <cmath>

namespace grp {

namespace {

/// "1.29 ± 0.03": two decimals, three when the half-width would round to zero.
std::string plus_minus(double value, double half) {
    const int digits = half < 0.005 ? 3 : 2;
    return format_fixed(value, digits) + " ± " + format_fixed(half, digits);
}

/// The hyperfine-style phrase of a ratio and its interval, or "" without them.
std::string ratio_phrase(const case_comparison& cc, const std::string& than) {
    if (!cc.ratio || !cc.ci_low || !cc.ci_high || !(*cc.ratio > 0) || !(*cc.ci_low > 0)) {
        return "";
    }
    const bool slower = *cc.ratio >= 1;
    // Faster: the speed-up is base / candidate, and its interval the inverted bounds.
    const double r = slower ? *cc.ratio : 1 / *cc.ratio;
    const double lo = slower ? *cc.ci_low : 1 / *cc.ci_high;
    const double hi = slower ? *cc.ci_high : 1 / *cc.ci_low;
    return "ran " + plus_minus(r, std::max(r - lo, hi - r)) + " × " +
           (slower ? "slower" : "faster") + " than " + than;
}

/// The candidate's GB/s against the base's as a factor of at least 1 and a word: devices
/// differ by factors of 1000 and more, and "2119x slower" reads where 0.000472x did not.
std::string ratio_text(double ratio) {
    if (!std::isfinite(ratio) || !(ratio > 0)) {
        return "-";
    }
    const double factor = ratio >= 1 ? ratio : 1 / ratio;
    const auto digits = factor >= 100 ? 0 : factor >= 10 ? 1 : 2;
    if (format_fixed(factor, digits) == format_fixed(1.0, digits)) {
        return "1.00x (same)";
    }
    return format_fixed(factor, digits) + (ratio >= 1 ? "x faster" : "x slower");
}

/// GB/s with about three significant digits below 100 (a CPU device reads 0.136 GB/s).
std::string gbps_text(double gbps) {
    return format_fixed(gbps, gbps >= 10 ? 1 : gbps >= 1 ? 2 : 3);
}

std::string type_words(const std::string& type, const std::string& layout, const std::string& op) {
    return type + (layout == "flat" ? "" : " " + layout) + (op == "sum" ? "" : " " + op);
}

/// A duet's case carries the base kernel's key, and its labels are "FILE:KERNEL" (pair.cpp): the
/// case as the candidate kernel's, and the base kernel's name to compare with.
std::pair<case_key, std::string> paired_names(const comparison& c, case_key key) {
    const std::string suffix = ":" + key.kernel;
    const auto& b = c.base_label;
    if (!c.paired || b.size() <= suffix.size() ||
        b.compare(b.size() - suffix.size(), suffix.size(), suffix) != 0) {
        return {std::move(key), "base"};
    }
    const auto file = b.substr(0, b.size() - suffix.size() + 1); // "FILE:"
    std::string base = key.kernel;
    if (c.cand_label.compare(0, file.size(), file) == 0) {
        key.kernel = c.cand_label.substr(file.size());
    }
    return {std::move(key), base};
}

} // namespace

std::string case_words(const case_key& key) {
    std::string s = key.kernel + " (" + type_words(key.type, key.layout, key.op) +
                    ", n=" + format_count(key.n) + ", local " + std::to_string(key.local_size);
    for (const auto& [name, value] : key.params) {
        s += ", " + name + "=" + value;
    }
    return s + (key.cache == "cold" ? ", cold)" : ")");
}

std::vector<std::string> failing_case_lines(const comparison& c, const std::string& who) {
    std::vector<std::string> out;
    for (const auto& cc : c.cases) {
        if (!cc.fails || c.control) {
            continue;
        }
        const auto [key, than] = paired_names(c, cc.key);
        std::string what = ratio_phrase(cc, than);
        if (what.empty() || cc.outcome != verdict::slower) {
            const std::string reason = cc.outcome == verdict::wrong ? "gave a wrong result"
                                       : cc.outcome == verdict::implausible
                                           ? "ran faster than the device reads its bytes"
                                       : cc.outcome == verdict::missing    ? "has no result"
                                       : cc.outcome == verdict::unmeasured ? "has no usable timing"
                                                                           : to_string(cc.outcome);
            what = what.empty() ? reason : what + " (" + reason + ")";
        }
        out.push_back(case_words(key) + ": " + who + " " + what +
                      (c.options.normalize == normalization::none ? "" : " (normalized)"));
    }
    return out;
}

std::string candidate_name(const std::vector<comparison>& all, const comparison& c) {
    const auto candidates =
        std::count_if(all.begin(), all.end(), [](const comparison& x) { return !x.control; });
    return candidates > 1 ? c.cand_label : "candidate";
}

text_table cross_device_text_table(const comparison& c, bool safe_terminal) {
    auto clean = [&](const std::string& s) {
        return safe_terminal ? terminal_escape(s) : s;
    };
    text_table t;
    t.add_column("kernel");
    t.add_column("type");
    for (const char* side : {"base", "candidate"}) {
        t.add_column(std::string(side) + " best");
        t.add_column("GB/s", text_table::align::right);
        t.add_column("% of peak", text_table::align::right);
    }
    t.add_column("candidate vs base", text_table::align::right);
    const auto pct = [](const std::optional<double>& v) {
        return v ? format_fixed(*v, 1) : std::string("-");
    };
    for (const auto& r : c.cross_devices) {
        t.add_row({{clean(r.kernel)},
                   {clean(type_words(r.type, r.layout, r.op))},
                   {clean(configuration_text(r.base.key))},
                   {gbps_text(r.base.gbps)},
                   {pct(r.base.pct_of_peak)},
                   {clean(configuration_text(r.cand.key))},
                   {gbps_text(r.cand.gbps)},
                   {pct(r.cand.pct_of_peak)},
                   {ratio_text(r.gbps_ratio())}});
    }
    return t;
}

std::string cross_device_caption(const comparison& c) {
    const auto& first = c.cross_devices.front();
    // One device on both sides: the sweeps differ (no case in common), not the devices.
    const auto where = first.base.device == first.cand.device
                           ? "no case in common (both on " + first.base.device + ")"
                           : "across devices (base " + first.base.device + ", candidate " +
                                 first.cand.device + ")";
    return where +
           ": each kernel's best configuration on each side (the highest GB/s over n, local "
           "size and parameters), % of its own device's measured peak read, and the GB/s "
           "ratio; timing is not gated here";
}

std::string not_gated_headline(const comparison& c) {
    if (c.conditions_not_gated() && c.cross_devices.empty()) {
        return "NOT GATED: the device conditions differ (" + joined(c.conditions, "; ") +
               "), so a change of time may be the setting's, not the code's; measure both "
               "under the same settings, or --conditions any gates them anyway";
    }
    if (c.one_run_not_gated() && !c.raw_cross_device()) {
        return "NOT GATED: one run on each side cannot support a timing verdict (the rounds of "
               "one process miss the level each process lands at: 14 of 90 identical H100 "
               "pairs and 31 of 90 PoCL pairs failed); measure both with run --gate (3 "
               "processes), or give compare a baseline of 3 runs (merge); --allow-one-run "
               "gates them anyway";
    }
    const auto k = c.cross_devices.size();
    const std::string shown = "; the cross-device table compares the best configuration of " +
                              std::to_string(k) + (k == 1 ? " kernel" : " kernels");
    if (c.common == 0) {
        return "NOT GATED: no case in common, so timing is not gated" + shown;
    }
    const auto raw = std::count_if(c.cases.begin(), c.cases.end(),
                                   [&c](const auto& cc) { return c.ungated(cc); });
    return "NOT GATED: raw times of different devices are not gated (" + std::to_string(raw) +
           (raw == 1 ? " case" : " cases") + "; --normalize peak gates efficiency)" + shown;
}

} // namespace grp
