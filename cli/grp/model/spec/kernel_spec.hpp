// The kernel spec: a JSON file beside a .cl file that says how to run each of its entry points,
// so unmodified third-party kernels run too. kernels/README.md documents the format. Parsing is
// strict: a bad spec is a file_error (exit 5) naming file, field and reason.
#pragma once

#include "grp/core/element_type.hpp"
#include "grp/model/spec/grid_rule.hpp"
#include "grp/model/spec/param_space.hpp"

#include <cstdint>
#include <functional>
#include <map>
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
        counter,  ///< a __global uint the tool zeroes once; the kernel must leave it at 0
                  ///< (the "last group finishes" pattern of single-launch reductions)
    };
    role what = role::input;
    int component = -1;     ///< 0,1,2 for "input.x/.y/.z" (soa); -1 otherwise
    std::string const_type; ///< "int", "uint", "float" for constants
    double const_value = 0; ///< the constant's value
};

/// How the last pass's result is finished.
enum class finish_mode {
    passes,     ///< further passes of the same kernel until one value is left
    host,       ///< one pass; the host adds the partials (the profile says so)
    last_group, ///< one launch: the last group to finish adds the partials (atomic counter)
};
std::string to_string(finish_mode f);

/// Which n a kernel can take.
enum class size_rule {
    checked,      ///< any n: the kernel checks its bounds against the `n` argument
    whole_groups, ///< n must fill whole groups (local x elems_per_item); other n are skipped
    pad,          ///< the input is padded with zeros to whole groups (the kernel has no n)
};
std::string to_string(size_rule r);

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
    /// Reduction operators the kernel implements through the {op} placeholder ("sum", "min",
    /// "max", "product"); other operators' cases are skipped. Default: sum only.
    std::vector<std::string> ops{"sum"};
    finish_mode finish = finish_mode::passes;
    size_rule sizes = size_rule::checked;
    /// `"n": {"multiple_of": K}`: the kernel takes only n that K divides (a float4 loop with
    /// no tail takes multiples of 4); other n are skipped with the reason, and the held-out
    /// size check holds out only such sizes. 1: any n.
    std::uint64_t n_multiple_of = 1;
    bool in_place = false; ///< writes its input by design: the input is restored every launch
    bool safe = true;      ///< false: relies on lock-step execution (kept, labelled, not default)
    bool in_default_sweep = true;
    /// Device classes whose default sweep includes the kernel ("cpu", "gpu"); empty: all.
    std::vector<std::string> default_classes;
    /// Chosen by the default sweep (no -k, or -k default), not by name: plan_sweep then keeps
    /// it only on devices of its default classes.
    bool chosen_by_default = false;

    /// The device finishes the reduction (passes or last_group), not the host.
    [[nodiscard]] bool finish_on_device() const { return finish != finish_mode::host; }
    /// In the default sweep of a device of this class.
    [[nodiscard]] bool in_default_for(const std::string& device_class) const;
    std::vector<std::string> requires_extensions; ///< e.g. cl_khr_subgroups
    nlohmann::ordered_json raw;                   ///< the spec entry as written, for the profile
    param_space tuning;  ///< the spec's "params" and "constraints"; empty for most kernels
    param_values config; ///< this instance's parameter values (instantiate_kernel); {NAME}
};

/// Parses a spec document. `spec_path` names the file in messages; `read_source(path)` returns
/// the text of the .cl the spec names, resolved relative to the spec's directory.
std::vector<kernel_spec>
parse_kernel_specs(const std::string& spec_text, const std::string& spec_path,
                   const std::function<std::string(const std::string&)>& read_source);

/// One kernel per configuration of its tuning space (the kernel itself when it has none), each
/// with `config` set and an elems_per_item expression evaluated. Throws file_error naming the
/// spec when a configuration gives an elems_per_item outside 1..2^32.
std::vector<kernel_spec> instantiate_kernel(const kernel_spec& k);

/// The class of a device for spec rules: "gpu", "cpu" or "accelerator" (the first that its
/// type string names), else "other".
std::string device_class(const std::string& device_type);

/// Why `local_size` is not allowed by the kernel's own rule, or "" when it is.
std::string local_size_violation(const kernel_spec& k, std::uint64_t local_size);

} // namespace grp
