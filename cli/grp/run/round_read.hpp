// The in-round read (#65): the device's best read shape timed once in every round, in the middle
// of the round's visits, and recorded in every round record the round made
// (round_record::peak_gbps), so a case's pct_of_peak divides its rate by a read of the same
// moments. Once per round per device, not once per case: every case of a round is within one
// round of the read (about 1.5 s on the default PoCL run: 10 cases of ~0.1 s; a few ms a case on
// a GPU), while the drift that made % of peak unstable moves over minutes (the 2-core EPYC VM's
// read went from 34 to 58 GB/s within minutes); a burst of load shorter than a round that hits
// the read and not a case, or the reverse, skews one round's ratio, and the median over rounds
// sets it aside (in_round_ratio, roof.hpp). A read per case would cost one burst per case
// instead of one per round.
#pragma once

#include "grp/run/launch/case_setup.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace grp::run {

/// Times the read: GB/s, or empty when nothing was kept (peak_probe::read_in_round).
using round_reader = std::function<std::optional<double>()>;

/// One round's read, for the cases a round visits.
class in_round_read {
public:
    /// Notes how many rounds each of `cases` holds before the round; `reader` may be empty
    /// (no peak: nothing is timed or recorded).
    in_round_read(round_reader reader, const std::vector<prepared_case*>& cases);

    /// Before the round visits group `k` of `groups`: times the read at the middle of the
    /// round (k == groups / 2), once.
    void before_visit(std::size_t k, std::size_t groups);

    /// After the round: the read into every round record the round added (none when no read
    /// was kept). Throws nothing.
    void record() const;

private:
    round_reader m_reader;
    std::vector<prepared_case*> m_cases;
    std::vector<std::size_t> m_before;
    std::optional<double> m_gbps;
    bool m_timed = false;
};

} // namespace grp::run
