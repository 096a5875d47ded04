#include "grp/model/access/access_text.hpp"

#include <charconv>
#include <cstdio>
#include <sstream>

namespace grp {

namespace {

const char* const access_header = "Access metrics of the launch (gpu-reduce-prof):";

/// Every integer sum of a block by its name, in the order written.
std::vector<std::pair<std::string, std::uint64_t*>> access_fields_of(access_totals& t) {
    std::vector<std::pair<std::string, std::uint64_t*>> f;
    for (std::size_t w = 0; w < 2; ++w) {
        const auto warp = std::to_string(access_warps[w]);
        f.emplace_back("global_requests_w" + warp, &t.global_requests[w]);
        for (std::size_t s = 0; s < 3; ++s) {
            f.emplace_back("global_segments_w" + warp + "_b" + std::to_string(access_segments[s]),
                           &t.global_segments[w][s]);
        }
    }
    f.emplace_back("global_accesses", &t.global_accesses);
    f.emplace_back("global_steps", &t.global_steps);
    f.emplace_back("global_new_sectors", &t.global_new_sectors);
    f.emplace_back("global_miss_requests", &t.global_miss_requests);
    f.emplace_back("local_requests", &t.local_requests);
    f.emplace_back("local_ways", &t.local_ways);
    f.emplace_back("active_lanes", &t.active_lanes);
    f.emplace_back("lane_slots", &t.lane_slots);
    f.emplace_back("instructions", &t.instructions);
    f.emplace_back("barriers", &t.barriers);
    f.emplace_back("work_items", &t.work_items);
    return f;
}

/// Reads "name value" of a block into `l`; false when the line is not one.
bool read_access_line(const std::string& line, access_launch& l) {
    std::istringstream in(line);
    std::string name, value;
    if (!(in >> name >> value) || !(in >> std::ws).eof()) {
        return false;
    }
    if (name == "line_entropy_bits") {
        if (value == "none") {
            l.line_entropy_bits.reset();
            return true;
        }
        char* end = nullptr;
        const double v = std::strtod(value.c_str(), &end);
        l.line_entropy_bits = v;
        return end == value.c_str() + value.size() && v >= 0;
    }
    std::uint64_t v = 0;
    const auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || p != value.data() + value.size()) {
        return false;
    }
    if (name == "distinct_lines") {
        l.distinct_lines = v;
        return true;
    }
    for (auto& [n, field] : access_fields_of(l.totals)) {
        if (n == name) {
            *field = v;
            return true;
        }
    }
    return false;
}

} // namespace

void write_access_block(std::ostream& os, const access_totals& t) {
    os << '\n' << access_header << '\n';
    auto copy = t; // the field table points into its argument
    copy.line_touches.clear();
    for (const auto& [name, field] : access_fields_of(copy)) {
        os << "  " << name << ' ' << *field << '\n';
    }
    os << "  distinct_lines " << (t.lines_capped ? 0 : t.line_touches.size()) << '\n';
    const auto h = t.line_entropy_bits();
    char bits[32] = "none";
    if (h) {
        std::snprintf(bits, sizeof bits, "%.6f", *h);
    }
    os << "  line_entropy_bits " << bits << "\n\n";
}

std::vector<access_launch> parse_access_blocks(const std::string& text, std::string& error) {
    std::vector<access_launch> out;
    std::istringstream in(text);
    bool in_block = false;
    const std::string header = access_header;
    for (std::string line; std::getline(in, line);) {
        if (line == header) {
            out.emplace_back();
            in_block = true;
        } else if (line.find_first_not_of(" \t\r") == std::string::npos) {
            in_block = false;
        } else if (in_block && !read_access_line(line, out.back())) {
            error = "cannot read the access metrics line '" + line.substr(0, 200) + "'";
            return out;
        }
    }
    return out;
}

access_summary summarise_launches(const std::vector<access_launch>& launches) {
    access_totals sum;
    std::uint64_t lines = 0;
    double bits = 0;
    bool entropy = !launches.empty();
    for (const auto& l : launches) {
        sum.merge(l.totals);
        lines += l.distinct_lines;
        entropy = entropy && l.line_entropy_bits.has_value();
        bits += l.line_entropy_bits.value_or(0) * static_cast<double>(l.totals.global_accesses);
    }
    auto s = summarise_access(sum);
    s.distinct_lines = lines;
    if (entropy && sum.global_accesses > 0) {
        s.line_entropy_bits = bits / static_cast<double>(sum.global_accesses);
    }
    return s;
}

} // namespace grp
