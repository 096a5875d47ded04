// The types a sweep plans without -t (#50): a user's kernel runs the types its spec declares (a
// spec of int kernels used to be skipped at float, every case, exit 7); a built-in runs float;
// -t overrides both. count_sweep counts what plan_sweep plans.
#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/spec/kernel_catalog.hpp"

#include <gtest/gtest.h>
#include <map>
#include <set>
#include <string>

namespace grp {
namespace {

device_info cpu() {
    device_info d;
    d.name = "Test CPU";
    d.type = "CL_DEVICE_TYPE_CPU";
    d.max_work_group_size = 1024;
    d.max_alloc_bytes = std::uint64_t{1} << 30U;
    return d;
}

// kernel name -> the types planned for it
std::map<std::string, std::set<std::string>> planned(const std::vector<kernel_spec>& kernels,
                                                     const sweep_options& o) {
    std::map<std::string, std::set<std::string>> out;
    for (const auto& pt : plan_sweep(kernels, o, cpu())) {
        out[kernels[pt.kernel].name].insert(to_string(pt.type));
    }
    EXPECT_EQ(count_sweep(kernels, o, cpu()).points, plan_sweep(kernels, o, cpu()).size());
    return out;
}

const std::string data = GRP_TEST_DATA;

TEST(sweep_types, without_t_a_user_kernel_runs_its_declared_types_and_a_builtin_float) {
    const auto kernels = instantiate_kernels(resolve_kernels(
        {data + "/kernels/reqd64.json", data + "/kernels/tunable_small.json", "reduce2"}, {}));
    sweep_options o;
    o.local_sizes = "64";
    o.sizes = {4096};
    const auto types = planned(kernels, o);
    EXPECT_EQ(types.at("sum_reqd64"), (std::set<std::string>{"int"}));
    EXPECT_EQ(types.at("tunable_small"), (std::set<std::string>{"int", "float"}));
    EXPECT_EQ(types.at("reduce2"), (std::set<std::string>{"float"})); // declares four
    EXPECT_EQ(count_sweep(kernels, o, cpu()).types, 2U);
}

TEST(sweep_types, t_overrides_every_kernels_declared_types) {
    const auto kernels =
        instantiate_kernels(resolve_kernels({data + "/kernels/reqd64.json", "reduce2"}, {}));
    sweep_options o;
    o.local_sizes = "64";
    o.sizes = {4096};
    o.types = {element_type::float32};
    const auto types = planned(kernels, o);
    // The int kernel is planned at float and skipped there by the runner, as before.
    EXPECT_EQ(types.at("sum_reqd64"), (std::set<std::string>{"float"}));
    EXPECT_EQ(types.at("reduce2"), (std::set<std::string>{"float"}));
}

} // namespace
} // namespace grp
