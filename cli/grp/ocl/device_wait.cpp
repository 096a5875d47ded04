#include "grp/ocl/device_wait.hpp"

#include "grp/core/strings.hpp"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>

namespace grp::ocl {

namespace {

double g_deadline_s = 0;
hang_handler g_on_hang;

/// What the completion callback and the waiting thread share; the callback holds a reference,
/// so a wait that ends at the deadline leaves it valid for a callback that comes later.
struct completion {
    std::mutex mutex;
    std::condition_variable done_cv;
    bool done = false;
    cl_int status = CL_COMPLETE;
};

void CL_CALLBACK on_complete(cl_event /*e*/, cl_int status, void* data) {
    auto* held = static_cast<std::shared_ptr<completion>*>(data);
    {
        std::lock_guard<std::mutex> lock((*held)->mutex);
        (*held)->done = true;
        (*held)->status = status;
    }
    (*held)->done_cv.notify_all();
    delete held;
}

} // namespace

void set_wait_deadline(double seconds, hang_handler on_hang) {
    g_deadline_s = seconds > 0 ? seconds : 0;
    g_on_hang = std::move(on_hang);
}

void wait_for(const cl::Event& e) {
    if (g_deadline_s <= 0) {
        e.wait();
        return;
    }
    auto state = std::make_shared<completion>();
    auto* held = new std::shared_ptr<completion>(state);
    if (const cl_int err = clSetEventCallback(e(), CL_COMPLETE, on_complete, held);
        err != CL_SUCCESS) {
        delete held;
        e.wait(); // a driver without callbacks: no deadline, as before
        return;
    }
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(g_deadline_s));
    std::unique_lock<std::mutex> lock(state->mutex);
    if (!state->done_cv.wait_until(lock, deadline, [&state] { return state->done; })) {
        lock.unlock();
        if (g_on_hang) {
            g_on_hang(g_deadline_s);
        }
        throw opencl_error("the device did not complete a command within the deadline of " +
                           shortest_text(g_deadline_s) + " s (--launch-timeout)");
    }
    if (state->status < 0) {
        throw cl::Error(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "clWaitForEvents");
    }
}

void finish_queue(cl::CommandQueue& q) {
    if (g_deadline_s <= 0) {
        q.finish();
        return;
    }
    cl::Event marker;
    q.enqueueMarkerWithWaitList(nullptr, &marker);
    q.flush(); // a callback comes only for a command the device was given
    wait_for(marker);
}

} // namespace grp::ocl
