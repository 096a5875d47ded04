#include "grp/run/round_read.hpp"

#include <utility>

namespace grp::run {

in_round_read::in_round_read(round_reader reader, const std::vector<prepared_case*>& cases)
    : m_reader(std::move(reader)), m_cases(cases) {
    m_before.reserve(cases.size());
    for (const auto* c : cases) {
        m_before.push_back(c->result.rounds.size());
    }
}

void in_round_read::before_visit(std::size_t k, std::size_t groups) {
    if (m_reader && !m_timed && k == groups / 2) {
        m_timed = true;
        m_gbps = m_reader();
    }
}

void in_round_read::record() const {
    if (!m_gbps) {
        return;
    }
    for (std::size_t i = 0; i < m_cases.size(); ++i) {
        auto& rounds = m_cases[i]->result.rounds;
        if (rounds.size() > m_before[i]) {
            rounds.back().peak_gbps = m_gbps;
        }
    }
}

} // namespace grp::run
