#include "grp/core/error.hpp"
#include "grp/model/spec/build_options.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

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

TEST(kernel_spec, sdk_signature_with_defaults) {
    auto ks = parse(R"({"source": "r.cl",
        "defaults": {"args": ["input", "output", "n", "local"],
                     "build_options": "-D T={type} -D blockSize={local_size} -D nIsPow2={n_is_pow2}"},
        "kernels": [{"name": "reduce6", "grid": {"elems_per_item": 2, "max_groups": "8*cu"},
                     "types": ["int", "float"], "local_size": {"pow2": true, "max": 1024}}]})");
    ASSERT_EQ(ks.size(), 1u);
    const auto& k = ks[0];
    EXPECT_EQ(k.entry, "reduce6");
    EXPECT_EQ(k.source_path, "r.cl");
    EXPECT_EQ(k.source_text, "src");
    ASSERT_EQ(k.args.size(), 4u);
    EXPECT_EQ(k.args[3].what, kernel_arg::role::local);
    EXPECT_EQ(k.grid.elems_per_item, 2u);
    EXPECT_EQ(k.grid.cap.per_cu, 8u);
    EXPECT_TRUE(k.local.pow2_only);
    EXPECT_EQ(k.types, (std::vector<element_type>{element_type::int32, element_type::float32}));
    EXPECT_EQ(expand_build_options(k, element_type::int32, 256, 1 << 20),
              "-D T=int -D blockSize=256 -D nIsPow2=1");
    // 96 is not a power of two; 256 is one but smaller than a group's 512 elements.
    EXPECT_EQ(expand_build_options(k, element_type::float32, 64, 96),
              "-D T=float -D blockSize=64 -D nIsPow2=0");
    EXPECT_EQ(expand_build_options(k, element_type::float32, 256, 256),
              "-D T=float -D blockSize=256 -D nIsPow2=0");
}

TEST(kernel_spec, static_local_block_kernel_with_fixed_size) {
    auto ks = parse(R"({"source": "b.cl", "kernels": [{"name": "block_sum",
        "args": ["input", "output", "n"], "local_size": {"fixed": 256}, "finish": "host"}]})");
    const auto& k = ks.at(0);
    EXPECT_FALSE(k.finish_on_device());
    EXPECT_EQ(local_size_violation(k, 256), "");
    EXPECT_NE(local_size_violation(k, 128).find("only at local size 256"), std::string::npos);
}

TEST(kernel_spec, soa_roles_and_constants) {
    auto ks = parse(R"({"source": "l.cl", "kernels": [{"name": "v", "layouts": ["soa"],
        "args": ["input.x", "input.y", "input.z", "output.x", "output.y", "output.z", "n",
                 {"const": "uint", "value": 3}]}]})");
    const auto& a = ks.at(0).args;
    EXPECT_EQ(a[1].component, 1);
    EXPECT_EQ(a[5].what, kernel_arg::role::output);
    EXPECT_EQ(a[7].what, kernel_arg::role::constant);
    EXPECT_EQ(a[7].const_value, 3);
}

TEST(kernel_spec, errors_name_file_field_and_reason) {
    EXPECT_EQ(
        error_of(
            R"({"kernels": [{"name": "a", "source": "a.cl", "args": ["input", "output", "bogus"]}]})"),
        "t.json: kernels[0].args[2]: unknown role 'bogus'; roles: input, input.x|y|z, "
        "output, output.x|y|z, n, local, counter, or {\"const\": TYPE, \"value\": V}");
    EXPECT_NE(error_of(R"({"kernels": [{"name": "a", "source": "a.cl", "args": ["input", "output"],
        "grid": {"max_groups": "lots"}}]})")
                  .find("kernels[0].grid.max_groups"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"kernels": [{"name": "a", "source": "a.cl", "args": ["input", "output"],
        "types": ["half"]}]})")
                  .find("kernels[0].types[0]: unknown element type 'half'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"kernels": [{"name": "a", "args": ["input", "output"]}]})")
                  .find("kernels[0].source"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"kernels": [{"name": "a", "source": "a.cl", "args": ["n"]}]})")
                  .find("needs at least one input and one output"),
              std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"kernels": [{"name": "a", "source": "a.cl", "args": ["input", "output"], "colour": 1}]})")
            .find("kernels[0].colour: unknown field"),
        std::string::npos);
    EXPECT_NE(error_of("{\"kernels\": [\n  {\"name\": }]}").find("t.json:2:"), std::string::npos);
}

TEST(kernel_spec, a_source_name_with_a_nul_is_refused_not_cut) {
    const auto top = error_of(R"({"source": "sum.cl\u0000.evil",
        "kernels": [{"name": "a", "args": ["input", "output"]}]})");
    EXPECT_NE(top.find("t.json: source: 'sum.cl\\x00.evil' holds a NUL byte"), std::string::npos)
        << top;
    const auto own = error_of(R"({"kernels": [{"name": "a", "source": "a.cl\u0000",
        "args": ["input", "output"]}]})");
    EXPECT_NE(own.find("kernels[0].source"), std::string::npos) << own;
}

TEST(kernel_spec, a_tuning_parameter_used_nowhere_is_named) {
    const auto ks = parse(R"({"source": "t.cl", "kernels": [{"name": "t",
        "args": ["input", "output"], "build_options": "-D TILE={TILE}",
        "grid": {"max_groups": "G*cu"},
        "params": {"TILE": [1, 2], "G": [1, 2], "UNUSED": [1, 2, 3], "ONE": [7]}}]})");
    const auto lines = params_that_change_nothing(ks);
    ASSERT_EQ(lines.size(), 1U) << (lines.empty() ? "" : lines[0]);
    EXPECT_EQ(lines[0], "t: tuning parameter UNUSED is used nowhere (no {UNUSED} in its build "
                        "options, not in its grid): its 3 values build identical binaries, timed "
                        "as different configurations");
}

TEST(kernel_spec, one_name_may_have_one_entry_per_layout) {
    auto ok = parse(R"({"source": "l.cl", "kernels": [
        {"name": "v", "entry": "v12", "layouts": ["aos12"], "args": ["input", "output"]},
        {"name": "v", "entry": "v16", "layouts": ["aos16"], "args": ["input", "output"]}]})");
    EXPECT_EQ(ok.size(), 2u);
    EXPECT_NE(error_of(R"({"source": "l.cl", "kernels": [
        {"name": "v", "layouts": ["aos12"], "args": ["input", "output"]},
        {"name": "v", "layouts": ["aos12"], "args": ["input", "output"]}]})")
                  .find("duplicate kernel name 'v' for layout aos12"),
              std::string::npos);
}

TEST(kernel_spec, unknown_placeholder_is_rejected_when_the_spec_is_read) {
    const auto msg = error_of(R"({"source": "a.cl", "kernels": [{"name": "a",
        "args": ["input", "output", "n"], "build_options": "-D X={colour}"}]})");
    EXPECT_NE(msg.find("kernels[0].build_options: unknown placeholder {colour}"), std::string::npos)
        << msg;
}

TEST(kernel_spec, in_place_sizes_and_last_group_fields) {
    auto ks = parse(R"({"source": "a.cl", "kernels": [
        {"name": "a", "args": ["input", "output", "n"], "in_place": true},
        {"name": "b", "args": ["input", "output"], "local_size": {"fixed": 256}},
        {"name": "c", "args": ["input", "output"], "sizes": "pad"},
        {"name": "d", "args": ["input", "output", "n", "counter"], "finish": "last_group",
         "grid": {"max_groups": {"gpu": "8*cu", "cpu": "1*cu"}}, "default": ["cpu"]}]})");
    ASSERT_EQ(ks.size(), 4u);
    EXPECT_TRUE(ks[0].in_place);
    EXPECT_EQ(ks[0].sizes, size_rule::checked);
    EXPECT_EQ(ks[1].sizes, size_rule::whole_groups); // no n: never past the buffer
    EXPECT_EQ(ks[2].sizes, size_rule::pad);
    EXPECT_EQ(ks[3].finish, finish_mode::last_group);
    EXPECT_EQ(ks[3].grid.cap_for("cpu").per_cu, 1u);
    EXPECT_EQ(ks[3].grid.cap_for("gpu").per_cu, 8u);
    EXPECT_TRUE(ks[3].in_default_for("cpu"));
    EXPECT_FALSE(ks[3].in_default_for("gpu"));
    EXPECT_NE(error_of(R"({"source": "a.cl", "kernels": [{"name": "a",
        "args": ["input", "output", "n"], "finish": "last_group"}]})")
                  .find("needs a \"counter\" argument"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"source": "a.cl", "kernels": [{"name": "a",
        "args": ["input", "output"], "sizes": "checked"}]})")
                  .find("kernels[0].sizes"),
              std::string::npos);
}

TEST(kernel_spec, n_multiple_of_is_read_and_checked) {
    auto ks = parse(R"({"source": "a.cl", "kernels": [
        {"name": "a", "args": ["input", "output", "n"], "n": {"multiple_of": 4}},
        {"name": "b", "args": ["input", "output", "n"]}]})");
    ASSERT_EQ(ks.size(), 2u);
    EXPECT_EQ(ks[0].n_multiple_of, 4u);
    EXPECT_EQ(ks[1].n_multiple_of, 1u);
    for (const char* bad :
         {R"("n": {"multiple_of": 0})", R"("n": {"multiple_of": 2097152})",
          R"("n": {"multiple": 4})", R"("n": 4)", R"("n": {"multiple_of": 4, "max": 8})",
          R"("n": {"multiple_of": -4})"}) {
        const auto msg = error_of(std::string(R"({"source": "a.cl", "kernels": [{"name": "a",
            "args": ["input", "output", "n"], )") +
                                  bad + "}]}");
        EXPECT_NE(msg.find("kernels[0].n"), std::string::npos) << bad << ": " << msg;
    }
}

TEST(kernel_catalog, builtin_suite_loads_and_unsafe_is_not_default) {
    auto all = builtin_kernels();
    ASSERT_GE(all.size(), 9u);
    auto defaults = resolve_kernels({}, {});
    for (const auto& k : defaults) {
        EXPECT_TRUE(k.safe) << k.name;
    }
    auto globbed = resolve_kernels({"reduce[0-2]"}, {});
    EXPECT_EQ(globbed.size(), 3u);
    EXPECT_THROW(resolve_kernels({"no_such_kernel"}, {}), usage_error);
    EXPECT_THROW(resolve_kernels({"/nonexistent/k.cl"}, {}), usage_error);
}

const kernel_spec* named(const std::vector<kernel_spec>& ks, const std::string& name) {
    for (const auto& k : ks) {
        if (k.name == name) {
            return &k;
        }
    }
    return nullptr;
}

// The default sweep holds a CPU-shaped kernel for CPUs and a race-free one-launch kernel for GPUs;
// a kernel named on the command line is not the default sweep's choice, so it runs anywhere.
TEST(kernel_catalog, default_sweep_has_a_kernel_per_device_class) {
    const auto defaults = resolve_kernels({}, {});
    const auto* chunk = named(defaults, "reduce_chunk");
    const auto* single = named(defaults, "reduce_onepass");
    ASSERT_NE(chunk, nullptr);
    ASSERT_NE(single, nullptr);
    // The unsafe one-launch form (#47) is kept for comparison, out of every default sweep.
    EXPECT_EQ(named(defaults, "reduce_single"), nullptr);
    EXPECT_FALSE(named(resolve_kernels({"reduce_single"}, {}), "reduce_single")->safe);
    EXPECT_TRUE(chunk->chosen_by_default);
    EXPECT_TRUE(chunk->in_default_for("cpu"));
    EXPECT_FALSE(chunk->in_default_for("gpu"));
    EXPECT_EQ(chunk->grid.cap_for("cpu").per_cu, 1u);
    EXPECT_TRUE(single->in_default_for("gpu"));
    EXPECT_FALSE(single->in_default_for("cpu"));
    EXPECT_EQ(single->finish, finish_mode::last_group);
    for (const auto* name : {"reduce0", "reduce6", "reduce_vec4"}) {
        ASSERT_NE(named(defaults, name), nullptr) << name;
        EXPECT_TRUE(named(defaults, name)->in_default_for("cpu")) << name; // the contrast
        EXPECT_TRUE(named(defaults, name)->in_default_for("gpu")) << name;
    }
    const auto both = resolve_kernels({"default", "reduce_chunk"}, {});
    ASSERT_NE(named(both, "reduce_chunk"), nullptr);
    EXPECT_FALSE(named(both, "reduce_chunk")->chosen_by_default);
    EXPECT_TRUE(named(both, "reduce0")->chosen_by_default);
    EXPECT_FALSE(named(resolve_kernels({"reduce_single"}, {}), "reduce_single")->chosen_by_default);
}

} // namespace
} // namespace grp
