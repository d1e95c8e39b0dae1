"""Run generated ROS 2 launch files under the real `launch`/`launch_ros` (ROBOKIT_REFERENCE_PYTHON).

rclpy and the message packages are not installable here: a meta-path finder hands out
stand-in modules for them (launch_ros's Node only validates names with them). The ROS
executables are stand-ins installed in an ament prefix: each records its package,
executable, argv and the content of every --params-file into a JSON-lines log and exits 0,
so event handlers (OnProcessExit) fire as in a real run. `xacro` is the vendor's real xacro.

usage: ros2LaunchHarness.py WORK PACKAGE_DIR PACKAGE LAUNCH_FILE [name:=value ...] ...
       (several runs separated by '--')
Prints one JSON object per run: {"launch", "status", "records": [...]}.
"""
import importlib.abc
import importlib.machinery
import json
import os
import shutil
import stat
import sys
import types

STUBBED = ("rclpy", "rcl_interfaces", "composition_interfaces", "lifecycle_msgs")


class _StubMeta(type):
    """Stand-in classes: any class attribute is another stand-in (constants, nested types)."""

    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _StubMeta(name, (), {})

    def __call__(cls, *args, **kwargs):
        return True


class _Stub(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _StubMeta(name, (), {})


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in STUBBED:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        m = _Stub(spec.name)
        m.__path__ = []
        return m

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, _StubFinder())

RECORDER = """#!/usr/bin/python3
import json, os, sys
args = sys.argv[1:]
params = {}
for i, a in enumerate(args):
    if a == '--params-file' and i + 1 < len(args):
        with open(args[i + 1]) as f:
            params[args[i + 1]] = f.read()
with open(os.environ['HARNESS_LOG'], 'a') as f:
    f.write(json.dumps({'package': %r, 'executable': %r, 'argv': args, 'params': params}) + '\\n')
"""

EXECUTABLES = {
    "robot_state_publisher": ["robot_state_publisher"],
    "joint_state_publisher": ["joint_state_publisher"],
    "joint_state_publisher_gui": ["joint_state_publisher_gui"],
    "rviz2": ["rviz2"],
    "ros_gz_sim": ["create"],
    "ros_gz_bridge": ["parameter_bridge"],
    "controller_manager": ["spawner"],
    "gazebo_ros": ["spawn_entity.py"],
}

SIM_LAUNCH = {
    ("ros_gz_sim", "gz_sim.launch.py"): "gz_args",
    ("gazebo_ros", "gazebo.launch.py"): "world",
}


def prefix_for(work):
    prefix = os.path.join(work, "prefix")
    if os.path.isdir(prefix):
        return prefix
    index = os.path.join(prefix, "share", "ament_index", "resource_index", "packages")
    os.makedirs(index)
    for pkg, exes in EXECUTABLES.items():
        open(os.path.join(index, pkg), "w").close()
        os.makedirs(os.path.join(prefix, "lib", pkg))
        os.makedirs(os.path.join(prefix, "share", pkg, "launch"), exist_ok=True)
        for exe in exes:
            path = os.path.join(prefix, "lib", pkg, exe)
            with open(path, "w") as f:
                f.write(RECORDER % (pkg, exe))
            os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    for (pkg, name), arg in SIM_LAUNCH.items():
        exe = os.path.join(prefix, "lib", pkg, "simulator")
        with open(exe, "w") as f:
            f.write(RECORDER % (pkg, "simulator"))
        os.chmod(exe, 0o755)
        with open(os.path.join(prefix, "share", pkg, "launch", name), "w") as f:
            f.write(
                "from launch import LaunchDescription\n"
                "from launch.actions import DeclareLaunchArgument, ExecuteProcess\n"
                "from launch.substitutions import LaunchConfiguration\n"
                "def generate_launch_description():\n"
                f"    return LaunchDescription([DeclareLaunchArgument({arg!r}), ExecuteProcess(cmd=[{exe!r}, LaunchConfiguration({arg!r})])])\n"
            )
    bindir = os.path.join(work, "bin")
    os.makedirs(bindir)
    with open(os.path.join(bindir, "xacro"), "w") as f:
        f.write('#!/bin/sh\nexec /usr/bin/python3 -c \'import sys, xacro; sys.argv[0] = "xacro"; xacro.main()\' "$@"\n')
    os.chmod(os.path.join(bindir, "xacro"), 0o755)
    return prefix


def run(work, package_dir, package, launch_file, launch_args):
    prefix = prefix_for(work)
    share = os.path.join(prefix, "share", package)
    if not os.path.isdir(share):
        shutil.copytree(package_dir, share)
        open(os.path.join(prefix, "share", "ament_index", "resource_index", "packages", package), "w").close()
    log = os.path.join(work, "log-%d.jsonl" % len(os.listdir(work)))
    os.environ["HARNESS_LOG"] = log
    os.environ["AMENT_PREFIX_PATH"] = prefix
    os.environ["PATH"] = os.path.join(work, "bin") + os.pathsep + os.environ["PATH"]
    os.environ["ROS_LOG_DIR"] = os.path.join(work, "roslog")

    import launch
    from launch.launch_description_sources import PythonLaunchDescriptionSource

    service = launch.LaunchService(argv=launch_args)
    service.include_launch_description(
        launch.actions.IncludeLaunchDescription(
            PythonLaunchDescriptionSource(os.path.join(share, "launch", launch_file)),
            launch_arguments=[tuple(a.split(":=", 1)) for a in launch_args],
        )
    )
    status = service.run()
    records = []
    if os.path.exists(log):
        with open(log) as f:
            records = [json.loads(line) for line in f]
    return {"launch": launch_file, "args": launch_args, "status": status, "records": records}


def main():
    work = sys.argv[1]
    runs, current = [], []
    for a in sys.argv[2:]:
        if a == "--":
            runs.append(current)
            current = []
        else:
            current.append(a)
    if current:
        runs.append(current)
    for r in runs:
        print(json.dumps(run(work, r[0], r[1], r[2], r[3:])), flush=True)


if __name__ == "__main__":
    main()
