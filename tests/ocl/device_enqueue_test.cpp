// Device-side enqueue (case_setup.hpp's static_skip_reason): a child kernel may run after its
// parent's END stamp, so a kernel whose source names enqueue_kernel is not run, on any device:
// NVIDIA's reports no device enqueue yet runs such a parent and its child.
#include "grp/run/launch/case_setup.hpp"

#include <gtest/gtest.h>

namespace grp::run {
namespace {

kernel_spec spec_with(const std::string& source) {
    kernel_spec k;
    k.name = "parent";
    k.source_text = source;
    k.types = {element_type::float32};
    k.layouts = {data_layout::flat};
    return k;
}

TEST(device_enqueue, a_kernel_that_enqueues_children_is_not_run_on_any_device) {
    const auto k = spec_with("__kernel void parent(__global float* p) {\n"
                             "  enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,\n"
                             "                 ndrange_1D(1), ^{ p[0] = 1; });\n}\n");
    sweep_point p;
    p.local_size = 1;
    device_info d;
    d.device_enqueue = true;
    const auto why = static_skip_reason(k, p, d);
    EXPECT_NE(why.find("child kernel"), std::string::npos) << why;
    d.device_enqueue = false; // what NVIDIA's driver says, while it runs the child
    EXPECT_NE(static_skip_reason(k, p, d).find("child kernel"), std::string::npos);
    d.device_enqueue = true; // a kernel without children runs as ever
    EXPECT_EQ(static_skip_reason(spec_with("__kernel void parent(__global float* p) {}"), p, d),
              "");
}

} // namespace
} // namespace grp::run
