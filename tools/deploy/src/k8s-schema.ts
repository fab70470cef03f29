import type { Failure } from './failure';
import type { RenderedObject } from './render';

/**
 * Kubernetes schema validation offline: `kubernetes-models` (4.5.x; 5.x needs Node 22) ships, per kind, a model
 * whose `validate()` runs an ajv validator compiled from the Kubernetes OpenAPI schema. It catches wrong types,
 * missing required fields and (by the model not existing) unknown kinds; it does NOT catch unknown fields, which
 * unknown-fields.ts does.
 */

interface ModelClass {
  new (data: unknown): { validate(): void };
}

interface AjvError {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const API_VERSION = /^(?:[a-z0-9][a-z0-9.-]*\/)?v[0-9]+(?:(?:alpha|beta)[0-9]+)?$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;

/** The kubernetes-models module of an apiVersion and kind (`apps/v1` + `Deployment`), or undefined when malformed. */
export function modelModule(apiVersion: string, kind: string): string | undefined {
  if (!API_VERSION.test(apiVersion) || !KIND.test(kind)) return undefined;
  return `kubernetes-models/${apiVersion}/${kind}`;
}

const models = new Map<string, ModelClass | undefined>();

function modelOf(apiVersion: string, kind: string): ModelClass | undefined {
  const module = modelModule(apiVersion, kind);
  if (!module) return undefined;
  if (!models.has(module)) {
    let model: ModelClass | undefined;
    try {
      model = (require(module) as Record<string, ModelClass | undefined>)[kind];
    } catch {
      model = undefined;
    }
    models.set(module, model);
  }
  return models.get(module);
}

/** Whether kubernetes-models knows this apiVersion and kind. */
export function isKnownKind(apiVersion: string, kind: string): boolean {
  return modelOf(apiVersion, kind) !== undefined;
}

function describe(error: AjvError): string {
  const where = error.instancePath || '(the object)';
  const detail = error.params && 'allowedValues' in error.params ? ` (${JSON.stringify(error.params.allowedValues)})` : '';
  return `${where} ${error.message ?? 'is invalid'}${detail}`;
}

/** Schema failures of one rendered object: unknown kind, or each ajv error (path and message). */
export function validateObject(object: RenderedObject, profile: string): Failure[] {
  const common = { check: 'schema' as const, file: object.file, profile, object: object.id };
  const Model = modelOf(object.apiVersion, object.kind);
  if (!Model) {
    return [{ ...common, rule: 'unknown-kind', message: `${object.apiVersion} ${object.kind} is not a Kubernetes kind (kubernetes-models has no schema for it)` }];
  }
  try {
    new Model(object.body).validate();
    return [];
  } catch (err) {
    const errors = (err as { errors?: AjvError[] }).errors;
    if (!errors?.length) return [{ ...common, rule: 'invalid', message: (err as Error).message }];
    return errors.map((e) => ({ ...common, rule: e.params && 'missingProperty' in e.params ? 'required-field' : 'type', message: describe(e) }));
  }
}
