// What the HTML page and the markdown summary draw from: the profiles as loaded, and the views
// of a profile that the charts need (cases grouped per kernel family, per layout, per scenario;
// the throughput band of a case; status counts) plus the number formats both writers share.
// No HTML here: the section writers (html/sections/, html/scenarios/) and markdown/summary.cpp
// format these views.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace grp::html {

/// One profile given on the command line.
struct report_input {
    std::string path; ///< as given; shown (escaped) on the page
    profile prof;
};

/// The family of a kernel: the stem of its source file from profile::kernels ("reduce" for
/// "builtin:reduce.cl"), else the part of the name before a '/', else the name without its
/// trailing digits ("reduce" for "reduce3"), so the reduce0 … reduce6 ladder shares a chart.
std::string kernel_family(const profile& p, const std::string& kernel);

/// "NVIDIA H100 80GB HBM3", or "device N" when the index is not in profile::devices.
std::string device_name(const profile& p, int device);

/// The device of a case, or nullptr when its index is out of range.
const profile_device* device_of(const profile& p, const case_result& c);

/// Cases that share a chart. `label` is the family (throughput) or kernel (layouts).
struct case_group {
    int device = 0;
    std::string label;
    std::string type;
    std::uint64_t n = 0;
    std::vector<const case_result*> cases; ///< in profile order
};

/// Plain sweep cases (no scenario) grouped by device, family, type and n, in first-seen order.
std::vector<case_group> throughput_groups(const profile& p);

/// Plain sweep cases with a vec3 layout (aos12, aos16, soa) that ran (ok or wrong), grouped by
/// device, kernel, type and n; only groups that hold at least two layouts (otherwise there is
/// nothing to compare).
std::vector<case_group> layout_groups(const profile& p);

/// Per layout of a layout group: the verified case with the most records/s, and its records/s
/// relative to soa's best (empty without soa). `best` is nullptr when no case of it verified.
struct layout_best {
    std::string layout;
    const case_result* best = nullptr;
    std::optional<double> vs_soa;
};

/// Scenario names in first-seen order, from the cases and from profile::scenarios (except
/// "layouts", the layout sweep's facts, which the layout views show).
std::vector<std::string> scenario_names(const profile& p);

/// The cases of one scenario, in profile order.
std::vector<const case_result*> scenario_cases(const profile& p, const std::string& scenario);

/// Throughput at the p95 time (low) and at the p5 time (high), in the units of `value` (which
/// was computed from the median time). Empty when the case has no summary or value.
struct band {
    double low = 0, high = 0;
};
std::optional<band> throughput_band(const case_result& c, std::optional<double> value);

/// Bytes each element (record, for layouts) moves: bytes / n; empty when unknown.
std::optional<double> bytes_per_element(const case_result& c);

/// A decimal prefix for rates whose largest value is `max` (per second): 1e9 "G", 1e6 "M",
/// 1e3 "k" or 1 "", so that axis numbers stay readable on a GPU and on a CPU alike.
struct rate_unit {
    double factor = 1;
    std::string prefix;
};
rate_unit rate_unit_for(double max);

struct status_counts {
    std::size_t ok = 0, wrong = 0, skipped = 0, failed = 0, race_observed = 0, unsafe = 0,
                implausible = 0;
    [[nodiscard]] std::size_t total() const {
        return ok + wrong + skipped + failed + race_observed + unsafe + implausible;
    }
};
status_counts count_statuses(const profile& p);

/// True when some case of `p` holds a time. A `check` profile holds none (check verifies on
/// the simulator and never times), so its page leaves out the timing sections instead of
/// saying "no timed case" in each.
bool has_timing(const profile& p);

/// The highest-GB/s verified case of each throughput group, in group order; none for a duet's
/// profile (recorded_pairs): its kernels are a base, its A/A controls (the same code built again)
/// and candidates, which the duet judges against each other, and a "best" crowned `base:` or
/// `control:` instances.
std::vector<const case_result*> best_cases(const profile& p);

/// "312.4" or "n/a": for GB/s and percentages in tables, with `digits` decimals.
std::string format_opt(std::optional<double> v, int digits = 1);

/// `path` with its start replaced by "…" when longer than `max_chars` code points, so that the
/// file name stays visible: "…/runs/2025/h100.json".
std::string short_path(const std::string& path, std::size_t max_chars);

/// A JSON scalar as text ("0.25", "true", "abc"); objects and arrays as compact JSON.
std::string json_text(const nlohmann::ordered_json& j);

/// Flattens nested JSON objects into "a.b.c" → value rows (arrays stay whole, as JSON text).
std::vector<std::pair<std::string, std::string>> flatten(const nlohmann::ordered_json& j);

} // namespace grp::html
