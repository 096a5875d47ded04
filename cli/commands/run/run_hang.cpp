#include "commands/run/run_hang.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/baseline/resume.hpp"
#include "grp/model/measure/launch_timeout.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/resume.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>

namespace grp::cli {

namespace {

// Every descriptor above stderr closes at the exec: the driver's (a GPU's context goes with
// them) and any file this process had open.
void close_on_exec_all() {
    DIR* d = ::opendir("/proc/self/fd");
    if (d == nullptr) {
        return;
    }
    const int own = ::dirfd(d);
    while (const dirent* e = ::readdir(d)) {
        const int fd = std::atoi(e->d_name);
        if (fd > 2 && fd != own) {
            ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC);
        }
    }
    ::closedir(d);
}

// Becomes this binary again with --after-hang `file` and this process's order seed (the kept
// cases' rounds were ordered by it; settings.order_seed records one); returns only when exec
// failed. The hand-over's arguments come last, so without_after_hang cuts them off.
void exec_continuation(const std::vector<std::string>& argv, const std::string& file,
                       std::uint64_t order_seed) {
    auto args = without_after_hang(argv);
    args.insert(args.end(), {"--after-hang", file, "--order-seed", std::to_string(order_seed)});
    std::vector<char*> raw;
    raw.reserve(args.size() + 1);
    for (auto& a : args) {
        raw.push_back(a.data());
    }
    raw.push_back(nullptr);
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    close_on_exec_all();
    if (!run::interrupted()) { // a signal taken meanwhile would not reach the fresh process
        ::execv("/proc/self/exe", raw.data());
    }
}

// Ends the process with `code` after saving the last checkpoint, with the hung case marked
// when there is one: at once through the store on a signal (128 + it), else as an error.
[[noreturn]] void save_and_end(parts::checkpoint_store& store, const run::hang_report& r,
                               int code) {
    auto p = store.last_checkpoint().value_or(profile{});
    if (r.key) {
        mark_hung(p, *r.key, r.device, r.seconds);
    }
    if (code > 128) {
        store.update(p, p);
        store.write_and_exit(code - 128);
    }
    p.complete = false;
    p.incomplete_reason = "a launch hung and the run could not go on (see its error)";
    try {
        if (p.cases.empty()) {
            std::cerr << "no case had finished; nothing written\n";
        } else {
            parts::save_or_rescue(p, store.out());
            std::cerr << "finished cases saved to " << terminal_escape(store.out().path()) << '\n';
        }
    } catch (const std::exception& e) {
        std::cerr << terminal_escape(e.what(), true) << '\n';
    }
    std::cerr.flush();
    ::_exit(code);
}

// Whether the case of `r` is among the hung ones of --after-hang's profile.
bool hung_before(const run::run_options& opts, const run::hang_report& r) {
    if (!opts.after_hang || !r.key) {
        return false;
    }
    const auto& cases = opts.after_hang->cases;
    return std::any_of(cases.begin(), cases.end(), [&r](const case_result& c) {
        return c.key == *r.key && c.device == r.device && is_hung(c);
    });
}

} // namespace

std::vector<std::string> without_after_hang(const std::vector<std::string>& argv) {
    const auto at = std::find_if(argv.begin(), argv.end(), [](const std::string& a) {
        return a == "--after-hang" || a.rfind("--after-hang=", 0) == 0;
    });
    return {argv.begin(), at};
}

void with_after_hang(profile& p, const run::run_options& opts) {
    if (!opts.after_hang) {
        return;
    }
    const auto settings = p.settings;
    const bool complete = p.complete;
    const std::string reason = p.incomplete_reason;
    std::vector<std::string> warnings; // the same invocation: no settings differ
    p = resume_union(*opts.after_hang, opts.after_hang_path, p, run::resume_rules_of(opts),
                     warnings);
    if (!settings.empty()) {
        p.settings = settings;
    }
    p.settings.erase("resumed_from");
    p.complete = complete;
    p.incomplete_reason = reason;
}

void drop_after_hang_file(const run::run_options& opts) {
    if (opts.after_hang) {
        std::remove(opts.after_hang_path.c_str());
    }
}

run::on_hang_fn continue_after_hang(parts::checkpoint_store& store, const run::run_options& opts,
                                    std::vector<std::string> argv) {
    if (opts.after_hang) { // the hand-over goes once a profile holding its cases is saved
        store.set_hooks([&opts] { drop_after_hang_file(opts); }, nullptr);
    }
    return [&store, &opts, argv = std::move(argv)](const run::hang_report& r) {
        auto own = store.last_own();
        const std::string what = r.key ? r.key->to_string() : "the tool's own work (no case)";
        std::cerr << "\nerror: " << terminal_escape(what) << ": the device did not complete "
                  << "within " << r.seconds << " s (--launch-timeout); a hung launch cannot be "
                  << "cancelled";
        if (!r.key || !own) { // the tool's own kernels, or before any group: the device is stuck
            std::cerr << "; the device is unusable: the run stops\n";
            save_and_end(store, r, static_cast<int>(exit_code::opencl));
        }
        if (run::interrupted()) {
            std::cerr << '\n';
            save_and_end(store, r, 128 + run::interrupt_signal());
        }
        if (hung_before(opts, r)) { // skipped, yet launched again: never loop on it
            std::cerr << "; it hung in an earlier process of this run too: the run stops\n";
            save_and_end(store, r, static_cast<int>(exit_code::opencl));
        }
        mark_hung(*own, *r.key, r.device, r.seconds);
        own->complete = false;
        own->incomplete_reason = "a launch hung; this file hands the finished cases to a fresh "
                                 "process of the same run";
        const auto file = parts::write_rescue_file(profile_text(*own), store.out().path());
        drop_after_hang_file(opts); // the earlier hand-over is in `own`
        if (!file.empty()) {
            std::cerr << "; its case is failed, and the other cases go on in a fresh process\n";
            exec_continuation(argv, file, opts.measure.order_seed);
            std::remove(file.c_str());
        }
        if (run::interrupted()) {
            save_and_end(store, r, 128 + run::interrupt_signal());
        }
        std::cerr << "error: no fresh process could be started; the run stops\n";
        save_and_end(store, r, static_cast<int>(exit_code::opencl));
    };
}

} // namespace grp::cli
