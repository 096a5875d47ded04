// Reduction operators other than sum (`run --op sum,min,max,product`) and their exact host
// references. Sum keeps its own reference and tolerance (verify.hpp); the others are checked
// exactly:
//   min, max: every type, bit for bit. Floats follow OpenCL fmin/fmax: a NaN operand is ignored
//     (the other operand is returned), so the reference skips NaNs. An all-NaN input gives the
//     identity (+-INF) here, while a kernel may return NaN or the identity depending on its
//     tree: unspecified, and never in our data (its only NaN is aos16's padding, sum only).
//   product: int and uint only, modulo 2^32 (int: multiplied as uint and reinterpreted, since
//     signed overflow is undefined in OpenCL C). float/double products over- or underflow for
//     any n worth timing, so those cases are skipped with a reason rather than given a loose
//     tolerance.
#pragma once

#include "grp/core/element_type.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace grp {

/// "sum", "min", "max" or "product"; throws usage_error otherwise.
std::string parse_reduce_op(const std::string& s);

/// Why (op, type) has no exact reference, or "" when it has one.
std::string op_type_skip_reason(const std::string& op, element_type t);

/// The exact result of `op` over `count` values of type t at `data`, `stride` elements apart
/// (a vec3 component: stride 3 or 4), as a double (exact for every 32-bit value and double).
/// Requires op_type_skip_reason(op, t) to be "" and op != "sum"; count 0 gives the identity.
double op_reference(const std::string& op, element_type t, const unsigned char* data,
                    std::size_t count, std::size_t stride);

/// Exact comparison of a device result with the reference: equal bit for bit as doubles (so
/// -0 differs from +0), or both NaN.
bool op_result_matches(double expected, double device);

} // namespace grp
