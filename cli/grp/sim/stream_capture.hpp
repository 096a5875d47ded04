// One stream the simulator writes (its log, or its instruction counts on standard output),
// captured in memory through a pipe that a reader thread drains, so no byte of evidence depends
// on a file system that may be full or read-only. A sync marker written behind the simulator's
// own bytes tells where one case's output ends; a failure to read is kept and reported, never
// taken for "the simulator had nothing to say".
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>

namespace grp::sim {

class stream_capture {
public:
    /// `what` names the stream in errors ("the simulator's log"); `max_bytes` caps what one
    /// window keeps (more is counted as dropped). Throws file_error when no pipe can be made.
    stream_capture(std::string what, std::size_t max_bytes);
    ~stream_capture(); ///< the reader stops; bytes written later are discarded
    stream_capture(const stream_capture&) = delete;
    stream_capture& operator=(const stream_capture&) = delete;

    /// The pipe's write end: hand it to the writer (dup2 onto stdout, or /proc/self/fd/N).
    [[nodiscard]] int write_fd() const { return m_write; }

    /// Everything written since the last take(), in order. Throws file_error naming the stream
    /// when it cannot be read to this point within `timeout_s` seconds (its reader failed).
    struct window {
        std::string text;
        std::size_t dropped = 0; ///< bytes past max_bytes, not kept
    };
    window take(double timeout_s = 60.0);

private:
    void drain();
    void append(const char* data, std::size_t n);

    std::string m_what;
    std::size_t m_max;
    int m_read = -1, m_write = -1;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::string m_buf, m_tail; ///< kept bytes; a possible marker prefix not yet matched
    std::size_t m_dropped = 0;
    std::size_t m_marks_sent = 0, m_marks_seen = 0;
    std::string m_error;
    bool m_stopped = false;
    std::thread m_thread;
};

} // namespace grp::sim
