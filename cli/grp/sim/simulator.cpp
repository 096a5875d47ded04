#include "grp/sim/simulator.hpp"

#include "grp/core/error.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>
#include <vector>

namespace grp::sim {

namespace {

bool readable(const std::string& path) {
    return !path.empty() && ::access(path.c_str(), R_OK) == 0;
}

void flush_stdout() {
    std::cout.flush();
    std::fflush(stdout);
}

std::string temp_folder() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/gpu-reduce-prof-check-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (::mkdtemp(buf.data()) == nullptr) {
        throw file_error("cannot make a temporary folder for the simulator (" + pattern +
                         "): " + std::strerror(errno) + "; set TMPDIR to a writable folder");
    }
    return buf.data();
}

/// The vendors file that points the ICD loader at `library`; every byte checked (a full
/// $TMPDIR leaves it empty, and the loader would then find no platform or another one).
void write_vendor_file(const std::string& path, const std::string& library) {
    const auto text = library + "\n";
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    const bool ok =
        fd >= 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    const int err = errno;
    if (fd < 0 || ::close(fd) != 0 || !ok) {
        throw file_error("cannot write the simulator's ICD vendors file " + path + ": " +
                         std::strerror(ok ? errno : err) +
                         " ($TMPDIR full or read-only?); set TMPDIR to a writable folder");
    }
}

void remove_folder(const std::string& dir) {
    if (!dir.empty()) {
        std::remove((dir + "/oclgrind.icd").c_str());
        ::rmdir(dir.c_str());
    }
}

} // namespace

std::string find_oclgrind_library() {
    if (const char* env = std::getenv("GRP_OCLGRIND_ICD"); env && *env) {
        if (!readable(env)) {
            throw opencl_error(std::string("GRP_OCLGRIND_ICD names '") + env +
                               "', which cannot be read; unset it to use the installed Oclgrind");
        }
        return env;
    }
    for (const char* p : {"/usr/lib/oclgrind/liboclgrind-rt-icd.so",
                          "/usr/lib/x86_64-linux-gnu/oclgrind/liboclgrind-rt-icd.so",
                          "/usr/local/lib/liboclgrind-rt-icd.so",
                          "/usr/local/lib/oclgrind/liboclgrind-rt-icd.so"}) {
        if (readable(p)) {
            return p;
        }
    }
    throw opencl_error(
        "check runs kernels on the Oclgrind simulator, which is not installed (no "
        "liboclgrind-rt-icd.so in /usr/lib/oclgrind or /usr/local/lib). Install it: 'apt-get "
        "install oclgrind' (Debian/Ubuntu), or set GRP_OCLGRIND_ICD to its liboclgrind-rt-icd.so");
}

const char* const access_plugin_name = GRP_ACCESS_PLUGIN_NAME;

std::string find_access_plugin() {
    if (const char* env = std::getenv("GRP_ACCESS_PLUGIN")) {
        if (*env != '\0' && !readable(env)) {
            throw opencl_error(std::string("GRP_ACCESS_PLUGIN names '") + env +
                               "', which cannot be read; unset it to use the installed plugin, "
                               "or set it empty to check without access metrics");
        }
        return env;
    }
    std::vector<char> exe(4096, '\0');
    const auto n = ::readlink("/proc/self/exe", exe.data(), exe.size() - 1);
    if (n <= 0) {
        return "";
    }
    std::string dir(exe.data(), static_cast<std::size_t>(n));
    dir = dir.substr(0, dir.find_last_of('/') + 1);
    for (const auto& p :
         {dir + GRP_ACCESS_PLUGIN_NAME,
          dir + "../" GRP_ACCESS_PLUGIN_LIBDIR "/gpu-reduce-prof/" GRP_ACCESS_PLUGIN_NAME,
          dir + "../lib/gpu-reduce-prof/" GRP_ACCESS_PLUGIN_NAME}) {
        if (readable(p)) {
            return p;
        }
    }
    return "";
}

void require_oclgrind_platform(const std::string& platform_name, const std::string& vendor,
                               const std::string& library) {
    if (platform_name != "Oclgrind") {
        throw opencl_error("'" + library + "' is not Oclgrind: its OpenCL platform is '" +
                           platform_name + "' (" + vendor +
                           "), so nothing would be simulated and no case checked; point "
                           "GRP_OCLGRIND_ICD at Oclgrind's liboclgrind-rt-icd.so, or unset it");
    }
}

simulator::simulator(bool uninitialized)
    : m_library(find_oclgrind_library()), m_plugin(find_access_plugin()), m_dir(temp_folder()) {
    try {
        write_vendor_file(m_dir + "/oclgrind.icd", m_library);
        m_log = std::make_unique<stream_capture>("the simulator's log", std::size_t{256} << 20U);
        m_counts = std::make_unique<stream_capture>("the simulator's instruction counts",
                                                    std::size_t{64} << 20U);
    } catch (...) {
        remove_folder(m_dir);
        throw;
    }
    const auto log_path = "/proc/self/fd/" + std::to_string(m_log->write_fd());
    if (::access(log_path.c_str(), W_OK) != 0) {
        remove_folder(m_dir);
        throw file_error("cannot give the simulator a log (" + log_path +
                         "): " + std::strerror(errno) + "; check needs /proc mounted");
    }
    ::setenv("OCL_ICD_VENDORS", m_dir.c_str(), 1);
    ::unsetenv("OCL_ICD_FILENAMES");
    ::setenv("OCLGRIND_DATA_RACES", "1", 1);
    if (uninitialized) {
        ::setenv("OCLGRIND_UNINITIALIZED", "1", 1);
    } else {
        ::unsetenv("OCLGRIND_UNINITIALIZED");
    }
    ::setenv("OCLGRIND_INST_COUNTS", "1", 1);
    if (m_plugin.empty()) {
        ::unsetenv("OCLGRIND_PLUGINS");
    } else {
        ::setenv("OCLGRIND_PLUGINS", m_plugin.c_str(), 1);
    }
    ::setenv("OCLGRIND_LOG", log_path.c_str(), 1);
    ::setenv("OCLGRIND_DIAGNOSTIC_OPTIONS", "-Wall", 1); // barrier divergence is a warning
    // Oclgrind's error limit is one counter for the whole process: our own cap is per case.
    ::setenv("OCLGRIND_MAX_ERRORS", "4000000000", 1);
    flush_stdout();
    m_saved_stdout = ::dup(STDOUT_FILENO);
    if (m_saved_stdout < 0 || ::dup2(m_counts->write_fd(), STDOUT_FILENO) < 0) {
        remove_folder(m_dir);
        throw file_error(std::string("cannot capture the simulator's instruction counts: ") +
                         std::strerror(errno));
    }
}

simulator::~simulator() {
    flush_stdout();
    if (m_saved_stdout >= 0) {
        ::dup2(m_saved_stdout, STDOUT_FILENO);
        ::close(m_saved_stdout);
    }
    remove_folder(m_dir);
}

void simulator::release_stdout() const {
    if (m_saved_stdout >= 0) {
        ::dup2(m_saved_stdout, STDOUT_FILENO);
    }
}

void simulator::loader_ready() {
    remove_folder(m_dir);
    m_dir.clear();
}

void simulator::begin() {
    flush_stdout();
    (void)m_log->take(); // what came between cases belongs to none
    (void)m_counts->take();
}

captured simulator::end() {
    flush_stdout();
    auto log = m_log->take();
    auto counts = m_counts->take();
    if (counts.dropped > 0) {
        throw file_error("the simulator's instruction counts for one case exceeded 64 MiB: they "
                         "are incomplete, so no work is judged on them");
    }
    return {std::move(log.text), std::move(counts.text), !m_plugin.empty(), log.dropped,
            m_recorded};
}

} // namespace grp::sim
