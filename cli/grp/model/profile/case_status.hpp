// What became of a case (case_result::status), with its names in a profile ("ok", "wrong",
// "race-observed", ...): readers switch on it, so a new value is a major schema change
// (profiles/SCHEMA.md).
#pragma once

#include <string>

namespace grp {

enum class case_status {
    ok,            ///< ran and verified
    wrong,         ///< ran, and a verification check failed (reason says which)
    skipped,       ///< not run: the device or kernel cannot (reason says why)
    failed,        ///< an OpenCL or build error (reason holds the message)
    race_observed, ///< barrier scenario: the barrier-less kernel gave wrong answers (a finding)
    unsafe,        ///< 2.7, check: the simulator found a race, an invalid access, ... (check)
    /// 2.14: verified, but faster than the device can read the case's bytes (roof.hpp): a
    /// kernel skipping work the check cannot see, or a clock that lies; never a result.
    implausible,
};
std::string to_string(case_status s);
/// Throws file_error on an unknown name.
case_status parse_case_status(const std::string& s);

} // namespace grp
