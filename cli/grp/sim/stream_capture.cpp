#include "grp/sim/stream_capture.hpp"

#include "grp/core/error.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace grp::sim {

namespace {

// Bytes no simulator writes (ASCII record and group separators around a name).
const std::string sync_mark = "\x1e\x1dgrp-sync\x1d\x1e";
const std::string stop_mark = "\x1e\x1dgrp-stop\x1d\x1e";

/// The longest end of `s` that begins one of the marks (kept until the next bytes say).
std::size_t mark_prefix_at_end(const std::string& s) {
    for (std::size_t n = std::min(s.size(), sync_mark.size() - 1); n > 0; --n) {
        const auto end = s.substr(s.size() - n);
        if (sync_mark.compare(0, n, end) == 0 || stop_mark.compare(0, n, end) == 0) {
            return n;
        }
    }
    return 0;
}

} // namespace

stream_capture::stream_capture(std::string what, std::size_t max_bytes)
    : m_what(std::move(what)), m_max(max_bytes) {
    int fds[2] = {-1, -1};
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        throw file_error("cannot capture " + m_what + ": pipe: " + std::strerror(errno));
    }
    m_read = fds[0];
    m_write = fds[1];
    m_thread = std::thread([this] { drain(); });
}

stream_capture::~stream_capture() {
    // The writer may still hold the pipe (the simulator keeps its log open): a stop mark, not
    // the end of the stream, ends the reader.
    (void)!::write(m_write, stop_mark.data(), stop_mark.size());
    if (m_thread.joinable()) {
        m_thread.join();
    }
    ::close(m_read); // later writes fail (EPIPE; SIGPIPE is ignored), they never block
    ::close(m_write);
}

void stream_capture::append(const char* data, std::size_t n) {
    std::string s = m_tail + std::string(data, n);
    m_tail.clear();
    const auto keep = [this](const std::string& text, std::size_t len) {
        const auto room = m_buf.size() < m_max ? m_max - m_buf.size() : 0;
        m_buf.append(text, 0, std::min(room, len));
        m_dropped += len - std::min(room, len);
    };
    for (;;) {
        const auto at = std::min(s.find(sync_mark), s.find(stop_mark));
        if (at == std::string::npos) {
            // A mark cut between two reads: its first bytes wait for the rest.
            const auto partial = mark_prefix_at_end(s);
            keep(s, s.size() - partial);
            m_tail = s.substr(s.size() - partial);
            return;
        }
        keep(s, at);
        if (s.compare(at, stop_mark.size(), stop_mark) == 0) {
            m_stopped = true;
            return;
        }
        ++m_marks_seen;
        s.erase(0, at + sync_mark.size());
    }
}

void stream_capture::drain() {
    char chunk[65536];
    for (;;) {
        const auto n = ::read(m_read, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        std::lock_guard<std::mutex> lock(m_mutex);
        if (n <= 0) {
            m_error = n == 0 ? "the stream ended" : std::strerror(errno);
            m_cv.notify_all();
            return;
        }
        append(chunk, static_cast<std::size_t>(n));
        m_cv.notify_all();
        if (m_stopped) {
            return;
        }
    }
}

stream_capture::window stream_capture::take(double timeout_s) {
    std::unique_lock<std::mutex> lock(m_mutex);
    const auto target = ++m_marks_sent;
    if (::write(m_write, sync_mark.data(), sync_mark.size()) !=
        static_cast<ssize_t>(sync_mark.size())) {
        throw file_error("cannot read " + m_what + " to its end: " + std::strerror(errno));
    }
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(timeout_s));
    const bool reached = m_cv.wait_until(
        lock, deadline, [&] { return m_marks_seen >= target || !m_error.empty() || m_stopped; });
    if (!reached || m_marks_seen < target) {
        throw file_error(m_what + " was not received to its end (" +
                         (m_error.empty() ? "no answer within the time limit" : m_error) +
                         "): the case's evidence is incomplete, so no verdict is given");
    }
    window w{std::move(m_buf), m_dropped};
    m_buf.clear();
    m_dropped = 0;
    return w;
}

} // namespace grp::sim
