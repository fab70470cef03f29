import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser, type Dockerfile, type From, type Instruction } from 'dockerfile-ast';
import { validate, ValidationCode } from 'dockerfile-utils';
import type { Failure } from './failure';
import { imageProblem } from './policy';

/**
 * Every Dockerfile of the product (`services/<name>/Dockerfile`, `frontends/<name>/Dockerfile`, anything named
 * Dockerfile under `deploy/`), linted by dockerfile-utils (its errors and warnings fail), plus the product's rules:
 *   base-image-arg      every FROM that is not an earlier stage (or scratch) is a build argument, `FROM ${NAME}`,
 *                       declared by an ARG before the first FROM
 *   base-image-default  that ARG has a default with a tag other than latest (or a digest)
 *   final-stage-user    the final stage (or the stage it builds on) sets USER, and not root/0
 *   no-add-url          no ADD of a URL (download in a build stage with a checksum, or COPY)
 * and every product image (`hsa-<name>` in the chart's values or skaffold.yaml) has its Dockerfile.
 */

function childDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules')
    .map((d) => d.name)
    .sort();
}

function walkDockerfiles(root: string, relDir: string): string[] {
  const found: string[] = [];
  const dir = path.join(root, relDir);
  if (existsSync(path.join(dir, 'Dockerfile'))) found.push(`${relDir}/Dockerfile`);
  for (const child of childDirs(dir)) found.push(...walkDockerfiles(root, `${relDir}/${child}`));
  return found;
}

/** The Dockerfiles deploy:check lints, relative to the root. */
export function discoverDockerfiles(root: string): string[] {
  const inFolders = (top: string) =>
    childDirs(path.join(root, top))
      .map((name) => `${top}/${name}/Dockerfile`)
      .filter((file) => existsSync(path.join(root, file)));
  return [...inFolders('services'), ...inFolders('frontends'), ...walkDockerfiles(root, 'deploy')];
}

/** Where the Dockerfile of product image `hsa-<name>` may be: services/<name>, frontends/<name> or deploy/<name>. */
export function dockerfileCandidates(image: string): string[] {
  const name = image.slice(image.lastIndexOf('/') + 1).replace(/^hsa-/, '');
  return [`services/${name}/Dockerfile`, `frontends/${name}/Dockerfile`, `deploy/${name}/Dockerfile`];
}

const kebab = (code: number) => (ValidationCode[code] ?? String(code)).toLowerCase().replace(/_/g, '-');
const ROOT_USERS = new Set(['root', '0']);

interface Stage {
  from: From;
  /** Its name (`AS <name>`), lower case. */
  name: string | undefined;
  /** The base as written (an image, a variable or an earlier stage's name). */
  base: string;
  instructions: Instruction[];
}

function stagesOf(dockerfile: Dockerfile): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const from = instruction as From;
      const base = from.getArguments().map((a) => a.getValue()).find((v) => !v.startsWith('--')) ?? '';
      stages.push({ from, name: from.getBuildStage()?.toLowerCase() ?? undefined, base, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

const lineOf = (instruction: Instruction) => instruction.getRange().start.line + 1;

/** Lint failures of one Dockerfile (`file` relative to the root). */
export function lintDockerfile(root: string, file: string): Failure[] {
  const content = readFileSync(path.join(root, file), 'utf8');
  const failures: Failure[] = [];
  const fail = (rule: string, line: number | undefined, message: string) => failures.push({ check: 'dockerfile', rule, file, line, message });

  for (const d of validate(content)) {
    if (d.severity === 1 || d.severity === 2) fail(`dockerfile-utils/${kebab(Number(d.code))}`, d.range.start.line + 1, typeof d.message === 'string' ? d.message : d.message.value);
  }

  const dockerfile = DockerfileParser.parse(content);
  const initialArgs = new Map(
    dockerfile
      .getInitialARGs()
      .map((arg) => arg.getProperty())
      .filter((p) => p !== null)
      .map((p) => [p.getName(), p.getValue()] as const),
  );
  const stages = stagesOf(dockerfile);
  if (!stages.length) fail('base-image-arg', undefined, 'has no FROM');

  const seenStages = new Set<string>();
  for (const stage of stages) {
    const line = lineOf(stage.from);
    const base = stage.base.toLowerCase();
    if (!seenStages.has(base) && base !== 'scratch') {
      const variable = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(stage.base)?.[1];
      if (!variable) {
        fail('base-image-arg', line, `FROM ${stage.base}: the base image must be a build argument (ARG <NAME>=<default> before the first FROM, then FROM \${NAME})`);
      } else if (!initialArgs.has(variable)) {
        fail('base-image-arg', line, `FROM ${stage.base}: ARG ${variable} is not declared before the first FROM`);
      } else {
        const fallback = initialArgs.get(variable);
        const problem = fallback ? imageProblem(fallback) : `ARG ${variable} has no default`;
        if (problem) fail('base-image-default', line, `FROM ${stage.base}: ${problem} (the default must be a real, tagged image)`);
      }
    }
    if (stage.name) seenStages.add(stage.name);

    for (const instruction of stage.instructions.filter((i) => i.getKeyword() === 'ADD')) {
      const args = instruction.getArguments().map((a) => a.getValue()).filter((v) => !v.startsWith('--'));
      const url = args.slice(0, -1).find((source) => /^(?:https?|ftp):\/\//i.test(source) || /^git@/.test(source) || /\.git(?:#.*)?$/.test(source));
      if (url) fail('no-add-url', lineOf(instruction), `ADD ${url}: do not ADD from a URL (fetch with a pinned checksum in a build stage, or COPY)`);
    }
  }

  const final = stages.at(-1);
  if (final) {
    const userOf = (stage: Stage, depth = 0): { user: string; line: number } | undefined => {
      const users = stage.instructions.filter((i) => i.getKeyword() === 'USER');
      const last = users.at(-1);
      if (last) return { user: last.getArguments()[0]?.getValue() ?? '', line: lineOf(last) };
      const parent = stages.find((s) => s.name === stage.base.toLowerCase() && s !== stage);
      return parent && depth < stages.length ? userOf(parent, depth + 1) : undefined;
    };
    const effective = userOf(final);
    if (!effective) {
      fail('final-stage-user', lineOf(final.from), 'the final stage sets no USER: it would run as whatever user its base image has (set a non-root uid, e.g. USER 65532:65532)');
    } else if (ROOT_USERS.has(effective.user.split(':')[0]!.toLowerCase())) {
      fail('final-stage-user', effective.line, `the final stage runs as root (USER ${effective.user})`);
    } else if (effective.user.includes('$')) {
      fail('final-stage-user', effective.line, `USER ${effective.user}: the final stage's user must be a literal non-root user`);
    }
  }
  return failures;
}

/**
 * Lints every Dockerfile and reports every expected one that is missing: `expectedImages` are the product images
 * (`hsa-<name>`) the chart and skaffold.yaml name, each with where it was named.
 */
export function checkDockerfiles(root: string, expectedImages: Map<string, string>): { failures: Failure[]; linted: string[] } {
  const linted = discoverDockerfiles(root);
  const failures = linted.flatMap((file) => lintDockerfile(root, file));
  if (linted.length && !existsSync(path.join(root, '.dockerignore'))) {
    failures.push({ check: 'dockerfile', rule: 'dockerignore-missing', file: '.dockerignore', message: 'every image builds from the repository root: it needs one .dockerignore there' });
  }
  for (const [image, namedBy] of [...expectedImages].sort()) {
    const candidates = dockerfileCandidates(image);
    if (candidates.some((file) => existsSync(path.join(root, file)))) continue;
    const expected = candidates.find((file) => existsSync(path.join(root, path.dirname(file))) && statSync(path.join(root, path.dirname(file))).isDirectory()) ?? candidates.at(-1)!;
    failures.push({ check: 'dockerfile', rule: 'dockerfile-missing', file: expected, message: `image ${image} (named by ${namedBy}) has no Dockerfile (looked for ${candidates.join(', ')})` });
  }
  return { failures, linted };
}
