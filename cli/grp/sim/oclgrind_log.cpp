#include "grp/sim/oclgrind_log.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace grp::sim {

namespace {

bool contains(const std::string& s, const char* what) {
    return s.find(what) != std::string::npos;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    const auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

/// The blocks of the log: each starts at a line that is not indented and holds the lines
/// indented under it.
std::vector<std::vector<std::string>> blocks_of(const std::string& log) {
    std::vector<std::vector<std::string>> out;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) {
        if (trim(line).empty()) {
            continue;
        }
        if (line[0] != '\t' && line[0] != ' ') {
            out.push_back({line});
        } else if (!out.empty()) {
            out.back().push_back(line);
        }
    }
    return out;
}

std::string address_space_of(const std::string& line) {
    static const std::regex space(R"(\b(global|local|private|constant) memory)");
    std::smatch m;
    return std::regex_search(line, m, space) ? m[1].str() : "";
}

std::string without_addresses(const std::string& line) {
    static const std::regex address(R"(( address)? ?\b0x[0-9a-fA-F]+)");
    auto s = trim(std::regex_replace(line, address, ""));
    if (!s.empty() && s.back() == ':') {
        s.pop_back();
    }
    return s;
}

/// A line or column number; one beyond 64 bits (no source has it) is held at the largest.
std::uint64_t place_of(const std::string& digits) {
    try {
        return std::stoull(digits);
    } catch (const std::out_of_range&) {
        return UINT64_MAX;
    }
}

/// Reads "Kernel:", "At line L (column C) of FILE:" (+ the quoted source on the next line)
/// and the work-item lines ("Global(..) Local(..) Group(..)") of one block.
void read_body(const std::vector<std::string>& block, const log_options& o, sim_diagnostic& d) {
    static const std::regex at(R"(At line (\d+) \(column (\d+)\) of (.*):)");
    static const std::regex items(R"((Global\([^)]*\) Local\([^)]*\) Group\([^)]*\)))");
    for (std::size_t i = 1; i < block.size(); ++i) {
        const auto line = trim(block[i]);
        std::smatch m;
        if (line.rfind("Kernel:", 0) == 0) {
            d.kernel = trim(line.substr(7));
        } else if (line.rfind("Work-group:", 0) == 0 || line.rfind("Only ", 0) == 0) {
            d.work_items.push_back(line); // barrier divergence: the group, and who got there
        } else if (std::regex_search(line, m, at)) {
            source_location l;
            l.line = place_of(m[1].str());
            l.column = place_of(m[2].str());
            l.file =
                (m[3].str() == "input.cl" && !o.source_file.empty()) ? o.source_file : m[3].str();
            l.text = i + 1 < block.size() ? trim(block[i + 1]) : "";
            d.at.push_back(l);
        } else if (std::regex_search(line, m, items)) {
            d.work_items.push_back(m[1].str());
        }
    }
}

using merge_key = std::tuple<std::string, std::string, std::string, std::string>;

merge_key key_of(const sim_diagnostic& d) {
    std::string places;
    for (const auto& l : d.at) {
        places += std::to_string(l.line) + ":" + std::to_string(l.column) + ";";
    }
    return {d.kind, d.message, d.kernel, places};
}

/// Where an occurrence happened, as numbers to order by: its groups' ids first, then every
/// other id. The simulator runs work-groups on several threads, so which occurrence comes first
/// in its log changes from run to run; the one with the lowest rank is the example kept, and
/// the same on every run.
std::vector<std::uint64_t> example_rank(const std::vector<std::string>& work_items) {
    static const std::regex group(R"(Group\(([^)]*)\)|Work-group: \(([^)]*)\))");
    static const std::regex number(R"(\d+)");
    std::vector<std::uint64_t> groups;
    std::vector<std::uint64_t> rest;
    for (const auto& w : work_items) {
        for (std::sregex_iterator g(w.begin(), w.end(), group), end; g != end; ++g) {
            const auto ids = (*g)[1].matched ? (*g)[1].str() : (*g)[2].str();
            for (std::sregex_iterator n(ids.begin(), ids.end(), number); n != end; ++n) {
                groups.push_back(place_of(n->str()));
            }
        }
        for (std::sregex_iterator n(w.begin(), w.end(), number), end; n != end; ++n) {
            rest.push_back(place_of(n->str()));
        }
    }
    groups.insert(groups.end(), rest.begin(), rest.end());
    return groups;
}

/// One more occurrence of `kept`: counted, and its work-items kept when they rank lower.
void merge_occurrence(sim_diagnostic& kept, sim_diagnostic&& d) {
    ++kept.count;
    if (example_rank(d.work_items) < example_rank(kept.work_items)) {
        kept.work_items = std::move(d.work_items);
    }
}

} // namespace

std::string diagnostic_kind(const std::string& first_line) {
    if (contains(first_line, "data race")) {
        return "data-race";
    }
    if (contains(first_line, "divergence")) {
        return "barrier-divergence";
    }
    if (contains(first_line, "ninitiali")) {
        return "uninitialized";
    }
    if (contains(first_line, "Invalid read") || contains(first_line, "Invalid write") ||
        contains(first_line, "out of bounds") || contains(first_line, "Invalid access")) {
        return "out-of-bounds";
    }
    if (contains(first_line, "runtime error") || contains(first_line, "API error")) {
        return "api";
    }
    return "other";
}

void parse_log(const std::string& log, const log_options& o, check_record& rec) {
    std::map<merge_key, std::size_t> index;
    for (const auto& block : blocks_of(log)) {
        const auto& first = block.front();
        if (first.rfind("Oclgrind: ", 0) == 0 && contains(first, "suppressing")) {
            rec.capped = true; // the simulator's own limit: later occurrences were not logged
            continue;
        }
        sim_diagnostic d;
        d.kind = diagnostic_kind(first);
        d.message = without_addresses(first);
        d.address_space = address_space_of(first);
        read_body(block, o, d);
        if (!o.kernels.empty() &&
            std::find(o.kernels.begin(), o.kernels.end(), d.kernel) == o.kernels.end()) {
            continue;
        }
        ++rec.diagnostics_seen;
        const auto [it, added] = index.emplace(key_of(d), rec.diagnostics.size());
        if (!added) {
            if (it->second < rec.diagnostics.size()) {
                merge_occurrence(rec.diagnostics[it->second], std::move(d));
            }
        } else if (rec.diagnostics.size() < o.max_distinct) {
            rec.diagnostics.push_back(std::move(d));
        } else {
            it->second = SIZE_MAX; // counted in diagnostics_seen, not kept
            rec.capped = true;
        }
    }
}

} // namespace grp::sim
