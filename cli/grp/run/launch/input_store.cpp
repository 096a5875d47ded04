#include "grp/run/launch/input_store.hpp"

#include "grp/model/host/exact_data.hpp"
#include "grp/model/host/host_data.hpp"
#include "grp/model/host/reduce_op.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/ocl/device_wait.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace grp::run {

namespace {

std::size_t buffer_count(data_layout l) {
    return l == data_layout::soa ? 3 : 1;
}

// Transfers are split into pieces of at most this many bytes: on the H100 (driver 580.159.04)
// a 2 GiB fill of the pristine double input at n = 2^28 never returned; pieces of 1 GiB, as
// every size up to 2^28 floats used, do.
constexpr std::uint64_t transfer_piece = std::uint64_t{1} << 30;

// Writes `bytes` bytes of `data` to the start of `buf`, then zeros up to `size` (the padding
// for kernels that read whole groups), in pieces.
void write_padded(cl::CommandQueue& q, const cl::Buffer& buf, const unsigned char* data,
                  std::uint64_t bytes, std::uint64_t size) {
    for (std::uint64_t off = 0; off < bytes; off += transfer_piece) {
        q.enqueueWriteBuffer(buf, CL_FALSE, off, std::min(transfer_piece, bytes - off), data + off);
        ocl::finish_queue(q);
    }
    if (size > bytes) {
        const std::vector<unsigned char> zeros(std::min(transfer_piece, size - bytes), 0);
        for (std::uint64_t off = bytes; off < size; off += zeros.size()) {
            q.enqueueWriteBuffer(buf, CL_FALSE, off,
                                 std::min<std::uint64_t>(zeros.size(), size - off), zeros.data());
            ocl::finish_queue(q);
        }
    }
}

// Value v as element type t stores it, in the first bytes of `out`.
void encode(element_type t, double v, std::uint64_t* out) {
    *out = 0;
    switch (t) {
    case element_type::int32: {
        const auto x = static_cast<std::int32_t>(v);
        std::memcpy(out, &x, sizeof x);
        break;
    }
    case element_type::uint32: {
        const auto x = static_cast<std::uint32_t>(v);
        std::memcpy(out, &x, sizeof x);
        break;
    }
    case element_type::float32: {
        const auto x = static_cast<float>(v);
        std::memcpy(out, &x, sizeof x);
        break;
    }
    case element_type::float64:
        std::memcpy(out, &v, sizeof v);
        break;
    }
}

// Where value `index` (generated_value's numbering) of input `k` lives: its buffer and its word.
std::pair<std::size_t, std::uint64_t> value_place(const input_key& k, const device_input& in,
                                                  std::uint64_t index) {
    const std::size_t comps = components(k.layout);
    const std::uint64_t record = index / comps;
    const auto c = static_cast<std::size_t>(index % comps);
    if (in.pristine.size() == 3) { // soa: a buffer per component
        return {c, record};
    }
    return {0, record * words_per_record(k.layout) + c};
}

} // namespace

// Per component: the exact result of `op` over the host data (flat: 1 component; aos12/aos16:
// components interleaved 3 or 4 words apart; soa: one buffer each).
std::vector<double> op_references(const std::string& op, const host_data& h) {
    std::vector<double> out;
    const std::size_t comps = components(h.layout);
    const std::size_t words = words_per_record(h.layout);
    for (std::size_t c = 0; c < comps; ++c) {
        const bool own_buffer = h.buffers.size() == comps && comps > 1;
        const unsigned char* base = h.buffers[own_buffer ? c : 0].data();
        const std::size_t offset = own_buffer ? 0 : c * size_of(h.type);
        out.push_back(op_reference(op, h.type, base + offset, h.n, own_buffer ? 1 : words));
    }
    return out;
}

std::pair<std::uint64_t, std::uint64_t> streaming_grid(const device_info& d, std::uint64_t items,
                                                       std::optional<std::uint64_t> loop_limit) {
    const std::uint64_t cus = d.compute_units.value_or(1);
    // a CPU work-group is one thread: one work-item per core streams best
    const std::uint64_t local =
        d.is_gpu() ? std::min<std::uint64_t>(256, d.max_work_group_size.value_or(256)) : 1;
    std::uint64_t global = d.is_gpu() ? cus * 8 * local : cus;
    if (loop_limit && *loop_limit > 1) { // no work-item may loop past the driver's limit
        const std::uint64_t most = *loop_limit / 2;
        const std::uint64_t needed = (items + most - 1) / most;
        global = std::max(global, (needed + local - 1) / local * local);
    }
    return {global, local};
}

input_store::input_store(ocl::session& s, std::uint64_t seed, data_choice data, phase_clock& phases)
    : m_session(s), m_seed(seed), m_data(std::move(data)), m_phases(phases) {}

device_input& input_store::find(const input_key& k) {
    auto it = m_inputs.find(k);
    if (it == m_inputs.end()) {
        throw opencl_error("internal: input " + to_string(k.type) + "/" + to_string(k.layout) +
                           "/n=" + std::to_string(k.n) + " used before it was uploaded");
    }
    return it->second;
}

const device_input& input_store::get(const input_key& k) const {
    return m_inputs.at(k);
}

buffer_set input_store::allocate(const device_input& in, std::size_t buffers) {
    buffer_set out;
    for (std::size_t b = 0; b < buffers; ++b) {
        out.emplace_back(m_session.context(), CL_MEM_READ_WRITE, in.bytes / buffers);
    }
    return out;
}

void input_store::copy(const buffer_set& from, const buffer_set& to, std::uint64_t bytes_each) {
    if (m_copy_through_host) {
        std::vector<unsigned char> host(bytes_each);
        for (std::size_t b = 0; b < from.size(); ++b) {
            m_session.queue().enqueueReadBuffer(from[b], CL_FALSE, 0, bytes_each, host.data());
            ocl::finish_queue(m_session.queue());
            m_session.queue().enqueueWriteBuffer(to[b], CL_FALSE, 0, bytes_each, host.data());
            ocl::finish_queue(m_session.queue());
        }
        return;
    }
    for (std::size_t b = 0; b < from.size(); ++b) {
        for (std::uint64_t off = 0; off < bytes_each; off += transfer_piece) {
            m_session.queue().enqueueCopyBuffer(from[b], to[b], off, off,
                                                std::min(transfer_piece, bytes_each - off));
        }
    }
    ocl::finish_queue(m_session.queue());
}

void input_store::prefetch(const input_key& k) {
    m_prefetched.reset(); // waits for one not taken
    auto make = [k, seed = m_seed, data = m_data] {
        return make_host_data(k.type, k.layout, k.n, seed, data);
    };
    m_prefetched.emplace(k, std::async(std::launch::async, make));
}

host_data input_store::generate(const input_key& k) {
    auto t = m_phases.time("data"); // with a prefetch: the wait for it
    if (m_prefetched && m_prefetched->first == k) {
        auto f = std::move(m_prefetched->second);
        m_prefetched.reset();
        return f.get();
    }
    return make_host_data(k.type, k.layout, k.n, m_seed, m_data);
}

void input_store::take_references(device_input& in, const input_key& k, const host_data& host) {
    in.exact_sum = host.exact_sum;
    in.abs_sum = host.abs_sum;
    in.exact = host.exact;
    in.op_reference.clear();
    for (const auto& op : m_ops) {
        if (op != "sum" && op_type_skip_reason(op, k.type).empty()) {
            in.op_reference[op] = op_references(op, host);
        }
    }
}

void input_store::upload(const host_data& host, const buffer_set& to, std::uint64_t bytes) {
    for (std::size_t b = 0; b < to.size(); ++b) {
        write_padded(m_session.queue(), to[b], host.buffers[b].data(), host.buffers[b].size(),
                     bytes / to.size());
    }
}

const device_input& input_store::require(const input_key& k, std::uint64_t records) {
    records = std::max<std::uint64_t>({records, k.n, 1});
    if (auto it = m_inputs.find(k); it != m_inputs.end() && it->second.records >= records) {
        return it->second;
    }
    m_inputs.erase(k);
    const host_data host = generate(k);
    if (m_on_host_data) {
        m_on_host_data(k, host);
    }
    auto t = m_phases.time("upload");
    const std::size_t buffers = buffer_count(k.layout);
    device_input in;
    in.seed = m_seed;
    take_references(in, k, host);
    in.records = records;
    in.bytes = records * words_per_record(k.layout) * size_of(k.type) * buffers;
    try {
        in.pristine = allocate(in, buffers);
        upload(host, in.pristine, in.bytes);
        in.working = allocate(in, buffers);
        copy(in.pristine, in.working, in.bytes / buffers);
    } catch (const cl::Error& e) {
        throw ocl::wrap("uploading " + std::to_string(in.bytes) + " bytes (twice: pristine and " +
                            "working copy) of " + to_string(k.type) + "/" + to_string(k.layout) +
                            " input",
                        e);
    }
    return m_inputs.emplace(k, std::move(in)).first->second;
}

void input_store::refresh(const input_key& k) {
    auto& in = find(k);
    sync_pristine(k, in);
    in.working = allocate(in, in.pristine.size());
    copy(in.pristine, in.working, in.bytes / in.pristine.size());
}

void input_store::perturb(const input_key& k) {
    auto& in = find(k);
    if (m_data.kind != value_kind::random || !in.op_reference.empty() || k.n == 0) {
        return;
    }
    const std::size_t comps = components(k.layout);
    const std::uint64_t h = splitmix64(in.seed ^ (++in.perturbations * 0xD1B54A32D192ED03ULL));
    const std::uint64_t record = h % k.n;
    const auto c = static_cast<std::size_t>((h >> 32) % comps);
    const std::uint64_t index = record * comps + c; // generated_value's index
    const auto it = in.changed.find(index);
    const double old_v = it != in.changed.end()
                             ? it->second
                             : generated_value(k.type, in.seed, index, value_kind::random);
    const double new_v = k.type == element_type::uint32 ? 16 - old_v : -old_v;
    in.changed[index] = new_v;
    in.exact_sum[c] += static_cast<long double>(new_v) - static_cast<long double>(old_v);
    in.abs_sum[c] += std::fabs(new_v) - std::fabs(old_v);
    encode(k.type, new_v, &in.scratch);
    const auto [b, word] = value_place(k, in, index);
    m_session.queue().enqueueWriteBuffer(in.working[b], CL_FALSE, word * size_of(k.type),
                                         size_of(k.type),
                                         &in.scratch); // in-order: before the launch
    in.pristine_behind.insert(index);
}

void input_store::sync_pristine(const input_key& k, device_input& in) {
    if (in.pristine_behind.empty()) {
        return;
    }
    in.staging.assign(in.pristine_behind.size(), 0);
    std::size_t i = 0;
    for (const auto index : in.pristine_behind) {
        encode(k.type, in.changed.at(index), &in.staging[i]);
        const auto [b, word] = value_place(k, in, index);
        m_session.queue().enqueueWriteBuffer(in.pristine[b], CL_FALSE, word * size_of(k.type),
                                             size_of(k.type), &in.staging[i]);
        ++i;
    }
    ocl::finish_queue(m_session.queue()); // the staging bytes must outlive the writes
    in.pristine_behind.clear();
}

void input_store::restore(const input_key& k) {
    auto& in = find(k);
    sync_pristine(k, in);
    copy(in.pristine, in.working, in.bytes / in.pristine.size());
}

bool input_store::modified(const input_key& k) {
    auto& in = find(k);
    sync_pristine(k, in);
    if (!m_differs) {
        m_differs = m_session.kernel(std::string(builtin_source("tool.cl")), "", "differs");
    }
    auto [global, local] =
        streaming_grid(m_session.info(), in.bytes / in.pristine.size() / 4, m_session.loop_limit());
    cl::Buffer flag(m_session.context(), CL_MEM_READ_WRITE, sizeof(cl_uint));
    m_session.queue().enqueueFillBuffer(flag, cl_uint{0}, 0, sizeof(cl_uint));
    for (std::size_t b = 0; b < in.pristine.size(); ++b) {
        m_differs->setArg(0, in.working[b]);
        m_differs->setArg(1, in.pristine[b]);
        m_differs->setArg(2, static_cast<cl_ulong>(in.bytes / in.pristine.size() / 4));
        m_differs->setArg(3, flag);
        m_session.queue().enqueueNDRangeKernel(*m_differs, cl::NullRange, cl::NDRange(global),
                                               cl::NDRange(local));
    }
    cl_uint v = 0;
    m_session.queue().enqueueReadBuffer(flag, CL_FALSE, 0, sizeof v, &v);
    ocl::finish_queue(m_session.queue());
    return v != 0;
}

std::vector<exact_window> input_store::exact_windows(const input_key& k) {
    std::vector<exact_window> out;
    if (!is_floating(k.type) || k.n == 0) {
        return out;
    }
    // Values are 1 or 2: a window of 2^23 records keeps every float partial sum below 2^24.
    const std::uint64_t width = k.type == element_type::float32 ? (1ULL << 23) : (1ULL << 50);
    auto t = m_phases.time("reference");
    for (std::uint64_t lo = 0; lo < k.n; lo += width) {
        const std::uint64_t hi = std::min(k.n, lo + width);
        out.push_back({lo, hi, exact_window_sums(lo, hi, components(k.layout))});
    }
    return out;
}

void input_store::fill_exact(const input_key& k, const exact_window& w) {
    auto& in = find(k);
    const std::string options =
        "-D T=" + to_string(k.type) + " -D STRIDE=" + std::to_string(words_per_record(k.layout)) +
        " -D COMPS=" + std::to_string(k.layout == data_layout::soa ? 1 : components(k.layout));
    auto fill = m_session.kernel(std::string(builtin_source("tool.cl")), options, "fill_exact");
    auto [global, local] = streaming_grid(m_session.info(), in.records, m_session.loop_limit());
    for (std::size_t b = 0; b < in.working.size(); ++b) {
        fill.setArg(0, in.working[b]);
        fill.setArg(1, static_cast<cl_ulong>(in.records));
        fill.setArg(2, static_cast<cl_ulong>(w.lo));
        fill.setArg(3, static_cast<cl_ulong>(w.hi));
        fill.setArg(4, static_cast<cl_uint>(in.working.size() == 3 ? b : 0));
        m_session.queue().enqueueNDRangeKernel(fill, cl::NullRange, cl::NDRange(global),
                                               cl::NDRange(local));
    }
    ocl::finish_queue(m_session.queue());
}

std::size_t words_per_record(data_layout l) {
    return l == data_layout::aos16 ? 4 : (l == data_layout::aos12 ? 3 : 1);
}

} // namespace grp::run
