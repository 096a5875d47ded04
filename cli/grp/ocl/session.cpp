#include "grp/ocl/session.hpp"

#include "grp/ocl/device_wait.hpp"
#include "grp/ocl/stderr_capture.hpp"

#include <chrono>

namespace grp::ocl {

session::session(device_handle dev, bool probe) : m_dev(std::move(dev)) {
    try {
        m_context = cl::Context(m_dev.device);
        m_probe = open_timed_queue(m_context, m_dev.device, m_queue, probe);
        if (!m_dev.info.preferred_work_group_multiple) { // listed without the probe kernel
            m_dev.info.preferred_work_group_multiple = preferred_multiple(m_context, m_dev.device);
        }
        m_plan = m_dev.info;
    } catch (const cl::Error& e) {
        throw wrap("creating a context and queue on '" + m_dev.info.name + "'", e);
    }
}

launch_stamps session::time_launch(const std::function<cl::Event()>& launch) {
    if (!host_timing()) {
        const auto e = launch();
        m_queue.flush();
        wait_for(e);
        return read_stamps(e);
    }
    const auto t0 = host_clock_ns();
    const auto e = launch();
    m_queue.flush();
    wait_for(e);
    const auto t1 = host_clock_ns();
    return {t0, t0, t0, t1};
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

std::uint64_t host_clock_ns() {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now().time_since_epoch())
                                          .count());
}

} // namespace grp::ocl
