// The cache state a case is timed from (run --cache). "cold": before every timed launch chain
// an untimed write and read of a scratch buffer larger than the last-level cache evicts the
// input, as in an application that touches other data between reductions (nvbench's default).
// "warm": whatever the warm-up and the earlier launches left, so an input that fits the cache
// is read from it. "both" times every case in each state (the key's cache field tells them
// apart). "auto", the default, is cold on GPUs and accelerators and warm on CPUs
// (docs/run.md#cache-state says why, with the measurements).
#pragma once

#include "grp/core/machine/device_info.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

enum class cache_mode { automatic, cold, warm, both };

/// "auto", "cold", "warm" or "both"; throws usage_error otherwise.
cache_mode parse_cache_mode(const std::string& s);
std::string to_string(cache_mode m);

/// The states ("cold", "warm") a device's cases are timed in, in that order.
std::vector<std::string> cache_states(cache_mode m, const device_info& dev);

/// The least scratch a cold flush writes and reads: drivers under-report the last-level cache
/// (NVIDIA's OpenCL says 4 MiB for the H100's 50 MB L2), so 8 x the reported size never goes
/// below this floor.
inline constexpr std::uint64_t cache_flush_floor_bytes = 256ULL << 20;

/// The flush scratch for `dev`: max(8 x CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, the floor), no more
/// than the largest buffer or a quarter of the device memory, whole 4-byte words.
std::uint64_t cache_flush_bytes(const device_info& dev);

} // namespace grp
