// What a device was measured to read: the peak (the sweep's largest input, by the built-in read
// and copy kernels) and the read roof at each smaller input size, with their JSON in a profile's
// devices[] (profiles/SCHEMA.md). roof.hpp holds a case to them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// The device's achievable bandwidth, measured once per run by built-in kernels.
struct peak_bandwidth {
    double read_gbps = 0; ///< best of the read shapes (streaming read), 1e9 B/s
    double copy_gbps = 0; ///< copy, counting bytes read plus bytes written
    std::uint64_t bytes = 0;
    double read_median_ns = 0, copy_median_ns = 0;
    std::string read_shape; ///< which read kernel gave read_gbps ("stream_read", "chunk_read")
};

/// 2.14: the best read of one input size (a case's bytes) by the peak's read shapes: what no
/// honest kernel reading that many bytes can beat by much (roof.hpp). At a size below the
/// peak's, the input may sit in a cache, which reads faster than memory.
struct read_roof {
    std::uint64_t bytes = 0;
    double read_gbps = 0; ///< bytes / read_median_ns
    double read_median_ns = 0;
    std::string read_shape;
};

/// devices[].peak: an object, or null without a peak.
nlohmann::ordered_json peak_json(const std::optional<peak_bandwidth>& p);
/// Empty unless `j` is an object (null, or absent in a file read as null).
std::optional<peak_bandwidth> peak_from(const nlohmann::ordered_json& j);

/// The better roof of each size of `from` into `into` (one device's): a size new to `into` is
/// added, a known one replaced when `from` read it faster (a roof timed again, or another run's).
void keep_best_roofs(std::vector<read_roof>& into, const std::vector<read_roof>& from);

/// devices[].roofs: an array of objects.
nlohmann::ordered_json roofs_json(const std::vector<read_roof>& roofs);
/// The roofs of an array; entries that are not objects with an unsigned `bytes` are left out
/// (a hostile file cannot make one up), and anything but an array reads as none.
std::vector<read_roof> roofs_from(const nlohmann::ordered_json& j);

} // namespace grp
