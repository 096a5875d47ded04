// The simulator's streams captured through a pipe (sim/stream_capture.hpp): each window holds
// exactly what was written since the last one, a writer far beyond the pipe's buffer never
// blocks, and what passes the cap is counted as dropped.
#include "grp/sim/stream_capture.hpp"

#include <gtest/gtest.h>
#include <string>
#include <thread>
#include <unistd.h>

namespace grp::sim {
namespace {

void write_all(int fd, const std::string& s) {
    std::size_t done = 0;
    while (done < s.size()) {
        const auto n = ::write(fd, s.data() + done, s.size() - done);
        ASSERT_GT(n, 0);
        done += static_cast<std::size_t>(n);
    }
}

TEST(StreamCapture, EachWindowHoldsWhatWasWrittenSinceTheLast) {
    stream_capture c("the test stream", 1 << 20);
    EXPECT_EQ(c.take().text, "");
    write_all(c.write_fd(), "first\n");
    EXPECT_EQ(c.take().text, "first\n");
    write_all(c.write_fd(), "second ");
    write_all(c.write_fd(), "and more\n");
    EXPECT_EQ(c.take().text, "second and more\n");
    EXPECT_EQ(c.take().text, "");
}

TEST(StreamCapture, AWriterFarBeyondThePipesBufferNeverBlocks) {
    stream_capture c("the test stream", 64 << 20);
    const std::string line(1000, 'x');
    std::thread writer([&] {
        for (int i = 0; i < 4096; ++i) { // 4 MB: 64 times a default pipe
            write_all(c.write_fd(), line);
        }
    });
    writer.join(); // would wait forever with nobody draining the pipe
    const auto w = c.take();
    EXPECT_EQ(w.text.size(), 4096U * 1000U);
    EXPECT_EQ(w.dropped, 0U);
}

TEST(StreamCapture, WhatPassesTheCapIsCountedAsDropped) {
    stream_capture c("the test stream", 10);
    write_all(c.write_fd(), "0123456789abcdef");
    const auto w = c.take();
    EXPECT_EQ(w.text, "0123456789");
    EXPECT_EQ(w.dropped, 6U);
    write_all(c.write_fd(), "next");
    EXPECT_EQ(c.take().text, "next");
}

} // namespace
} // namespace grp::sim
