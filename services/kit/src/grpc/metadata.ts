/** Trailing metadata key carrying field-level validation errors as JSON. */
export const FIELD_ERRORS_METADATA = 'x-field-errors';
