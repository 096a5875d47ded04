// Runs another program (git, for `run`'s revision and `history --git-ref`) and keeps what it
// writes: argv is passed as is, never through a shell, so a ref or a path cannot inject a
// command; standard input is /dev/null; both output streams are read to a cap, so a program
// that floods its output cannot exhaust memory. The program runs in a process group of its own,
// so a timeout kills what it started too (a hung wrapper's own child), not only the program.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace grp {

struct command_result {
    bool started = false;   ///< false when the program could not be run (`problem` says why)
    int exit_status = -1;   ///< the program's exit status; -1 when it died of a signal
    std::string out, err;   ///< standard output and error, each cut at the cap
    bool truncated = false; ///< standard output went past the cap
    std::string problem;    ///< why it did not start or was cut ("" when it ran)
    [[nodiscard]] bool ok() const { return started && exit_status == 0 && !truncated; }
};

struct command_limits {
    std::size_t max_bytes = std::size_t{64} << 20; ///< kept of each stream
    std::chrono::seconds timeout{120};             ///< then the program is killed
};

/// Runs argv[0] (looked up in PATH) with the arguments argv[1..] and waits for it. Keeps at
/// most `limits.max_bytes` of each stream; after `limits.timeout` kills the program's whole
/// process group (the program and every child it left in it). `env_changes` edits the
/// environment the program gets: "NAME=VALUE" sets NAME, a bare "NAME" removes it. Never throws
/// for the program's own failures: they are in the result. Throws std::invalid_argument for an
/// empty argv.
command_result command_output(const std::vector<std::string>& argv,
                              const command_limits& limits = {},
                              const std::vector<std::string>& env_changes = {});

} // namespace grp
