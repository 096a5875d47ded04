#include "grp/model/access/access_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <map>

namespace grp {

namespace {

/// Local memory's banks: 32 of 4 bytes (NVIDIA since Kepler, AMD's LDS likewise).
constexpr std::uint64_t access_banks = 32, access_bank_bytes = 4;

/// Distinct `segment`-byte segments the accesses in [first, last) touch (an access that
/// straddles a boundary touches both).
template <typename It>
std::uint64_t access_segments_of(It first, It last, std::uint64_t segment,
                                 std::vector<std::uint64_t>& scratch) {
    scratch.clear();
    for (auto it = first; it != last; ++it) {
        const auto end = it->address + std::max<std::uint64_t>(it->size, 1) - 1;
        for (auto s = it->address / segment; s <= end / segment; ++s) {
            scratch.push_back(s);
        }
    }
    std::sort(scratch.begin(), scratch.end());
    return static_cast<std::uint64_t>(std::unique(scratch.begin(), scratch.end()) -
                                      scratch.begin());
}

/// The worst bank's number of distinct 4-byte words among the accesses in [first, last): one
/// word read by many lanes is a broadcast (one way), two words in one bank are two ways.
template <typename It>
std::uint64_t access_bank_ways_of(It first, It last, std::vector<std::uint64_t>& scratch) {
    scratch.clear();
    for (auto it = first; it != last; ++it) {
        const auto end = it->address + std::max<std::uint64_t>(it->size, 1) - 1;
        for (auto w = it->address / access_bank_bytes; w <= end / access_bank_bytes; ++w) {
            scratch.push_back(w);
        }
    }
    std::sort(scratch.begin(), scratch.end());
    scratch.erase(std::unique(scratch.begin(), scratch.end()), scratch.end());
    std::uint64_t per_bank[access_banks] = {};
    std::uint64_t worst = 0;
    for (const auto w : scratch) {
        worst = std::max(worst, ++per_bank[w % access_banks]);
    }
    return worst;
}

double access_ratio(std::uint64_t num, std::uint64_t den) {
    return den == 0 ? 0.0 : static_cast<double>(num) / static_cast<double>(den);
}

} // namespace

void access_totals::merge(const access_totals& o) {
    for (std::size_t w = 0; w < 2; ++w) {
        global_requests[w] += o.global_requests[w];
        for (std::size_t s = 0; s < 3; ++s) {
            global_segments[w][s] += o.global_segments[w][s];
        }
    }
    global_accesses += o.global_accesses;
    global_steps += o.global_steps;
    global_new_sectors += o.global_new_sectors;
    global_miss_requests += o.global_miss_requests;
    local_requests += o.local_requests;
    local_ways += o.local_ways;
    active_lanes += o.active_lanes;
    lane_slots += o.lane_slots;
    instructions += o.instructions;
    barriers += o.barriers;
    work_items += o.work_items;
    lines_capped = lines_capped || o.lines_capped;
    for (const auto& [line, n] : o.line_touches) {
        if (lines_capped) {
            break;
        }
        line_touches[line] += n;
        lines_capped = line_touches.size() > access_max_lines;
    }
    if (lines_capped) {
        line_touches.clear();
    }
}

std::optional<double> access_totals::line_entropy_bits() const {
    std::uint64_t total = 0;
    for (const auto& [line, n] : line_touches) {
        total += n;
    }
    if (lines_capped || total == 0) {
        return std::nullopt;
    }
    // Summed in line order: the same histogram gives the same bits on every run.
    std::vector<std::uint64_t> counts;
    counts.reserve(line_touches.size());
    for (const auto& [line, n] : line_touches) {
        counts.push_back(n);
    }
    std::sort(counts.begin(), counts.end());
    double h = 0;
    for (const auto n : counts) {
        const double p = static_cast<double>(n) / static_cast<double>(total);
        h -= p * std::log2(p);
    }
    return h;
}

access_summary summarise_access(const access_totals& t) {
    access_summary s;
    s.global_requests = t.global_requests[0];
    for (std::size_t w = 0; w < 2; ++w) {
        for (std::size_t g = 0; g < 3; ++g) {
            s.segments[w][g] = access_ratio(t.global_segments[w][g], t.global_requests[w]);
        }
    }
    s.new_sectors_per_request = access_ratio(t.global_new_sectors, t.global_steps);
    s.miss_request_share = access_ratio(t.global_miss_requests, t.global_steps);
    s.local_requests = t.local_requests;
    s.bank_conflict_ways = access_ratio(t.local_ways, t.local_requests);
    s.simd_efficiency = access_ratio(t.active_lanes, t.lane_slots);
    s.instructions_per_barrier = access_ratio(t.instructions, t.barriers + t.work_items);
    s.distinct_lines = t.lines_capped ? 0 : t.line_touches.size();
    s.line_entropy_bits = t.line_entropy_bits();
    return s;
}

std::size_t group_recorder::key_hash::operator()(const key& x) const {
    return std::hash<const void*>{}(x.instruction) * 31U + x.k;
}

group_recorder::group_recorder(std::uint32_t group_size)
    : m_size(std::max<std::uint32_t>(group_size, 1)), m_counts(m_size) {}

void group_recorder::executed(std::uint32_t lane, const void* instruction) {
    if (lane < m_size) {
        ++m_counts[lane][instruction];
    }
}

void group_recorder::access(std::uint32_t lane, const void* instruction, access_space space,
                            std::uint64_t address, std::uint32_t size) {
    if (lane >= m_size) {
        return;
    }
    const auto& counts = m_counts[lane];
    const auto it = counts.find(instruction);
    const std::uint32_t k = it == counts.end() ? 0 : it->second;
    auto& p = m_pending[key{instruction, k}];
    p.space = space;
    p.entries.push_back({lane, size, address});
    if (space == access_space::global) {
        auto& step = m_steps[{lane / access_warps[0], m_global_seq[lane]++}];
        const auto end = address + std::max<std::uint32_t>(size, 1) - 1;
        for (auto sector = address / 32; sector <= end / 32; ++sector) {
            step.push_back(sector);
        }
    }
    if (space == access_space::global && !m_totals.lines_capped) {
        ++m_totals.line_touches[address / 128];
        if (m_totals.line_touches.size() > access_max_lines) {
            m_totals.lines_capped = true;
            m_totals.line_touches.clear();
        }
    }
}

void group_recorder::barrier() {
    ++m_barriers;
    flush();
}

void group_recorder::flush() {
    std::vector<std::uint64_t> scratch;
    for (auto& [k, p] : m_pending) {
        auto& e = p.entries;
        std::sort(e.begin(), e.end(),
                  [](const entry& a, const entry& b) { return a.lane < b.lane; });
        for (std::size_t w = 0; w < (p.space == access_space::global ? 2U : 1U); ++w) {
            const auto width = access_warps[w];
            for (auto first = e.begin(); first != e.end();) {
                const auto warp = first->lane / width;
                auto last = std::find_if(first, e.end(),
                                         [&](const entry& x) { return x.lane / width != warp; });
                if (p.space == access_space::local) {
                    ++m_totals.local_requests;
                    m_totals.local_ways += access_bank_ways_of(first, last, scratch);
                } else {
                    ++m_totals.global_requests[w];
                    for (std::size_t s = 0; s < 3; ++s) {
                        m_totals.global_segments[w][s] +=
                            access_segments_of(first, last, access_segments[s], scratch);
                    }
                }
                first = last;
            }
        }
        if (p.space == access_space::global) {
            m_totals.global_accesses += e.size();
        }
    }
    m_pending.clear();
    count_new_sectors();
}

void group_recorder::count_new_sectors() {
    // Each warp's steps in order (a lane's j-th global access, lined up across its lanes: its
    // program order), each against the sectors of the warp's step before, which may lie
    // before a barrier: a barrier does not empty a cache.
    for (auto& [wj, sectors] : m_steps) {
        std::sort(sectors.begin(), sectors.end());
        sectors.erase(std::unique(sectors.begin(), sectors.end()), sectors.end());
        auto& last = m_last_step[wj.first];
        std::uint64_t fresh = sectors.size();
        if (last.first + 1 == wj.second) {
            for (const auto sector : sectors) {
                fresh -= std::binary_search(last.second.begin(), last.second.end(), sector) ? 1 : 0;
            }
        }
        ++m_totals.global_steps;
        m_totals.global_new_sectors += fresh;
        m_totals.global_miss_requests += fresh > 0 ? 1 : 0;
        last = {wj.second, std::move(sectors)};
    }
    m_steps.clear();
}

void group_recorder::finish(access_totals& into) {
    flush();
    const std::uint32_t width = access_warps[0];
    for (std::uint32_t first = 0; first < m_size; first += width) {
        const auto lanes = std::min(width, m_size - first);
        std::unordered_map<const void*, std::pair<std::uint64_t, std::uint64_t>> warp;
        for (std::uint32_t l = first; l < first + lanes; ++l) {
            for (const auto& [inst, n] : m_counts[l]) {
                auto& [sum, most] = warp[inst];
                sum += n;
                most = std::max<std::uint64_t>(most, n);
            }
            m_counts[l].clear();
        }
        for (const auto& [inst, v] : warp) {
            m_totals.active_lanes += v.first;
            m_totals.instructions += v.first;
            m_totals.lane_slots += v.second * lanes;
        }
    }
    m_totals.barriers += m_barriers * m_size;
    m_totals.work_items += m_size;
    m_barriers = 0;
    m_global_seq.clear();
    m_last_step.clear();
    into.merge(m_totals);
    m_totals = access_totals{};
}

} // namespace grp
