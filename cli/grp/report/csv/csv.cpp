#include "grp/report/csv/csv.hpp"

#include "grp/model/profile/best.hpp"

#include <cmath>
#include <sstream>

namespace grp {

std::string csv_field(const std::string& s) {
    // A spreadsheet runs a cell that starts like a formula (OWASP, "CSV injection"): such a
    // text gets a leading apostrophe, which shows it as text, and quotes.
    const bool formula = !s.empty() && std::string("=+-@\t\r").find(s.front()) != std::string::npos;
    if (!formula && s.find_first_of(",\"\n\r") == std::string::npos) {
        return s;
    }
    std::string out = formula ? "\"'" : "\"";
    for (char ch : s) {
        out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    }
    return out + "\"";
}

std::string csv_number(const std::optional<double>& v) {
    if (!v || !std::isfinite(*v)) {
        return "";
    }
    std::ostringstream os;
    os.precision(10);
    os << *v;
    return os.str();
}

const char* const run_csv_header =
    "device,device_name,kernel,scenario,type,layout,n,local_size,op,params,status,median_ns,"
    "min_ns,mean_ns,stddev_ns,p5_ns,p95_ns,cv,samples,rounds,noisy,bytes,gbps,elements_per_s,"
    "pct_of_peak,reason,cache,screened,power_w,joules_per_launch,gbps_per_w";

namespace {

// The timing columns, median_ns to cv: empty without a summary.
std::string timing_fields(const case_result& c) {
    using opt = std::optional<double>;
    const auto& s = c.summary;
    return csv_number(s ? opt(s->median_ns) : opt()) + ',' +
           csv_number(s ? opt(s->min_ns) : opt()) + ',' + csv_number(s ? opt(s->mean_ns) : opt()) +
           ',' + csv_number(s ? opt(s->stddev_ns) : opt()) + ',' +
           csv_number(s ? opt(s->p5_ns) : opt()) + ',' + csv_number(s ? opt(s->p95_ns) : opt()) +
           ',' + csv_number(s ? opt(s->cv) : opt());
}

// power_w, joules_per_launch, gbps_per_w: empty without a power sensor (case_energy).
std::string energy_fields(const case_result& c) {
    using opt = std::optional<double>;
    const auto* e = c.energy ? &*c.energy : nullptr;
    return csv_number(e ? e->power_w : opt()) + ',' + csv_number(e ? e->joules_per_launch : opt()) +
           ',' + csv_number(e ? e->gbps_per_w : opt());
}

} // namespace

void print_cases_csv(std::ostream& os, const profile& p) {
    os << run_csv_header << '\n';
    for (const auto& c : p.cases) {
        const auto& k = c.key;
        const bool has_device =
            c.device >= 0 && static_cast<std::size_t>(c.device) < p.devices.size();
        os << c.device << ',' << csv_field(has_device ? p.devices[c.device].info.name : "") << ','
           << csv_field(k.kernel) << ',' << csv_field(c.scenario) << ',' << csv_field(k.type) << ','
           << csv_field(k.layout) << ',' << k.n << ',' << k.local_size << ',' << csv_field(k.op)
           << ',' << csv_field(params_text(k, ";")) << ',' << to_string(c.status) << ','
           << timing_fields(c) << ',' << c.samples_ns.size() << ',' << c.rounds.size() << ','
           << (c.summary && !c.noise_target_met ? 1 : 0) << ',' << c.bytes << ','
           << csv_number(c.gbps) << ',' << csv_number(c.elements_per_s) << ','
           << csv_number(c.pct_of_peak) << ',' << csv_field(c.reason) << ',' << k.cache << ','
           << (screened_by_halving(c) ? 1 : 0) << ',' << energy_fields(c) << '\n';
    }
}

} // namespace grp
