#include "grp/report/csv/history.hpp"

#include "grp/report/csv/csv.hpp"

#include <cmath>
#include <vector>

namespace grp {

void print_history_csv(std::ostream& out, const history_result& r) {
    out << "time,commit,source";
    for (const auto& s : r.time.series) {
        out << ',' << csv_field(s.key.to_string() + " on " + s.device.text());
    }
    out << '\n';
    // cell[place][series]: the point's time, when there is one
    std::vector<std::vector<std::optional<double>>> cell(
        r.time.places.size(), std::vector<std::optional<double>>(r.time.series.size()));
    for (std::size_t s = 0; s < r.time.series.size(); ++s) {
        for (const auto& p : r.time.series[s].points) {
            cell[p.place][s] = std::exp(p.value);
        }
    }
    for (std::size_t i = 0; i < r.time.places.size(); ++i) {
        const auto& p = r.time.places[i];
        out << csv_field(p.started_at) << ',' << csv_field(p.commit) << ',' << csv_field(p.source);
        for (const auto& v : cell[i]) {
            out << ',' << csv_number(v);
        }
        out << '\n';
    }
}

} // namespace grp
