// robokit's DART cross-check harness: loads an SDF world into DART through
// ignition-physics 5 (Gazebo Fortress's physics stack) and steps it on request.
//
// Usage: dartHarness PLUGIN.so WORLD.sdf MODEL BASE_LINK STEP_S IN_FIFO OUT_FIFO SPEC...
//   SPEC is JOINT:v (velocity command, as gz_ros2_control drives a velocity interface)
//        or JOINT:p:GAIN (position loop on a velocity command: v = GAIN·(target − q),
//        clamped to the joint's SDF velocity limit, as gz_ros2_control drives a position
//        interface).
// Protocol, one line each way per request (text, numbers as %.17g):
//   in:  SUBSTEPS TARGET_1 … TARGET_n        (n = number of SPECs; SUBSTEPS 0 only reads)
//   out: q_1 … q_n qd_1 … qd_n x y z qw qx qy qz wx wy wz
//        (joint positions and rates; the base link's world pose and its angular
//        velocity in the world frame, rad/s)
// The first line out is "ready N" or "error MESSAGE". Ends on end of input.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <ignition/physics/FeatureList.hh>
#include <ignition/physics/FindFeatures.hh>
#include <ignition/physics/ForwardStep.hh>
#include <ignition/physics/FrameSemantics.hh>
#include <ignition/physics/GetEntities.hh>
#include <ignition/physics/Joint.hh>
#include <ignition/physics/RequestEngine.hh>
#include <ignition/physics/sdf/ConstructWorld.hh>
#include <ignition/plugin/Loader.hh>
#include <sdf/Joint.hh>
#include <sdf/JointAxis.hh>
#include <sdf/Model.hh>
#include <sdf/Root.hh>
#include <sdf/World.hh>

namespace phys = ignition::physics;

using Features = phys::FeatureList<
    phys::sdf::ConstructSdfWorld, phys::ForwardStep, phys::GetEntities, phys::GetBasicJointState,
    phys::SetJointVelocityCommandFeature, phys::LinkFrameSemantics>;

struct Drive {
  std::string joint;
  bool position = false;
  double gain = 0;
  double maxVelocity = INFINITY;
  phys::JointPtr<phys::FeaturePolicy3d, Features> handle;
  double target = 0;
};

static int fail(FILE* out, const std::string& message) {
  std::fprintf(out, "error %s\n", message.c_str());
  std::fflush(out);
  return 1;
}

int main(int argc, char** argv) {
  if (argc < 8) {
    std::fprintf(stderr, "usage: %s PLUGIN WORLD MODEL BASE STEP IN OUT SPEC...\n", argv[0]);
    return 2;
  }
  const std::string pluginPath = argv[1], worldPath = argv[2], modelName = argv[3], baseName = argv[4];
  const double step = std::atof(argv[5]);
  FILE* in = std::fopen(argv[6], "r");
  FILE* out = std::fopen(argv[7], "w");
  if (in == nullptr || out == nullptr) return 3;

  sdf::Root root;
  const auto errors = root.Load(worldPath);
  if (!errors.empty()) return fail(out, "libsdformat: " + errors.front().Message());
  const sdf::World* sdfWorld = root.WorldByIndex(0);
  if (sdfWorld == nullptr) return fail(out, "no <world> in " + worldPath);
  const sdf::Model* sdfModel = sdfWorld->ModelByName(modelName);
  if (sdfModel == nullptr) return fail(out, "no model " + modelName);

  ignition::plugin::Loader loader;
  loader.LoadLib(pluginPath);
  const auto plugins = phys::FindFeatures3d<Features>::From(loader);
  if (plugins.empty()) return fail(out, "the physics plugin offers none of the needed features");
  auto plugin = loader.Instantiate(*plugins.begin());
  auto engine = phys::RequestEngine3d<Features>::From(plugin);
  if (!engine) return fail(out, "no engine");
  auto world = engine->ConstructWorld(*sdfWorld);
  if (!world) return fail(out, "DART could not construct the world");
  auto model = world->GetModel(modelName);
  if (!model) return fail(out, "DART has no model " + modelName);
  auto base = model->GetLink(baseName);
  if (!base) return fail(out, "DART has no link " + baseName);

  std::vector<Drive> drives;
  for (int a = 8; a < argc; ++a) {
    Drive d;
    std::string spec = argv[a];
    const auto c1 = spec.find(':');
    d.joint = spec.substr(0, c1);
    const std::string rest = c1 == std::string::npos ? "v" : spec.substr(c1 + 1);
    if (rest.rfind("p:", 0) == 0) {
      d.position = true;
      d.gain = std::atof(rest.c_str() + 2);
    }
    d.handle = model->GetJoint(d.joint);
    if (!d.handle) return fail(out, "DART has no joint " + d.joint);
    const sdf::Joint* sj = sdfModel->JointByName(d.joint);
    if (sj != nullptr && sj->Axis(0) != nullptr && sj->Axis(0)->MaxVelocity() > 0) d.maxVelocity = sj->Axis(0)->MaxVelocity();
    drives.push_back(d);
  }

  phys::ForwardStep::Input input;
  phys::ForwardStep::State state;
  phys::ForwardStep::Output output;
  input.Get<std::chrono::steady_clock::duration>() =
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(step));

  auto report = [&]() {
    std::string line;
    char buf[128];
    for (auto& d : drives) { std::snprintf(buf, sizeof buf, "%.17g ", d.handle->GetPosition(0)); line += buf; }
    for (auto& d : drives) { std::snprintf(buf, sizeof buf, "%.17g ", d.handle->GetVelocity(0)); line += buf; }
    const auto frame = base->FrameDataRelativeToWorld();
    const Eigen::Vector3d p = frame.pose.translation();
    const Eigen::Quaterniond q(frame.pose.linear());
    const Eigen::Vector3d w = frame.angularVelocity;
    std::snprintf(buf, sizeof buf, "%.17g %.17g %.17g ", p.x(), p.y(), p.z()); line += buf;
    std::snprintf(buf, sizeof buf, "%.17g %.17g %.17g %.17g ", q.w(), q.x(), q.y(), q.z()); line += buf;
    std::snprintf(buf, sizeof buf, "%.17g %.17g %.17g", w.x(), w.y(), w.z()); line += buf;
    std::fprintf(out, "%s\n", line.c_str());
    std::fflush(out);
  };

  std::fprintf(out, "ready %zu\n", drives.size());
  std::fflush(out);
  long substeps = 0;
  while (std::fscanf(in, "%ld", &substeps) == 1) {
    for (auto& d : drives) {
      if (std::fscanf(in, "%lf", &d.target) != 1) return fail(out, "short request");
    }
    for (long k = 0; k < substeps; ++k) {
      // Commands are set before every step: DART clears them after each one.
      for (auto& d : drives) {
        double v = d.position ? d.gain * (d.target - d.handle->GetPosition(0)) : d.target;
        if (std::isfinite(d.maxVelocity)) v = std::max(-d.maxVelocity, std::min(d.maxVelocity, v));
        d.handle->SetVelocityCommand(0, v);
      }
      world->Step(output, state, input);
    }
    report();
  }
  return 0;
}
