// The profile: what `run` writes and `compare`, `report` and `validate` read. Versioned JSON
// (profiles/SCHEMA.md, profiles/profile.schema.json). Integers for nanoseconds, null never NaN.
// This tool writes schema 2 and reads 1.x and 2.x: a 1.x case becomes one round of one run,
// timed as the sum of its passes (v1.hpp), so old profiles still compare and report.
#pragma once

#include "grp/core/machine/device_conditions.hpp"
#include "grp/core/machine/device_info.hpp"
#include "grp/core/machine/host_probe.hpp"
#include "grp/core/process/git.hpp"
#include "grp/model/host/host_baseline.hpp"
#include "grp/model/measure/timer_verdict.hpp"
#include "grp/model/profile/bandwidth.hpp"
#include "grp/model/profile/case.hpp"
#include "grp/model/profile/control_record.hpp"
#include "grp/model/profile/host_record.hpp"
#include "grp/model/profile/shard_record.hpp"
#include "grp/model/stats/stats.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

inline constexpr const char* profile_schema_version = "2.19.0";
inline constexpr int profile_schema_major = 2;
inline constexpr int profile_schema_oldest_major = 1; ///< 1.x profiles are upgraded on load

/// Where a device's wall time went, in seconds.
struct phase_times {
    std::map<std::string, double> seconds; ///< "context", "build", "data", "reference", ...
};

struct profile_device {
    device_info info;
    std::optional<peak_bandwidth> peak;
    /// 2.14: the read roof at each input size of the device's cases below the peak's bytes,
    /// measured with the peak; empty without a peak or in older profiles.
    std::vector<read_roof> roofs;
    /// 2.17: the median START->END span of an empty kernel (one work-item) on the cases' queue,
    /// in ns: what the shortest launch costs on the device, the unit of case_result::x_floor.
    /// Empty when unmeasured (check, older profiles).
    std::optional<double> launch_floor_ns;
    /// 2.17: the timed launches launch_floor_ns is the median of (after warm-up launches).
    std::optional<std::uint64_t> launch_floor_launches;
    std::optional<std::uint64_t> simd_width_estimate; ///< from the wg-probe scenario
    phase_times phases;
    /// 2.6: bytes of the scratch buffer written and read before every cold launch chain (run
    /// --cache); empty when no case of the device ran cold.
    std::optional<std::uint64_t> cache_flush_bytes;
    /// 2.8: the sensors the run found or lacked for the device; empty in older profiles.
    std::optional<sensor_record> sensors;
    /// 2.17: what run --clocks / --power-limit did to the device; empty when nothing was asked.
    std::optional<control_record> control;
    /// 2.13: whether the device's timer was believed, and so where its times come from
    /// (timer_verdict.hpp); unchecked in older profiles.
    timer_verdict timer;
    /// 2.13: the iterations after which the driver stopped a work-item's loop in the probe
    /// (timer_probe.hpp); empty when it did not.
    std::optional<std::uint64_t> loop_limit;
    /// 2.17: what the device and its host were set to (power limit, ECC, governor, ...) and
    /// the conditions key compare and history refuse to mix (device_conditions.hpp); empty in
    /// older profiles.
    std::optional<device_conditions> conditions;
    /// 2.13: why the device measured nothing (run -d all goes on to the next device); "" when
    /// it ran.
    std::string failure;
};

struct kernel_record {
    std::string name;  ///< name used in case keys
    std::string entry; ///< the __kernel function
    std::string path;  ///< "builtin:reduce.cl" or a file path as given
    std::string sha256;
    nlohmann::ordered_json spec =
        nlohmann::ordered_json::object(); ///< the kernel's spec entry as loaded
};

/// One run that contributed rounds: a plain profile has one, a merged baseline several.
struct run_record {
    std::string id;     ///< random hex, unique per run
    std::string source; ///< the file a merged run came from; "" for the run itself
    std::string git_sha, tool_version;
    host_info host;
    /// 2.9: where the process's wall time went (its devices' phases added up), its wall time
    /// from start to the profile written, and how many cores other processes kept busy on
    /// average meanwhile; empty in older profiles and in merged runs of older files.
    phase_times phases;
    std::optional<double> wall_s, other_cpu_cores;
    /// 2.11: the commit of the measured code (the repository the run started in, or
    /// `run --commit`); what `history` orders points by. Absent outside git.
    std::optional<git_revision> revision;
    /// 2.15: the shard of a sharded sweep this run timed (run --shard); absent otherwise.
    std::optional<shard_record> shard;
};

struct profile {
    std::string schema_version = profile_schema_version;
    bool complete = true; ///< false when the run was cut short: only finished work is present
    std::string incomplete_reason; ///< why, in words ("interrupted by SIGTERM", ...)
    struct tool_info {
        std::string name, version, git_sha;
        std::vector<std::string> argv;
    } tool;
    host_info host;
    std::vector<run_record> runs;
    nlohmann::ordered_json settings = nlohmann::ordered_json::object(); ///< sweep options used
    std::vector<profile_device> devices;
    std::vector<kernel_record> kernels;
    std::vector<case_result> cases;
    nlohmann::ordered_json scenarios = nlohmann::ordered_json::object(); ///< per-scenario summaries
    /// The host's own sums of the sweep's inputs (2.1): one per (type, layout, n), measured
    /// once per run, shared by every device that swept that input.
    std::vector<host_baseline> host_baselines;
};

void to_json(nlohmann::ordered_json& j, const profile& p);
void from_json(const nlohmann::ordered_json& j, profile& p);

/// The schema_version a profile read as `read_version` is written with: as read for this
/// major, else this tool's (a 1.x profile is upgraded on load and written in the 2.x shape).
std::string written_schema_version(const std::string& read_version);

/// A finite number as JSON, or null (JSON has no NaN or infinity).
nlohmann::ordered_json json_number(double v);
nlohmann::ordered_json json_number(const std::optional<double>& v);
/// A result value: a number, or "nan", "inf", "-inf" for non-finite values (an explicit marker,
/// never a zero). parse_result_value inverts it.
nlohmann::ordered_json json_result_value(double v);
double parse_result_value(const nlohmann::ordered_json& j);

} // namespace grp
