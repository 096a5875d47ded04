// run --clocks / --power-limit's parts against a stand-in NVML (stand_in_nvml_control.c), whose
// state lives in a file: the request's syntax, the lock file, the restore from it, the watchdog
// that restores when its run ends without releasing the lock, and a stale lock's recovery.
// Never a real GPU's settings.
#include "grp/core/error.hpp"
#include "grp/core/machine/control/control_lock.hpp"
#include "grp/core/machine/control/control_request.hpp"
#include "grp/core/machine/control/control_watchdog.hpp"
#include "grp/core/machine/control/nvml_control.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace grp {
namespace {

namespace fs = std::filesystem;

/// A fresh folder for the stand-in's state and the locks, named in the environment.
class control_test : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("grp-control-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        ::setenv("GRP_STAND_IN_NVML_STATE", state().c_str(), 1);
        ::setenv("GRP_CONTROL_STATE_DIR", (dir_ / "locks").c_str(), 1);
        ::unsetenv("GRP_STAND_IN_NVML_FAIL");
        ::setenv("GRP_NVML_LIBRARY", GRP_STAND_IN_NVML_CONTROL, 1); // what a restore loads
    }
    void TearDown() override {
        ::unsetenv("GRP_STAND_IN_NVML_STATE");
        ::unsetenv("GRP_CONTROL_STATE_DIR");
        ::unsetenv("GRP_NVML_LIBRARY");
        fs::remove_all(dir_);
    }
    [[nodiscard]] std::string state() const { return (dir_ / "state").string(); }
    /// The stand-in's state file ("" before any set call).
    [[nodiscard]] std::string read_state() const {
        std::ifstream f(state());
        std::stringstream s;
        s << f.rdbuf();
        return s.str();
    }
    /// The stand-in's GPU, locked to 1500 MHz and 300 W, and its lock (previous: 700 W).
    control_lock lock_gpu(nvml_control& gpu, long run_pid, long watchdog_pid) {
        control_lock l{control_lock_path(control_state_dir(), gpu.uuid()),
                       run_pid,
                       watchdog_pid,
                       GRP_STAND_IN_NVML_CONTROL,
                       gpu.uuid(),
                       true,
                       false,
                       700000U};
        write_control_lock(l);
        EXPECT_TRUE(gpu.lock_clocks(1500, 1500).ok());
        EXPECT_TRUE(gpu.set_power_limit_mw(300000).ok());
        EXPECT_NE(read_state().find("sm_locked=1500-1500"), std::string::npos) << read_state();
        return l;
    }
    static std::unique_ptr<nvml_control> open_gpu() {
        std::string why;
        auto gpu = nvml_control::open(GRP_STAND_IN_NVML_CONTROL, std::nullopt, std::nullopt, why);
        EXPECT_TRUE(gpu) << why;
        return gpu;
    }
    /// A pid no process has now: a child that exited and was reaped.
    static long gone_pid() {
        const pid_t pid = ::fork();
        if (pid == 0) {
            std::_Exit(0);
        }
        int status = 0;
        ::waitpid(pid, &status, 0);
        return pid;
    }
    fs::path dir_;
};

TEST(control_request, parses_base_max_mhz_and_memory) {
    EXPECT_FALSE(parse_clocks("").any());
    EXPECT_EQ(parse_clocks("base").clocks, control_request::clock_kind::base);
    const auto r = parse_clocks("max,mem=2619");
    EXPECT_EQ(r.clocks, control_request::clock_kind::max);
    EXPECT_EQ(r.memory_mhz, 2619U);
    EXPECT_EQ(parse_clocks("1500").clock_mhz, 1500U);
    EXPECT_EQ(parse_clocks("1500").describe(), "clocks 1500 MHz");
    EXPECT_EQ(parse_power_limit("300"), 300.0);
    for (const char* bad : {"fast", "0", "-5", "1500,2619", "max,mem=", "1e3", "max,mem=x"}) {
        EXPECT_THROW(parse_clocks(bad), usage_error) << bad;
    }
    for (const char* bad : {"0", "-1", "nan", "inf", "300W"}) {
        EXPECT_THROW(parse_power_limit(bad), usage_error) << bad;
    }
}

TEST_F(control_test, the_lock_file_round_trips) {
    auto gpu = open_gpu();
    ASSERT_TRUE(gpu);
    EXPECT_EQ(gpu->uuid(), "GPU-0123abcd-0000-1111-2222-333344445555");
    const auto l = lock_gpu(*gpu, 12, 13);
    const auto back = read_control_lock(l.path);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->run_pid, 12);
    EXPECT_EQ(back->watchdog_pid, 13);
    EXPECT_EQ(back->uuid, gpu->uuid());
    EXPECT_TRUE(back->clocks);
    EXPECT_FALSE(back->memory_clocks);
    EXPECT_EQ(back->power_limit_mw, 700000U);
}

TEST_F(control_test, a_restore_puts_every_setting_back_and_removes_the_lock) {
    auto gpu = open_gpu();
    ASSERT_TRUE(gpu);
    const auto l = lock_gpu(*gpu, ::getpid(), ::getpid());
    bool ok = false;
    const auto done = restore_control_lock(l, ok);
    EXPECT_TRUE(ok) << done;
    EXPECT_NE(read_state().find("sm_locked=none"), std::string::npos) << read_state();
    EXPECT_NE(read_state().find("power_limit_mw=700000"), std::string::npos) << read_state();
    EXPECT_FALSE(fs::exists(l.path));
}

TEST_F(control_test, a_refused_restore_keeps_the_lock_for_the_next_start) {
    auto gpu = open_gpu();
    ASSERT_TRUE(gpu);
    const auto l = lock_gpu(*gpu, ::getpid(), ::getpid());
    ::setenv("GRP_STAND_IN_NVML_FAIL", "no_permission", 1);
    bool ok = true;
    const auto done = restore_control_lock(l, ok);
    EXPECT_FALSE(ok);
    EXPECT_NE(done.find("NVML_ERROR_NO_PERMISSION"), std::string::npos) << done;
    EXPECT_TRUE(fs::exists(l.path));
}

TEST_F(control_test, the_watchdog_restores_when_its_run_ends_without_releasing) {
    auto gpu = open_gpu();
    ASSERT_TRUE(gpu);
    std::string path;
    {
        control_watchdog dog;
        path = lock_gpu(*gpu, ::getpid(), dog.pid()).path;
        dog.hold(path);
    } // the socket closes as at the run's death; the destructor waits for the watchdog
    EXPECT_NE(read_state().find("sm_locked=none"), std::string::npos) << read_state();
    EXPECT_NE(read_state().find("power_limit_mw=700000"), std::string::npos) << read_state();
    EXPECT_FALSE(fs::exists(path));
}

TEST_F(control_test, a_released_lock_is_left_alone_by_the_watchdog) {
    auto gpu = open_gpu();
    ASSERT_TRUE(gpu);
    {
        control_watchdog dog;
        const auto path = lock_gpu(*gpu, ::getpid(), dog.pid()).path;
        dog.hold(path);
        dog.release(path);
    }
    EXPECT_NE(read_state().find("sm_locked=1500-1500"), std::string::npos) << read_state();
}

TEST_F(control_test, a_stale_lock_is_restored_at_the_next_start_and_said) {
    auto gpu = open_gpu();
    ASSERT_TRUE(gpu);
    const auto l = lock_gpu(*gpu, gone_pid(), gone_pid());
    const auto lines = recover_stale_locks(control_state_dir());
    ASSERT_EQ(lines.size(), 1U);
    EXPECT_NE(lines[0].find("stale control lock"), std::string::npos) << lines[0];
    EXPECT_NE(read_state().find("sm_locked=none"), std::string::npos) << read_state();
    EXPECT_FALSE(fs::exists(l.path));
}

TEST_F(control_test, a_live_runs_lock_is_not_stale) {
    auto gpu = open_gpu();
    ASSERT_TRUE(gpu);
    const auto l = lock_gpu(*gpu, ::getpid(), gone_pid());
    EXPECT_TRUE(recover_stale_locks(control_state_dir()).empty());
    EXPECT_TRUE(fs::exists(l.path));
}

TEST_F(control_test, a_lock_in_a_folder_others_may_write_is_never_read) {
    auto gpu = open_gpu();
    ASSERT_TRUE(gpu);
    const auto l = lock_gpu(*gpu, gone_pid(), gone_pid());
    fs::permissions(control_state_dir(), fs::perms::others_write, fs::perm_options::add);
    EXPECT_TRUE(recover_stale_locks(control_state_dir()).empty()); // planted by anyone: ignored
    EXPECT_NE(read_state().find("sm_locked=1500-1500"), std::string::npos) << read_state();
}

TEST_F(control_test, no_library_says_why) {
    std::string why;
    EXPECT_FALSE(
        nvml_control::open("/nonexistent/libnvidia-ml.so.1", std::nullopt, std::nullopt, why));
    EXPECT_NE(why.find("no NVML"), std::string::npos) << why;
}

} // namespace
} // namespace grp
