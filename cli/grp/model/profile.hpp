// The profile: what `run` writes and `compare`, `report` and `validate` read. Versioned JSON
// (profiles/SCHEMA.md, profiles/profile.schema.json). Integers for nanoseconds, null never NaN.
// Readers accept any profile of the same schema major version.
#pragma once

#include "grp/model/device_info.hpp"
#include "grp/model/stats.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

inline constexpr const char* profile_schema_version = "1.0.0";
inline constexpr int profile_schema_major = 1;

enum class case_status {
    ok,            ///< ran and verified
    wrong,         ///< ran, result differs from the reference beyond tolerance
    skipped,       ///< not run: the device or kernel cannot (reason says why)
    failed,        ///< an OpenCL or build error (reason holds the message)
    race_observed, ///< barrier scenario: the barrier-less kernel gave wrong answers (a finding)
};
std::string to_string(case_status s);
/// Throws file_error on an unknown name.
case_status parse_case_status(const std::string& s);

/// What identifies a case across runs and machines. Device and driver are context, not key.
struct case_key {
    std::string kernel;          ///< e.g. "reduce3", "layout_tree", "wg-probe/sin_div"
    std::string type;            ///< "int", "uint", "float", "double"
    std::string layout = "flat"; ///< "flat" for scalar arrays; "aos12", "aos16", "soa"
    std::uint64_t n = 0;         ///< elements (records for layouts; work-items for wg-probe)
    std::uint64_t local_size = 0;

    /// "reduce3/float/flat/n=1048576/local=256": stable, used to match cases.
    [[nodiscard]] std::string to_string() const;
    bool operator==(const case_key& o) const;
    bool operator<(const case_key& o) const;
};

/// One kernel launch of a case's reduction: pass 0 reads the input, later passes the partials.
struct pass_info {
    std::uint64_t n = 0;           ///< elements this pass reduces
    std::uint64_t global_size = 0; ///< work-items
    std::uint64_t local_size = 0;
    std::uint64_t groups = 0; ///< partials written
};

struct case_result {
    case_key key;
    int device = 0;       ///< index into profile::devices
    std::string scenario; ///< "" for plain sweeps; "wg-probe", "barrier", "precision", ...
    case_status status = case_status::ok;
    std::string reason; ///< why skipped/failed/wrong; empty when ok
    std::string build_options;
    std::vector<pass_info> passes;
    std::string finish = "passes"; ///< "passes" (device) or "host" (host adds the last partials)

    std::vector<std::uint64_t> samples_ns; ///< kernel time per sample: Σ passes END−START
    std::vector<std::uint64_t> launch_overhead_ns; ///< per sample: first pass START−QUEUED
    std::uint64_t warmup = 0;                      ///< launches discarded before sampling
    std::uint64_t flagged_samples = 0;             ///< samples dropped by timestamp sanity checks
    std::vector<std::string> flags;                ///< why they were dropped (distinct reasons)
    bool noise_target_met = true;
    std::optional<sample_summary> summary;

    std::uint64_t bytes = 0;              ///< bytes the reduction must move (see bytes_counted)
    std::string bytes_counted;            ///< what `bytes` counts, in words
    std::optional<double> gbps;           ///< bytes / median time, 1e9 bytes per second
    std::optional<double> elements_per_s; ///< key.n / median time
    std::optional<double> pct_of_peak;    ///< gbps / device's measured streaming-read GB/s * 100

    std::vector<double> result;    ///< device value(s): 1 for flat, 3 (x,y,z) for layouts
    std::vector<double> reference; ///< host reference value(s)
    std::optional<double> abs_error, rel_error, tolerance;

    nlohmann::ordered_json extra = nlohmann::ordered_json::object(); ///< scenario-specific facts
};

/// The device's achievable bandwidth, measured once per run by built-in kernels.
struct peak_bandwidth {
    double read_gbps = 0; ///< streaming read (every byte read once), 1e9 B/s
    double copy_gbps = 0; ///< copy, counting bytes read plus bytes written
    std::uint64_t bytes = 0;
    double read_median_ns = 0, copy_median_ns = 0;
};

struct profile_device {
    device_info info;
    std::optional<peak_bandwidth> peak;
    std::optional<std::uint64_t> simd_width_estimate; ///< from the wg-probe scenario
};

struct kernel_record {
    std::string name;  ///< name used in case keys
    std::string entry; ///< the __kernel function
    std::string path;  ///< "builtin:reduce.cl" or a file path as given
    std::string sha256;
    nlohmann::ordered_json spec =
        nlohmann::ordered_json::object(); ///< the kernel's spec entry as loaded
};

struct profile {
    std::string schema_version = profile_schema_version;
    bool complete = true; ///< false when interrupted (Ctrl-C): only finished cases are present
    struct tool_info {
        std::string name, version, git_sha;
        std::vector<std::string> argv;
    } tool;
    struct host_info {
        std::string hostname, os, started_at, finished_at; ///< times ISO 8601 UTC
    } host;
    nlohmann::ordered_json settings = nlohmann::ordered_json::object(); ///< sweep options used
    std::vector<profile_device> devices;
    std::vector<kernel_record> kernels;
    std::vector<case_result> cases;
    nlohmann::ordered_json scenarios = nlohmann::ordered_json::object(); ///< per-scenario summaries
};

void to_json(nlohmann::ordered_json& j, const case_key& k);
void from_json(const nlohmann::ordered_json& j, case_key& k);
void to_json(nlohmann::ordered_json& j, const sample_summary& s);
void from_json(const nlohmann::ordered_json& j, sample_summary& s);
void to_json(nlohmann::ordered_json& j, const case_result& c);
void from_json(const nlohmann::ordered_json& j, case_result& c);
void to_json(nlohmann::ordered_json& j, const profile& p);
void from_json(const nlohmann::ordered_json& j, profile& p);

/// Reads and checks a profile. Throws file_error (exit 5) naming the path and, for syntax
/// errors, line and column; also for a missing field or an unsupported schema major.
profile load_profile(const std::string& path);

/// Parses profile JSON text; `path` is only used in messages.
profile parse_profile(const std::string& text, const std::string& path);

/// Writes atomically: to PATH.tmp, then rename. Throws file_error on I/O failure.
void save_profile(const profile& p, const std::string& path);

/// Writes any text atomically (same temp-then-rename rule); devices and FIFOs such as
/// /dev/null are written in place instead.
void write_file_atomic(const std::string& path, const std::string& text);

} // namespace grp
