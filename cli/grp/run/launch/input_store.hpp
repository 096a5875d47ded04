// Inputs on the device, kept pristine. Each input (type, layout, n) is generated once, uploaded
// to a pristine copy that no kernel ever sees, and copied into the working buffers kernels
// read. Every round gets fresh working buffers (new allocations: placement varies between
// rounds as it does between runs); after each case's launches the working copy is compared
// with the pristine one on the device, so a kernel that writes its input is caught and no case
// sees another's writes. The exact verification data (integer-valued windows, see tool.cl) is
// filled into the working buffers and the pristine data restored afterwards.
#pragma once

#include "grp/model/host/host_data.hpp"
#include "grp/ocl/session.hpp"
#include "grp/run/launch/launch.hpp"
#include "grp/run/phase_clock.hpp"

#include <functional>
#include <future>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace grp::run {

struct input_key {
    element_type type = element_type::float32;
    data_layout layout = data_layout::flat;
    std::uint64_t n = 0;
    bool operator<(const input_key& o) const {
        return std::tie(type, layout, n) < std::tie(o.type, o.layout, o.n);
    }
    bool operator==(const input_key& o) const {
        return std::tie(type, layout, n) == std::tie(o.type, o.layout, o.n);
    }
};

struct device_input {
    buffer_set pristine, working;
    std::vector<long double> exact_sum;      ///< per component, of the chosen data
    std::vector<long double> abs_sum;        ///< Σ|x| per component, for tolerances
    bool exact = false;                      ///< sums are exact in any order (exact_data.hpp)
    std::uint64_t seed = 0;                  ///< the data's seed (of generated_value)
    std::map<std::uint64_t, double> changed; ///< value index -> value, set by perturb()
    std::uint64_t perturbations = 0;         ///< so far, for the next position
    std::uint64_t scratch = 0;               ///< the bytes of the last value written
    /// Value indices whose pristine copy lags `changed`: perturb() writes the working copy only
    /// (one command less per timed launch); sync_pristine() catches the pristine copy up before
    /// anything reads it.
    std::set<std::uint64_t> pristine_behind;
    std::vector<std::uint64_t> staging; ///< host bytes of sync_pristine's writes
    /// Exact references of the other operators (set_ops), per component (reduce_op.hpp).
    std::map<std::string, std::vector<double>> op_reference;
    std::uint64_t records = 0; ///< allocated records (n, or more for padded kernels)
    std::uint64_t bytes = 0;   ///< of one copy, all buffers
};

/// One window of the exact check: records [lo, hi) hold 1s and 2s, the rest 0.
struct exact_window {
    std::uint64_t lo = 0, hi = 0;
    std::vector<long double> expected; ///< per component
};

class input_store {
public:
    input_store(ocl::session& s, std::uint64_t seed, data_choice data, phase_clock& phases);

    /// Starts making input `k`'s host values on other threads, for require() to take: the
    /// runner asks before it builds the kernels, so on a GPU the values are made while the
    /// driver compiles on one core (0.26 s of a first invocation's 1.1-1.7 s of builds on the
    /// H200's host at 2^27 floats). One input at a time: another call replaces it.
    void prefetch(const input_key& k);

    /// Generates and uploads the input if it is not there yet, with room for `records`
    /// records (zero-padded past n). Throws opencl_error when the device cannot hold it.
    const device_input& require(const input_key& k, std::uint64_t records);
    [[nodiscard]] const device_input& get(const input_key& k) const;
    /// Frees every input (between groups of cases whose inputs do not fit together).
    void release_all() { m_inputs.clear(); }

    /// New working buffers, copied from the pristine ones.
    void refresh(const input_key& k);
    /// Before a timed launch, for the random data: one value (at a seeded position) is negated
    /// (uint: v -> 16 - v, staying in [1, 15]) in the working copy, and the references follow,
    /// so no two launches reduce the same data (the changes accumulate over the rounds): a
    /// result remembered from an earlier launch (program-scope memory keyed on a few values,
    /// state hidden in a padding) is wrong. The write is enqueued before the launch, outside
    /// its events; the pristine copy catches up (sync_pristine) before restore, refresh or
    /// modified reads it. A no-op for other data and operators.
    void perturb(const input_key& k);
    /// Copies the pristine data over the working buffers.
    void restore(const input_key& k);
    /// True when the working buffers differ from the pristine ones.
    bool modified(const input_key& k);

    /// The exact check's windows for an input: none for integer types (their timing data is
    /// checked exactly already), one for double, windows of 2^23 records for float.
    std::vector<exact_window> exact_windows(const input_key& k);
    /// Fills the working buffers with window `w`'s data (restore() brings the pristine back).
    void fill_exact(const input_key& k, const exact_window& w);

    [[nodiscard]] ocl::session& session() { return m_session; }
    [[nodiscard]] const data_choice& data() const { return m_data; }
    /// Operators other than sum whose exact references each new input gets (run --op).
    void set_ops(std::vector<std::string> ops) { m_ops = std::move(ops); }
    /// check: the working copy is written from the host (read back from the pristine copy),
    /// since the simulator's uninitialised-value tracking does not follow a device-side copy.
    void copy_through_host(bool on) { m_copy_through_host = on; }

    /// Called with every input's host values right after they are generated and before they
    /// are uploaded (the device is idle then): the runner times the host baseline on them.
    using host_data_hook = std::function<void(const input_key&, const host_data&)>;
    void on_host_data(host_data_hook hook) { m_on_host_data = std::move(hook); }

private:
    ocl::session& m_session;
    std::uint64_t m_seed;
    data_choice m_data;
    std::vector<std::string> m_ops;
    phase_clock& m_phases;
    std::map<input_key, device_input> m_inputs;
    std::optional<cl::Kernel> m_differs;
    host_data_hook m_on_host_data;
    std::optional<std::pair<input_key, std::future<host_data>>> m_prefetched;

    device_input& find(const input_key& k);
    host_data generate(const input_key& k);
    void take_references(device_input& in, const input_key& k, const host_data& host);
    void upload(const host_data& host, const buffer_set& to, std::uint64_t bytes);
    buffer_set allocate(const device_input& in, std::size_t buffers);
    bool m_copy_through_host = false;
    void copy(const buffer_set& from, const buffer_set& to, std::uint64_t bytes_each);
    /// Writes every value of in.pristine_behind into the pristine copy and waits.
    void sync_pristine(const input_key& k, device_input& in);
};

/// Values of the element type per record in one buffer: 1 (flat, soa), 3 (aos12), 4 (aos16).
std::size_t words_per_record(data_layout l);

/// A grid for the tool's streaming kernels on this device: {global, local}; with the driver's
/// loop limit (session::loop_limit) enough work-items that none loops over half of it across
/// `items`, the passes of the kernel's one loop. llvmpipe counts an inner loop's passes (and
/// its exit) against the same limit, so a helper with a loop inside its loop must count those
/// in `items` or, better, have none (tool.cl's fill_precise, issue #64).
std::pair<std::uint64_t, std::uint64_t> streaming_grid(const device_info& d, std::uint64_t items,
                                                       std::optional<std::uint64_t> loop_limit);

} // namespace grp::run
