#include "grp/parts/partition.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"

#include <cstdio>
#include <cstdlib>

namespace grp::parts {

std::uint64_t round_share(std::uint64_t total, std::size_t index, std::size_t count) {
    return total / count + (index <= total % count ? 1 : 0);
}

std::map<int, peak_bandwidth> parse_part_peaks(const std::vector<std::string>& texts) {
    std::map<int, peak_bandwidth> out;
    for (const auto& t : texts) {
        const auto a = t.find('|'), b = t.find('|', a + 1), c = t.find('|', b + 1);
        if (a == std::string::npos || b == std::string::npos || c == std::string::npos) {
            throw usage_error("--part-peak takes DEVICE|BYTES|READ_MEDIAN_NS|SHAPE, got '" +
                              terminal_escape(t) + "'");
        }
        peak_bandwidth p;
        const auto device = parse_count(t.substr(0, a), "--part-peak device");
        p.bytes = parse_count(t.substr(a + 1, b - a - 1), "--part-peak bytes");
        char* end = nullptr;
        const std::string median = t.substr(b + 1, c - b - 1);
        p.read_median_ns = std::strtod(median.c_str(), &end);
        if (end != median.c_str() + median.size() || !(p.read_median_ns > 0) || p.bytes == 0 ||
            device > 1000) {
            throw usage_error("--part-peak: '" + terminal_escape(t) +
                              "' has no positive median or a device index over 1000");
        }
        p.read_gbps = static_cast<double>(p.bytes) / p.read_median_ns;
        p.read_shape = t.substr(c + 1);
        out[static_cast<int>(device)] = p;
    }
    return out;
}

std::string part_peak_arg(int index, const peak_bandwidth& p) {
    char median[64];
    std::snprintf(median, sizeof median, "%.17g", p.read_median_ns);
    return std::to_string(index) + "|" + std::to_string(p.bytes) + "|" + median + "|" +
           p.read_shape;
}

void apply_part(const run_part& part, run::run_options& r, const std::vector<std::string>& peaks) {
    const std::uint64_t total = r.measure.rounds;
    const std::uint64_t share = round_share(total, part.index, part.count);
    if (share == 0) {
        throw usage_error("--part " + std::to_string(part.index) + "/" +
                          std::to_string(part.count) + " has no round of " + std::to_string(total));
    }
    std::uint64_t before = 0; // rounds of the earlier parts: the CPU rotation goes on from there
    for (std::size_t i = 1; i < part.index; ++i) {
        before += round_share(total, i, part.count);
    }
    r.measure.first_round = before;
    r.measure.rounds = share;
    r.measure.extra_rounds = (r.measure.extra_rounds + part.count - 1) / part.count;
    r.measure.max_time_s *= static_cast<double>(share) / static_cast<double>(total);
    if (part.index > 1) {
        r.measure_peak = false;
        r.known_peaks = parse_part_peaks(peaks);
        r.host_repeats = 0;
        r.exact_check = false; // the first process checked every case exactly
        r.scenarios.clear();
    }
}

} // namespace grp::parts
