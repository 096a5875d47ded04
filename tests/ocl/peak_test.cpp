// The peak read shapes (run/launch/peak.hpp): a CPU device tries reduce_chunk's own shape (one
// group of several items per compute unit) besides the local-size-1 chunks, so the peak is never
// read with a shape worse than a built-in kernel's; and a measurement on the default device
// (PoCL in CI) names the winning shape and a bandwidth.
#include "device_fixture.hpp"
#include "grp/run/launch/peak.hpp"

#include <algorithm>
#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(PeakShapes, CpuTriesReduceChunksOwnShape) {
    device_info d;
    d.type = "cpu";
    d.compute_units = 2;
    d.max_work_group_size = 4096;
    const auto shapes = run::read_shapes(d);
    const auto has = [&shapes](std::uint64_t global, std::uint64_t local) {
        return std::any_of(shapes.begin(), shapes.end(), [&](const run::read_shape& s) {
            return s.kernel == "chunk_read" && s.global == global && s.local == local;
        });
    };
    EXPECT_TRUE(has(2, 1));
    EXPECT_TRUE(has(8, 1));
    EXPECT_TRUE(has(32, 16)); // one group of 16 per compute unit
    EXPECT_TRUE(has(128, 64));
    d.type = "gpu";
    for (const auto& s : run::read_shapes(d)) {
        EXPECT_EQ(s.kernel, "stream_read"); // a GPU's work-items are not one thread's loop
    }
}

TEST(PeakShapes, MeasuredPeakNamesItsShape) {
    test_support::device_fixture f(1);
    const auto p = run::measure_peak(f.session, f.opt.measure, 1u << 22);
    EXPECT_GT(p.read_gbps, 0.0);
    EXPECT_NE(p.read_shape.find("read (global "), std::string::npos) << p.read_shape;
}

} // namespace
} // namespace grp
