#include "grp/model/spec/kernel_spec.hpp"
#include "grp/model/spec/starter_spec.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace grp {
namespace {

TEST(starter_spec, reads_roles_off_the_signature) {
    const std::string cl = "// a comment with __kernel void fake(int x)\n"
                           "__kernel void my_sum(__global const T* in, __global T* out,\n"
                           "                     unsigned int n, __local T* scratch) {}\n";
    const auto j = nlohmann::json::parse(starter_spec(cl, "my.cl"));
    EXPECT_EQ(j["source"], "my.cl");
    ASSERT_EQ(j["kernels"].size(), 1u);
    const auto& k = j["kernels"][0];
    EXPECT_EQ(k["name"], "my_sum");
    EXPECT_EQ(k["args"], nlohmann::json({"input", "output", "n", "local"}));
    EXPECT_EQ(k["build_options"], "-D T={type}");
    EXPECT_EQ(k["types"].size(), 4u);
    EXPECT_EQ(k["local_size"]["pow2"], true);
    EXPECT_EQ(k["finish"], "passes");
}

TEST(starter_spec, concrete_types_fixed_sizes_and_counters) {
    const std::string cl =
        "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void one(\n"
        "    __global const float* in, __global float* out, __global uint* ticket, uint n) {}\n"
        "kernel void two(global const int* in, global int* out) {\n"
        "    __local int block[256];\n"
        "}\n";
    const auto j = nlohmann::json::parse(starter_spec(cl, "x.cl"));
    ASSERT_EQ(j["kernels"].size(), 2u);
    EXPECT_EQ(j["kernels"][0]["args"], nlohmann::json({"input", "output", "counter", "n"}));
    EXPECT_EQ(j["kernels"][0]["types"], nlohmann::json({"float"}));
    EXPECT_EQ(j["kernels"][0]["local_size"]["fixed"], 64);
    EXPECT_EQ(j["kernels"][0]["finish"], "last_group");
    EXPECT_EQ(j["kernels"][1]["types"], nlohmann::json({"int"}));
    EXPECT_EQ(j["kernels"][1]["local_size"]["fixed"], 256);
    EXPECT_EQ(j["kernels"][1]["finish"], "host");
}

TEST(starter_spec, the_starter_is_a_spec_the_reader_accepts) {
    const std::string cl =
        "__kernel void s(__global const T* a, __global T* b, uint n, __local T* l) {}\n";
    const auto specs = parse_kernel_specs(starter_spec(cl, "s.cl"), "s.json",
                                          [](const std::string&) { return std::string("x"); });
    ASSERT_EQ(specs.size(), 1u);
    EXPECT_EQ(specs[0].name, "s");
}

TEST(starter_spec, an_unknown_role_is_todo_and_no_kernel_is_empty) {
    const auto j = nlohmann::json::parse(starter_spec(
        "__kernel void f(__global const int* a, __global int* b, float k) {}", "f.cl"));
    EXPECT_EQ(j["kernels"][0]["args"][2], "TODO");
    EXPECT_EQ(starter_spec("int helper(int x) { return x; }", "h.cl"), "");
}

// #50: a kernel that loops over get_global_size(0) gets a group cap, and a note says why; a
// kernel that does not (here the second, after it) gets neither.
TEST(starter_spec, a_grid_stride_loop_gets_a_group_cap_and_a_note) {
    const std::string cl =
        "__kernel void gsum(__global const T* in, __global T* out, uint n, __local T* s) {\n"
        "    for (uint i = get_global_id(0); i < n; i += get_global_size( 0 )) {}\n"
        "}\n"
        "__kernel void tree(__global const T* in, __global T* out, uint n, __local T* s) {\n"
        "    // get_global_size(0) in a comment is no loop\n"
        "}\n";
    const auto j = nlohmann::json::parse(starter_spec(cl, "g.cl"));
    ASSERT_EQ(j["kernels"].size(), 2u);
    EXPECT_EQ(j["kernels"][0]["grid"], nlohmann::json({{"max_groups", "8*cu"}}));
    EXPECT_FALSE(j["kernels"][1].contains("grid"));
    const auto notes = starter_spec_notes(cl);
    EXPECT_NE(notes.find("note: gsum loops over get_global_size(0)"), std::string::npos) << notes;
    EXPECT_EQ(notes.find("tree"), std::string::npos) << notes;
    EXPECT_EQ(starter_spec_notes("__kernel void t(__global const T* a, __global T* b) {}"), "");
}

} // namespace
} // namespace grp
