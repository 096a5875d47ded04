#include "grp/model/measure/launch_timeout.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace grp {

double default_launch_timeout_s(double longest_launch_s) {
    if (!std::isfinite(longest_launch_s) || longest_launch_s < 0) {
        return launch_timeout_floor_s;
    }
    return std::max(launch_timeout_floor_s, launch_timeout_margin * longest_launch_s);
}

std::string hung_reason(double seconds) {
    std::ostringstream s;
    s << "hung: no completion after ";
    if (seconds == std::floor(seconds) && seconds < 1e15) {
        s << static_cast<long long>(seconds);
    } else {
        s << seconds;
    }
    s << " s (--launch-timeout)";
    return s.str();
}

bool is_hung(const case_result& c) {
    return c.status == case_status::failed && c.reason.rfind("hung:", 0) == 0;
}

void mark_hung(profile& p, const case_key& key, int device, double seconds) {
    auto it = std::find_if(p.cases.begin(), p.cases.end(), [&](const case_result& c) {
        return c.scenario.empty() && c.key == key && c.device == device;
    });
    if (it == p.cases.end()) {
        p.cases.emplace_back();
        it = std::prev(p.cases.end());
    }
    case_result failed;
    failed.key = key;
    failed.device = device;
    failed.build_options = it->build_options;
    failed.status = case_status::failed;
    failed.reason = hung_reason(seconds);
    *it = std::move(failed);
}

} // namespace grp
