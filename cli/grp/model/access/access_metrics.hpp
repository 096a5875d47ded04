// How a kernel accesses memory, from the simulator's trace: per launch, integer sums that the
// Oclgrind plugin (cli/oclgrind/access_plugin.cpp) accumulates one work-group at a time and
// merges in any order with the same result, and the per-case summary `check` records (means
// over warp-sized groups of consecutive work-items). No Oclgrind or OpenCL here: the plugin and
// the unit tests feed the same group_recorder, the tests with hand-built traces.
//
// A simulator runs a group's work-items one after another between barriers, so the accesses a
// GPU's warp makes together are found again by (instruction, its k-th execution in each
// work-item): lane l's k-th execution of a load lines up with lane m's k-th execution of it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace grp {

/// Warp widths (NVIDIA 32, AMD wave64) and segment sizes (a 32 B sector, 64 B, a 128 B line)
/// the coalescing metric is computed for.
inline constexpr std::uint32_t access_warps[2] = {32, 64};
inline constexpr std::uint32_t access_segments[3] = {32, 64, 128};
/// Global 128 B lines beyond which the locality histogram stops (entropy then not reported).
inline constexpr std::size_t access_max_lines = std::size_t{1} << 22U;

enum class access_space : std::uint8_t { global, local };

/// One launch's (or one work-group's) sums.
struct access_totals {
    std::uint64_t global_requests[2] = {};    ///< warp-instruction groups, per warp width
    std::uint64_t global_segments[2][3] = {}; ///< distinct segments touched, summed
    std::uint64_t global_accesses = 0;        ///< per work-item global loads and stores
    /// A warp's steps: its lanes' j-th global accesses, lined up (program order; one request
    /// each where the lanes do not diverge).
    std::uint64_t global_steps = 0;
    /// The steps' 32 B sectors that the warp's step before (j - 1, across barriers) did not
    /// touch: what a small per-warp cache (L1) would still fetch.
    std::uint64_t global_new_sectors = 0;
    /// Steps with at least one such sector: the requests that wait on L2 or memory.
    std::uint64_t global_miss_requests = 0;
    std::uint64_t local_requests = 0; ///< warp-32 groups of local accesses
    std::uint64_t local_ways = 0;     ///< each group's worst bank's distinct words
    std::uint64_t active_lanes = 0;   ///< instruction executions by work-items
    std::uint64_t lane_slots = 0;     ///< warp-32 issue slots those executions need
    std::uint64_t instructions = 0;   ///< executions counted by the recorder
    std::uint64_t barriers = 0;       ///< barriers crossed, summed over work-items
    std::uint64_t work_items = 0;
    std::unordered_map<std::uint64_t, std::uint64_t> line_touches; ///< 128 B line -> accesses
    bool lines_capped = false; ///< more than access_max_lines lines: no entropy

    /// Adds `o` (integer sums and histogram: the order of merging does not matter).
    void merge(const access_totals& o);
    /// Shannon entropy (bits) of the global accesses over 128 B lines; nullopt when capped or
    /// when nothing global was accessed.
    [[nodiscard]] std::optional<double> line_entropy_bits() const;
};

/// What `check` records per case: means over the case's launches (profile `check.access`).
struct access_summary {
    std::uint64_t global_requests = 0;   ///< warp-32 groups of global accesses
    double segments[2][3] = {};          ///< mean distinct segments per request [warp][segment]
    double new_sectors_per_request = 0;  ///< mean 32 B sectors the warp's last step lacked
    double miss_request_share = 0;       ///< requests with such a sector ÷ requests, 0..1
    std::uint64_t local_requests = 0;    ///< warp-32 groups of local accesses
    double bank_conflict_ways = 0;       ///< mean worst-bank ways (1 = conflict-free)
    double simd_efficiency = 0;          ///< executions / issue slots, 0..1
    double instructions_per_barrier = 0; ///< per work-item between barriers (or start/end)
    std::uint64_t distinct_lines = 0;    ///< global 128 B lines touched
    std::optional<double> line_entropy_bits;
};

/// The summary of a case whose launches summed to `t`.
access_summary summarise_access(const access_totals& t);

/// One work-group's trace, fed in execution order; finish() folds it into launch totals.
class group_recorder {
public:
    /// `group_size`: work-items in the group (lanes are their linear local index).
    explicit group_recorder(std::uint32_t group_size);

    /// A work-item executed an instruction (any opaque identity, stable for the launch).
    void executed(std::uint32_t lane, const void* instruction);
    /// The access of `lane`'s current execution of `instruction` (call before executed()).
    void access(std::uint32_t lane, const void* instruction, access_space space,
                std::uint64_t address, std::uint32_t size);
    /// Every work-item reached a barrier: the accesses before it are complete.
    void barrier();
    /// The group ended: its sums go into `into` and the recorder is empty.
    void finish(access_totals& into);

private:
    struct entry {
        std::uint32_t lane;
        std::uint32_t size;
        std::uint64_t address;
    };
    struct key {
        const void* instruction;
        std::uint32_t k;
        bool operator==(const key& o) const { return instruction == o.instruction && k == o.k; }
    };
    struct key_hash {
        std::size_t operator()(const key& x) const;
    };
    struct pending {
        access_space space;
        std::vector<entry> entries;
    };
    void flush();
    /// Folds m_steps into the new-sector sums (at every barrier and at the end).
    void count_new_sectors();

    std::uint32_t m_size;
    std::vector<std::unordered_map<const void*, std::uint32_t>> m_counts; ///< per lane
    std::unordered_map<key, pending, key_hash> m_pending;
    std::uint64_t m_barriers = 0;
    /// Per lane, its global accesses so far (the group's whole life, barriers included).
    std::unordered_map<std::uint32_t, std::uint64_t> m_global_seq;
    /// (warp-32, j) -> the sectors its lanes' j-th global accesses touch, until the next fold.
    std::map<std::pair<std::uint32_t, std::uint64_t>, std::vector<std::uint64_t>> m_steps;
    /// Per warp-32: its last folded step j and that step's sorted sectors ({0, none} before
    /// its first, which is j = 0 and so never read against it).
    std::unordered_map<std::uint32_t, std::pair<std::uint64_t, std::vector<std::uint64_t>>>
        m_last_step;
    access_totals m_totals;
};

} // namespace grp
