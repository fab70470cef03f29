import {
  createPropertySchema,
  updatePropertySchema,
  type CreateProperty,
  type UpdateProperty,
} from '@hsa/contracts';
import { clearablePropertyFields, type PropertyFieldsMessage } from '@hsa/protos';
import { fromZodError, invalidArgument } from '@hsa/service-kit';

/**
 * PropertyFields (proto3, with field presence) -> the API's input shapes, validated with the same
 * schemas as the gateway (defence in depth). Present fields are copied, absent ones left out, and
 * names in clear_fields become explicit nulls.
 */

type InputKey = keyof typeof createPropertySchema.shape;
const inputKeys = Object.keys(createPropertySchema.shape) as InputKey[];

const inputKeyByClearName = new Map<string, InputKey>(
  Object.entries(clearablePropertyFields).map(([key, protoName]) => [protoName, key as InputKey]),
);

/** The fields of a request as a plain object in the API's shape, before validation. */
export function fieldsToInput(fields: PropertyFieldsMessage | null | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (!fields) return input;
  for (const key of inputKeys) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    input[key] = key === 'coordinates' && typeof value === 'object'
      ? { latitude: value.latitude, longitude: value.longitude }
      : value;
  }
  for (const name of fields.clearFields ?? []) {
    const key = inputKeyByClearName.get(name);
    if (!key) throw invalidArgument(`Cannot clear field: ${name}`, [{ path: 'clearFields', message: `Cannot clear field: ${name}` }]);
    if (key in input) {
      throw invalidArgument(`Field both set and cleared: ${name}`, [{ path: key, message: `Field both set and cleared: ${name}` }]);
    }
    input[key] = null;
  }
  return input;
}

/** CreateProperty's fields, validated; failures carry the spec's message (e.g. "Address is required"). */
export function parseCreateFields(fields: PropertyFieldsMessage | null | undefined): CreateProperty {
  const result = createPropertySchema.safeParse(fieldsToInput(fields));
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** UpdateProperty's fields, validated: only what is present (or cleared) changes. */
export function parseUpdateFields(fields: PropertyFieldsMessage | null | undefined): UpdateProperty {
  const result = updatePropertySchema.safeParse(fieldsToInput(fields));
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
