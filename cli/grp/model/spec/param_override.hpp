// `run -a/--param NAME=V[,V...]`: the values of a tuning parameter set from the command line
// instead of the spec (nvbench's `-a UNROLL=[1,2]`). The override replaces the parameter's value
// list in every selected kernel that declares it, and in the spec each kernel records into the
// profile (kernel_spec::raw), so the profile says what ran; the command line as typed is in
// tool.argv.
#pragma once

#include "grp/model/spec/kernel_spec.hpp"

#include <string>
#include <vector>

namespace grp {

struct param_override {
    std::string name;                 ///< the parameter
    std::vector<std::int64_t> values; ///< in the order given, no repeats
    std::string text;                 ///< as typed, for messages
};

/// Parses "NAME=V[,V...]" (also "NAME=[V,V]"): integers within +-2^31, no repeats. Throws
/// usage_error naming --param and the expected form.
param_override parse_param_override(const std::string& text);

/// Applies each override to every kernel that declares the parameter. Throws usage_error (exit
/// 2) when a name is given twice or no kernel declares it (naming the parameters the selected
/// kernels have), or when a kernel has no configuration left under its constraints, or one
/// whose grid is out of range.
void apply_param_overrides(std::vector<kernel_spec>& kernels,
                           const std::vector<param_override>& overrides);

} // namespace grp
