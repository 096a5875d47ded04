#include "grp/model/bisect/search.hpp"

#include <algorithm>
#include <stdexcept>

namespace grp {

std::string to_string(step_verdict v) {
    switch (v) {
    case step_verdict::good:
        return "good";
    case step_verdict::bad:
        return "bad";
    case step_verdict::undecided:
        break;
    }
    return "undecided";
}

std::optional<step_verdict> parse_step_verdict(const std::string& s) {
    for (const auto v : {step_verdict::good, step_verdict::bad, step_verdict::undecided}) {
        if (to_string(v) == s) {
            return v;
        }
    }
    return std::nullopt;
}

std::string to_string(search_outcome o) {
    switch (o) {
    case search_outcome::running:
        return "running";
    case search_outcome::culprit:
        return "culprit";
    case search_outcome::not_slower:
        return "not-slower";
    case search_outcome::undecided:
        break;
    }
    return "undecided";
}

std::size_t ceil_log2(std::size_t n) {
    std::size_t bits = 0;
    while ((std::size_t{1} << bits) < n) {
        ++bits;
    }
    return bits;
}

alpha_plan plan_alpha(double alpha, std::size_t commits, std::size_t max_skips) {
    if (commits == 0) {
        throw std::invalid_argument("a bisection needs at least one commit after the good one");
    }
    if (!(alpha > 0 && alpha < 0.5)) {
        throw std::invalid_argument("alpha must be in (0, 0.5)");
    }
    alpha_plan p;
    p.alpha = alpha;
    p.halvings = ceil_log2(commits);
    p.max_skips = max_skips;
    p.max_duets = 1 + p.halvings + max_skips;
    p.per_duet = alpha / static_cast<double>(p.max_duets);
    return p;
}

bisect_search::bisect_search(std::size_t commits, std::size_t max_duets)
    : m_commits(commits), m_max_duets(std::max<std::size_t>(max_duets, 1)), m_hi(commits) {
    if (commits == 0) {
        throw std::invalid_argument("a bisection needs at least one commit after the good one");
    }
}

bool bisect_search::skipped_place(std::size_t place) const {
    return std::any_of(m_steps.begin(), m_steps.end(), [&](const search_step& s) {
        return s.place == place && s.verdict == step_verdict::undecided;
    });
}

std::vector<std::size_t> bisect_search::skipped() const {
    std::vector<std::size_t> out;
    for (std::size_t p = m_lo + 1; p < m_hi; ++p) {
        if (skipped_place(p)) {
            out.push_back(p);
        }
    }
    return out;
}

// The untried place of (lo, hi) nearest the middle; of two as near, the older: a skip moves
// the pick by one, as git bisect's does, and keeps the halving nearly even.
std::optional<std::size_t> bisect_search::midpoint() const {
    std::optional<std::size_t> best;
    std::size_t best_distance = 0;
    const std::size_t twice_mid = m_lo + m_hi; // compare 2p with lo + hi: no rounding
    for (std::size_t p = m_lo + 1; p < m_hi; ++p) {
        if (skipped_place(p)) {
            continue;
        }
        const std::size_t twice = 2 * p;
        const std::size_t distance = twice > twice_mid ? twice - twice_mid : twice_mid - twice;
        if (!best || distance < best_distance) {
            best = p;
            best_distance = distance;
        }
    }
    return best;
}

search_outcome bisect_search::outcome() const {
    if (m_not_slower) {
        return search_outcome::not_slower;
    }
    if (!m_steps.empty() && !m_confirmed) {
        return search_outcome::undecided; // the bad end itself could not be decided
    }
    if (m_confirmed && m_hi == m_lo + 1) {
        return search_outcome::culprit;
    }
    if (m_steps.size() >= m_max_duets || (m_confirmed && !midpoint())) {
        return search_outcome::undecided;
    }
    return search_outcome::running;
}

std::optional<std::size_t> bisect_search::next() const {
    if (outcome() != search_outcome::running) {
        return std::nullopt;
    }
    return m_confirmed ? midpoint() : std::optional<std::size_t>(m_commits);
}

void bisect_search::record(std::size_t place, step_verdict v) {
    if (next() != place) {
        throw std::logic_error("bisect_search::record: place " + std::to_string(place) +
                               " is not the one to measure next");
    }
    m_steps.push_back({place, v});
    if (!m_confirmed) {
        m_confirmed = v == step_verdict::bad;
        m_not_slower = v == step_verdict::good;
        return;
    }
    if (v == step_verdict::good) {
        m_lo = place;
    } else if (v == step_verdict::bad) {
        m_hi = place;
    }
}

} // namespace grp
