#include "grp/model/profile/check_record.hpp"

namespace grp {

using ojson = nlohmann::ordered_json;

std::uint64_t check_record::total_bytes(const std::string& what) const {
    std::uint64_t sum = 0;
    for (const auto& p : passes) {
        const auto it = p.bytes.find(what);
        sum += it == p.bytes.end() ? 0 : it->second;
    }
    return sum;
}

std::uint64_t check_record::total_instructions() const {
    std::uint64_t sum = 0;
    for (const auto& p : passes) {
        sum += p.instructions;
    }
    return sum;
}

std::uint64_t check_record::total_barriers() const {
    std::uint64_t sum = 0;
    for (const auto& p : passes) {
        sum += p.barriers;
    }
    return sum;
}

namespace {

ojson location_json(const source_location& l) {
    return {{"file", l.file}, {"line", l.line}, {"column", l.column}, {"text", l.text}};
}

source_location location_from(const ojson& j) {
    source_location l;
    l.file = j.value("file", "");
    l.line = j.value("line", std::uint64_t{0});
    l.column = j.value("column", std::uint64_t{0});
    l.text = j.value("text", "");
    return l;
}

ojson diagnostic_json(const sim_diagnostic& d) {
    ojson at = ojson::array();
    for (const auto& l : d.at) {
        at.push_back(location_json(l));
    }
    return {{"kind", d.kind},
            {"message", d.message},
            {"address_space", d.address_space},
            {"kernel", d.kernel},
            {"at", at},
            {"work_items", d.work_items},
            {"count", d.count}};
}

sim_diagnostic diagnostic_from(const ojson& j) {
    sim_diagnostic d;
    d.kind = j.value("kind", "other");
    d.message = j.value("message", "");
    d.address_space = j.value("address_space", "");
    d.kernel = j.value("kernel", "");
    for (const auto& l : j.value("at", ojson::array())) {
        d.at.push_back(location_from(l));
    }
    d.work_items = j.value("work_items", std::vector<std::string>{});
    d.count = j.value("count", std::uint64_t{1});
    return d;
}

ojson pass_json(const sim_pass_counts& p) {
    return {{"kernel", p.kernel},
            {"work_groups", p.work_groups},
            {"instructions", p.instructions},
            {"barriers", p.barriers},
            {"bytes", p.bytes},
            {"by_opcode", p.by_opcode}};
}

sim_pass_counts pass_from(const ojson& j) {
    sim_pass_counts p;
    p.kernel = j.value("kernel", "");
    p.work_groups = j.value("work_groups", std::uint64_t{0});
    p.instructions = j.value("instructions", std::uint64_t{0});
    p.barriers = j.value("barriers", std::uint64_t{0});
    p.bytes = j.value("bytes", std::map<std::string, std::uint64_t>{});
    p.by_opcode = j.value("by_opcode", std::map<std::string, std::uint64_t>{});
    return p;
}

/// The key of segments[w][s] in the profile: "w", the warp width, "_b", the segment bytes.
std::string access_segment_key(std::size_t w, std::size_t s) {
    return "w" + std::to_string(access_warps[w]) + "_b" + std::to_string(access_segments[s]);
}

} // namespace

void to_json(ojson& j, const access_summary& a) {
    ojson seg = ojson::object();
    for (std::size_t w = 0; w < 2; ++w) {
        for (std::size_t s = 0; s < 3; ++s) {
            seg[access_segment_key(w, s)] = a.segments[w][s];
        }
    }
    j = {{"global_requests", a.global_requests},
         {"segments_per_request", seg},
         {"new_sectors_per_request", a.new_sectors_per_request},
         {"miss_request_share", a.miss_request_share},
         {"local_requests", a.local_requests},
         {"bank_conflict_ways", a.bank_conflict_ways},
         {"simd_efficiency", a.simd_efficiency},
         {"instructions_per_barrier", a.instructions_per_barrier},
         {"distinct_lines", a.distinct_lines},
         {"line_entropy_bits", a.line_entropy_bits ? ojson(*a.line_entropy_bits) : ojson()}};
}

void from_json(const ojson& j, access_summary& a) {
    a.global_requests = j.at("global_requests").get<std::uint64_t>();
    const auto& seg = j.at("segments_per_request");
    for (std::size_t w = 0; w < 2; ++w) {
        for (std::size_t s = 0; s < 3; ++s) {
            a.segments[w][s] = seg.at(access_segment_key(w, s)).get<double>();
        }
    }
    // 2.19: absent in 2.18 profiles, read as 0 (no estimate is made from them).
    a.new_sectors_per_request = j.value("new_sectors_per_request", 0.0);
    a.miss_request_share = j.value("miss_request_share", 0.0);
    a.local_requests = j.at("local_requests").get<std::uint64_t>();
    a.bank_conflict_ways = j.at("bank_conflict_ways").get<double>();
    a.simd_efficiency = j.at("simd_efficiency").get<double>();
    a.instructions_per_barrier = j.at("instructions_per_barrier").get<double>();
    a.distinct_lines = j.at("distinct_lines").get<std::uint64_t>();
    const auto& h = j.at("line_entropy_bits");
    a.line_entropy_bits = h.is_null() ? std::nullopt : std::optional<double>(h.get<double>());
}

void to_json(ojson& j, const check_record& c) {
    ojson diags = ojson::array(), passes = ojson::array();
    for (const auto& d : c.diagnostics) {
        diags.push_back(diagnostic_json(d));
    }
    for (const auto& p : c.passes) {
        passes.push_back(pass_json(p));
    }
    j = {{"simulator", c.simulator},
         {"diagnostics", diags},
         {"diagnostics_seen", c.diagnostics_seen},
         {"capped", c.capped},
         {"passes", passes}};
    if (c.access) {
        j["access"] = *c.access;
    }
}

void from_json(const ojson& j, check_record& c) {
    c.simulator = j.value("simulator", "");
    for (const auto& d : j.value("diagnostics", ojson::array())) {
        c.diagnostics.push_back(diagnostic_from(d));
    }
    c.diagnostics_seen = j.value("diagnostics_seen", std::uint64_t{c.diagnostics.size()});
    c.capped = j.value("capped", false);
    for (const auto& p : j.value("passes", ojson::array())) {
        c.passes.push_back(pass_from(p));
    }
    if (const auto it = j.find("access"); it != j.end() && !it->is_null()) {
        c.access = it->get<access_summary>();
    }
}

} // namespace grp
