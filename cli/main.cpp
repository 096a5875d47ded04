// gpu-reduce-prof: profiles OpenCL reduction kernels. This file wires the subcommands into CLI11
// and maps grp::error to exit codes; the work lives in cli/commands and cli/grp.
#include "commands/command.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/version.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace {

const char* top_help =
    R"(Profile OpenCL reduction kernels: time them with OpenCL events, verify every
result, write versioned JSON profiles, compare them and report them as HTML.

Examples:
  gpu-reduce-prof platforms                       # devices and the facts a tuner needs
  gpu-reduce-prof run                             # quick sweep of the built-in suite
  gpu-reduce-prof run -k reduce3,reduce6 -l pow2 -n 2^26 -t float,int -o p.json
  gpu-reduce-prof run --gate -o new.json          # 3 processes: a profile compare can gate
  gpu-reduce-prof compare base.json new.json      # both from run --gate: exit 1 on a regression
  gpu-reduce-prof merge run1.json run2.json run3.json -o baseline.json
  gpu-reduce-prof report p.json -o report.html

Exit codes: 0 ok, 1 regression or wrong result, 2 usage, 3 OpenCL, 4 kernel build,
5 bad profile/spec file or unwritable output, 6 self-check failed, 7 nothing measured,
8 compare judged the timing of no case (undecided; also one run against one: not gated),
9 a duet's A/A control was not same (biased), 10 a process of run --runs was killed,
11 merge: shards of a sharded sweep missing, 70 internal error (a bug), 128+N run stopped by
signal N (finished cases saved). README lists which inputs give which code.)";

} // namespace

namespace {

// Runs the selected command; every exception becomes a message and an exit code. Messages
// carry strings from files, drivers and argv: they are escaped for the terminal.
int run_command(const grp::cli::command_slot& slot) {
    using grp::terminal_escape;
    try {
        return slot ? slot() : 0;
    } catch (const grp::kernel_build_error& e) {
        std::cerr << "error: " << terminal_escape(e.what(), true)
                  << "\n  device:  " << terminal_escape(e.device())
                  << "\n  options: " << terminal_escape(e.options()) << "\n--- build log ---\n"
                  << terminal_escape(e.log(), true) << "\n--- end of build log ---\n";
        return e.exit_status();
    } catch (const grp::error& e) {
        std::cerr << "error: " << terminal_escape(e.what(), true) << '\n';
        return e.exit_status();
    } catch (const std::bad_alloc&) {
        std::cerr << "error: out of host memory; try a smaller -n\n";
        return static_cast<int>(grp::exit_code::opencl);
    } catch (const std::exception& e) {
        // A bug, not bad input: every input error is a grp::error. Say so, and how to report.
        std::cerr << "internal error: " << terminal_escape(e.what(), true)
                  << "\nThis is a bug in gpu-reduce-prof; please report it with the command "
                     "line and input files.\n";
        return static_cast<int>(grp::exit_code::internal);
    } catch (...) {
        std::cerr << "internal error: an unknown exception; this is a bug in gpu-reduce-prof\n";
        return static_cast<int>(grp::exit_code::internal);
    }
}

// Output the user asked for that never arrived (a full disk) is an error, exit 5 whatever the
// command found: its own 0, 1 or 8 would hide it (`compare --json > /dev/full` used to exit 0,
// then 8). A pipe whose reader left (`| head`) is the reader's choice, not an error; a signal's
// 128 + N stays.
int checked_stdout(int rc) {
    std::cout.flush();
    struct stat st {};
    const bool pipe = ::fstat(STDOUT_FILENO, &st) == 0 && S_ISFIFO(st.st_mode);
    if (pipe || (std::cout.good() && std::fflush(stdout) == 0 && std::ferror(stdout) == 0)) {
        return rc;
    }
    std::cerr << "error: standard output could not be written (" << std::strerror(errno)
              << "): what this command printed there is lost\n";
    return rc >= 128 ? rc : static_cast<int>(grp::exit_code::bad_file);
}

// `bisect --predicate` runs under git bisect run, which marks a commit bad on any exit from 1
// to 127: a mistyped option there must stop the bisection (128), not blame the commit.
bool predicate_call(int argc, char** argv) {
    bool bisect = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        bisect = bisect || arg == "bisect";
        if (bisect && arg == "--predicate") {
            return true;
        }
    }
    return false;
}

} // namespace

int main(int argc, char** argv) {
    grp::cli::set_invocation_argv(argc, argv);
    CLI::App app(top_help, "gpu-reduce-prof");
    app.set_version_flag("-V,--version", grp::version_line());
    app.require_subcommand(1);
    app.fallthrough(false);
    // CLI11 quotes the offending argument: escaped like every other message (set before the
    // subcommands are added, which copy it).
    app.failure_message([](const CLI::App* a, const CLI::Error& e) {
        return grp::terminal_escape(CLI::FailureMessage::simple(a, e), true);
    });

    grp::cli::command_slot slot;
    grp::cli::add_platforms(app, slot);
    grp::cli::add_run(app, slot);
    grp::cli::add_check(app, slot);
    grp::cli::add_validate(app, slot);
    grp::cli::add_compare(app, slot);
    grp::cli::add_report(app, slot);
    grp::cli::add_merge(app, slot);
    grp::cli::add_history(app, slot);
    grp::cli::add_bisect(app, slot);
    grp::cli::add_completion(app, slot);
    grp::cli::add_man(app, slot);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // CLI11 returns 0 for --help/--version and its own codes otherwise; ours is 2.
        int rc = app.exit(e);
        // --help into a full disk is lost output like any other (exit 5).
        if (rc == 0) {
            return checked_stdout(0);
        }
        return predicate_call(argc, argv) ? 128 : static_cast<int>(grp::exit_code::usage);
    }
    return checked_stdout(run_command(slot));
}
