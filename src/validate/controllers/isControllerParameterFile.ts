/**
 * True when a YAML text looks like a ros2_control parameter file: it has `ros__parameters` and
 * a controller_manager node or a controller `type` (`pkg/Class`). A cheap look at the text, so
 * that a folder's other YAML files (robot documents, launch arguments) are left alone.
 */
export function isControllerParameterFile(text: string): boolean {
  if (!text.includes("ros__parameters")) return false;
  return (
    /(^|[\s/"'])controller_manager["']?\s*:/m.test(text) ||
    /\btype["']?\s*:\s*["']?[A-Za-z_]\w*\/[A-Za-z_]\w*/.test(text)
  );
}
