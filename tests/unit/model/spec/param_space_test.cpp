// The kernel spec's tuning space: "params", "constraints", an elems_per_item expression, and
// the instances a run expands a kernel into.
#include "grp/core/error.hpp"
#include "grp/model/spec/build_options.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

std::string spec_with(const std::string& tuning_fields,
                      const std::string& build = "-D T={type} -D VEC={VEC} -D ACC={ACC}") {
    return R"({"source": "t.cl", "kernels": [{"name": "t", "args": ["input", "output", "n"],
        "build_options": ")" +
           build + R"(", )" + tuning_fields + "}]}";
}

std::vector<kernel_spec> parse(const std::string& text) {
    return parse_kernel_specs(text, "t.json", [](const std::string&) { return "src"; });
}

std::string error_of(const std::string& text) {
    try {
        parse(text);
    } catch (const file_error& e) {
        return e.what();
    }
    return "no error";
}

const char* const space = R"("params": {"VEC": [1, 2, 4, 8, 16], "ACC": [1, 2, 4]})";

TEST(tuning_spec, constraints_filter_the_cross_product) {
    const auto k = parse(spec_with(space + std::string(R"(, "constraints": ["VEC * ACC <= 32"])")));
    ASSERT_EQ(k.size(), 1u);
    ASSERT_EQ(k[0].tuning.params.size(), 2u);
    EXPECT_EQ(k[0].tuning.params[0].name, "VEC"); // declaration order, not name order
    // 15 pairs; 16*4 = 64 is the only product over 32.
    EXPECT_EQ(expand_configs(k[0].tuning).size(), 14u);
    const auto none = parse(spec_with(space));
    EXPECT_EQ(expand_configs(none[0].tuning).size(), 15u);
}

TEST(tuning_spec, instances_carry_their_values_into_options_grid_and_key_order) {
    const auto k = parse(spec_with(space + std::string(R"(, "constraints": ["ACC <= VEC"],
        "grid": {"elems_per_item": "VEC * ACC"})")))[0];
    const auto all = instantiate_kernel(k);
    // VEC=1: ACC 1; VEC=2: 1,2; VEC>=4: 1,2,4 (three values each) -> 1 + 2 + 3 * 3.
    ASSERT_EQ(all.size(), 12u);
    EXPECT_EQ(all[0].config, (param_values{{"VEC", 1}, {"ACC", 1}}));
    EXPECT_EQ(all.back().config, (param_values{{"VEC", 16}, {"ACC", 4}}));
    EXPECT_EQ(all.back().grid.elems_per_item, 64u);
    EXPECT_EQ(expand_build_options(all.back(), element_type::int32, 64, 1024),
              "-D T=int -D VEC=16 -D ACC=4");
    EXPECT_EQ(describe_config(k.tuning, all.back().config), "VEC=16 ACC=4");
}

TEST(tuning_spec, a_kernel_without_params_is_its_own_single_instance) {
    const auto k = parse(spec_with(R"("grid": {"elems_per_item": 2})", "-D T={type}"))[0];
    const auto all = instantiate_kernel(k);
    ASSERT_EQ(all.size(), 1u);
    EXPECT_TRUE(all[0].config.empty());
    EXPECT_EQ(all[0].grid.elems_per_item, 2u);
}

TEST(tuning_spec, errors_name_the_field_and_the_position) {
    auto e = error_of(spec_with(space + std::string(R"(, "constraints": ["VEC * ACC <="])")));
    EXPECT_NE(e.find("t.json: kernels[0].constraints[0]: at position 12"), std::string::npos) << e;
    e = error_of(spec_with(space + std::string(R"(, "constraints": ["VEC * WIDTH <= 8"])")));
    EXPECT_NE(e.find("kernels[0].constraints[0]: names 'WIDTH'"), std::string::npos) << e;
    e = error_of(spec_with(space + std::string(R"(, "constraints": ["VEC > 99"])")));
    EXPECT_NE(e.find("no configuration"), std::string::npos) << e;
    e = error_of(spec_with(space + std::string(R"(, "constraints": ["8 / (VEC - 1) > 0"])")));
    EXPECT_NE(e.find("division by zero"), std::string::npos) << e;
    EXPECT_NE(e.find("VEC=1 ACC=1"), std::string::npos) << e;
    e = error_of(spec_with(space + std::string(R"(, "grid": {"elems_per_item": "VEC - 1"})")));
    EXPECT_NE(e.find("kernels[0].grid.elems_per_item: is 0 for VEC=1 ACC=1"), std::string::npos)
        << e;
    e = error_of(spec_with(space, "-D VEC={VEC} -D W={WIDTH}"));
    EXPECT_NE(e.find("unknown placeholder {WIDTH}"), std::string::npos) << e;
    EXPECT_NE(e.find("{VEC}, {ACC}"), std::string::npos) << e;
}

TEST(tuning_spec, a_group_cap_may_use_parameters_per_configuration) {
    const auto k = parse(spec_with(R"("params": {"G": [1, 4]},
        "grid": {"max_groups": {"cpu": "{G}*cu", "gpu": "G * 8 * cu", "default": "{G}"}})",
                                   "-D T={type}"))[0];
    const auto all = instantiate_kernel(k);
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[1].grid.cap_for("cpu").per_cu, 4u);
    EXPECT_EQ(all[1].grid.cap_for("gpu").per_cu, 32u);
    EXPECT_EQ(all[1].grid.cap_for("other").groups, 4u);
    EXPECT_EQ(all[0].grid.cap_for("gpu").per_cu, 8u);
    // The plain forms stay as they were.
    const auto plain =
        parse(spec_with(R"("grid": {"max_groups": "8*cu"})", "-D T={type}"))[0].grid.cap;
    EXPECT_EQ(plain.per_cu, 8u);
    EXPECT_TRUE(plain.expr.empty());
}

TEST(tuning_spec, a_group_cap_naming_an_unknown_parameter_names_field_and_parameter) {
    auto e = error_of(
        spec_with(R"("params": {"G": [1, 4]}, "grid": {"max_groups": "{H}*cu"})", "-D T={type}"));
    EXPECT_NE(e.find("kernels[0].grid.max_groups: names the parameter 'H'"), std::string::npos)
        << e;
    EXPECT_NE(e.find("its parameters: G"), std::string::npos) << e;
    e = error_of(spec_with(R"("grid": {"max_groups": "G*cu"})", "-D T={type}"));
    EXPECT_NE(e.find("this kernel has no \"params\""), std::string::npos) << e;
    e = error_of(spec_with(R"("params": {"G": [0, 4]}, "grid": {"max_groups": {"cpu": "{G}*cu"}})",
                           "-D T={type}"));
    EXPECT_NE(e.find("kernels[0].grid.max_groups.cpu: max_groups is 0"), std::string::npos) << e;
    EXPECT_NE(e.find("for G=0"), std::string::npos) << e;
    e = error_of(spec_with(R"("grid": {"max_groups": "lots*cu*"})", "-D T={type}"));
    EXPECT_NE(e.find("expected a number, 'K*cu' or an expression"), std::string::npos) << e;
}

TEST(tuning_spec, bad_parameter_lists_are_refused) {
    for (const char* bad : {
             R"("params": {"type": [1]})",                          // a built-in placeholder
             R"("params": {"2VEC": [1]})",                          // not an identifier
             R"("params": {"VEC": []})",                            // empty
             R"("params": {"VEC": [1, 1]})",                        // repeated value
             R"("params": {"VEC": [1.5]})",                         // not an integer
             R"("params": {"VEC": [4294967296]})",                  // beyond 2^31
             R"("params": [1, 2])",                                 // not an object
             R"("params": {"VEC": [1]}, "constraints": "VEC > 0")", // not an array
         }) {
        EXPECT_NE(error_of(spec_with(bad, "-D T={type}")), "no error") << bad;
    }
    // 8^5 = 32768 configurations before constraints: refused before enumerating them.
    std::string big = R"("params": {)";
    for (const char* name : {"A", "B", "C", "D", "E"}) {
        big += std::string(name == std::string("A") ? "" : ", ") + "\"" + name +
               R"(": [1, 2, 3, 4, 5, 6, 7, 8])";
    }
    EXPECT_NE(error_of(spec_with(big + "}", "-D T={type}")).find("more than 4096"),
              std::string::npos);
}

TEST(tuning_spec, the_builtin_tunable_kernel_expands_to_its_documented_space) {
    const auto kernels = resolve_kernels({"tunable"}, {});
    ASSERT_EQ(kernels.size(), 1u);
    EXPECT_FALSE(kernels[0].in_default_sweep); // the default sweep does not grow
    const auto all = instantiate_kernels(kernels);
    // ACC <= UNROLL gives 1 + 2 + 3 + 3 = 9 per VEC; VEC * UNROLL <= 64 drops UNROLL 8 at VEC 16.
    EXPECT_EQ(all.size(), 4u * 9u + 6u);
    for (const auto& k : all) {
        EXPECT_EQ(k.grid.elems_per_item,
                  static_cast<std::uint64_t>(k.config.at("VEC") * k.config.at("UNROLL")));
        EXPECT_LE(k.config.at("ACC"), k.config.at("UNROLL"));
    }
}

} // namespace
} // namespace grp
