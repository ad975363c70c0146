/**
 * Whether a request target's path holds a dot segment ('.' or '..'), spelled raw or percent-encoded ('%2e', and
 * '%252e' and so on), between either kind of slash ('/' or '\', raw or '%2f' / '%5c'). URL parsers resolve dot
 * segments, so '/api/../addr/GetDrawAddress' would be routed by its '/api/' prefix and then served as
 * '/addr/GetDrawAddress'; every HTTP server of the project refuses such a path before routing. No client of ours
 * sends one (browsers resolve them before sending).
 */
export function hasDotSegment(target: string): boolean {
  const end = target.search(/[?#]/);
  let path = end >= 0 ? target.slice(0, end) : target;
  for (let i = 0; i < 4; i++) {
    const decoded = path.replace(/%25/gi, "%").replace(/%2e/gi, ".").replace(/%2f/gi, "/").replace(/%5c/gi, "\\");
    if (decoded === path) break;
    path = decoded;
  }
  return path.split(/[/\\]/).some((segment) => segment === "." || segment === "..");
}
