// The vocabulary of `compare`: verdicts, the --fail-on policy, normalization and the statistical
// settings, with their parsers and names. Separate from compare.hpp so that the command and the
// printers can name options and verdicts without the matching logic.
#pragma once

#include <cstddef>
#include <string>

namespace grp {

/// Per-case outcome, in worst-first order (the order tables use).
enum class verdict {
    wrong,       ///< candidate's result is wrong and the base's was not
    slower,      ///< significant at alpha and beyond the threshold
    missing,     ///< the base has a result, the candidate none (absent, skipped or failed)
    unknown,     ///< too few samples, too noisy to decide, or no normalization reference
    still_wrong, ///< wrong in both: a known-bad kernel on this device, not a new failure
    same,        ///< within the threshold
    faster,      ///< significant and beyond the threshold the other way
    fixed,       ///< wrong in the base, correct in the candidate
    added,       ///< only the candidate has a result
    not_run,     ///< neither has a result (skipped or failed in both)
};
std::string to_string(verdict v);

/// Every verdict, worst first.
inline constexpr verdict all_verdicts[] = {
    verdict::wrong, verdict::slower, verdict::missing, verdict::unknown, verdict::still_wrong,
    verdict::same,  verdict::faster, verdict::fixed,   verdict::added,   verdict::not_run};

/// What a case is measured by; see compare_options::normalize.
enum class normalization {
    none,   ///< raw kernel time
    peak,   ///< time × the profile's measured streaming-read GB/s (∝ 1 / fraction of peak)
    kernel, ///< time ÷ the median of a reference case of the same profile
};

/// The outcomes --fail-on can select. Improvements never fail.
struct fail_policy {
    bool slower = true;
    bool wrong = true;
    bool missing = false;
};

/// Parses "slower,wrong,missing" (any subset) or "none". Throws usage_error on other words.
fail_policy parse_fail_on(const std::string& list);
std::string to_string(const fail_policy& f);

struct compare_options {
    double threshold = 0.05;     ///< minimum relative change of the median, 0.05 = 5 %
    double alpha = 0.01;         ///< significance level of the two-sided U test
    std::size_t min_samples = 5; ///< fewer samples on either side → unknown
    normalization normalize = normalization::none;
    /// For normalization::kernel: a kernel name (the reference is the case with the same type,
    /// layout, n and local size) or a full case key such as "copy/float/flat/n=1024/local=64"
    /// (one reference case for every case of the profile).
    std::string reference;
    fail_policy fail_on;
};

/// Parses --normalize: "none", "peak", or anything else as a reference kernel or case key.
void parse_normalize(const std::string& text, compare_options& opt);

/// "0.042", or "<0.001" for tiny values: three decimals are all a reader needs.
std::string format_p_value(double p);

} // namespace grp
