#include "grp/report/console/check.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/report/text/table.hpp"
#include "grp/report/views/access_view.hpp"
#include "grp/report/views/case_matrix.hpp"
#include "grp/report/views/estimate_view.hpp"
#include "grp/report/views/findings.hpp"

#include <algorithm>
#include <map>

namespace grp {

namespace {

std::string findings_text(const case_result& c) {
    // A table cell holds one line: a build log's lines follow the table (print_failed), with
    // or without a check record (#71: one with none of its diagnostics printed `\x0a`s).
    const auto first_line = c.reason.substr(0, c.reason.find('\n'));
    if (!c.check) {
        return c.reason.empty() ? "-" : first_line;
    }
    if (c.check->diagnostics.empty()) {
        return c.status == case_status::ok ? "none" : first_line;
    }
    std::map<std::string, std::uint64_t> kinds;
    for (const auto& d : c.check->diagnostics) {
        kinds[d.kind] += d.count;
    }
    std::string s;
    for (const auto& [kind, n] : kinds) {
        s += (s.empty() ? "" : ", ") + kind + " x" + std::to_string(n);
    }
    return s + (also_wrong(c.reason).empty() ? "" : "; result wrong too");
}

// A case as the lines under the table name it: "my_sum TILE=4 float n=4099 local=64".
std::string check_case_name(const case_result& c) {
    const auto params = params_text(c.key, " ");
    return terminal_escape(c.key.kernel) + (params.empty() ? "" : " " + terminal_escape(params)) +
           ' ' + terminal_escape(c.key.type) + " n=" + std::to_string(c.key.n) +
           " local=" + std::to_string(c.key.local_size);
}

// Under the table: each unsafe case whose result was wrong as well, and how (the table's
// status says unsafe, which outranks wrong).
void print_also_wrong(std::ostream& os, const profile& p) {
    for (const auto& c : p.cases) {
        if (const auto why = also_wrong(c.reason);
            c.status == case_status::unsafe && !why.empty()) {
            os << "  unsafe and wrong: " << check_case_name(c) << ": " << terminal_escape(why)
               << '\n';
        }
    }
}

// Under the table: each failed case's whole reason, a build log's line breaks kept (the
// table's cell shows its first line; a control character is still escaped).
void print_failed(std::ostream& os, const profile& p) {
    for (const auto& c : p.cases) {
        if (c.status != case_status::failed || c.reason.find('\n') == std::string::npos) {
            continue;
        }
        std::string text = terminal_escape(c.reason, true);
        while (!text.empty() && text.back() == '\n') {
            text.pop_back();
        }
        for (std::size_t at = text.find('\n'); at != std::string::npos;
             at = text.find('\n', at + 1)) {
            text.insert(at + 1, "    ");
        }
        os << "  failed: " << check_case_name(c) << ": " << text << '\n';
    }
}

// The case table's columns: a params column where a case has tuning parameters (without it the
// configurations of one kernel printed as identical rows, #71).
text_table case_table_columns(bool params) {
    text_table t;
    for (const char* c :
         {"kernel", "params", "type", "layout", "n", "local", "status", "findings"}) {
        if (params || std::string(c) != "params") {
            t.add_column(c);
        }
    }
    for (const char* c : {"global B read", "local B", "instructions", "barriers"}) {
        t.add_column(c, text_table::align::right);
    }
    return t;
}

// Under the table: the skipped cases, counted by reason.
void print_skipped(std::ostream& os, const profile& p) {
    std::map<std::string, std::size_t> skipped;
    for (const auto& c : p.cases) {
        if (c.status == case_status::skipped) {
            ++skipped[c.reason];
        }
    }
    for (const auto& [reason, n] : skipped) {
        os << "  skipped " << n << (n == 1 ? " case: " : " cases: ") << terminal_escape(reason)
           << '\n';
    }
}

void print_case_table(std::ostream& os, const profile& p, bool colour) {
    const bool params = std::any_of(p.cases.begin(), p.cases.end(),
                                    [](const case_result& c) { return !c.key.params.empty(); });
    auto t = case_table_columns(params);
    for (const auto& c : p.cases) {
        if (c.status == case_status::skipped) {
            continue; // counted under the table, by reason
        }
        const bool bad = c.status != case_status::ok;
        const char* red = bad ? "31" : nullptr;
        std::vector<text_table::cell> row{{c.key.kernel},
                                          {type_label(c.key, false)},
                                          {c.key.layout},
                                          {std::to_string(c.key.n)},
                                          {std::to_string(c.key.local_size)},
                                          {to_string(c.status), red},
                                          {findings_text(c), red}};
        if (params) {
            row.insert(row.begin() + 1, {params_text(c.key, " ")});
        }
        if (c.check && !c.check->passes.empty()) {
            const auto& k = *c.check;
            row.push_back({std::to_string(k.total_bytes("load global"))});
            row.push_back(
                {std::to_string(k.total_bytes("load local") + k.total_bytes("store local"))});
            row.push_back({std::to_string(k.total_instructions())});
            row.push_back({std::to_string(k.total_barriers())});
        } else {
            row.insert(row.end(), 4, text_table::cell{"-"});
        }
        t.add_row(std::move(row));
    }
    t.print(os, colour);
    print_also_wrong(os, p);
    print_failed(os, p);
    print_skipped(os, p);
}

/// Rows of text cells under `cols`: the columns in `left` aligned left, the rest right.
void print_text_rows(std::ostream& os, const std::vector<std::string>& cols,
                     const std::vector<std::vector<std::string>>& rows,
                     const std::vector<std::size_t>& left, bool colour) {
    text_table t;
    for (std::size_t i = 0; i < cols.size(); ++i) {
        const bool l = std::find(left.begin(), left.end(), i) != left.end();
        t.add_column(cols[i], l ? text_table::align::left : text_table::align::right);
    }
    for (const auto& r : rows) {
        std::vector<text_table::cell> cells;
        cells.reserve(r.size());
        for (const auto& v : r) {
            cells.push_back({v});
        }
        t.add_row(std::move(cells));
    }
    t.print(os, colour);
}

void print_access_table(std::ostream& os, const profile& p, bool colour) {
    const auto rows = access_rows(p);
    if (rows.empty()) {
        return;
    }
    os << "\nMemory access (per warp request of consecutive work-items; docs/check.md):\n";
    print_text_rows(os, access_columns(), rows, {0, 1}, colour);
}

void print_findings(std::ostream& os, const profile& p) {
    const auto all = merged_findings(p);
    if (all.empty()) {
        return;
    }
    os << "\nFindings (each once per kernel, with its occurrences over the kernel's cases):\n";
    for (const auto& f : all) {
        const auto& d = *f.first;
        os << "  " << terminal_escape(f.kernel) << ": " << terminal_escape(d.message) << " ("
           << f.count << (f.count == 1 ? " occurrence" : " occurrences") << ", local "
           << locals_text(f.local_sizes) << ")\n";
        for (const auto& l : d.at) {
            os << "    " << terminal_escape(l.file) << ":" << l.line << ":" << l.column << ": "
               << terminal_escape(l.text) << '\n';
        }
        if (!d.work_items.empty()) {
            const char* sep = d.kind == "data-race" ? " vs " : "; ";
            os << "    work-items: " << terminal_escape(d.work_items.front())
               << (d.work_items.size() > 1 ? sep + terminal_escape(d.work_items[1]) : "") << '\n';
        }
    }
}

} // namespace

void print_check_tables(std::ostream& os, const profile& p, bool colour) {
    if (!p.devices.empty()) {
        os << terminal_escape(p.devices.front().info.name) << " ("
           << terminal_escape(p.devices.front().info.driver_version.value_or("?")) << ")\n";
    }
    print_case_table(os, p, colour);
    print_access_table(os, p, colour);
    print_findings(os, p);
    std::map<std::string, std::size_t> by_status;
    for (const auto& c : p.cases) {
        ++by_status[to_string(c.status)];
    }
    std::string line;
    for (const auto& [status, n] : by_status) {
        line += (line.empty() ? "" : ", ") + std::to_string(n) + " " + status;
    }
    os << "check: " << (line.empty() ? "no cases" : line) << '\n';
}

void print_estimate_table(std::ostream& os, const profile& p, const estimate_device& d,
                          const std::string& source, bool colour) {
    const auto table = estimate_table_of(p, d);
    os << '\n' << terminal_escape(estimate_caption(d, source)) << ":\n";
    if (!table.rows.empty()) {
        print_text_rows(os, estimate_columns(), table.rows, {0, 1, 6}, colour); // 6: bound
    }
    for (const auto& n : table.notes) {
        os << "  " << terminal_escape(n) << '\n';
    }
}

} // namespace grp
