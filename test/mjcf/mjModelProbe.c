/* Prints what MuJoCo compiles from each MJCF given, at full precision, for test/mjcf: per body its mass,
 * centre of mass and principal inertia in the body frame (body_ipos, body_iquat, body_inertia),
 * and at qpos0 its world centre of mass, inertial frame and subtree mass and centre of mass; per
 * joint its type, axis, range and dynamics; equality constraints; actuators. Built against the
 * system MuJoCo (libmujoco-dev) by the tests beside it. */
#include <stdio.h>
#include <mujoco/mujoco.h>

/* A name as one word: spaces and percent signs written %20 and %25 (URDF names may hold spaces). */
static const char* name(const mjModel* m, int type, int id) {
  static char out[4][3 * 1000 + 1];
  static int slot = 0;
  const char* n = mj_id2name(m, type, id);
  if (n == NULL) return "-";
  char* o = out[slot = (slot + 1) % 4];
  int k = 0;
  for (; *n != 0 && k < 3 * 1000 - 3; n++) {
    if (*n == ' ' || *n == '%') k += sprintf(o + k, "%%%02X", *n);
    else o[k++] = *n;
  }
  o[k] = 0;
  return o;
}

static void print(const char* label, const mjtNum* v, int n) {
  printf(" %s", label);
  for (int k = 0; k < n; k++) printf(" %.17g", v[k]);
}

static void probe(const mjModel* m, mjData* d);

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: mjModelProbe model.xml...\n");
    return 2;
  }
  printf("version %d\n", mj_version());
  for (int f = 1; f < argc; f++) {
    char error[1000] = "";
    mjModel* m = mj_loadXML(argv[f], NULL, error, sizeof(error));
    printf("model %d\n", f - 1);
    if (m == NULL) {
      /* One line: MuJoCo's message may hold newlines. */
      for (char* c = error; *c != 0; c++)
        if (*c == '\n') *c = ' ';
      printf("error %s\n", error);
      continue;
    }
    mjData* d = mj_makeData(m);
    mj_forward(m, d);
    probe(m, d);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  return 0;
}

static void probe(const mjModel* m, mjData* d) {
  for (int b = 0; b < m->nbody; b++) {
    printf("body %s parent %s", name(m, mjOBJ_BODY, b), name(m, mjOBJ_BODY, m->body_parentid[b]));
    print("mass", m->body_mass + b, 1);
    print("ipos", m->body_ipos + 3 * b, 3);
    print("iquat", m->body_iquat + 4 * b, 4);
    print("inertia", m->body_inertia + 3 * b, 3);
    print("xipos", d->xipos + 3 * b, 3);
    print("ximat", d->ximat + 9 * b, 9);
    print("subtreecom", d->subtree_com + 3 * b, 3);
    print("subtreemass", m->body_subtreemass + b, 1);
    printf(" jntnum %d\n", m->body_jntnum[b]);
  }
  for (int j = 0; j < m->njnt; j++) {
    int dof = m->jnt_dofadr[j];
    printf("joint %s body %s type %d limited %d", name(m, mjOBJ_JOINT, j), name(m, mjOBJ_BODY, m->jnt_bodyid[j]),
           m->jnt_type[j], m->jnt_limited[j]);
    print("axis", m->jnt_axis + 3 * j, 3);
    print("range", m->jnt_range + 2 * j, 2);
    print("damping", m->dof_damping + dof, 1);
    print("frictionloss", m->dof_frictionloss + dof, 1);
    printf("\n");
  }
  for (int e = 0; e < m->neq; e++) {
    printf("equality %s type %d obj1 %s obj2 %s", name(m, mjOBJ_EQUALITY, e), m->eq_type[e],
           name(m, mjOBJ_JOINT, m->eq_obj1id[e]), name(m, mjOBJ_JOINT, m->eq_obj2id[e]));
    print("data", m->eq_data + mjNEQDATA * e, 5);
    printf("\n");
  }
  for (int a = 0; a < m->nu; a++) {
    printf("actuator %s joint %s ctrllimited %d forcelimited %d", name(m, mjOBJ_ACTUATOR, a),
           name(m, mjOBJ_JOINT, m->actuator_trnid[2 * a]), m->actuator_ctrllimited[a], m->actuator_forcelimited[a]);
    print("gain", m->actuator_gainprm + mjNGAIN * a, 1);
    print("bias", m->actuator_biasprm + mjNBIAS * a, 3);
    print("ctrlrange", m->actuator_ctrlrange + 2 * a, 2);
    print("forcerange", m->actuator_forcerange + 2 * a, 2);
    print("gear", m->actuator_gear + 6 * a, 1);
    printf("\n");
  }
  for (int s = 0; s < m->nsensor; s++) printf("sensor %s type %d\n", name(m, mjOBJ_SENSOR, s), m->sensor_type[s]);
  for (int g = 0; g < m->ngeom; g++)
    printf("geom %s body %s contype %d conaffinity %d group %d\n", name(m, mjOBJ_GEOM, g),
           name(m, mjOBJ_BODY, m->geom_bodyid[g]), m->geom_contype[g], m->geom_conaffinity[g], m->geom_group[g]);
}
