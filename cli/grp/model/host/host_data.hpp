// Host-side input data and its exact reference. Values come from a counter-based generator
// (splitmix64 of seed and index), so any (seed, type, layout, n) gives the same data on every
// machine; the vec3 layouts hold identical x, y, z values, so their sums are identical too.
#pragma once

#include "grp/core/element_type.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace grp {

/// SplitMix64's output function (Steele, Lea, Flood 2014): a counter-based generator, so any
/// index gives its value without the ones before it. Every pseudo-random value of the tool.
std::uint64_t splitmix64(std::uint64_t x);

/// What the values are drawn from.
enum class value_kind {
    random,         ///< ints in [-8, 8] without 0, uints in [1, 15], floats in [0.5, 1.5)
    integer_valued, ///< floats that are small integers (1..8), so float sums stay exact
    iota,           ///< 0, 1, 2, ... (as the element type stores them: ints wrap)
    ones,           ///< every value 1
    constant,       ///< every value data_choice::constant
    file,           ///< raw values of the element type read from data_choice::path
    // The precision scenario's data sets (float and double; integer types ignore the kind):
    constant_1_1,    ///< every value 1.1 (as float: 1.10000002384185791015625)
    uniform_01,      ///< uniform in [0, 1) with 24 random bits, so exact in float
    mixed_magnitudes ///< +-10^e, e uniform in [-3, 6]: both signs over nine decades
};

/// The data a run uses: `run --data random|iota|ones|const:V|file:PATH`.
struct data_choice {
    value_kind kind = value_kind::random;
    double constant = 0; ///< value_kind::constant
    std::string path;    ///< value_kind::file
    /// "random (seed 1)", "iota", "ones", "const:2.5", "file:in.bin": recorded in profiles.
    [[nodiscard]] std::string describe(std::uint64_t seed) const;
};

/// Parses --data. Throws usage_error naming the accepted forms.
data_choice parse_data_choice(const std::string& text);

/// Checks a --data const:V against an element type the sweep runs: int and uint need a whole
/// number within the type's range (never wrapped), float and double a value within +-3.4e38
/// (parse_data_choice). Throws usage_error naming the value, the type and the allowed range.
void check_data_for_type(const data_choice& data, element_type t);

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
