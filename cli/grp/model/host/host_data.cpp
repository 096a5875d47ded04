#include "grp/model/host/host_data.hpp"

#include "grp/core/checked_math.hpp"
#include "grp/core/error.hpp"
#include "grp/core/strings.hpp"
#include "grp/model/host/exact_data.hpp"
#include "grp/model/host/value_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iomanip>
#include <limits>
#include <sstream>
#include <thread>

namespace grp {

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

namespace {

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

template <typename T> void put(host_bytes& buf, std::uint64_t at, T v) {
    std::memcpy(buf.data() + at * sizeof(T), &v, sizeof(T));
}

// An int type's value as it stores v: modulo 2^32, computed without casting an out-of-range
// value (undefined behaviour). A non-finite v never gets here (--data is checked first); it
// stores 0 rather than casting a NaN (UBSan found fmod(inf) cast on a float file's inf).
double wrapped_int(element_type t, double v) {
    if (!std::isfinite(v)) {
        return 0;
    }
    double wrapped = std::fmod(std::trunc(v), 4294967296.0);
    if (wrapped < 0) {
        wrapped += 4294967296.0;
    }
    const auto bits = static_cast<std::uint32_t>(wrapped);
    return t == element_type::int32 ? static_cast<double>(static_cast<std::int32_t>(bits))
                                    : static_cast<double>(bits);
}

// The value as the element type stores it: ints wrap modulo 2^32, floats round, inf explicit.
double stored_value(element_type t, double v) {
    switch (t) {
    case element_type::int32:
    case element_type::uint32:
        return wrapped_int(t, v);
    case element_type::float32:
        if (std::fabs(v) > std::numeric_limits<float>::max()) {
            return v > 0 ? std::numeric_limits<double>::infinity()
                         : -std::numeric_limits<double>::infinity();
        }
        return static_cast<float>(v);
    case element_type::float64:
        return v;
    }
    return v;
}

} // namespace

double generated_value(element_type t, std::uint64_t seed, std::uint64_t index, value_kind kind) {
    if (kind == value_kind::iota) {
        return static_cast<double>(index);
    }
    if (kind == value_kind::ones) {
        return 1.0;
    }
    std::uint64_t r = splitmix64(seed * 0x632be59bd9b4e019ULL + index);
    const auto signed_small = [r] { // 0..15 -> -8..-1, 1..8
        const auto v = static_cast<int>(r % 16);
        return static_cast<double>(v < 8 ? v - 8 : v - 7);
    };
    switch (t) {
    case element_type::int32:
        return signed_small();
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
        // Whole numbers of random sign, never zero, as for int: every partial sum is exact in
        // any order (exact_data.hpp), so timed launches are checked for equality.
        return signed_small();
    }
    return 0;
}

host_data make_host_data(element_type t, data_layout l, std::uint64_t n, std::uint64_t seed,
                         value_kind kind) {
    data_choice d;
    d.kind = kind;
    return make_host_data(t, l, n, seed, d);
}

namespace {

// Where record i's component c lives: its buffer and word index.
struct record_shape {
    std::size_t comps = 1, buffers = 1, words_per_record = 1;
    [[nodiscard]] std::size_t buffer(std::size_t c) const { return buffers == 3 ? c : 0; }
    [[nodiscard]] std::uint64_t word(std::uint64_t i, std::size_t c) const {
        return buffers == 3 ? i : i * words_per_record + c;
    }
};

void put_value(host_bytes& buf, std::uint64_t at, element_type t, double v) {
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

// Writes records [lo, hi): generation is the costly part and each record depends only on its
// index, so threads write disjoint ranges.
void write_records(host_data& d, const record_shape& r, const data_choice& data, std::uint64_t seed,
                   const std::vector<double>& from_file, std::uint64_t lo, std::uint64_t hi) {
    const value_kind kind = data.kind;
    for (std::uint64_t i = lo; i < hi; ++i) {
        for (std::size_t c = 0; c < r.comps; ++c) {
            double v = kind == value_kind::file       ? from_file[i * r.comps + c]
                       : kind == value_kind::constant ? data.constant
                       : kind == value_kind::iota
                           ? static_cast<double>(i)
                           : generated_value(d.type, seed, i * r.comps + c, kind);
            // The reference sums what the device reads.
            put_value(d.buffers[r.buffer(c)], r.word(i, c), d.type, stored_value(d.type, v));
        }
        if (d.layout == data_layout::aos16) {
            put(d.buffers[0], i * 4 + 3, std::numeric_limits<float>::quiet_NaN());
        }
    }
}

template <typename T>
std::pair<long double, long double> typed_sum(const host_bytes& buf, std::uint64_t lo,
                                              std::uint64_t hi, std::uint64_t stride,
                                              std::uint64_t offset) {
    compensated_sum sum;
    long double abs = 0;
    for (std::uint64_t i = lo; i < hi; ++i) {
        T v;
        std::memcpy(&v, buf.data() + (i * stride + offset) * sizeof(T), sizeof(T));
        const double x = static_cast<double>(v);
        sum.add(x);
        abs += std::fabs(x);
    }
    return {sum.value(), abs};
}

// Runs body(lo, hi) over [0, n) on up to hardware_concurrency threads (one below
// `serial_below`, where threads cost more than they save).
void parallel_ranges(std::uint64_t n, const std::function<void(std::uint64_t, std::uint64_t)>& body,
                     std::uint64_t serial_below = 1u << 16) {
    const std::uint64_t threads =
        n < serial_below ? 1 : std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
    const std::uint64_t chunk = (n + threads - 1) / threads;
    std::vector<std::thread> pool;
    for (std::uint64_t t = 1; t < threads; ++t) {
        pool.emplace_back(body, std::min(n, t * chunk), std::min(n, (t + 1) * chunk));
    }
    body(0, std::min(n, chunk));
    for (auto& th : pool) {
        th.join();
    }
}

// The reference sums blocks of this many records, then the block sums in order: a fixed size,
// not one block per thread, so the reference is the same whatever the thread count.
constexpr std::uint64_t sum_block = std::uint64_t{1} << 20;

// Σ x and Σ|x| of records [lo, hi) of component c, in index order, from the stored values
// (exactly what the device reads).
std::pair<long double, long double> block_sum(const host_data& d, const record_shape& r,
                                              std::size_t c, std::uint64_t lo, std::uint64_t hi) {
    const auto& buf = d.buffers[r.buffer(c)];
    const std::uint64_t stride = r.buffers == 3 ? 1 : r.words_per_record;
    const std::uint64_t offset = r.buffers == 3 ? 0 : c;
    switch (d.type) {
    case element_type::int32:
        return typed_sum<std::int32_t>(buf, lo, hi, stride, offset);
    case element_type::uint32:
        return typed_sum<std::uint32_t>(buf, lo, hi, stride, offset);
    case element_type::float32:
        return typed_sum<float>(buf, lo, hi, stride, offset);
    case element_type::float64:
        return typed_sum<double>(buf, lo, hi, stride, offset);
    }
    return {0, 0};
}

// Σ x and Σ|x| of component c: compensated long-double sums of fixed blocks on all threads,
// then a compensated sum of the block sums in block order (deterministic, far below any
// tolerance the verifier uses; a sequential pass took 1.3 s at 2^27 floats on the H100 host).
std::pair<long double, long double> component_sum(const host_data& d, const record_shape& r,
                                                  std::size_t c) {
    const std::uint64_t blocks = (d.n + sum_block - 1) / sum_block;
    std::vector<std::pair<long double, long double>> part(blocks);
    parallel_ranges(
        blocks,
        [&](std::uint64_t lo, std::uint64_t hi) {
            for (std::uint64_t b = lo; b < hi; ++b) {
                part[b] = block_sum(d, r, c, b * sum_block, std::min(d.n, (b + 1) * sum_block));
            }
        },
        2);
    compensated_sum sum, abs;
    for (const auto& [s, a] : part) {
        sum.add(s);
        abs.add(a);
    }
    return {sum.value(), abs.value()};
}

// Float data whose magnitudes add up beyond the type's range: a sum overflows to inf in some
// order, so no kernel could be verified. A file is checked value by value as it is read
// (value_file.hpp); for a constant only the size reveals it.
void check_sum_range(const host_data& d, const data_choice& data) {
    if (data.kind != value_kind::constant ||
        (d.type != element_type::float32 && d.type != element_type::float64)) {
        return;
    }
    const long double max = d.type == element_type::float32 ? std::numeric_limits<float>::max()
                                                            : std::numeric_limits<double>::max();
    if (!d.abs_sum.empty() && d.abs_sum[0] > max) {
        std::ostringstream os;
        os.precision(3);
        os << "--data const:" << shortest_text(data.constant) << " at n=" << d.n
           << ": the values add up in magnitude to " << d.abs_sum[0] << ", beyond "
           << to_string(d.type) << "'s largest value " << max
           << " (a sum overflows to inf, so no kernel could be verified); use a smaller value "
              "or n"
           << (d.type == element_type::float32 ? ", or -t double" : "");
        throw usage_error(os.str());
    }
}

} // namespace

host_data make_host_data(element_type t, data_layout l, std::uint64_t n, std::uint64_t seed,
                         const data_choice& data) {
    host_data d;
    d.type = t;
    d.layout = l;
    d.n = n;
    record_shape r;
    r.comps = components(l);
    r.buffers = l == data_layout::soa ? 3 : 1;
    r.words_per_record = l == data_layout::aos16 ? 4 : (r.buffers == 3 ? 1 : r.comps);
    d.buffers.resize(r.buffers);
    const auto bytes = checked_mul(std::max<std::uint64_t>(n, 1), r.words_per_record * size_of(t));
    if (!bytes || *bytes > std::numeric_limits<std::size_t>::max()) {
        throw usage_error("n = " + std::to_string(n) + ": the input's size overflows the host's");
    }
    for (auto& b : d.buffers) {
        // Every word of records [0, n) is written below; with n = 0 the one record is zeros.
        b.resize(*bytes);
        if (n == 0) {
            std::fill(b.begin(), b.end(), 0);
        }
    }
    std::vector<double> from_file;
    if (data.kind == value_kind::file) {
        from_file = read_value_file(data.path, t, n * r.comps, r.comps);
    }
    parallel_ranges(n, [&](std::uint64_t lo, std::uint64_t hi) {
        write_records(d, r, data, seed, from_file, lo, hi);
    });
    for (std::size_t c = 0; c < r.comps; ++c) {
        const auto [exact, abs] = component_sum(d, r, c);
        d.exact_sum.push_back(exact);
        d.abs_sum.push_back(abs);
    }
    check_sum_range(d, data);
    d.exact = exact_in_any_order(t, data, n);
    return d;
}

} // namespace grp
