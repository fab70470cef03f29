import path from 'node:path';
import ts from 'typescript';
import type { Failure } from './failure';
import { isKnownKind, modelModule } from './k8s-schema';
import { toolRepoRoot } from './paths';
import type { RenderedObject } from './render';

/**
 * Unknown fields (a misspelt `imagePullPolicyy`, a field at the wrong level) are not caught by the ajv validators,
 * and the API server drops or refuses them only on a cluster. TypeScript's excess-property check catches them: each
 * rendered object is written as a typed object literal, `const o: DeepPartial<IDeployment> = {...}`, against the
 * kubernetes-models interfaces and type-checked in memory. Every leaf value is cast to `any` and every field made
 * optional, so the only errors left are unknown fields (types and required fields are ajv's job). TypeScript
 * reports one error per failing branch of a literal, so reported fields are removed and the check repeats until
 * none is left: every unknown field is found, not only the first.
 */

interface KeySite {
  object: number;
  /** JSON path of the key, e.g. ['spec', 'template', 'spec', 'containers', 0, 'imagePullPolicyy']. */
  path: (string | number)[];
}

interface Entry {
  object: RenderedObject;
  profile: string;
  /** The body still being checked (reported fields removed). */
  body: Record<string, unknown>;
}

const HEADER = `type DeepPartial<T> = T extends readonly (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;\n`;

/** Writes `value` as a TS literal, recording where each key starts. Leaves are `any`: only field names are checked. */
function literal(value: unknown, object: number, path: (string | number)[], out: { text: string; sites: Map<number, KeySite> }): void {
  if (Array.isArray(value)) {
    out.text += '[';
    value.forEach((item, i) => {
      if (i) out.text += ',';
      literal(item, object, [...path, i], out);
    });
    out.text += ']';
  } else if (value && typeof value === 'object') {
    out.text += '{';
    Object.entries(value).forEach(([key, item], i) => {
      if (i) out.text += ',';
      out.sites.set(out.text.length, { object, path: [...path, key] });
      out.text += `${JSON.stringify(key)}:`;
      literal(item, object, [...path, key], out);
    });
    out.text += '}';
  } else {
    out.text += `(${JSON.stringify(value ?? null)} as any)`;
  }
}

function source(entries: Entry[]): { text: string; sites: Map<number, KeySite> } {
  const out = { text: HEADER, sites: new Map<number, KeySite>() };
  entries.forEach((entry, i) => {
    const module = modelModule(entry.object.apiVersion, entry.object.kind)!;
    out.text += `import type { I${entry.object.kind} as T${i} } from ${JSON.stringify(module)};\nexport const o${i}: DeepPartial<T${i}> = `;
    literal(entry.body, i, [], out);
    out.text += ';\n';
  });
  return out;
}

const options: ts.CompilerOptions = {
  noEmit: true,
  strict: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  // The kubernetes-models declarations need no more than ES5's (and loading less is faster).
  lib: ['lib.es5.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
};
/** Declaration files parsed once per process (the kubernetes-models types), shared by every check. */
const sourceFileCache = new Map<string, ts.SourceFile | undefined>();
const virtualFile = path.join(toolRepoRoot, 'tools', 'deploy', '.unknown-fields', 'rendered.ts');

function typeCheck(text: string, oldProgram: ts.Program | undefined): { program: ts.Program; diagnostics: readonly ts.Diagnostic[] } {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError) => {
    if (fileName === virtualFile) return ts.createSourceFile(fileName, text, languageVersion, true);
    if (!sourceFileCache.has(fileName)) sourceFileCache.set(fileName, getSourceFile(fileName, languageVersion, onError));
    return sourceFileCache.get(fileName);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => fileName === virtualFile || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => (fileName === virtualFile ? text : readFile(fileName));
  const program = ts.createProgram({ rootNames: [virtualFile], options, host, ...(oldProgram ? { oldProgram } : {}) });
  const file = program.getSourceFile(virtualFile)!;
  return { program, diagnostics: [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)] };
}

function removeAt(body: Record<string, unknown>, keyPath: (string | number)[]): void {
  let node: unknown = body;
  for (const step of keyPath.slice(0, -1)) node = (node as Record<string | number, unknown>)[step];
  delete (node as Record<string | number, unknown>)[keyPath.at(-1)!];
}

function dotted(keyPath: (string | number)[]): string {
  return keyPath.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('');
}

const EXCESS_PROPERTY = new Set([2353, 2561]);
const MAX_ROUNDS = 25;

/** Unknown-field failures of every rendered object of known kind (unknown kinds are the schema check's). */
export function findUnknownFields(batches: { profile: string; objects: RenderedObject[] }[]): Failure[] {
  // An object rendered the same way by several profiles is checked once; its failures name every such profile.
  const unique = new Map<string, Entry>();
  for (const { profile, objects } of batches) {
    for (const object of objects.filter((o) => isKnownKind(o.apiVersion, o.kind))) {
      const key = `${object.file}\n${JSON.stringify(object.body)}`;
      const seen = unique.get(key);
      if (seen) seen.profile += `, ${profile}`;
      else unique.set(key, { object, profile, body: structuredClone(object.body) });
    }
  }
  const entries = [...unique.values()];
  if (!entries.length) return [];
  const failures: Failure[] = [];
  let program: ts.Program | undefined;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { text, sites } = source(entries);
    const result = typeCheck(text, program);
    program = result.program;
    if (!result.diagnostics.length) return failures;
    const removals: KeySite[] = [];
    const unexplained: ts.Diagnostic[] = [];
    for (const d of result.diagnostics) {
      const site = d.start === undefined ? undefined : sites.get(d.start);
      if (!site) {
        unexplained.push(d);
        continue;
      }
      removals.push(site);
      if (!EXCESS_PROPERTY.has(d.code)) continue;
      const entry = entries[site.object]!;
      const hint = ts.flattenDiagnosticMessageText(d.messageText, '\n').match(/Did you mean to write '([^']+)'\?/)?.[1];
      failures.push({
        check: 'unknown-field',
        rule: 'unknown-field',
        file: entry.object.file,
        profile: entry.profile,
        object: entry.object.id,
        message: `${dotted(site.path)} is not a field of ${entry.object.apiVersion} ${entry.object.kind}${hint ? ` (did you mean ${hint.replace(/"/g, '')}?)` : ''}`,
      });
    }
    if (!removals.length) {
      // Nothing we can attribute to a field: say so rather than pass silently.
      return [
        ...failures,
        ...unexplained.map((d) => ({
          check: 'unknown-field' as const,
          rule: 'type-check',
          file: 'tools/deploy/src/unknown-fields.ts',
          message: `the type check of the rendered objects failed: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
        })),
      ];
    }
    // Deepest first, so removing a field never shifts a sibling path still to be removed.
    removals.sort((a, b) => b.path.length - a.path.length);
    for (const site of removals) removeAt(entries[site.object]!.body, site.path);
  }
  return [
    ...failures,
    { check: 'unknown-field', rule: 'type-check', file: 'tools/deploy/src/unknown-fields.ts', message: `still finding unknown fields after ${MAX_ROUNDS} rounds` },
  ];
}
