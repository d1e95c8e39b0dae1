// Types of Handlebars' runtime-only entry point: the same API as the full package minus the
// compiler (the package's own runtime.d.ts declares nothing that resolves under NodeNext).
declare module "handlebars/runtime.js" {
  import Handlebars from "handlebars";
  export default Handlebars;
}
