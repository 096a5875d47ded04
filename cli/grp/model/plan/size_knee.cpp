#include "grp/model/plan/size_knee.hpp"

#include "grp/core/units.hpp"

#include <algorithm>

namespace grp {

std::vector<std::uint64_t> knee_ladder(std::optional<std::uint64_t> max_alloc) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t b = std::uint64_t{4} << 20; b <= knee_cap_bytes; b *= 2) {
        if (max_alloc && b > *max_alloc / 4) {
            break;
        }
        out.push_back(b);
    }
    return out;
}

namespace {

std::string curve_text(const std::vector<read_roof>& curve) {
    std::string s;
    for (const auto& r : curve) {
        s += (s.empty() ? "" : ", ") + format_bytes(r.bytes) + " " + format_fixed(r.read_gbps, 1);
    }
    return s + " GB/s";
}

} // namespace

size_choice choose_from_knee(const std::vector<read_roof>& curve,
                             std::optional<std::uint64_t> reported) {
    if (curve.empty()) {
        return {};
    }
    const double plateau = curve.back().read_gbps;
    std::size_t knee = curve.size() - 1;
    while (knee > 0 && curve[knee - 1].read_gbps <= plateau * knee_margin) {
        --knee;
    }
    size_choice c;
    c.bytes = std::clamp(curve[knee].bytes, knee_floor_bytes, knee_cap_bytes);
    const std::string said =
        reported ? "the driver reports a " + format_bytes(*reported) + " cache" : "no cache report";
    if (knee + 1 == curve.size() && curve.size() > 1) {
        c.why = "no knee up to " + format_bytes(curve.back().bytes) +
                " (the read was still falling), so the largest size measured; " + said + "; read " +
                curve_text(curve);
    } else {
        c.why = "the smallest size that reads like memory here (within " +
                format_fixed((knee_margin - 1) * 100, 0) + "% of the largest size's " +
                format_fixed(plateau, 1) + " GB/s; " + said + "); read " + curve_text(curve);
    }
    return c;
}

} // namespace grp
