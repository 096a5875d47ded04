// The kernel spec: a JSON file beside a .cl file that says how to run each of its entry points,
// so unmodified third-party kernels run too. kernels/README.md documents the format. Parsing is
// strict: a bad spec is a file_error (exit 5) naming file, field and reason.
#pragma once

#include "grp/model/element_type.hpp"

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// What one kernel argument is bound to, in the kernel's own argument order.
struct kernel_arg {
    enum class role {
        input,    ///< the data (flat or aos); component -1
        output,   ///< per-group partials, same layout as the input
        n,        ///< element/record count of this pass, as cl_uint
        local,    ///< dynamic __local scratch: local_elems_per_item * local * sizeof(T) * comps
        constant, ///< a fixed value
    };
    role what = role::input;
    int component = -1;     ///< 0,1,2 for "input.x/.y/.z" (soa); -1 otherwise
    std::string const_type; ///< "int", "uint", "float" for constants
    double const_value = 0; ///< the constant's value
};

/// How many groups a pass launches.
struct grid_rule {
    std::uint64_t elems_per_item = 1; ///< elements (records) one work-item reduces per pass
    /// Cap on groups (grid-stride loop inside the kernel): a number, or a multiple of the
    /// device's compute units ("4*cu"); 0 means uncapped.
    std::uint64_t max_groups = 0;
    std::uint64_t max_groups_per_cu = 0;
};

struct local_size_rule {
    bool pow2_only = false;
    std::uint64_t min = 1;
    std::uint64_t max = 0;   ///< 0: only the device/kernel limit applies
    std::uint64_t fixed = 0; ///< non-zero: the kernel only runs at this local size
};

struct kernel_spec {
    std::string name;        ///< unique name in case keys
    std::string entry;       ///< the __kernel function
    std::string description; ///< one line for tables and --list
    std::string source_path; ///< resolved .cl path, or "builtin:NAME.cl"
    std::string source_text; ///< the .cl contents
    std::string spec_path;   ///< where this spec came from
    std::vector<kernel_arg> args;
    std::string build_options; ///< with {type}, {local_size}, {n_is_pow2}, {elems_per_item}
    grid_rule grid;
    local_size_rule local;
    std::uint64_t local_elems_per_item = 1; ///< size rule of the `local` argument
    std::vector<element_type> types;
    std::vector<data_layout> layouts;
    bool finish_on_device = true; ///< true: further passes of this kernel; false: host adds
    bool safe = true; ///< false: relies on lock-step execution (kept, labelled, not default)
    bool in_default_sweep = true;
    std::vector<std::string> requires_extensions; ///< e.g. cl_khr_subgroups
    nlohmann::ordered_json raw;                   ///< the spec entry as written, for the profile
};

/// Parses a spec document. `spec_path` names the file in messages; `read_source(path)` returns
/// the text of the .cl the spec names, resolved relative to the spec's directory.
std::vector<kernel_spec>
parse_kernel_specs(const std::string& spec_text, const std::string& spec_path,
                   const std::function<std::string(const std::string&)>& read_source);

/// The SDK's nIsPow2 promise: n is a power of two AND a multiple of the elements one group
/// covers (local size x elements per item), so no load needs a bounds check. Plain "n is a
/// power of two" is not enough: the last pass over a few partials would read out of bounds.
bool n_is_pow2(std::uint64_t n, std::uint64_t items_per_group);

/// Fills {type}, {local_size}, {n_is_pow2}, {elems_per_item} in build_options. Throws
/// file_error for an unknown placeholder.
std::string expand_build_options(const kernel_spec& k, element_type t, std::uint64_t local_size,
                                 std::uint64_t n);

/// Why `local_size` is not allowed by the kernel's own rule, or "" when it is.
std::string local_size_violation(const kernel_spec& k, std::uint64_t local_size);

} // namespace grp
