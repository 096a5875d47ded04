#include "grp/ocl/stderr_capture.hpp"

#include <unistd.h>

namespace grp::ocl {

stderr_capture::stderr_capture() {
    std::fflush(stderr);
    m_file = std::tmpfile();
    if (m_file == nullptr) {
        return;
    }
    m_saved = dup(2);
    if (m_saved < 0 || dup2(fileno(m_file), 2) < 0) {
        if (m_saved >= 0) {
            close(m_saved);
            m_saved = -1;
        }
        std::fclose(m_file);
        m_file = nullptr;
    }
}

stderr_capture::~stderr_capture() {
    restore();
    if (m_file != nullptr) {
        std::fclose(m_file);
    }
}

void stderr_capture::restore() {
    if (m_saved >= 0) {
        std::fflush(stderr);
        dup2(m_saved, 2);
        close(m_saved);
        m_saved = -1;
    }
}

std::string stderr_capture::text() {
    restore();
    if (m_file == nullptr) {
        return "";
    }
    std::rewind(m_file);
    std::string out(std::size_t{64} * 1024, '\0');
    out.resize(std::fread(out.data(), 1, out.size(), m_file));
    return out;
}

} // namespace grp::ocl
