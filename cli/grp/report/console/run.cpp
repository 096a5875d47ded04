#include "grp/report/console/run.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/profile/best.hpp"
#include "grp/report/console/device_heading.hpp"
#include "grp/report/console/round_basis.hpp"
#include "grp/report/console/run_matrix.hpp"
#include "grp/report/text/matrix_text.hpp"
#include "grp/report/text/table.hpp"
#include "grp/report/views/layout_summary.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <tuple>

namespace grp {

namespace {

std::string short_key(const case_key& k) {
    return row_label(k) + " " + k.type + (k.layout == "flat" ? "" : " " + k.layout) +
           " n=" + format_count(k.n) + " local=" + std::to_string(k.local_size) +
           (k.op == "sum" ? "" : " op=" + k.op) + (k.cache == "warm" ? "" : " " + k.cache);
}

// The kernel column: the row label, plus the operator unless it is sum (run --op) and the
// cache state when cold (run --cache).
std::string kernel_cell(const case_key& k) {
    return row_label(k) + (k.op == "sum" ? "" : " op=" + k.op) +
           (k.cache == "warm" ? "" : " " + k.cache);
}

/// A verified case without a time, in words ("" when it has one, or when check never times).
/// After Ctrl-C the case whose round was cut short read "ok" with no time, as if it had one.
std::string untimed(const case_result& r) {
    if (r.status != case_status::ok || r.summary || r.check) {
        return "";
    }
    return r.flagged_samples > 0 ? "verified, not timed: every sample's timestamps were flagged (" +
                                       std::to_string(r.flagged_samples) + ")"
                                 : "verified, not timed: stopped before its first timed sample";
}

std::string outcome(const case_result& r) {
    switch (r.status) {
    case case_status::ok:
        if (!r.summary) {
            return r.check ? "ok" : untimed(r);
        }
        return format_ns(r.summary->median_ns) +
               (r.gbps ? "  " + format_fixed(*r.gbps, 1) + " GB/s" : "");
    case case_status::skipped:
        return "skipped: " + r.reason;
    default:
        return to_string(r.status) + ": " + r.reason.substr(0, r.reason.find('\n'));
    }
}

/// The device's value(s), as exact as a double prints them: "32640", "1153433.625", "a,b,c".
std::string result_text(const case_result& c) {
    std::string out;
    for (double v : c.result) {
        std::ostringstream os;
        os.precision(15);
        os << v;
        out += (out.empty() ? "" : ",") + os.str();
    }
    return out.empty() ? "-" : out;
}

} // namespace

void run_progress::device_started(const device_info& d, std::size_t cases) {
    m_device_start = std::chrono::steady_clock::now();
    if (!m_quiet) {
        m_os << "device " << d.index << ": " << terminal_escape(d.name) << " ("
             << terminal_escape(d.platform_name) << "), " << cases << " cases\n";
    }
}

void run_progress::peak_measured(const peak_bandwidth& p) {
    if (!m_quiet) {
        m_os << "  measured peak: read " << format_fixed(p.read_gbps, 1) << " GB/s ("
             << p.read_shape << "), copy " << format_fixed(p.copy_gbps, 1) << " GB/s ("
             << format_bytes(p.bytes) << " buffer)\n"
             << "    (copy: kernels/peak.cl's stream_copy, bytes read + bytes written over its "
                "time, one grid-stride float4 loop without the CPU-shaped chunks the read may "
                "use, so on a CPU it can sit far below the read; % peak is against the read)\n";
    }
}

void run_progress::size_chosen(const size_choice& c, bool cached) {
    if (!m_quiet) {
        m_os << "  default n: " << format_bytes(c.bytes) << " of input, "
             << (cached ? "as measured before: " : "measured now: ") << c.why << '\n';
    }
}

void run_progress::timer_judged(const timer_verdict& v) {
    if (v.kind == timer_kind::trusted && !m_quiet) {
        m_os << "  timer: " << describe(v) << " over a probe\n";
    } else if (v.host_timing()) {
        m_os << "warning: timer " << describe(v)
             << ". Times come from the host clock instead (each launch bracketed by a wait, so "
                "they include launch costs), and compare will not gate them.\n";
    } else if (v.kind == timer_kind::unchecked && !v.cause.empty()) {
        m_os << "note: timer unchecked: " << v.cause << '\n';
    }
}

void run_progress::loop_limited(const std::string& device, std::uint64_t iterations) {
    m_os << "warning: " << terminal_escape(device) << " stops every work-item's loops after "
         << iterations
         << " iterations, silently (a driver limit: Mesa 22.3's llvmpipe has it); a kernel "
            "whose work-items loop longer gives wrong results here. The tool's own helpers "
            "use more work-items; for yours use a larger global size, another device (PoCL), "
            "or a newer driver.\n";
}

std::string run_progress::eta(std::size_t done, std::size_t total) const {
    if (done == 0) {
        return "";
    }
    double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - m_device_start).count();
    auto left =
        static_cast<long>(spent / static_cast<double>(done) * static_cast<double>(total - done));
    char buf[32];
    std::snprintf(buf, sizeof buf, " ETA %ld:%02ld", left / 60, left % 60);
    return buf;
}

void run_progress::phase(const std::string& name, std::size_t done, std::size_t total) {
    if (m_quiet) {
        return;
    }
    if (m_terminal) {
        m_os << "\r\033[K  " << name << ": " << done + 1 << '/' << total << std::flush;
    } else if (name != m_phase) {
        m_os << "  " << name << " (" << total << " cases)\n" << std::flush;
    }
    m_phase = name;
}

void run_progress::case_started(std::size_t index, std::size_t total, const case_key& key) {
    if (m_quiet || !m_terminal) {
        return;
    }
    m_os << "\r\033[K  [" << index + 1 << '/' << total << "] " << terminal_escape(short_key(key))
         << eta(index, total) << std::flush;
}

void run_progress::case_finished(std::size_t index, std::size_t total, const case_result& r) {
    if (m_quiet) {
        return;
    }
    if (m_terminal) {
        if (r.status == case_status::wrong || r.status == case_status::failed ||
            r.status == case_status::implausible) {
            m_os << "\r\033[K  [" << index + 1 << '/' << total << "] "
                 << terminal_escape(short_key(r.key)) << ": " << (m_colour ? "\033[31m" : "")
                 << terminal_escape(outcome(r)) << (m_colour ? "\033[0m" : "") << '\n';
        }
        return;
    }
    m_os << "  [" << index + 1 << '/' << total << "] " << terminal_escape(short_key(r.key)) << ": "
         << terminal_escape(outcome(r)) << '\n';
}

void run_progress::finish() {
    if (!m_quiet && m_terminal) {
        m_os << "\r\033[K" << std::flush;
    }
}

namespace {

using case_list = std::vector<const case_result*>;

// The status column: the status and what is worth knowing about the timing.
std::string list_status(const case_result& c) {
    std::string status = to_string(c.status);
    if (!untimed(c).empty()) {
        status += " (not timed)";
    }
    if (c.status == case_status::ok && !c.noise_target_met) {
        status += " (noisy)";
    }
    if (c.status == case_status::ok && screened_by_halving(c)) {
        status += " (screened)";
    }
    if (c.above_peak) {
        status += " >peak";
    }
    if (c.extra.contains("above_kernel_wg_limit")) {
        status += " (above kernel limit)";
    }
    return status;
}

// One row of the per-case table.
std::vector<text_table::cell> list_row(const case_result& c, bool is_best, bool show_result) {
    const auto* s = c.summary ? &*c.summary : nullptr;
    std::vector<text_table::cell> row = {
        {(is_best ? "* " : "  ") + kernel_cell(c.key), is_best ? "1" : nullptr},
        {c.key.type},
        {c.key.layout},
        {format_count(c.key.n)},
        {std::to_string(c.key.local_size)},
        {s ? format_ns(s->median_ns) : "-"},
        {s ? format_ns(s->p5_ns) + ".." + format_ns(s->p95_ns) : "-"},
        {c.gbps ? format_fixed(*c.gbps, 1) : "-"},
        {c.pct_of_peak ? format_fixed(*c.pct_of_peak, 1) : "-"},
        {c.elements_per_s ? format_fixed(*c.elements_per_s / 1e9, 2) : "-"}};
    if (show_result) {
        row.push_back({result_text(c)});
    }
    row.push_back({list_status(c), c.status == case_status::ok ? nullptr : "31"});
    return row;
}

// Why a case is wrong or failed, under the table: -q prints no progress lines, so this is the
// only place the reason shows. A build log's first line only (the log is printed with the error
// and kept in the profile).
void print_problem(std::ostream& os, const case_result& c) {
    if (c.status != case_status::wrong && c.status != case_status::failed) {
        return;
    }
    const bool stopped = std::any_of(c.notes.begin(), c.notes.end(), [](const std::string& n) {
        return n.rfind("not timed further", 0) == 0;
    });
    os << "  " << to_string(c.status) << ": " << terminal_escape(short_key(c.key)) << ": "
       << terminal_escape(c.reason.substr(0, c.reason.find('\n')))
       << (stopped ? " (not timed further once found wrong)" : "") << '\n';
}

// The per-case table; '*' marks the highest GB/s per (type, layout, n, op) among the listed
// cases.
// `show_result` adds the device's value (chosen data: the value itself is the point).
void print_case_list(std::ostream& os, const case_list& cases, bool colour, bool show_result) {
    std::map<std::tuple<std::string, std::string, std::uint64_t, std::string>, double> best;
    for (const auto* c : cases) {
        if (can_win(*c) && c->gbps) {
            auto& b = best[{c->key.type, c->key.layout, c->key.n, c->key.op}];
            b = std::max(b, *c->gbps);
        }
    }
    text_table t;
    for (const char* title : {"kernel", "type", "layout", "n", "local"}) {
        t.add_column(title, text_table::align::left);
    }
    for (const char* title : {"median", "p5..p95", "GB/s", "% peak", "Gelem/s"}) {
        t.add_column(title, text_table::align::right);
    }
    if (show_result) {
        t.add_column("result", text_table::align::right);
    }
    t.add_column("status");
    std::map<std::string, int> skipped;
    for (const auto* cp : cases) {
        const auto& c = *cp;
        if (c.status == case_status::skipped) {
            ++skipped[c.reason];
            continue;
        }
        const bool is_best =
            can_win(c) && c.gbps && *c.gbps == best[{c.key.type, c.key.layout, c.key.n, c.key.op}];
        t.add_row(list_row(c, is_best, show_result));
    }
    if (!t.empty()) {
        t.print(os, colour, "  ");
    }
    for (const auto& [reason, count] : skipped) {
        os << "  skipped " << count << "x: " << terminal_escape(reason) << '\n';
    }
    for (const auto* c : cases) {
        print_problem(os, *c);
    }
}

bool in_matrix(const case_result& c, const std::vector<const case_matrix*>& shown) {
    for (const auto* m : shown) {
        for (const auto& row : m->rows) {
            for (const auto& cell : row.cells) {
                if (cell.c == &c) {
                    return true;
                }
            }
        }
    }
    return false;
}

} // namespace

void print_run_tables(std::ostream& os, const profile& p, const run_table_options& o) {
    const auto matrices = build_matrices(p);
    // With chosen data (--data iota, const:V, ...) the value itself is the point: the list
    // shows it, so every case goes there.
    const std::string data = p.settings.value("data", "");
    const bool show_result = !data.empty() && data.rfind("random", 0) != 0;
    const bool list_only = o.list_only || show_result;
    for (std::size_t d = 0; d < p.devices.size(); ++d) {
        os << "\n" << device_heading(p, static_cast<int>(d)) << "\n";
        std::vector<const case_matrix*> shown, hosts_only;
        for (const auto& m : matrices) {
            if (m.device == static_cast<int>(d)) {
                (!list_only && m.local_sizes.size() > 1 ? shown : hosts_only).push_back(&m);
            }
        }
        for (const auto* m : shown) {
            print_matrix(os, *m, p, o, "  ");
        }
        case_list rest;
        for (const auto& c : p.cases) {
            if (c.device == static_cast<int>(d) && !in_matrix(c, shown)) {
                rest.push_back(&c);
            }
        }
        if (!rest.empty() && !shown.empty()) {
            os << "\n";
        }
        print_case_list(os, rest, o.colour, show_result);
        for (const auto* m : hosts_only) {
            if (auto host = matrix_host_text(*m); !host.empty()) {
                os << "  host (" << m->label() << "): " << host << '\n';
            }
            if (auto floor = matrix_floor_text(*m, p); !floor.empty()) {
                os << "  floor " << floor << '\n';
            }
        }
        print_round_basis(os, p, static_cast<int>(d), "  ");
    }
}

void print_layout_table(std::ostream& os, const profile& p) {
    auto rows = summarize_layouts(p);
    if (rows.empty()) {
        return;
    }
    text_table t;
    for (const char* c : {"device", "kernel", "n", "layout", "best local"}) {
        t.add_column(c);
    }
    for (const char* c : {"median", "bytes", "GB/s", "Grec/s", "vs soa"}) {
        t.add_column(c, text_table::align::right);
    }
    for (const auto& r : rows) {
        t.add_row({{std::to_string(r.device)},
                   {r.kernel},
                   {format_count(r.n)},
                   {r.layout},
                   {std::to_string(r.best_local_size)},
                   {format_ns(r.median_ns)},
                   {format_bytes(r.bytes)},
                   {format_fixed(r.gbps, 1)},
                   {format_fixed(r.records_per_s / 1e9, 3)},
                   {r.ratio_to_soa ? format_fixed(*r.ratio_to_soa, 2) + "x" : "-"}});
    }
    os << "\nLayouts (best local size per layout; vs soa = records/s relative to soa)\n";
    t.print(os, false, "  ");
}

} // namespace grp
