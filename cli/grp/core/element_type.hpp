// Element types a reduction sweeps over, and data layouts of the vec3 reduction. Each has a
// to_string/parse pair; sizes are the device's (OpenCL C) sizes.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace grp {

enum class element_type { int32, uint32, float32, float64 };

/// "int", "uint", "float", "double": the OpenCL C spelling, also used in case keys.
std::string to_string(element_type t);
/// Throws usage_error listing the valid names.
element_type parse_element_type(const std::string& s);
std::size_t size_of(element_type t);
bool is_floating(element_type t);
const std::vector<element_type>& all_element_types();

/// How the n elements (or vec3 records) sit in memory.
enum class data_layout {
    flat,  ///< one scalar array
    aos12, ///< packed {float x, y, z}: 12-byte stride
    aos16, ///< {float x, y, z} aligned to 16 bytes: 16-byte stride, 4 bytes of padding
    soa,   ///< three float arrays x[], y[], z[]
};

std::string to_string(data_layout l);
/// Throws usage_error listing the valid names.
data_layout parse_data_layout(const std::string& s);
/// Components summed: 1 for flat, 3 for the vec3 layouts.
std::size_t components(data_layout l);
/// Bytes one record occupies in memory, all buffers together, and so the bytes a kernel must
/// read per record: flat = sizeof(T), aos12 = 12, aos16 = 16 (the padding travels with the
/// record), soa = 12 (three 4-byte arrays).
std::size_t record_bytes(data_layout l, element_type t);

/// Sort rank of a layout name in the DESIGN order: packed (aos12), aligned (aos16), split
/// (soa), then any other (3; callers order those by name).
int layout_rank(const std::string& layout);

} // namespace grp
