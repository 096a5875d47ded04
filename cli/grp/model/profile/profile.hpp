// The profile: what `run` writes and `compare`, `report` and `validate` read. Versioned JSON
// (profiles/SCHEMA.md, profiles/profile.schema.json). Integers for nanoseconds, null never NaN.
// This tool writes schema 2 and reads 1.x and 2.x: a 1.x case becomes one round of one run,
// timed as the sum of its passes (profile_v1.cpp), so old profiles still compare and report.
#pragma once

#include "grp/model/device_info.hpp"
#include "grp/model/host_baseline.hpp"
#include "grp/model/stats.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

inline constexpr const char* profile_schema_version = "2.3.0";
inline constexpr int profile_schema_major = 2;
inline constexpr int profile_schema_oldest_major = 1; ///< 1.x profiles are upgraded on load

enum class case_status {
    ok,            ///< ran and verified
    wrong,         ///< ran, and a verification check failed (reason says which)
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
    std::string op = "sum"; ///< the reduction operator
    /// Tuning parameters, name -> value as written in the spec (numbers as their decimal text).
    std::map<std::string, std::string> params;

    /// "reduce3/float/flat/n=1048576/local=256", then "/op=max" unless the operator is sum and
    /// "/NAME=VALUE" per parameter in name order: stable, used to match cases.
    [[nodiscard]] std::string to_string() const;
    bool operator==(const case_key& o) const;
    bool operator!=(const case_key& o) const { return !(*this == o); }
    bool operator<(const case_key& o) const;
};

/// A key with the default operator (sum) and no parameters.
case_key make_case_key(std::string kernel, std::string type, std::string layout, std::uint64_t n,
                       std::uint64_t local_size);

/// One kernel launch of a case's reduction: pass 0 reads the input, later passes the partials.
struct pass_info {
    std::uint64_t n = 0;           ///< elements this pass reduces
    std::uint64_t global_size = 0; ///< work-items
    std::uint64_t local_size = 0;
    std::uint64_t groups = 0; ///< partials written
};

/// One round: a short burst of timed launch chains after its own warm-up. Rounds of a case are
/// spread over the run (interleaved with the other cases, with fresh buffers), so the variation
/// between rounds and runs is what a verdict is tested against, never the launches of one burst.
struct round_record {
    std::uint32_t run = 0;     ///< index into profile::runs (several in a merged baseline)
    double started_s = 0;      ///< seconds since the run's start
    std::uint64_t warmup = 0;  ///< launches discarded before this round's samples
    std::uint64_t flagged = 0; ///< samples dropped by the timestamp sanity checks
    std::vector<std::uint64_t> samples_ns;  ///< per sample, as case_result::timing says
    std::vector<std::uint64_t> pass_sum_ns; ///< per sample Σ (END-START) over passes; empty
                                            ///< when the chain has one pass
    std::vector<std::uint64_t> overhead_ns; ///< per sample, first pass START - QUEUED
    /// ns this process's threads waited for a CPU per ns of the round (cpu_contention.hpp):
    /// above ~0.1 another process took the CPU while the round ran; empty when unmeasured.
    std::optional<double> cpu_wait;
    /// The CPU the round's launches were submitted from (run --cpu-rotation); empty: not pinned.
    std::optional<int> cpu;
    [[nodiscard]] std::optional<double> median_ns() const;
};

/// Everything checked about a case's results, beyond the tolerance check on the timing data.
struct verification_record {
    std::string data; ///< the timing data, e.g. "random (seed 1)"; see host_data
    /// Exact check: launches on data whose every partial sum is exact in the element type, so
    /// one dropped, duplicated or double-counted element changes the result. Empty optional:
    /// not run (integer types need none: their random data is checked exactly).
    std::optional<bool> exact_ok;
    std::string exact_data;              ///< what the exact data was, in words
    std::uint64_t exact_launches = 0;    ///< windows checked
    std::string exact_failure;           ///< first failing window: expected vs got
    std::uint64_t launches_checked = 0;  ///< timed launches whose final value was checked
    std::uint64_t wrong_launches = 0;    ///< of those, how many were wrong
    std::optional<double> example_wrong; ///< the first wrong value of a timed launch
    std::uint64_t input_checks = 0;      ///< times the input was compared with its pristine copy
    bool input_modified = false;         ///< the kernel wrote into its input buffer
    bool in_place = false;               ///< the spec declares it: input restored every launch
};

struct case_result {
    case_key key;
    int device = 0;       ///< index into profile::devices
    std::string scenario; ///< "" for plain sweeps; "wg-probe", "barrier", "precision", ...
    case_status status = case_status::ok;
    std::string reason; ///< why skipped/failed/wrong; empty when ok
    std::string build_options;
    std::vector<pass_info> passes;
    std::string finish = "passes"; ///< "passes", "last_group" (one launch) or "host"
    /// What a sample measures: "span" (first pass START to last pass END: what a caller pays,
    /// gaps between passes included) or "kernel" (Σ END-START over passes: schema 1.x).
    std::string timing = "span";
    std::vector<round_record> rounds;
    std::uint64_t rounds_planned = 0; ///< fewer rounds than planned: the run was cut short

    // Derived on load and after a run (not written): every round's samples, concatenated.
    std::vector<std::uint64_t> samples_ns;
    std::uint64_t warmup = 0;              ///< per round
    std::uint64_t flagged_samples = 0;     ///< over all rounds
    std::vector<std::string> flags;        ///< why samples were dropped (distinct reasons)
    bool noise_target_met = true;          ///< every round reached the noise target
    std::optional<sample_summary> summary; ///< of samples_ns

    std::uint64_t bytes = 0;              ///< bytes the reduction must move (see bytes_counted)
    std::string bytes_counted;            ///< what `bytes` counts, in words
    std::optional<double> gbps;           ///< bytes / median time, 1e9 bytes per second
    std::optional<double> elements_per_s; ///< key.n / median time
    std::optional<double> pct_of_peak;    ///< gbps / device's measured peak read GB/s * 100
    bool above_peak = false;              ///< pct_of_peak > 105: cache-resident input or bad peak

    std::vector<double> result;      ///< device value(s): 1 for flat, 3 (x,y,z) for layouts
    std::vector<double> reference;   ///< host reference value(s)
    std::optional<double> abs_error; ///< |result - reference|; null when not finite
    std::optional<double> rel_error; ///< abs_error / |reference|; null when undefined
    std::optional<double> tolerance; ///< allowed abs_error; null for exact (integer) checks
    verification_record verification;
    std::vector<std::string> notes; ///< remarks in words ("above the kernel's reported ...")

    nlohmann::ordered_json extra = nlohmann::ordered_json::object(); ///< scenario-specific facts

    /// Rebuilds samples_ns, flagged_samples and summary from the rounds.
    void derive_from_rounds();
};

/// The device's achievable bandwidth, measured once per run by built-in kernels.
struct peak_bandwidth {
    double read_gbps = 0; ///< best of the read shapes (streaming read), 1e9 B/s
    double copy_gbps = 0; ///< copy, counting bytes read plus bytes written
    std::uint64_t bytes = 0;
    double read_median_ns = 0, copy_median_ns = 0;
    std::string read_shape; ///< which read kernel gave read_gbps ("stream_read", "chunk_read")
};

/// Where a device's wall time went, in seconds.
struct phase_times {
    std::map<std::string, double> seconds; ///< "context", "build", "data", "reference", ...
};

struct profile_device {
    device_info info;
    std::optional<peak_bandwidth> peak;
    std::optional<std::uint64_t> simd_width_estimate; ///< from the wg-probe scenario
    phase_times phases;
};

struct kernel_record {
    std::string name;  ///< name used in case keys
    std::string entry; ///< the __kernel function
    std::string path;  ///< "builtin:reduce.cl" or a file path as given
    std::string sha256;
    nlohmann::ordered_json spec =
        nlohmann::ordered_json::object(); ///< the kernel's spec entry as loaded
};

/// The machine a run was made on: enough to tell "same machine" from "cross-machine".
struct host_info {
    std::string hostname, os, started_at, finished_at; ///< times ISO 8601 UTC
    std::string os_release;                            ///< PRETTY_NAME of /etc/os-release
    std::string cpu_model;                             ///< /proc/cpuinfo "model name"
    std::uint32_t cpu_cores = 0;                       ///< logical CPUs online
    std::uint64_t memory_bytes = 0;
    std::string machine_id; ///< sha256 prefix of /etc/machine-id; "" when unreadable
    std::optional<std::array<double, 3>> load_start, load_end; ///< 1, 5, 15 min averages
    std::map<std::string, std::string> env; ///< variables that select devices or drivers
    // 2.2: the CPU's clocks. Empty optionals: not readable on that machine (null in the file).
    std::optional<double> cpu_mhz;     ///< cpu0's clock when the run started
    std::optional<double> cpu_max_mhz; ///< cpu0's maximum (cpufreq cpuinfo_max_freq)
    std::string cpu_governor;          ///< cpufreq scaling governor; "" when not exposed
    /// Derived on load, not written: false for a profile older than 2.2, whose clocks were
    /// never recorded ("not recorded", as opposed to "unavailable").
    bool clocks_recorded = true;
};

/// One run that contributed rounds: a plain profile has one, a merged baseline several.
struct run_record {
    std::string id;     ///< random hex, unique per run
    std::string source; ///< the file a merged run came from; "" for the run itself
    std::string git_sha, tool_version;
    host_info host;
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

void to_json(nlohmann::ordered_json& j, const case_key& k);
void from_json(const nlohmann::ordered_json& j, case_key& k);
void to_json(nlohmann::ordered_json& j, const sample_summary& s);
void from_json(const nlohmann::ordered_json& j, sample_summary& s);
void to_json(nlohmann::ordered_json& j, const case_result& c);
void from_json(const nlohmann::ordered_json& j, case_result& c);
void to_json(nlohmann::ordered_json& j, const host_info& h);
void from_json(const nlohmann::ordered_json& j, host_info& h);
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

/// Upgrades a schema 1.x document to the schema 2 shape in place (one round per case, timing
/// "kernel", tolerance semantics as 1.x wrote them). profile_v1.cpp.
void upgrade_v1_document(nlohmann::ordered_json& j);

/// One message per case key that appears twice on one device (validate rejects such files;
/// 0.1 wrote them when a user kernel shared a built-in's name, so readers still load them).
std::vector<std::string> duplicate_case_keys(const profile& p);

/// Reads and checks a profile through the one loading path (core/json_file.hpp): a regular
/// file of bounded size and depth, valid JSON, the schema of its major version. Throws
/// file_error (exit 5) naming the path and, for syntax errors, line and column.
profile load_profile(const std::string& path);

/// Parses profile JSON text; `path` is only used in messages. Throws file_error as
/// load_profile does.
profile parse_profile(const std::string& text, const std::string& path);

/// Builds a profile from a parsed document: the schema major, the JSON Schema (skipped when
/// the caller has `schema_checked` it already), then the fields. Throws file_error "PATH: ...".
profile profile_from_json(nlohmann::ordered_json doc, const std::string& path,
                          bool schema_checked = false);

/// Writes atomically, replacing an existing file (core/output_file.hpp). Throws file_error.
void save_profile(const profile& p, const std::string& path);

/// The profile as the JSON text save_profile writes.
std::string profile_text(const profile& p);

/// Writes any text atomically, replacing an existing file (output_file with force); devices
/// and FIFOs such as /dev/null are written in place instead.
void write_file_atomic(const std::string& path, const std::string& text);

} // namespace grp
