#include "grp/sim/case_check.hpp"

#include "grp/core/error.hpp"
#include "grp/model/access/access_text.hpp"
#include "grp/sim/inst_counts.hpp"
#include "grp/sim/oclgrind_log.hpp"

#include <algorithm>

namespace grp::sim {

void require_counts(const case_result& r, std::size_t tables) {
    const bool launched = r.status == case_status::ok || r.status == case_status::wrong;
    if (launched && tables < r.passes.size()) {
        throw file_error("check: " + r.key.to_string() +
                         ": the simulator's instruction counts of " +
                         std::to_string(r.passes.size() - tables) + " of its " +
                         std::to_string(r.passes.size()) +
                         " passes are missing, so this case has no verdict (was the simulator's "
                         "output lost?)");
    }
}

std::string summary_of(const check_record& c) {
    if (c.diagnostics.empty()) {
        return "";
    }
    const auto& d = c.diagnostics.front();
    std::string s = d.kind + (d.address_space.empty() ? "" : " (" + d.address_space + ")");
    if (!d.at.empty()) {
        const auto& l = d.at.front();
        auto file = l.file;
        if (const auto slash = file.find_last_of('/'); slash != std::string::npos) {
            file = file.substr(slash + 1);
        }
        s += " at " + file + ":" + std::to_string(l.line);
    }
    const auto more = c.diagnostics_seen > d.count ? c.diagnostics_seen - d.count : 0;
    if (more > 0) {
        s += " (" + std::to_string(more) + " more occurrence" + (more == 1 ? "" : "s") + ")";
    }
    return s;
}

void record_access(const captured& out, const case_result& r, check_record& rec) {
    const bool launched = r.status == case_status::ok || r.status == case_status::wrong;
    if (!out.access || !launched || rec.passes.empty()) {
        return;
    }
    std::string error;
    auto blocks = parse_access_blocks(out.counts, error);
    if (!error.empty()) {
        throw file_error("check: " + r.key.to_string() + ": " + error +
                         " (the access plugin and this binary do not match? rebuild both)");
    }
    if (blocks.size() < rec.passes.size()) {
        throw file_error("check: " + r.key.to_string() + ": the access metrics of " +
                         std::to_string(rec.passes.size() - blocks.size()) + " of its " +
                         std::to_string(rec.passes.size()) +
                         " passes are missing, so this case has no verdict (was the simulator's "
                         "output lost?)");
    }
    blocks.resize(rec.passes.size());
    rec.access = summarise_launches(blocks);
}

void record_check(const captured& out, const case_check_options& o, case_result& r) {
    check_record rec;
    rec.simulator = o.simulator;
    auto tables = parse_inst_counts(out.counts);
    require_counts(r, tables.size());
    if (tables.size() > r.passes.size()) {
        tables.resize(r.passes.size());
    }
    log_options lo{o.source_file, o.max_distinct, {}};
    for (std::size_t i = 0; i < tables.size(); ++i) {
        tables[i].work_groups = r.passes[i].groups;
        if (std::find(lo.kernels.begin(), lo.kernels.end(), tables[i].kernel) == lo.kernels.end()) {
            lo.kernels.push_back(tables[i].kernel);
        }
    }
    rec.passes = std::move(tables);
    record_access(out, r, rec);
    if (lo.kernels.empty()) {
        lo.kernels.push_back(r.key.kernel);
    }
    parse_log(out.log, lo, rec);
    rec.capped = rec.capped || out.log_dropped > 0;
    if (!rec.diagnostics.empty() &&
        (r.status == case_status::ok || r.status == case_status::wrong)) {
        const std::string wrong =
            r.status == case_status::wrong ? also_wrong_marker + r.reason : "";
        r.status = case_status::unsafe;
        r.reason = "the simulator found " + summary_of(rec) + wrong;
    }
    r.check = std::move(rec);
    if (out.recorded) {
        out.recorded(r);
    }
}

} // namespace grp::sim
