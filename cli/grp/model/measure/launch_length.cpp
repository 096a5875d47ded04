#include "grp/model/measure/launch_length.hpp"

#include <algorithm>

namespace grp {

namespace {

bool is_long(double seconds, double long_launch_s) {
    return long_launch_s > 0 && seconds >= long_launch_s;
}

} // namespace

bool warmup_done(std::uint64_t warmup, std::uint64_t done, double last_s, double long_launch_s) {
    return done >= warmup || (done >= 1 && is_long(last_s, long_launch_s));
}

std::uint64_t min_samples_for(std::uint64_t min_samples, double first_s, double long_launch_s) {
    return is_long(first_s, long_launch_s) ? std::min(min_samples, long_launch_min_samples)
                                           : min_samples;
}

} // namespace grp
