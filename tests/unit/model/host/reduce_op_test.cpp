// Host references of the operators other than sum (reduce_op.hpp): min/max exact for every
// type with fmin/fmax NaN semantics, products modulo 2^32 for int and uint, float products
// refused; and the operator as a sweep axis, a spec field and a build-option placeholder.
#include "grp/core/error.hpp"
#include "grp/model/host/reduce_op.hpp"
#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/spec/build_options.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace grp {
namespace {

template <typename V> double ref(const std::string& op, element_type t, std::vector<V> v) {
    return op_reference(op, t, reinterpret_cast<const unsigned char*>(v.data()), v.size(), 1);
}

TEST(reduce_op, min_and_max_of_each_type) {
    EXPECT_EQ(ref<std::int32_t>("min", element_type::int32, {3, -8, 7, INT32_MIN + 1}),
              INT32_MIN + 1);
    EXPECT_EQ(ref<std::int32_t>("max", element_type::int32, {-3, -8, -7}), -3);
    EXPECT_EQ(ref<std::uint32_t>("min", element_type::uint32, {15, 4000000000u, 9}), 9);
    EXPECT_EQ(ref<std::uint32_t>("max", element_type::uint32, {15, 4000000000u, 9}), 4e9);
    EXPECT_EQ(ref<float>("min", element_type::float32, {1.5f, 0.5f, 1.25f}), 0.5);
    EXPECT_EQ(ref<float>("max", element_type::float32, {1.5f, 0.5f, 1.25f}), 1.5);
    EXPECT_EQ(ref<double>("min", element_type::float64, {1e300, -1e-300, 2}), -1e-300);
    EXPECT_EQ(ref<double>("max", element_type::float64, {1e300, -1e-300, 2}), 1e300);
}

TEST(reduce_op, empty_input_gives_the_identity) {
    EXPECT_EQ(ref<std::int32_t>("min", element_type::int32, {}), INT32_MAX);
    EXPECT_EQ(ref<std::int32_t>("max", element_type::int32, {}), INT32_MIN);
    EXPECT_EQ(ref<std::uint32_t>("max", element_type::uint32, {}), 0);
    EXPECT_EQ(ref<float>("min", element_type::float32, {}), INFINITY);
    EXPECT_EQ(ref<double>("max", element_type::float64, {}), -INFINITY);
    EXPECT_EQ(ref<std::uint32_t>("product", element_type::uint32, {}), 1);
}

TEST(reduce_op, float_min_max_skip_nan_like_fmin) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(ref<float>("min", element_type::float32, {nan, 2.f, nan, 1.f}), 1.0);
    EXPECT_EQ(ref<float>("max", element_type::float32, {2.f, nan}), 2.0);
    // All NaN: the identity (fmin(+INF, NaN) is +INF), not NaN.
    EXPECT_EQ(ref<float>("min", element_type::float32, {nan, nan}), INFINITY);
}

TEST(reduce_op, integer_products_wrap_modulo_2_to_the_32) {
    // 65536 * 65536 = 2^32 wraps to 0; 3 * 0x55555556 = 2^32 + 2 wraps to 2.
    EXPECT_EQ(ref<std::uint32_t>("product", element_type::uint32, {65536, 65536}), 0);
    EXPECT_EQ(ref<std::uint32_t>("product", element_type::uint32, {3, 0x55555556u}), 2);
    // int: multiplied as uint, reinterpreted: 2^31 is INT_MIN; (-1)^3 = -1; 7 * -8 = -56.
    EXPECT_EQ(ref<std::int32_t>("product", element_type::int32, {65536, 32768}), INT32_MIN);
    EXPECT_EQ(ref<std::int32_t>("product", element_type::int32, {-1, -1, -1}), -1);
    EXPECT_EQ(ref<std::int32_t>("product", element_type::int32, {7, -8}), -56);
}

TEST(reduce_op, vec3_components_by_stride) {
    const std::vector<float> aos = {1, 9, 5, 3, 2, 4}; // x = 1, 3; y = 9, 2; z = 5, 4
    const auto* p = reinterpret_cast<const unsigned char*>(aos.data());
    EXPECT_EQ(op_reference("max", element_type::float32, p, 2, 3), 3.0);
    EXPECT_EQ(op_reference("min", element_type::float32, p + sizeof(float), 2, 3), 2.0);
}

TEST(reduce_op, float_products_and_unknown_operators_are_refused) {
    EXPECT_NE(op_type_skip_reason("product", element_type::float32), "");
    EXPECT_NE(op_type_skip_reason("product", element_type::float64), "");
    EXPECT_EQ(op_type_skip_reason("product", element_type::uint32), "");
    EXPECT_EQ(op_type_skip_reason("min", element_type::float64), "");
    EXPECT_THROW(parse_reduce_op("avg"), usage_error);
    EXPECT_EQ(parse_reduce_op("max"), "max");
}

TEST(reduce_op, results_match_bit_for_bit) {
    EXPECT_TRUE(op_result_matches(-8, -8));
    EXPECT_FALSE(op_result_matches(0.5, std::nextafter(0.5, 1.0)));
    EXPECT_FALSE(op_result_matches(0.0, -0.0));
    EXPECT_TRUE(op_result_matches(std::nan(""), std::nan("")));
    EXPECT_FALSE(op_result_matches(1, std::nan("")));
}

device_info cpu_device() {
    device_info d;
    d.type = "CPU";
    d.max_work_group_size = 4096;
    return d;
}

TEST(reduce_op, operators_are_a_sweep_axis_with_sum_by_default) {
    const auto kernels = resolve_kernels({"reduce2"}, {});
    sweep_options o;
    o.local_sizes = "8";
    o.sizes = {1000, 4099};
    o.types = {element_type::int32, element_type::float32};
    const auto sums = plan_sweep(kernels, o, cpu_device());
    ASSERT_EQ(sums.size(), 4u);
    for (const auto& p : sums) {
        EXPECT_EQ(p.op, "sum");
    }
    o.ops = {"min", "max", "product"};
    const auto ops = plan_sweep(kernels, o, cpu_device());
    ASSERT_EQ(ops.size(), 12u);
    EXPECT_EQ(ops[0].op, "min");
    EXPECT_EQ(ops[2].op, "max");
    EXPECT_EQ(ops[4].op, "product");
}

TEST(reduce_op, ladder_declares_its_operators_and_expands_the_placeholder) {
    const auto kernels = resolve_kernels({"reduce6", "reduce_chunk"}, {});
    ASSERT_EQ(kernels.size(), 2u);
    EXPECT_EQ(kernels[0].ops, (std::vector<std::string>{"sum", "min", "max", "product"}));
    EXPECT_EQ(kernels[1].ops, (std::vector<std::string>{"sum"}));
    const auto opts = expand_build_options(kernels[0], element_type::uint32, 64, 4096, "max");
    EXPECT_NE(opts.find("-D GRP_OP_max -D GRP_T_uint"), std::string::npos) << opts;
}

TEST(reduce_op, spec_with_an_unknown_operator_is_refused) {
    const std::string spec = R"({"source": "r.cl", "kernels": [{"name": "k",
        "args": ["input", "output", "n", "local"], "ops": ["sum", "mean"]}]})";
    try {
        parse_kernel_specs(spec, "t.json", [](const std::string&) { return "src"; });
        FAIL() << "no error";
    } catch (const file_error& e) {
        EXPECT_NE(std::string(e.what()).find("kernels[0].ops[1]"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace grp
