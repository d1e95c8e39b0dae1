// The layers of src/ import one way: no cycle between two top-level folders (diagnostics at the
// bottom, then util, model, ..., cli at the top). `npm run check:cycles`, part of `npm test`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle-between-src-folders",
      comment: "A top-level folder of src/ imports another that imports it back, directly or through others.",
      severity: "error",
      scope: "folder",
      from: { path: "^src/[^/]+$" },
      to: { path: "^src/[^/]+$", circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    includeOnly: "^src/",
    exclude: { path: "\\.test\\.ts$" },
  },
};
