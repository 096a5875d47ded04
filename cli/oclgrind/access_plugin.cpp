// The Oclgrind plugin `check` loads (OCLGRIND_PLUGINS; cli/grp/sim/simulator.cpp finds it):
// feeds every work-group's executed instructions, global and local accesses and barriers to a
// group_recorder (grp/model/access/access_metrics.hpp) and writes each launch's sums on
// standard output when the launch ends, after Oclgrind's own instruction-count table, where
// check's capture reads both (grp/model/access/access_text.hpp). Nothing of the trace is
// kept beyond one group's accesses between two barriers: a launch costs its sums, whatever n.
//
// Oclgrind runs a work-group on one worker thread from its begin to its end, several groups at
// once on several threads: each thread records its own group, and the group's sums are added
// to the launch's under a lock (integer sums: the result does not depend on the order).
#include "grp/model/access/access_metrics.hpp"
#include "grp/model/access/access_text.hpp"

#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <oclgrind/Context.h>
#include <oclgrind/Memory.h>
#include <oclgrind/Plugin.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

namespace {

using oclgrind_size3 = oclgrind::Size3;

/// The group this thread runs, its recorder and its shape (lanes are linear local indices).
struct access_thread_group {
    const oclgrind::WorkGroup* group = nullptr;
    std::unique_ptr<grp::group_recorder> recorder;
    oclgrind_size3 shape;
};
thread_local access_thread_group t_access_group;

class access_plugin final : public oclgrind::Plugin {
public:
    explicit access_plugin(const oclgrind::Context* context) : Plugin(context) {}

    void kernelBegin(const oclgrind::KernelInvocation* /*invocation*/) override {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_launch = grp::access_totals{};
    }
    void kernelEnd(const oclgrind::KernelInvocation* /*invocation*/) override {
        const std::lock_guard<std::mutex> lock(m_mutex);
        grp::write_access_block(std::cout, m_launch);
        std::cout.flush();
        m_launch = grp::access_totals{};
    }
    void workGroupBegin(const oclgrind::WorkGroup* group) override {
        const auto shape = group->getGroupSize();
        t_access_group.group = group;
        t_access_group.shape = shape;
        t_access_group.recorder = std::make_unique<grp::group_recorder>(
            static_cast<std::uint32_t>(shape.x * shape.y * shape.z));
    }
    void workGroupBarrier(const oclgrind::WorkGroup* group, std::uint32_t /*flags*/) override {
        if (group == t_access_group.group && t_access_group.recorder) {
            t_access_group.recorder->barrier();
        }
    }
    void workGroupComplete(const oclgrind::WorkGroup* group) override {
        if (group != t_access_group.group || !t_access_group.recorder) {
            return;
        }
        grp::access_totals sums;
        t_access_group.recorder->finish(sums);
        t_access_group = access_thread_group{};
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_launch.merge(sums);
    }
    void instructionExecuted(const oclgrind::WorkItem* item, const llvm::Instruction* instruction,
                             const oclgrind::TypedValue& /*result*/) override {
        if (auto* r = recorder_of(item)) {
            r->executed(lane_of(item), instruction);
        }
    }
    void memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address,
                    size_t size) override {
        record(memory, item, address, size);
    }
    void memoryStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address,
                     size_t size, const uint8_t* /*data*/) override {
        record(memory, item, address, size);
    }
    [[nodiscard]] bool isThreadSafe() const override { return true; }

private:
    static grp::group_recorder* recorder_of(const oclgrind::WorkItem* item) {
        return item != nullptr && item->getWorkGroup() == t_access_group.group
                   ? t_access_group.recorder.get()
                   : nullptr;
    }
    static std::uint32_t lane_of(const oclgrind::WorkItem* item) {
        const auto id = item->getLocalID();
        const auto& s = t_access_group.shape;
        return static_cast<std::uint32_t>(id.x + s.x * (id.y + s.y * id.z));
    }
    static void record(const oclgrind::Memory* memory, const oclgrind::WorkItem* item,
                       size_t address, size_t size) {
        auto* r = recorder_of(item);
        if (r == nullptr || memory == nullptr) {
            return;
        }
        const auto space = memory->getAddressSpace();
        if (space != oclgrind::AddrSpaceGlobal && space != oclgrind::AddrSpaceConstant &&
            space != oclgrind::AddrSpaceLocal) {
            return; // private memory is each work-item's own
        }
        r->access(lane_of(item), item->getCurrentInstruction(),
                  space == oclgrind::AddrSpaceLocal ? grp::access_space::local
                                                    : grp::access_space::global,
                  address, static_cast<std::uint32_t>(size));
    }

    std::mutex m_mutex;
    grp::access_totals m_launch;
};

std::mutex g_access_plugins_mutex;
std::map<oclgrind::Context*, std::unique_ptr<access_plugin>> g_access_plugins;

} // namespace

/// Oclgrind's entry points for a plugin library: called once per context it creates.
extern "C" void initializePlugins(oclgrind::Context* context) {
    const std::lock_guard<std::mutex> lock(g_access_plugins_mutex);
    auto plugin = std::make_unique<access_plugin>(context);
    context->registerPlugin(plugin.get());
    g_access_plugins[context] = std::move(plugin);
}

extern "C" void releasePlugins(oclgrind::Context* context) {
    const std::lock_guard<std::mutex> lock(g_access_plugins_mutex);
    const auto it = g_access_plugins.find(context);
    if (it != g_access_plugins.end()) {
        context->unregisterPlugin(it->second.get());
        g_access_plugins.erase(it);
    }
}
