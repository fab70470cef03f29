export { apiRequest, isUnauthorizedError, throwIfNotOk, type HttpMethod } from './api/apiRequest';
export { defaultQueryFn, getQueryFn, urlOfQueryKey, type UnauthorizedBehavior } from './api/queryFn';
export { propertyListKeys, queryKeys } from './api/queryKeys';
export { createQueryClient, retryPropertyList, type QueryClientOptions, type RequestMeta } from './api/queryClient';
export { currentUserQuery } from './auth/currentUser';
export { useAuth, type AuthState } from './auth/useAuth';
export { currentPath, loginUrl, logoutUrl, redirectToLogin } from './auth/navigation';
export { invalidationsFor } from './events/invalidations';
export { subscribeToEvents, useEventInvalidation, type EventStreamOptions } from './events/useEventInvalidation';
export { createToast, toastConfig, useToast, type ToastApi } from './feedback/toast';
export { formatCount, formatCurrency, formatDate, formatNumber } from './format/format';
export { cityStateZip, propertyTypeLabel, streetPart } from './property/propertyText';
export {
  bathroomChoices,
  bedroomChoices,
  propertyFormDefaults,
  toCreatePropertyBody,
  validatePropertyField,
  type Choice,
  type PropertyFormValues,
} from './forms/propertyForm';
export { PropertyDetailsForm, type PropertyDetailsFormProps } from './forms/PropertyDetailsForm';
export { appName, theme } from './theme';
