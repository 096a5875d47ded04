#include "grp/model/plan/round_order.hpp"

#include "grp/model/host/host_data.hpp"

#include <numeric>

namespace grp {

std::vector<std::size_t> round_order(std::size_t count, std::uint64_t seed, std::uint64_t round) {
    std::vector<std::size_t> order(count);
    std::iota(order.begin(), order.end(), std::size_t{0});
    // A distinct stream per (seed, round): the golden-ratio step keeps nearby seeds and rounds
    // apart before splitmix64 mixes them.
    const std::uint64_t stream = splitmix64(seed * 0x9e3779b97f4a7c15ULL + round);
    for (std::size_t i = count; i > 1; --i) {
        // Uniform on [0, i): draws below 2^64 mod i would favour small j, so they are redrawn.
        const std::uint64_t bound = i;
        const std::uint64_t reject_below = (0 - bound) % bound;
        std::uint64_t r = splitmix64(stream + i);
        while (r < reject_below) {
            r = splitmix64(r);
        }
        std::swap(order[i - 1], order[static_cast<std::size_t>(r % bound)]);
    }
    return order;
}

} // namespace grp
