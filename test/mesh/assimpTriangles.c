/* Prints every triangle of a mesh file as assimp (the library behind RViz's and Gazebo's mesh
 * loaders) imports it with its node transforms applied (aiProcess_PreTransformVertices), one line
 * "t x y z x y z x y z" each. assimp turns a COLLADA scene to y-up (its convention) and applies
 * <unit>. Built and run by test/mesh/colladaAssimp.test.ts against the system libassimp. */
#include <stdio.h>
#include <assimp/cimport.h>
#include <assimp/scene.h>
#include <assimp/postprocess.h>
int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: assimpTriangles mesh\n");
    return 2;
  }
  const struct aiScene* s = aiImportFile(argv[1], aiProcess_Triangulate | aiProcess_PreTransformVertices);
  if (!s) { fprintf(stderr, "error: %s\n", aiGetErrorString()); return 1; }
  for (unsigned m = 0; m < s->mNumMeshes; m++) {
    const struct aiMesh* mesh = s->mMeshes[m];
    for (unsigned f = 0; f < mesh->mNumFaces; f++) {
      const struct aiFace* face = &mesh->mFaces[f];
      if (face->mNumIndices != 3) continue;
      printf("t");
      for (unsigned k = 0; k < 3; k++) { struct aiVector3D v = mesh->mVertices[face->mIndices[k]]; printf(" %.9g %.9g %.9g", v.x, v.y, v.z); }
      printf("\n");
    }
  }
  aiReleaseImport(s);
  return 0;
}
