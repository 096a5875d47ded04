#include "grp/run/point_groups.hpp"

#include "grp/core/checked_math.hpp"
#include "grp/core/element_type.hpp"
#include "grp/run/launch/input_store.hpp"

#include <cstdlib>
#include <map>

namespace grp::run {

std::vector<std::vector<measure_point>>
groups_of(const run_options& opt, const std::vector<sweep_point>& points, const device_info& dev) {
    std::uint64_t budget = dev.global_mem_bytes.value_or(4ULL << 30) / 2;
    if (const char* forced = std::getenv("GRP_TEST_GROUP_BYTES"); forced && *forced) {
        budget = std::strtoull(forced, nullptr, 10); // tests: force several groups
    }
    std::map<input_key, std::uint64_t> bytes;
    std::vector<input_key> order;
    for (const auto& pt : points) {
        input_key k{pt.type, pt.layout, pt.n};
        if (bytes.emplace(k, saturating_mul(2 * record_bytes(pt.layout, pt.type), pt.n)).second) {
            order.push_back(k);
        }
    }
    std::map<input_key, std::size_t> group_of;
    std::size_t group = 0;
    std::uint64_t used = 0;
    for (const auto& k : order) {
        if (used > 0 && saturating_add(used, bytes[k]) > budget) {
            ++group;
            used = 0;
        }
        used = saturating_add(used, bytes[k]);
        group_of[k] = group;
    }
    std::vector<std::vector<measure_point>> out(order.empty() ? 0 : group + 1);
    for (const auto& pt : points) {
        out[group_of[{pt.type, pt.layout, pt.n}]].push_back({&opt.kernels[pt.kernel], pt});
    }
    return out;
}

} // namespace grp::run
