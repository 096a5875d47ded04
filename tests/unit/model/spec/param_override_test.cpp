// run -a/--param: a tuning parameter's values from the command line replace the spec's.
#include "grp/core/error.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/spec/param_override.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

std::string usage_message(const std::vector<std::string>& items) {
    auto kernels = resolve_kernels({"tunable"}, {});
    try {
        std::vector<param_override> o;
        for (const auto& i : items) {
            o.push_back(parse_param_override(i));
        }
        apply_param_overrides(kernels, o);
    } catch (const usage_error& e) {
        return e.what();
    }
    return "no error";
}

TEST(param_override, replaces_the_values_in_the_space_and_the_recorded_spec) {
    auto kernels = resolve_kernels({"tunable"}, {});
    apply_param_overrides(kernels, {parse_param_override("UNROLL=[1,2]"),
                                    parse_param_override("VEC=4"), parse_param_override("ACC=1")});
    EXPECT_EQ(instantiate_kernels(kernels).size(), 2u);
    EXPECT_EQ(kernels[0].raw["params"]["UNROLL"], nlohmann::ordered_json::array({1, 2}));
    EXPECT_EQ(kernels[0].raw["params"]["VEC"], nlohmann::ordered_json::array({4}));
}

TEST(param_override, bad_overrides_are_usage_errors_that_say_what_is_known) {
    EXPECT_NE(usage_message({"WIDTH=2"})
                  .find("no selected kernel has a parameter WIDTH (known: "
                        "VEC, UNROLL, ACC (tunable))"),
              std::string::npos);
    EXPECT_NE(usage_message({"UNROLL"}).find("expected NAME=V[,V...]"), std::string::npos);
    EXPECT_NE(usage_message({"UNROLL=1,x"}).find("'x' is not an integer"), std::string::npos);
    EXPECT_NE(usage_message({"UNROLL=1,1"}).find("repeats the value 1"), std::string::npos);
    EXPECT_NE(usage_message({"UNROLL=1", "UNROLL=2"}).find("given twice"), std::string::npos);
    EXPECT_NE(usage_message({"ACC=8", "UNROLL=1"}).find("satisfies its constraints"),
              std::string::npos);
    EXPECT_NE(usage_message({"VEC=0"}).find("elems_per_item is 0"), std::string::npos);
}

} // namespace
} // namespace grp
