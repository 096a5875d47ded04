#include "grp/model/host/reduce_op.hpp"

#include "grp/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace grp {

std::string parse_reduce_op(const std::string& s) {
    for (const char* known : {"sum", "min", "max", "product"}) {
        if (s == known) {
            return s;
        }
    }
    throw usage_error("operator '" + s + "': use sum, min, max or product");
}

std::string op_type_skip_reason(const std::string& op, element_type t) {
    if (op == "product" && is_floating(t)) {
        return "product of " + to_string(t) +
               " is not verified: it over- or underflows at any size worth timing (products "
               "are exact for int and uint, modulo 2^32)";
    }
    return "";
}

namespace {

template <typename V> V load(const unsigned char* data, std::size_t i) {
    V v;
    std::memcpy(&v, data + i * sizeof(V), sizeof(V));
    return v;
}

// min/max: integers exactly; floats as fmin/fmax (a NaN operand loses to a number).
template <typename V>
double extreme(bool is_min, const unsigned char* data, std::size_t count, std::size_t stride) {
    V acc = is_min ? (std::numeric_limits<V>::has_infinity ? std::numeric_limits<V>::infinity()
                                                           : std::numeric_limits<V>::max())
                   : (std::numeric_limits<V>::has_infinity ? -std::numeric_limits<V>::infinity()
                                                           : std::numeric_limits<V>::lowest());
    for (std::size_t i = 0; i < count; ++i) {
        const V v = load<V>(data, i * stride);
        if constexpr (std::numeric_limits<V>::has_infinity) {
            acc = is_min ? std::fmin(acc, v) : std::fmax(acc, v);
        } else {
            acc = is_min ? std::min(acc, v) : std::max(acc, v);
        }
    }
    return static_cast<double>(acc);
}

// Product modulo 2^32 of 32-bit words; the int result is the same bits reinterpreted.
double wrapped_product(element_type t, const unsigned char* data, std::size_t count,
                       std::size_t stride) {
    std::uint32_t acc = 1;
    for (std::size_t i = 0; i < count; ++i) {
        acc *= load<std::uint32_t>(data, i * stride);
    }
    if (t == element_type::int32) {
        std::int32_t s = 0;
        std::memcpy(&s, &acc, sizeof s);
        return s;
    }
    return acc;
}

} // namespace

double op_reference(const std::string& op, element_type t, const unsigned char* data,
                    std::size_t count, std::size_t stride) {
    if (op == "product" && !is_floating(t)) {
        return wrapped_product(t, data, count, stride);
    }
    if (op != "min" && op != "max") {
        throw std::logic_error("op_reference: no exact reference for " + op + " of " +
                               to_string(t));
    }
    const bool is_min = op == "min";
    switch (t) {
    case element_type::int32:
        return extreme<std::int32_t>(is_min, data, count, stride);
    case element_type::uint32:
        return extreme<std::uint32_t>(is_min, data, count, stride);
    case element_type::float32:
        return extreme<float>(is_min, data, count, stride);
    case element_type::float64:
        return extreme<double>(is_min, data, count, stride);
    }
    return std::nan("");
}

bool op_result_matches(double expected, double device) {
    if (std::isnan(expected) || std::isnan(device)) {
        return std::isnan(expected) && std::isnan(device);
    }
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    std::memcpy(&a, &expected, sizeof a);
    std::memcpy(&b, &device, sizeof b);
    return a == b;
}

} // namespace grp
