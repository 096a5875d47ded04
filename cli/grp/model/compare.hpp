// The comparison of two profiles as data (like google/benchmark's get_difference_report):
// cases matched by case_key, a verdict per case from a Mann–Whitney U test on the raw samples
// plus a minimum effect, cross-device labels, optional normalization, and the differences in
// context (device, driver, tool, schema). Printers (report/compare_print) and the command only
// present it; nothing here does I/O, so every rule is unit-tested on in-memory profiles.
#pragma once

#include "grp/model/compare_options.hpp"
#include "grp/model/profile.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp {

/// One profile's side of a case pair.
struct case_side {
    case_status status = case_status::ok;
    std::string reason;
    std::string device; ///< device name from profile::devices
    std::size_t samples = 0;
    std::optional<double> median_ns;
    std::optional<double> value; ///< normalized median (== median_ns without normalization)
    std::optional<double> pct_of_peak;
};

struct case_comparison {
    case_key key;
    std::optional<case_side> base, cand;
    verdict outcome = verdict::unknown;
    std::optional<double> ratio;   ///< candidate ÷ base, of the (normalized) medians
    std::optional<double> p_value; ///< two-sided Mann–Whitney U
    bool exact_p = false;
    /// P(a candidate sample > a base sample): 0.5 no shift, 1 every candidate sample slower.
    std::optional<double> prob_slower;
    bool cross_device = false; ///< devices differ (by UUID, else by name)
    bool fails = false;        ///< counts towards the exit code under the fail policy
    std::string note;          ///< why unknown/missing, and other remarks, in words

    /// ratio − 1: +0.10 is 10 % slower; empty when there is no ratio.
    [[nodiscard]] std::optional<double> change() const;
};

/// A context field that differs between the profiles, such as the driver version.
struct context_difference {
    std::string what, base, cand;
};

struct comparison {
    std::string base_label, cand_label; ///< usually the file paths
    compare_options options;
    std::vector<case_comparison> cases; ///< worst first
    std::vector<context_difference> context;
    std::vector<std::string> warnings; ///< e.g. an incomplete profile, no case in common
    std::size_t common = 0;            ///< keys present in both

    [[nodiscard]] std::size_t count(verdict v) const;
    [[nodiscard]] std::size_t failures() const;
    [[nodiscard]] bool failed() const { return failures() > 0; }
};

/// Compares `cand` against `base`. Pure; never throws for valid profiles.
comparison compare_profiles(const profile& base, const profile& cand, const compare_options& opt,
                            const std::string& base_label, const std::string& cand_label);

/// True when two devices are the same: equal UUIDs when both report one, else equal names.
bool same_device(const device_info& a, const device_info& b);

} // namespace grp
