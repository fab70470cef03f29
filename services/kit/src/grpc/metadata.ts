/** Metadata key carrying the signed-in user's id from the gateway to the services. */
export const USER_ID_METADATA = 'x-user-id';
/** Trailing metadata key carrying field-level validation errors as JSON. */
export const FIELD_ERRORS_METADATA = 'x-field-errors';
