/** The checks deploy:check runs; every failure names one. */
export type CheckName = 'chart' | 'lint' | 'render' | 'schema' | 'unknown-field' | 'policy' | 'values-schema' | 'dockerfile' | 'skaffold' | 'observability';

/** One thing wrong: which check and rule, in which file (relative to the checked root), and where in it. */
export interface Failure {
  check: CheckName;
  /** A stable rule name, e.g. `resources`, `image-tag`, `final-stage-user`. */
  rule: string;
  /** The file to fix, relative to the checked root (a chart template from helm's `# Source:` comment). */
  file: string;
  /** 1-based line, when known. */
  line?: number | undefined;
  /** The values profile the failure was seen with. */
  profile?: string | undefined;
  /** The rendered object, `Kind/name`. */
  object?: string | undefined;
  message: string;
}

/** `file[:line]: [check/rule] (profile) Kind/name: message` */
export function formatFailure(f: Failure): string {
  const where = f.line ? `${f.file}:${f.line}` : f.file;
  const profile = f.profile ? ` (profile ${f.profile})` : '';
  const object = f.object ? ` ${f.object}:` : '';
  return `${where}: [${f.check}/${f.rule}]${profile}${object} ${f.message}`;
}
