#include "grp/model/host_data.hpp"

#include <cmath>
#include <cstring>
#include <limits>

namespace grp {

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// Neumaier's compensated summation in long double.
struct compensated_sum {
    long double sum = 0;
    long double comp = 0;
    void add(long double x) {
        long double t = sum + x;
        comp += std::fabs(sum) >= std::fabs(x) ? (sum - t) + x : (x - t) + sum;
        sum = t;
    }
    [[nodiscard]] long double value() const { return sum + comp; }
};

template <typename T> void put(std::vector<unsigned char>& buf, std::uint64_t at, T v) {
    std::memcpy(buf.data() + at * sizeof(T), &v, sizeof(T));
}

} // namespace

double generated_value(element_type t, std::uint64_t seed, std::uint64_t index, value_kind kind) {
    std::uint64_t r = splitmix64(seed * 0x632be59bd9b4e019ULL + index);
    switch (t) {
    case element_type::int32: {
        auto v = static_cast<int>(r % 16); // 0..15 -> -8..-1, 1..8
        return v < 8 ? v - 8 : v - 7;
    }
    case element_type::uint32:
        return static_cast<double>(1 + r % 15);
    case element_type::float32:
    case element_type::float64:
        if (kind == value_kind::integer_valued) {
            return static_cast<double>(1 + r % 8);
        }
        if (kind == value_kind::constant_1_1) {
            return 1.1;
        }
        if (kind == value_kind::uniform_01) {
            return static_cast<double>(r >> 40) * 0x1.0p-24; // 24 bits: exact in float, < 1
        }
        if (kind == value_kind::mixed_magnitudes) {
            const double e =
                -3.0 + 9.0 * static_cast<double>((r >> 12) & 0xFFFFFFFFULL) * 0x1.0p-32;
            return ((r & 1) != 0 ? -1.0 : 1.0) * std::pow(10.0, e);
        }
        // 53 random bits -> [0, 1), then [0.5, 1.5): never zero, never denormal.
        return 0.5 + static_cast<double>(r >> 11) * 0x1.0p-53;
    }
    return 0;
}

host_data make_host_data(element_type t, data_layout l, std::uint64_t n, std::uint64_t seed,
                         value_kind kind) {
    host_data d;
    d.type = t;
    d.layout = l;
    d.n = n;
    const std::size_t comps = components(l);
    const std::size_t buffers = l == data_layout::soa ? 3 : 1;
    const std::size_t words_per_record = l == data_layout::aos16 ? 4 : (buffers == 3 ? 1 : comps);
    d.buffers.assign(buffers, std::vector<unsigned char>(std::max<std::uint64_t>(n, 1) *
                                                         words_per_record * size_of(t)));
    std::vector<compensated_sum> sums(comps);
    d.abs_sum.assign(comps, 0);
    for (std::uint64_t i = 0; i < n; ++i) {
        for (std::size_t c = 0; c < comps; ++c) {
            double v = generated_value(t, seed, i * comps + c, kind);
            if (t == element_type::float32) {
                v = static_cast<float>(v); // the reference sums what the device reads
            }
            sums[c].add(v);
            d.abs_sum[c] += std::fabs(v);
            auto& buf = d.buffers[buffers == 3 ? c : 0];
            std::uint64_t at = buffers == 3 ? i : i * words_per_record + c;
            switch (t) {
            case element_type::int32:
                put(buf, at, static_cast<std::int32_t>(v));
                break;
            case element_type::uint32:
                put(buf, at, static_cast<std::uint32_t>(v));
                break;
            case element_type::float32:
                put(buf, at, static_cast<float>(v));
                break;
            case element_type::float64:
                put(buf, at, v);
                break;
            }
        }
        if (l == data_layout::aos16) {
            put(d.buffers[0], i * 4 + 3, std::numeric_limits<float>::quiet_NaN());
        }
    }
    for (const auto& s : sums) {
        d.exact_sum.push_back(s.value());
    }
    return d;
}

} // namespace grp
