#include "grp/report/views/case_matrix.hpp"

#include "grp/core/error.hpp"
#include "grp/core/units.hpp"
#include "grp/model/profile/best.hpp"

#include <algorithm>
#include <tuple>

namespace grp {

namespace {

bool has(const std::string& s, const char* part) {
    return s.find(part) != std::string::npos;
}

// Why a skipped case did not run, in a word or two. The order matters: a refused launch
// mentions CL_KERNEL_WORK_GROUP_SIZE too.
std::string skip_mark(const std::string& reason) {
    if (has(reason, "launch failed")) {
        return "launch";
    }
    if (has(reason, "CL_KERNEL_WORK_GROUP_SIZE")) {
        return "wg>kernel";
    }
    if (has(reason, "device maximum") || has(reason, "MAX_WORK_ITEM_SIZES")) {
        return "wg>device";
    }
    if (has(reason, "fp64")) {
        return "no fp64";
    }
    if (has(reason, "local memory")) {
        return "local mem";
    }
    if (has(reason, "kernel runs only at") || has(reason, "kernel needs") ||
        has(reason, "kernel allows") || has(reason, "does not declare")) {
        return "spec";
    }
    if (has(reason, "device lacks") || has(reason, "sub-group")) {
        return "ext";
    }
    if (has(reason, "n = ") || has(reason, "MAX_MEM_ALLOC")) {
        return "size";
    }
    return "skipped";
}

using group_key =
    std::tuple<int, std::string, std::string, std::uint64_t, std::string, std::string>;

group_key key_of(const case_result& c) {
    return {c.device, c.key.type, c.key.layout, c.key.n, c.key.op, c.key.cache};
}

matrix_cell make_cell(const case_result& c) {
    matrix_cell cell;
    cell.c = &c;
    if (c.status == case_status::ok && c.summary && c.summary->median_ns > 0) {
        cell.median_ns = c.summary->median_ns;
        cell.gbps = c.gbps;
        cell.above_kernel_limit = c.extra.is_object() && c.extra.contains("above_kernel_wg_limit");
        cell.screened = screened_by_halving(c);
        cell.above_peak = c.above_peak;
    } else {
        cell.mark = short_reason(c);
    }
    return cell;
}

void add_note(case_matrix& m, const case_result& c, const std::string& mark) {
    const bool own = c.status != case_status::skipped; // a result's reason is the case's own
    const auto reason = c.reason.substr(0, c.reason.find('\n'));
    auto it = std::find_if(m.notes.begin(), m.notes.end(), [&](const matrix_note& n) {
        return n.mark == mark && (!own || n.reason == reason);
    });
    if (it == m.notes.end()) {
        m.notes.push_back({mark, reason, 0, {}});
        it = std::prev(m.notes.end());
    }
    ++it->count;
    if (own) {
        it->where.push_back(row_label(c.key) + " local " + std::to_string(c.key.local_size));
    }
}

// A kernel that does not declare the matrix's type or layout has nothing to say in it.
bool not_declared(const matrix_row& r) {
    return std::all_of(r.cells.begin(), r.cells.end(), [](const matrix_cell& c) {
        return c.c == nullptr ||
               (c.c->status == case_status::skipped && has(c.c->reason, "does not declare"));
    });
}

void omit_undeclared(case_matrix& m) {
    auto keep = std::stable_partition(m.rows.begin(), m.rows.end(),
                                      [](const matrix_row& r) { return !not_declared(r); });
    for (auto it = keep; it != m.rows.end(); ++it) {
        m.omitted.push_back(it->kernel);
    }
    m.rows.erase(keep, m.rows.end());
}

// Marks each row's best cell and the matrix's; fills notes and host speedups.
void finish(case_matrix& m, const profile& p) {
    std::optional<double> best_ns;
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
        auto& row = m.rows[r];
        for (std::size_t col = 0; col < row.cells.size(); ++col) {
            const auto& cell = row.cells[col];
            // A configuration successive halving dropped early shows its time but is not best.
            if (cell.median_ns && !cell.screened && !cell.above_peak &&
                (!row.best || *cell.median_ns < *row.cells[*row.best].median_ns)) {
                row.best = col;
            }
            if (cell.c && !cell.mark.empty()) {
                add_note(m, *cell.c, cell.mark);
            }
        }
        if (row.best) {
            row.cells[*row.best].best_in_row = true;
            const double ns = *row.cells[*row.best].median_ns;
            if (!best_ns || ns < *best_ns) {
                best_ns = ns;
                m.best_row = r;
            }
        }
    }
    if (m.best_row) {
        auto& row = m.rows[*m.best_row];
        row.cells[*row.best].best_overall = true;
    }
    m.host = find_host_baseline(p.host_baselines, m.type, m.layout, m.n);
    if (m.host == nullptr || m.op != "sum") {
        m.host = nullptr; // the host baseline is a sum
        return;
    }
    for (const auto& method : m.host->methods) {
        if (method.median_ns && *method.median_ns > 0) {
            host_speedup s{method.method, method.threads, *method.median_ns, std::nullopt};
            if (best_ns) {
                s.speedup = *method.median_ns / *best_ns;
            }
            m.speedups.push_back(s);
        }
    }
}

} // namespace

cell_value parse_cell_value(const std::string& s) {
    if (s == "time") {
        return cell_value::time;
    }
    if (s == "gbps") {
        return cell_value::gbps;
    }
    if (s == "both") {
        return cell_value::both;
    }
    if (s == "energy") {
        return cell_value::energy;
    }
    throw usage_error("--cells '" + s + "': expected time, gbps, both or energy");
}

std::string to_string(cell_value v) {
    switch (v) {
    case cell_value::time:
        return "time";
    case cell_value::gbps:
        return "gbps";
    case cell_value::both:
        return "both";
    case cell_value::energy:
        return "energy";
    }
    return "time";
}

std::string short_reason(const case_result& c) {
    switch (c.status) {
    case case_status::ok:
        return "n/a";
    case case_status::wrong:
        return "WRONG";
    case case_status::failed:
        return "failed";
    case case_status::race_observed:
        return "race";
    case case_status::unsafe:
        return "UNSAFE";
    case case_status::implausible:
        return "IMPLAUSIBLE";
    case case_status::skipped:
        return skip_mark(c.reason);
    }
    return "?";
}

const matrix_cell* case_matrix::best_cell() const {
    if (!best_row) {
        return nullptr;
    }
    const auto& row = rows[*best_row];
    return row.best ? &row.cells[*row.best] : nullptr;
}

std::string case_matrix::label() const {
    std::string s = type + ", " + layout + ", n=" + format_count(n);
    if (op != "sum") {
        s += ", op=" + op;
    }
    if (cache != "warm") {
        s += ", " + cache + " cache";
    }
    return s;
}

std::string row_label(const case_key& k) {
    std::string s = k.kernel;
    for (const auto& [name, value] : k.params) {
        s += " " + name + "=" + value;
    }
    return s;
}

std::string type_label(const case_key& k, bool with_layout) {
    return k.type + (!with_layout || k.layout == "flat" ? "" : " " + k.layout) +
           (k.op == "sum" ? "" : " op=" + k.op);
}

std::vector<case_matrix> build_matrices(const profile& p) {
    std::vector<case_matrix> out;
    std::map<group_key, std::size_t> index;
    for (const auto& c : p.cases) {
        if (!c.scenario.empty()) {
            continue;
        }
        auto [it, added] = index.emplace(key_of(c), out.size());
        if (added) {
            case_matrix m;
            std::tie(m.device, m.type, m.layout, m.n, m.op, m.cache) = it->first;
            out.push_back(std::move(m));
        }
        auto& m = out[it->second];
        if (std::find(m.local_sizes.begin(), m.local_sizes.end(), c.key.local_size) ==
            m.local_sizes.end()) {
            m.local_sizes.push_back(c.key.local_size);
        }
    }
    for (auto& m : out) {
        std::sort(m.local_sizes.begin(), m.local_sizes.end());
    }
    for (const auto& c : p.cases) {
        if (!c.scenario.empty()) {
            continue;
        }
        auto& m = out[index.at(key_of(c))];
        const auto label = row_label(c.key);
        auto row = std::find_if(m.rows.begin(), m.rows.end(),
                                [&](const matrix_row& r) { return r.kernel == label; });
        if (row == m.rows.end()) {
            m.rows.push_back({label, std::vector<matrix_cell>(m.local_sizes.size()), {}});
            row = std::prev(m.rows.end());
        }
        const auto col = static_cast<std::size_t>(
            std::lower_bound(m.local_sizes.begin(), m.local_sizes.end(), c.key.local_size) -
            m.local_sizes.begin());
        if (row->cells[col].c == nullptr) { // a duplicate key keeps the first case
            row->cells[col] = make_cell(c);
        }
    }
    for (auto& m : out) {
        omit_undeclared(m);
        finish(m, p);
    }
    out.erase(
        std::remove_if(out.begin(), out.end(), [](const case_matrix& m) { return m.rows.empty(); }),
        out.end());
    return out;
}

} // namespace grp
