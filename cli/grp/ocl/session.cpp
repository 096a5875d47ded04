#include "grp/ocl/session.hpp"

#include "grp/ocl/stderr_capture.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

namespace grp::ocl {

session::session(device_handle dev) : m_dev(std::move(dev)) {
    try {
        m_context = cl::Context(m_dev.device);
        m_queue = cl::CommandQueue(m_context, m_dev.device, CL_QUEUE_PROFILING_ENABLE);
    } catch (const cl::Error& e) {
        throw wrap("creating a profiling queue on '" + m_dev.info.name + "'", e);
    }
}

cl::Kernel session::kernel(const std::string& source, const std::string& options,
                           const std::string& entry, const std::string& owner) {
    const program_key key{owner, source, options};
    auto it = m_programs.find(key);
    if (it == m_programs.end()) {
        cl::Program program(m_context, source);
        stderr_capture said; // the compiler's own lines join its log
        try {
            program.build({m_dev.device}, options.c_str());
        } catch (const cl::Error& e) {
            std::string log;
            try {
                log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(m_dev.device);
            } catch (const cl::Error&) {
                log = "(the driver returned no build log)";
            }
            log += said.text();
            throw kernel_build_error("kernel build failed: " + std::string(error_name(e.err())) +
                                         " (" + std::to_string(e.err()) + ") for entry '" + entry +
                                         "'",
                                     m_dev.info.name, options, log);
        }
        try {
            m_logs[key] = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(m_dev.device);
        } catch (const cl::Error&) {
            m_logs[key] = "";
        }
        m_logs[key] += said.text();
        it = m_programs.emplace(key, program).first;
    }
    try {
        return cl::Kernel(it->second, entry.c_str());
    } catch (const cl::Error& e) {
        std::string names;
        try {
            names = it->second.getInfo<CL_PROGRAM_KERNEL_NAMES>();
        } catch (const cl::Error&) {
            names = "(the driver does not list them)";
        }
        for (auto& c : names) {
            c = c == ';' ? ',' : c;
        }
        throw file_error("no __kernel '" + entry + "' in the source (clCreateKernel: " +
                         error_name(e.err()) + "); its kernels are: " + names +
                         ". Set the spec's \"entry\" (or \"name\") to one of them");
    }
}

void session::prebuild(const std::vector<program_request>& requests, unsigned threads) {
    std::vector<program_key> keys;
    for (const auto& r : requests) {
        const program_key key{r.owner, r.source, r.options};
        if (m_programs.count(key) == 0 && std::find(keys.begin(), keys.end(), key) == keys.end()) {
            keys.push_back(key);
        }
    }
    if (keys.size() < 2 || threads < 2) {
        return; // nothing to overlap: kernel() builds it
    }
    std::vector<cl::Program> programs;
    for (const auto& key : keys) {
        programs.emplace_back(m_context, std::get<1>(key));
    }
    std::vector<char> built(keys.size(), 0);
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (auto i = next++; i < keys.size(); i = next++) {
            try {
                programs[i].build({m_dev.device}, std::get<2>(keys[i]).c_str());
                built[i] = 1;
            } catch (...) {
                built[i] = 0; // kernel() builds it again and reports the failure in context
            }
        }
    };
    stderr_capture said;
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < std::min<std::size_t>(threads, keys.size()); ++t) {
        pool.emplace_back(work);
    }
    work();
    for (auto& t : pool) {
        t.join();
    }
    if (!said.text().empty()) {
        return; // whose words they are is unknown: kernel() builds each again, one at a time
    }
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (built[i] != 0) {
            try {
                m_logs[keys[i]] = programs[i].getBuildInfo<CL_PROGRAM_BUILD_LOG>(m_dev.device);
            } catch (const cl::Error&) {
                m_logs[keys[i]] = "";
            }
            m_programs.emplace(keys[i], programs[i]);
        }
    }
}

std::string session::build_log(const std::string& source, const std::string& options,
                               const std::string& owner) const {
    auto it = m_logs.find(program_key{owner, source, options});
    return it == m_logs.end() ? "" : it->second;
}

launch_stamps read_stamps(const cl::Event& e) {
    try {
        launch_stamps s;
        s.queued = e.getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>();
        s.submit = e.getProfilingInfo<CL_PROFILING_COMMAND_SUBMIT>();
        s.start = e.getProfilingInfo<CL_PROFILING_COMMAND_START>();
        s.end = e.getProfilingInfo<CL_PROFILING_COMMAND_END>();
        return s;
    } catch (const cl::Error& e2) {
        throw wrap("clGetEventProfilingInfo", e2);
    }
}

} // namespace grp::ocl
