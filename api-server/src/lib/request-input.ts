/** How deep a request's JSON may nest: far beyond any of our schemas, far below a stack overflow. */
export const maxInputDepth = 64;
export const tooDeepMessage = `请求内容嵌套层级过深（最多${maxInputDepth}层）`;

type Visit = (value: unknown, path: readonly string[]) => string | null;

/**
 * Visits every value inside a parsed request input (object keys included, as strings at their
 * object's path) without recursion, so no input can exhaust the stack; the first problem a visit
 * reports, or `tooDeepMessage`, is returned.
 */
export function findInputProblem(input: unknown, visit: Visit): string | null {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const problem = visit(next.value, next.path);
    if (problem) return problem;
    if (!next.value || typeof next.value !== 'object') continue;
    if (next.path.length >= maxInputDepth) return tooDeepMessage;
    for (const [key, child] of Object.entries(next.value)) {
      pending.push({ value: key, path: next.path }, { value: child, path: [...next.path, key] });
    }
  }
  return null;
}

/** Text PostgreSQL cannot hold (NUL) or that is not Unicode at all (a lone UTF-16 surrogate, which no encoding can carry). */
export const unstorableText: Visit = (value) =>
  typeof value === 'string' && (value.includes('\u0000') || /\p{Cs}/u.test(value)) ? '请求参数包含非法字符' : null;

/** Where a number that is not finite sits (validation coerces "Infinity" and "1e999" into one); null when there is none. */
export function nonFinitePath(input: unknown): readonly string[] | null {
  let found: readonly string[] | null = null;
  findInputProblem(input, (value, path) => {
    if (typeof value !== 'number' || Number.isFinite(value)) return null;
    found = path;
    return 'found';
  });
  return found;
}
