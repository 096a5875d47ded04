#include "grp/sim/simulator.hpp"

#include "grp/core/error.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace grp::sim {

namespace {

bool readable(const std::string& path) {
    return !path.empty() && ::access(path.c_str(), R_OK) == 0;
}

off_t size_of(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? st.st_size : 0;
}

/// Bytes [from, end) of `path`.
std::string read_from(const std::string& path, off_t from) {
    std::ifstream in(path, std::ios::binary);
    in.seekg(from);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
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

simulator::simulator(bool uninitialized)
    : m_library(find_oclgrind_library()), m_dir(temp_folder()) {
    m_log = m_dir + "/oclgrind.log";
    m_counts = m_dir + "/counts.txt";
    std::ofstream(m_dir + "/oclgrind.icd") << m_library << '\n';
    ::setenv("OCL_ICD_VENDORS", m_dir.c_str(), 1);
    ::unsetenv("OCL_ICD_FILENAMES");
    ::setenv("OCLGRIND_DATA_RACES", "1", 1);
    if (uninitialized) {
        ::setenv("OCLGRIND_UNINITIALIZED", "1", 1);
    } else {
        ::unsetenv("OCLGRIND_UNINITIALIZED");
    }
    ::setenv("OCLGRIND_INST_COUNTS", "1", 1);
    ::setenv("OCLGRIND_LOG", m_log.c_str(), 1);
    ::setenv("OCLGRIND_DIAGNOSTIC_OPTIONS", "-Wall", 1); // barrier divergence is a warning
    // Oclgrind's error limit is one counter for the whole process: our own cap is per case.
    ::setenv("OCLGRIND_MAX_ERRORS", "4000000000", 1);
    flush_stdout();
    const int fd = ::open(m_counts.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    m_saved_stdout = ::dup(STDOUT_FILENO);
    if (fd < 0 || m_saved_stdout < 0 || ::dup2(fd, STDOUT_FILENO) < 0) {
        throw file_error("cannot capture the simulator's counts in " + m_counts + ": " +
                         std::strerror(errno));
    }
    ::close(fd);
}

simulator::~simulator() {
    flush_stdout();
    if (m_saved_stdout >= 0) {
        ::dup2(m_saved_stdout, STDOUT_FILENO);
        ::close(m_saved_stdout);
    }
    for (const auto& f : {m_log, m_counts, m_dir + "/oclgrind.icd"}) {
        std::remove(f.c_str());
    }
    ::rmdir(m_dir.c_str());
}

void simulator::begin() {
    flush_stdout();
    m_log_at = size_of(m_log);
    m_counts_at = size_of(m_counts);
}

captured simulator::end() {
    flush_stdout();
    return {read_from(m_log, m_log_at), read_from(m_counts, m_counts_at)};
}

} // namespace grp::sim
