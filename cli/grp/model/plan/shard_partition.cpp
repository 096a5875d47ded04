#include "grp/model/plan/shard_partition.hpp"

#include "grp/core/sha256.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace grp {

std::size_t default_anchor_count(std::size_t eligible) {
    if (eligible == 0) {
        return 0;
    }
    return std::clamp<std::size_t>(eligible / 3, 1, 3);
}

std::vector<std::size_t> default_anchors(const std::vector<double>& cost_s,
                                         const std::vector<bool>& eligible, std::size_t count) {
    std::vector<std::size_t> pool;
    for (std::size_t i = 0; i < cost_s.size() && i < eligible.size(); ++i) {
        if (eligible[i]) {
            pool.push_back(i);
        }
    }
    count = std::min(count, pool.size());
    std::vector<std::size_t> out;
    for (std::size_t s = 0; s < count; ++s) {
        std::vector<std::size_t> stretch(
            pool.begin() + static_cast<std::ptrdiff_t>(s * pool.size() / count),
            pool.begin() + static_cast<std::ptrdiff_t>((s + 1) * pool.size() / count));
        std::stable_sort(stretch.begin(), stretch.end(),
                         [&](std::size_t a, std::size_t b) { return cost_s[a] < cost_s[b]; });
        out.push_back(stretch[(stretch.size() - 1) / 4]);
    }
    std::sort(out.begin(), out.end());
    return out;
}

shard_partition partition_plan(const std::vector<double>& cost_s,
                               const std::vector<std::size_t>& anchors, std::size_t shards) {
    shard_partition p;
    p.anchors = anchors;
    std::sort(p.anchors.begin(), p.anchors.end());
    p.anchors.erase(std::unique(p.anchors.begin(), p.anchors.end()), p.anchors.end());
    p.owner.assign(cost_s.size(), shard_partition::every_shard);
    p.load_s.assign(shards, 0.0);
    std::vector<std::size_t> cases(shards, 0);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < cost_s.size(); ++i) {
        if (!std::binary_search(p.anchors.begin(), p.anchors.end(), i)) {
            order.push_back(i);
        }
    }
    // Greatest first (list scheduling, "LPT"): a cheap case placed last evens out what is left.
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return cost_s[a] > cost_s[b]; });
    for (auto i : order) {
        std::size_t best = 0;
        for (std::size_t s = 1; s < shards; ++s) {
            if (std::tie(p.load_s[s], cases[s]) < std::tie(p.load_s[best], cases[best])) {
                best = s;
            }
        }
        p.owner[i] = best;
        p.load_s[best] += cost_s[i];
        ++cases[best];
    }
    return p;
}

std::string plan_sha256(const std::vector<std::set<std::string>>& keys_by_device) {
    sha256_stream h;
    for (std::size_t d = 0; d < keys_by_device.size(); ++d) {
        h.update("device " + std::to_string(d) + "\n");
        for (const auto& k : keys_by_device[d]) {
            h.update(k);
            h.update("\n");
        }
    }
    return h.hex();
}

} // namespace grp
