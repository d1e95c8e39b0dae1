/* Prints, for an MJCF or URDF as MuJoCo loads it, every hinge and slide joint at the model's home
 * pose (qpos0) seen from one body's frame (the robot's root link): the joint's axis, whether it is
 * limited and its range, and the mass and centre of mass of the subtree its body carries, at full
 * precision. Built and run by test/support/mujocoJointProbe.ts against the system MuJoCo
 * (libmujoco-dev). Usage: mjJointProbe model.xml root_body */
#include <stdio.h>
#include <mujoco/mujoco.h>

/* v in the frame of body b: R_b^T (v - origin) (origin 0 for directions). */
static void inBody(const mjData* d, int b, const mjtNum* v, int point, mjtNum out[3]) {
  mjtNum rel[3] = {v[0], v[1], v[2]};
  if (point)
    for (int k = 0; k < 3; k++) rel[k] -= d->xpos[3 * b + k];
  mju_mulMatTVec(out, d->xmat + 9 * b, rel, 3, 3);
}

int main(int argc, char** argv) {
  char error[1000] = "";
  if (argc != 3) {
    fprintf(stderr, "usage: mjJointProbe model.xml root_body\n");
    return 2;
  }
  mjModel* m = mj_loadXML(argv[1], NULL, error, sizeof(error));
  if (m == NULL) {
    fprintf(stderr, "error: %s\n", error);
    return 1;
  }
  int root = mj_name2id(m, mjOBJ_BODY, argv[2]);
  if (root < 0) {
    fprintf(stderr, "error: no body named %s\n", argv[2]);
    return 1;
  }
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  printf("version %d\n", mj_version());
  printf("meshes %d\n", m->nmesh);
  for (int j = 0; j < m->njnt; j++) {
    int type = m->jnt_type[j];
    if (type != mjJNT_HINGE && type != mjJNT_SLIDE) continue;
    int b = m->jnt_bodyid[j];
    mjtNum axis[3], com[3];
    inBody(d, root, d->xaxis + 3 * j, 0, axis);
    inBody(d, root, d->subtree_com + 3 * b, 1, com);
    printf("joint %s %s %.17g %.17g %.17g %d %.17g %.17g %.17g %.17g %.17g %.17g\n", mj_id2name(m, mjOBJ_JOINT, j),
           type == mjJNT_HINGE ? "hinge" : "slide", axis[0], axis[1], axis[2], m->jnt_limited[j], m->jnt_range[2 * j],
           m->jnt_range[2 * j + 1], m->body_subtreemass[b], com[0], com[1], com[2]);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
