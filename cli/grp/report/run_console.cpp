#include "grp/report/run_console.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/layout_summary.hpp"
#include "grp/report/table.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace grp {

namespace {

std::string short_key(const case_key& k) {
    return k.kernel + " " + k.type + (k.layout == "flat" ? "" : " " + k.layout) +
           " n=" + format_count(k.n) + " local=" + std::to_string(k.local_size);
}

std::string outcome(const case_result& r) {
    switch (r.status) {
    case case_status::ok:
        return r.summary ? format_ns(r.summary->median_ns) +
                               (r.gbps ? "  " + format_fixed(*r.gbps, 1) + " GB/s" : "")
                         : "ok";
    case case_status::skipped:
        return "skipped: " + r.reason;
    default:
        return to_string(r.status) + ": " + r.reason.substr(0, r.reason.find('\n'));
    }
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
        m_os << "  measured peak: stream read " << format_fixed(p.read_gbps, 1) << " GB/s, copy "
             << format_fixed(p.copy_gbps, 1) << " GB/s (" << format_bytes(p.bytes) << " buffer)\n";
    }
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
        if (r.status == case_status::wrong || r.status == case_status::failed) {
            m_os << "\r\033[K  [" << index + 1 << '/' << total << "] "
                 << terminal_escape(short_key(r.key)) << ": \033[31m" << terminal_escape(outcome(r))
                 << "\033[0m\n";
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

void print_run_tables(std::ostream& os, const profile& p, bool colour) {
    for (std::size_t d = 0; d < p.devices.size(); ++d) {
        // Best GB/s per (type, layout, n) among verified cases gets a '*'.
        std::map<std::tuple<std::string, std::string, std::uint64_t>, double> best;
        for (const auto& c : p.cases) {
            if (c.device == static_cast<int>(d) && c.status == case_status::ok && c.gbps) {
                auto& b = best[{c.key.type, c.key.layout, c.key.n}];
                b = std::max(b, *c.gbps);
            }
        }
        text_table t;
        for (const char* title : {"kernel", "type", "layout", "n", "local"}) {
            t.add_column(title, text_table::align::left);
        }
        for (const char* title : {"median", "p5..p95", "GB/s", "% peak", "Gelem/s"}) {
            t.add_column(title, text_table::align::right);
        }
        t.add_column("status");
        std::map<std::string, int> skipped;
        for (const auto& c : p.cases) {
            if (c.device != static_cast<int>(d)) {
                continue;
            }
            if (c.status == case_status::skipped) {
                ++skipped[c.reason];
                continue;
            }
            const auto* s = c.summary ? &*c.summary : nullptr;
            bool is_best = c.status == case_status::ok && c.gbps &&
                           *c.gbps == best[{c.key.type, c.key.layout, c.key.n}];
            const char* col = c.status == case_status::ok ? nullptr : "31";
            std::string status = to_string(c.status);
            if (c.status == case_status::ok && !c.noise_target_met) {
                status += " (noisy)";
            }
            if (c.above_peak) {
                status += " >peak";
            }
            if (c.extra.contains("above_kernel_wg_limit")) {
                status += " (above kernel limit)";
            }
            t.add_row({{(is_best ? "* " : "  ") + c.key.kernel, is_best ? "1" : nullptr},
                       {c.key.type},
                       {c.key.layout},
                       {format_count(c.key.n)},
                       {std::to_string(c.key.local_size)},
                       {s ? format_ns(s->median_ns) : "-"},
                       {s ? format_ns(s->p5_ns) + ".." + format_ns(s->p95_ns) : "-"},
                       {c.gbps ? format_fixed(*c.gbps, 1) : "-"},
                       {c.pct_of_peak ? format_fixed(*c.pct_of_peak, 1) : "-"},
                       {c.elements_per_s ? format_fixed(*c.elements_per_s / 1e9, 2) : "-"},
                       {status, col}});
        }
        const auto& dev = p.devices[d];
        os << "\n"
           << terminal_escape(dev.info.name) << " (" << terminal_escape(dev.info.platform_name)
           << ")";
        if (dev.peak) {
            os << ": peak stream read " << format_fixed(dev.peak->read_gbps, 1) << " GB/s";
        }
        os << "\n";
        if (!t.empty()) {
            t.print(os, colour, "  ");
        }
        for (const auto& [reason, count] : skipped) {
            os << "  skipped " << count << "x: " << terminal_escape(reason) << '\n';
        }
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

void print_run_legend(std::ostream& os) {
    os << R"legend(
Columns
  kernel   entry point (from its spec); '*' marks the highest GB/s for each type/layout/n.
  n        elements reduced (records of x,y,z for the aos12/aos16/soa layouts).
  local    work-group (local) size.
  median   median kernel time over the samples: per sample, the sum over every pass of the
           reduction (pass 0 reads the input, later passes the partials) of END - START from
           OpenCL event profiling. Warm-up launches and samples with implausible timestamps
           are not counted.
  p5..p95  5th and 95th percentile of the same samples.
  GB/s     bytes / median time, 1 GB = 1e9 bytes. Bytes = the input read once: n x sizeof(T)
           for flat arrays, n x 12 for aos12 and soa, n x 16 for aos16 (its 4 padding bytes
           travel with each record). Partial sums read and written by later passes are not
           counted: they are under 1% of the input for every built-in kernel.
  % peak   GB/s as a percentage of this device's streaming-read bandwidth, measured at the
           start of the run by the built-in stream_read kernel (kernels/peak.cl).
  Gelem/s  n / median time, in 1e9 elements (or records) per second.
  status   ok (verified), wrong (differs from the host reference beyond tolerance: exit 1),
           failed (an OpenCL error), skipped (the device or kernel cannot run this point; the
           reason is listed). "(noisy)": the relative standard error of the median stayed over
           --max-noise when --max-time ran out.
Verification: integers exactly (32-bit wrap-around included); floats within
depth x u x sum|x| of a compensated long-double host sum, depth being the longest chain of
additions through the passes and u the unit roundoff of the type.
)legend";
}

} // namespace grp
