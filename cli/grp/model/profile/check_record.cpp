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

} // namespace

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
}

} // namespace grp
