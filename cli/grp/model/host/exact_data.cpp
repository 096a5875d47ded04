#include "grp/model/host/exact_data.hpp"

#include "grp/model/host/host_data.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

namespace grp {

namespace {

/// log2 of the largest magnitude below which `t` holds every integer.
int exact_integer_bits(element_type t) {
    return t == element_type::float32 ? 24 : 53;
}

/// The largest partial sum's magnitude fits: every integer up to 2^bits is exact.
bool fits(long double largest, element_type t) {
    return largest <= std::ldexp(1.0L, exact_integer_bits(t));
}

} // namespace

double random_data_failure_bound(element_type t, std::uint64_t n) {
    if (!is_floating(t) || n <= 1) {
        return 0;
    }
    const int k = exact_integer_bits(t);
    const long double nn = static_cast<long double>(n);
    // 4 n exp(-2^(2k-7) / n), in logs so neither factor overflows.
    const long double log_bound = std::log(4.0L * nn) - std::ldexp(1.0L, 2 * k - 7) / nn;
    return log_bound > 0 ? 1.0 : static_cast<double>(std::exp(log_bound));
}

bool exact_in_any_order(element_type t, const data_choice& data, std::uint64_t n) {
    if (!is_floating(t)) {
        return true;
    }
    const auto nn = static_cast<long double>(n);
    switch (data.kind) {
    case value_kind::random:
        return random_data_failure_bound(t, n) < exact_failure_limit;
    case value_kind::ones:
        return fits(nn, t);
    case value_kind::integer_valued:
        return fits(8 * nn, t);
    case value_kind::iota: // values 0 .. n-1: each exact, and their sum the largest partial
        return fits(nn, t) && fits(nn * (nn - 1) / 2, t);
    case value_kind::constant:
        return data.constant == std::trunc(data.constant) &&
               fits(std::fabs(static_cast<long double>(data.constant)), t) &&
               fits(nn * std::fabs(static_cast<long double>(data.constant)), t);
    case value_kind::file:
    case value_kind::constant_1_1:
    case value_kind::uniform_01:
    case value_kind::mixed_magnitudes:
        return false;
    }
    return false;
}

int exact_value(std::uint64_t record, std::uint32_t component) {
    return 1 + static_cast<int>(splitmix64(record * 4 + component) & 1);
}

std::vector<long double> exact_window_sums(std::uint64_t lo, std::uint64_t hi, std::size_t comps) {
    const unsigned threads = std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
    std::vector<std::vector<std::uint64_t>> part(threads, std::vector<std::uint64_t>(comps, 0));
    std::vector<std::thread> pool;
    const std::uint64_t chunk = (hi - lo + threads - 1) / threads;
    for (unsigned t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            const std::uint64_t a = lo + t * chunk, b = std::min(hi, a + chunk);
            for (std::uint64_t r = a; r < b; ++r) {
                for (std::size_t c = 0; c < comps; ++c) {
                    part[t][c] += static_cast<std::uint64_t>(exact_value(r, c));
                }
            }
        });
    }
    for (auto& th : pool) {
        th.join();
    }
    std::vector<long double> out(comps, 0);
    for (const auto& p : part) {
        for (std::size_t c = 0; c < comps; ++c) {
            out[c] += static_cast<long double>(p[c]);
        }
    }
    return out;
}

} // namespace grp
