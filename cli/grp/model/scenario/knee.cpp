#include "grp/model/scenario/knee.hpp"

#include <algorithm>

namespace grp {

std::string knee_rule_text() {
    return "knee = the first local size s (1, 2, 4, ...) where throughput(2s) / throughput(s) < "
           "1.5, i.e. doubling the work-group stops roughly doubling the work-items per second; "
           "if every step doubles, the largest size measured is reported as a lower bound";
}

knee_result find_knee(const std::vector<wg_point>& points, double threshold) {
    knee_result r;
    r.speedups.resize(points.size());
    std::size_t measured = 0;
    for (std::size_t i = 0; i < points.size() && points[i].items_per_s > 0; ++i) {
        measured = i + 1;
        if (i > 0) {
            r.speedups[i] = points[i].items_per_s / points[i - 1].items_per_s;
        }
    }
    if (measured < 2) {
        return r;
    }
    for (std::size_t i = 1; i < measured; ++i) {
        if (*r.speedups[i] < threshold) {
            r.knee = points[i - 1].local_size;
            return r;
        }
    }
    r.knee = points[measured - 1].local_size;
    r.lower_bound = true;
    return r;
}

std::vector<std::uint64_t> pow2_local_sizes(std::uint64_t max_local) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t s = 1; s != 0 && s <= max_local; s *= 2) {
        out.push_back(s);
    }
    return out;
}

std::uint64_t wg_probe_work_items(std::uint64_t compute_units, std::uint64_t items_per_cu,
                                  std::uint64_t max_local) {
    const std::uint64_t step = max_local == 0 ? 1 : max_local;
    const std::uint64_t wanted = std::max<std::uint64_t>(compute_units, 1) * items_per_cu;
    return std::max<std::uint64_t>((wanted + step - 1) / step, 1) * step;
}

} // namespace grp
