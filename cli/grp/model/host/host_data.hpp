// Host-side input data and its exact reference. Values come from a counter-based generator
// (splitmix64 of seed and index), so any (seed, type, layout, n) gives the same data on every
// machine; the vec3 layouts hold identical x, y, z values, so their sums are identical too.
#pragma once

#include "grp/core/element_type.hpp"
#include "grp/model/host/data_choice.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace grp {

/// SplitMix64's output function (Steele, Lea, Flood 2014): a counter-based generator, so any
/// index gives its value without the ones before it. Every pseudo-random value of the tool.
std::uint64_t splitmix64(std::uint64_t x);

/// An allocator that leaves new elements uninitialized: a host buffer of hundreds of MiB is
/// written in full by the generating threads, so zeroing it first (single-threaded, page fault
/// by page fault) only doubled the work.
template <typename T> struct uninitialized_allocator : std::allocator<T> {
    template <typename U> struct rebind { using other = uninitialized_allocator<U>; };
    uninitialized_allocator() = default;
    template <typename U>
    uninitialized_allocator(const uninitialized_allocator<U>& /*other*/) noexcept {}
    template <typename U> void construct(U* p) noexcept { ::new (static_cast<void*>(p)) U; }
    template <typename U, typename... A> void construct(U* p, A&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<A>(args)...);
    }
};

/// Raw bytes of one device buffer, as the host generated them.
using host_bytes = std::vector<unsigned char, uninitialized_allocator<unsigned char>>;

struct host_data {
    element_type type = element_type::float32;
    data_layout layout = data_layout::flat;
    std::uint64_t n = 0; ///< elements (flat) or records (vec3 layouts)
    /// One byte buffer per device buffer: 1 for flat/aos, 3 (x, y, z) for soa.
    std::vector<host_bytes> buffers;
    /// Exact reference per component: long-double compensated (Neumaier) sums; for int and
    /// uint the exact 64-bit integer sum.
    std::vector<long double> exact_sum;
    std::vector<long double> abs_sum; ///< Σ|x| per component, for tolerances
    /// Every partial sum is exact in the type in any order (exact_data.hpp): a result must
    /// equal exact_sum. False: checked within a tolerance.
    bool exact = false;
};

/// Generates the data. Layouts other than flat require float. aos16's fourth word is a NaN
/// sentinel: a kernel that sums the padding gets NaN and fails verification.
host_data make_host_data(element_type t, data_layout l, std::uint64_t n, std::uint64_t seed,
                         value_kind kind = value_kind::random);
/// The same for a chosen data set (value_kind::file reads data_choice::path: n x components
/// raw values of the element type, native byte order; throws usage_error when it is short).
host_data make_host_data(element_type t, data_layout l, std::uint64_t n, std::uint64_t seed,
                         const data_choice& data);

/// Value i of the stream (flat index i, component c), as the generator makes it; for tests.
double generated_value(element_type t, std::uint64_t seed, std::uint64_t index, value_kind kind);

} // namespace grp
