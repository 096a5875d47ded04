#include "grp/report/csv/compare.hpp"

#include "grp/report/csv/csv.hpp"

#include <sstream>

namespace grp {

namespace {

/// The cross-device table as rows of the same columns: verdict `cross-device-best`, the key
/// columns of the kernel (n and local size empty: each side has its own), each side's best
/// median, ratio = base GB/s / candidate GB/s (the time per byte, as the other rows' ratio is
/// the time), cross_device 1, and the two winners in the note.
void print_cross_device_rows(std::ostream& os, const comparison& c) {
    for (const auto& r : c.cross_devices) {
        const std::string note = "best configurations: base " + r.base.key.to_string() + " on " +
                                 r.base.device + ", candidate " + r.cand.key.to_string() + " on " +
                                 r.cand.device + "; ratio is base GB/s / candidate GB/s";
        os << csv_field(c.cand_label) << ',' << csv_field(r.kernel + "/" + r.type + "/" + r.layout)
           << ',' << csv_field(r.kernel) << ',' << csv_field(r.type) << ',' << csv_field(r.layout)
           << ",,," << csv_field(r.op) << ",cross-device-best,0," << csv_number(r.base.median_ns)
           << ',' << csv_number(r.cand.median_ns) << ','
           << csv_number(r.cand.gbps > 0 ? std::optional<double>(r.base.gbps / r.cand.gbps)
                                         : std::nullopt)
           << ",,,,,,,1,0," << csv_field(note) << '\n';
    }
}

} // namespace

void print_comparisons_csv(std::ostream& os, const std::vector<comparison>& all) {
    os << "candidate,case,kernel,type,layout,n,local_size,op,verdict,fails,base_median_ns,"
          "candidate_median_ns,ratio,ci_low,ci_high,p_value,base_rounds,candidate_rounds,"
          "base_runs,cross_device,cross_machine,note\n";
    for (const auto& c : all) {
        for (const auto& cc : c.cases) {
            const auto& k = cc.key;
            os << csv_field(c.cand_label) << ',' << csv_field(k.to_string()) << ','
               << csv_field(k.kernel) << ',' << k.type << ',' << k.layout << ',' << k.n << ','
               << k.local_size << ',' << csv_field(k.op) << ',' << to_string(cc.outcome) << ','
               << (cc.fails ? 1 : 0) << ','
               << csv_number(cc.base ? cc.base->median_ns : std::nullopt) << ','
               << csv_number(cc.cand ? cc.cand->median_ns : std::nullopt) << ','
               << csv_number(cc.ratio) << ',' << csv_number(cc.ci_low) << ','
               << csv_number(cc.ci_high) << ',' << csv_number(cc.p_value) << ','
               << (cc.base ? cc.base->rounds : 0) << ',' << (cc.cand ? cc.cand->rounds : 0) << ','
               << (cc.base ? cc.base->runs : 0) << ',' << (cc.cross_device ? 1 : 0) << ','
               << (cc.cross_machine ? 1 : 0) << ',' << csv_field(cc.note) << '\n';
        }
        print_cross_device_rows(os, c);
    }
}

csv_compare_printer::csv_compare_printer(output_file file) : m_file(std::move(file)) {}

void csv_compare_printer::do_print_comparisons(const std::vector<comparison>& all) {
    std::ostringstream text;
    print_comparisons_csv(text, all);
    m_file.write(text.str());
}

bool csv_compare_printer::do_prints_work() const {
    return false;
}

void csv_compare_printer::do_print_work(const work_comparison& /*w*/) {}

} // namespace grp
