#include "grp/model/measure/verify.hpp"

#include <cmath>
#include <limits>

namespace grp {

std::uint64_t summation_depth(const std::vector<pass_info>& passes, std::uint64_t host_tail) {
    std::uint64_t depth = host_tail;
    for (const auto& p : passes) {
        std::uint64_t per_item =
            p.global_size == 0 ? p.n : (p.n + p.global_size - 1) / p.global_size;
        std::uint64_t tree = 0;
        while ((std::uint64_t{1} << tree) < p.local_size) {
            ++tree;
        }
        depth += per_item + tree + 1;
    }
    return depth;
}

double wrapped_integer(element_type t, long double exact) {
    // 32-bit device arithmetic wraps modulo 2^32; compare in that ring.
    auto wide = static_cast<long long>(exact);
    auto low = static_cast<std::uint32_t>(static_cast<unsigned long long>(wide));
    return t == element_type::int32 ? static_cast<double>(static_cast<std::int32_t>(low))
                                    : static_cast<double>(low);
}

verification verify_sum(element_type t, long double exact, long double abs_sum, double device,
                        std::uint64_t depth) {
    verification v;
    const bool integer = !is_floating(t);
    v.expected = integer ? wrapped_integer(t, exact) : static_cast<double>(exact);
    if (!integer) {
        const double u = t == element_type::float32 ? 0x1.0p-24 : 0x1.0p-53;
        v.tolerance = static_cast<double>(depth) * u * static_cast<double>(abs_sum) +
                      std::numeric_limits<float>::min();
    }
    if (!std::isfinite(device)) {
        return v; // not ok, and no error figure can describe it
    }
    const long double reference = integer ? static_cast<long double>(v.expected) : exact;
    v.abs_error = static_cast<double>(std::fabs(static_cast<long double>(device) - reference));
    if (v.expected != 0) {
        v.rel_error = *v.abs_error / std::fabs(v.expected);
    } else if (*v.abs_error == 0) {
        v.rel_error = 0.0;
    }
    v.ok = integer ? device == v.expected : *v.abs_error <= *v.tolerance;
    return v;
}

} // namespace grp
