#include "grp/core/error.hpp"
#include "grp/model/plan/cache_mode.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

device_info device(const std::string& type, std::uint64_t cache, std::uint64_t mem,
                   std::uint64_t max_alloc) {
    device_info d;
    d.type = type;
    d.global_cache_bytes = cache;
    d.global_mem_bytes = mem;
    d.max_alloc_bytes = max_alloc;
    return d;
}

constexpr std::uint64_t MiB = 1ULL << 20;
constexpr std::uint64_t GiB = 1ULL << 30;

TEST(cache_mode, parses_every_name_and_round_trips) {
    for (const char* name : {"auto", "cold", "warm", "both"}) {
        EXPECT_EQ(to_string(parse_cache_mode(name)), name);
    }
    EXPECT_THROW(parse_cache_mode("hot"), usage_error);
    EXPECT_THROW(parse_cache_mode(""), usage_error);
}

TEST(cache_mode, auto_is_cold_on_gpus_and_warm_on_cpus) {
    const auto gpu = device("gpu", 4 * MiB, 80 * GiB, 20 * GiB);
    const auto cpu = device("cpu", 32 * MiB, 8 * GiB, 4 * GiB);
    const auto acc = device("accelerator", MiB, 8 * GiB, 4 * GiB);
    using v = std::vector<std::string>;
    EXPECT_EQ(cache_states(cache_mode::automatic, gpu), v{"cold"});
    EXPECT_EQ(cache_states(cache_mode::automatic, acc), v{"cold"});
    EXPECT_EQ(cache_states(cache_mode::automatic, cpu), v{"warm"});
    EXPECT_EQ(cache_states(cache_mode::cold, cpu), v{"cold"});
    EXPECT_EQ(cache_states(cache_mode::warm, gpu), v{"warm"});
    EXPECT_EQ(cache_states(cache_mode::both, cpu), (v{"cold", "warm"}));
}

TEST(cache_mode, flush_is_eight_times_the_reported_cache_with_a_floor) {
    // NVIDIA's OpenCL reports 4 MiB for the H100's 50 MB L2: the floor covers it.
    EXPECT_EQ(cache_flush_bytes(device("gpu", 4 * MiB, 80 * GiB, 20 * GiB)),
              cache_flush_floor_bytes);
    EXPECT_GE(cache_flush_floor_bytes, 4 * 50'000'000ULL);
    EXPECT_EQ(cache_flush_bytes(device("cpu", 64 * MiB, 64 * GiB, 16 * GiB)), 512 * MiB);
    device_info unknown;
    unknown.type = "gpu";
    EXPECT_EQ(cache_flush_bytes(unknown), cache_flush_floor_bytes);
}

TEST(cache_mode, flush_fits_the_device) {
    EXPECT_EQ(cache_flush_bytes(device("gpu", 64 * MiB, 8 * GiB, 100 * MiB)), 100 * MiB);
    EXPECT_EQ(cache_flush_bytes(device("gpu", 64 * MiB, 512 * MiB, 4 * GiB)), 128 * MiB);
    EXPECT_EQ(cache_flush_bytes(device("gpu", 64 * MiB, 8 * GiB, 100 * MiB + 3)) % 4, 0U);
}

} // namespace
} // namespace grp
