// Known steps that stop failing: a waiver names a case (a glob over its key), a device (a glob
// over its device key), the commit the step starts at, why, and when the waiver ends. It lives in
// a file kept in git beside the code, so accepting a slowdown is a reviewed change, never a
// toggle on a server; a waiver past its date fails `history` loudly until it is renewed or
// removed, so nothing stays accepted by being forgotten.
//
// The file (JSON): {"waivers": [{"case": "reduce6/float/*", "device": "*H200*",
//   "commit": "1a2b3c4d", "reason": "a bounds check the fix needs", "expires": "2027-01-31"}]}
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/history/findings.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace grp {

struct waiver {
    std::string case_glob, device_glob;
    std::string commit; ///< at least 7 hex digits: a prefix of the step's first bad commit
    std::string reason;
    std::string expires; ///< YYYY-MM-DD, the last day it holds
    std::string where;   ///< "FILE: waivers[3]", for messages
};

/// Reads and checks a waivers file. Throws file_error naming the file and the entry for a
/// missing or malformed field (an empty reason, a date that is not YYYY-MM-DD, a commit that is
/// not hex), usage_error when it does not exist.
std::vector<waiver> load_waivers(const std::string& path);

/// Marks the findings each unexpired waiver covers: a step or drift whose series matches both
/// globs and whose first bad commit starts with the waiver's commit. A waived finding keeps its
/// numbers, says `waived` with the reason, and does not fail. Every waiver whose `expires` is
/// before `today` (YYYY-MM-DD) goes into r.expired instead, and makes the result fail.
void apply_waivers(history_result& r, const std::vector<waiver>& waivers, const std::string& today);

/// What compare knows of a waiver's place: the device key of a case's candidate side, and
/// whether the waiver's commit lies between the base's commit and the candidate's (nullopt when
/// the profiles carry no commits or git cannot tell: the waiver then applies by case and device,
/// and the note says so).
struct waiver_scope {
    std::function<std::string(const case_comparison&)> device_key;
    std::function<std::optional<bool>(const waiver&)> between;
};

/// compare --waivers: each slower case of `c` an unexpired waiver covers stops failing, its note
/// saying which waiver and why; returns the expired waivers in words (each fails the comparison:
/// the caller turns them into exit 1).
std::vector<std::string> waive_cases(comparison& c, const std::vector<waiver>& waivers,
                                     const std::string& today, const waiver_scope& scope);

} // namespace grp
