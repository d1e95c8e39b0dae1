/* Prints each body's mass, centre of mass (body_ipos) and principal inertia (body_inertia) of an
 * MJCF as MuJoCo compiles it, at full precision: mujoco-compile's text dump prints 2 digits.
 * Built and run by test/mesh/mujocoCrossCheck.test.ts against the system MuJoCo (libmujoco-dev). */
#include <stdio.h>
#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  char error[1000] = "";
  if (argc != 2) {
    fprintf(stderr, "usage: mjBodyInertia model.xml\n");
    return 2;
  }
  mjModel* m = mj_loadXML(argv[1], NULL, error, sizeof(error));
  if (m == NULL) {
    fprintf(stderr, "error: %s\n", error);
    return 1;
  }
  printf("version %d\n", mj_version());
  for (int b = 0; b < m->nbody; b++) {
    printf("body %d %.17g", b, m->body_mass[b]);
    for (int k = 0; k < 3; k++) printf(" %.17g", m->body_ipos[3 * b + k]);
    for (int k = 0; k < 3; k++) printf(" %.17g", m->body_inertia[3 * b + k]);
    printf("\n");
  }
  mj_deleteModel(m);
  return 0;
}
