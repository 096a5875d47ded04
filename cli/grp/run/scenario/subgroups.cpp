#include "grp/run/scenario/subgroups.hpp"

#include "grp/model/scenario/summary.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/run/interrupt.hpp"

#include <algorithm>

namespace grp::run {

namespace {

const char* const subgroup_kernel = "subgroup_reduce";

kernel_spec find_subgroup_spec() {
    for (auto& k : builtin_kernels()) {
        if (k.name == subgroup_kernel) {
            return k;
        }
    }
    throw usage_error(std::string("built-in kernel '") + subgroup_kernel +
                      "' is missing from this build");
}

std::vector<std::uint64_t> subgroup_local_sizes(const device_info& d) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t l : {64, 128, 256}) {
        if (l <= d.max_work_group_size.value_or(256)) {
            out.push_back(l);
        }
    }
    return out;
}

const std::vector<element_type> subgroup_types = {element_type::int32, element_type::float32};

} // namespace

std::string subgroup_support(const device_info& d) {
    if (d.has_extension("cl_khr_subgroups")) {
        return "cl_khr_subgroups";
    }
    if (d.has_extension("cl_intel_subgroups")) {
        return "cl_intel_subgroups";
    }
    if (d.subgroups) {
        return "OpenCL 3.0 sub-groups";
    }
    return "";
}

kernel_spec subgroup_spec_for(const kernel_spec& spec, const device_info& d) {
    kernel_spec k = spec;
    const auto how = subgroup_support(d);
    if (how != "cl_khr_subgroups" && !how.empty()) {
        k.requires_extensions.clear();
    }
    if (how == "OpenCL 3.0 sub-groups") {
        k.build_options += " -cl-std=CL3.0";
    }
    return k;
}

void run_subgroups(const scenario_env& env) {
    auto& s = env.session;
    const auto& d = s.info();
    const kernel_spec spec = subgroup_spec_for(find_subgroup_spec(), d);
    const auto how = subgroup_support(d);
    const bool available = !how.empty();
    const std::string reason =
        available ? "device reports " + how
                  : "device has no sub-groups (no cl_khr_subgroups, no cl_intel_subgroups, no "
                    "OpenCL 3.0 sub-group support): the kernel was not compiled";
    record_builtin_kernel(env.prof, spec.name, spec.entry, "subgroup.cl", spec.raw);
    const auto locals = subgroup_local_sizes(d);
    scenario_progress progress(env.progress, subgroup_types.size() * locals.size());
    for (std::size_t i = 0; i < subgroup_types.size() * locals.size() && !interrupted(); ++i) {
        const auto t = subgroup_types[i / locals.size()];
        const auto local = locals[i % locals.size()];
        const case_key key = make_case_key(spec.name, to_string(t), "flat", subgroups_n, local);
        progress.started(key);
        auto r = scenario_case(env, "subgroups", key);
        if (available) {
            r = measure_one(env, spec, {0, t, data_layout::flat, subgroups_n, local}, {});
            if (interrupted() && r.status == case_status::ok && r.samples_ns.empty()) {
                break; // cut off mid-case: not a finished case
            }
            r.scenario = "subgroups";
        } else {
            r.status = case_status::skipped;
            r.reason = reason;
        }
        progress.finished(r);
        env.prof.cases.push_back(std::move(r));
    }
    auto max_sub_groups =
        d.max_sub_groups ? nlohmann::ordered_json(*d.max_sub_groups) : nlohmann::ordered_json();
    add_device_summary(
        env.prof.scenarios["subgroups"], env.device_index,
        {{"available", available}, {"reason", reason}, {"max_sub_groups", max_sub_groups}});
}

} // namespace grp::run
