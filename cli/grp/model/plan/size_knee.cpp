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
    const double plateau =
        std::min(curve.back().read_gbps, curve[curve.size() > 1 ? curve.size() - 2 : 0].read_gbps);
    std::size_t knee = curve.size() - 1;
    while (knee > 0 && curve[knee - 1].read_gbps <= plateau * knee_margin) {
        --knee;
    }
    const bool falling = knee + 1 == curve.size() && curve.size() > 1 &&
                         curve.back().read_gbps * knee_margin < curve[knee - 1].read_gbps;
    size_choice c;
    c.bytes = std::clamp(2 * curve[knee].bytes, knee_floor_bytes, knee_budget_bytes);
    const std::string said =
        "; " +
        (reported ? "the driver reports a " + format_bytes(*reported) + " cache, not used"
                  : std::string("no cache report")) +
        "; read " + curve_text(curve);
    if (falling) {
        c.why = "no knee up to " + format_bytes(curve.back().bytes) +
                " (the read was still falling), so the most a default run affords: cases may "
                "read from cache in part (give -n to go larger)" +
                said;
    } else if (2 * curve[knee].bytes > knee_budget_bytes) {
        c.why = "reads like memory from " + format_bytes(curve[knee].bytes) +
                ", and twice that is over what a default run affords: cases may read from "
                "cache in part (give -n to go larger)" +
                said;
    } else {
        c.why = "twice the smallest size that reads like memory here (" +
                format_bytes(curve[knee].bytes) + ": within " +
                format_fixed((knee_margin - 1) * 100, 0) + "% of " + format_fixed(plateau, 1) +
                " GB/s)" + said;
    }
    return c;
}

} // namespace grp
