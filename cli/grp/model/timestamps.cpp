#include "grp/model/timestamps.hpp"

namespace grp {

std::string check_stamps(const launch_stamps& s, std::uint64_t timer_resolution_ns) {
    if (s.end < s.start) {
        return "END before START";
    }
    if (s.start < s.submit) {
        return "START before SUBMIT";
    }
    if (s.submit < s.queued) {
        return "SUBMIT before QUEUED";
    }
    if (s.end - s.start < timer_resolution_ns || s.end == s.start) {
        return "duration under timer resolution (" + std::to_string(timer_resolution_ns) + " ns)";
    }
    return "";
}

} // namespace grp
