#include "grp/model/profile/case_status.hpp"

#include "grp/core/error.hpp"

namespace grp {

std::string to_string(case_status s) {
    switch (s) {
    case case_status::ok:
        return "ok";
    case case_status::wrong:
        return "wrong";
    case case_status::skipped:
        return "skipped";
    case case_status::failed:
        return "failed";
    case case_status::race_observed:
        return "race-observed";
    case case_status::unsafe:
        return "unsafe";
    case case_status::implausible:
        return "implausible";
    }
    return "unknown";
}

case_status parse_case_status(const std::string& s) {
    for (auto st : {case_status::ok, case_status::wrong, case_status::skipped, case_status::failed,
                    case_status::race_observed, case_status::unsafe, case_status::implausible}) {
        if (to_string(st) == s) {
            return st;
        }
    }
    throw file_error(
        "unknown case status '" + s +
        "' (expected ok, wrong, skipped, failed, race-observed, unsafe or implausible)");
}

} // namespace grp
