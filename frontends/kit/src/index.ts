export { apiRequest, isUnauthorizedError, throwIfNotOk, type HttpMethod } from './api/apiRequest';
export { defaultQueryFn, getQueryFn, urlOfQueryKey, type UnauthorizedBehavior } from './api/queryFn';
export { propertyListKeys, queryKeys } from './api/queryKeys';
export { createQueryClient, retryPropertyList, type QueryClientOptions, type RequestMeta } from './api/queryClient';
export { currentUserQuery } from './auth/currentUser';
export { useAuth, type AuthState } from './auth/useAuth';
export { currentPath, loginUrl, logoutUrl, redirectToLogin } from './auth/navigation';
export { invalidationsFor } from './events/invalidations';
export { subscribeToEvents, useEventInvalidation, type EventStreamOptions } from './events/useEventInvalidation';
export { createToast, toastConfig, type ToastApi } from './feedback/toast';
export { useToast } from './feedback/useToast';
export { ToastRequests } from './feedback/ToastRequests';
export { formatCount, formatCurrency, formatDate, formatMiles, formatNumber } from './format/format';
export { cityStateZip, propertyTypeLabel, streetPart } from './property/propertyText';
export {
  bathroomChoices,
  bedroomChoices,
  numberFromText,
  propertyFormDefaults,
  toCreatePropertyBody,
  validatePropertyField,
  type Choice,
  type PropertyFormValues,
} from './forms/propertyForm';
export { PropertyDetailsForm, type PropertyDetailsFormProps } from './forms/PropertyDetailsForm';
export { appName, theme } from './theme';
export { requestToast, listenForToastRequests, toastRequestEvent, type ToastRequest } from './feedback/toastRequests';
export { AddressAutocomplete, type AddressAutocompleteProps } from './address/AddressAutocomplete';
export { autocompleteRules, fetchAddressPredictions, shouldSearch } from './address/addressPredictions';
export { useAddressPredictions, type AddressPredictionsState } from './address/useAddressPredictions';
export { newSessionToken, usePlacesSession, type PlacesSession } from './address/placesSession';
export {
  DEMO_PROPERTY_ID,
  DEMO_USER_ID,
  clearDemoProperty,
  clearDemoState,
  clearPendingAddress,
  demoPropertyMaxAgeMs,
  demoStorageKeys,
  pendingAddressText,
  pendingAddressUrl,
  postLoginPath,
  readDemoProperty,
  readPendingAddress,
  signInToSave,
  storeDemoProperty,
  storePendingAddress,
  type DemoProperty,
  type PendingAddress,
  type StoredDemoProperty,
} from './demo/demoStorage';
export { PhotoUploadModal, type PhotoUploadModalProps } from './photos/PhotoUploadModal';
export { PropertyPhotos, type PropertyPhotosProps } from './photos/PropertyPhotos';
export { attachPhoto, requestPhotoUpload, usePropertyPhotos, useSetRoomType } from './photos/photoApi';
export { roomTypeOptions } from './photos/roomTypeOptions';
export { fileUploadState, overallUploadState, uploadStateLabels, uploadStates, type UploadState } from './photos/uploadState';
export { countLabel, failedFiles, uploadCounts, type RefusedFile, type UploadCounts } from './photos/uploadOutcome';
export { chunkSize, dashboardLayout, photoFileTypes, shouldUseMultipart, uploaderEndpoint } from './photos/uploaderSettings';
// AI recommendations, listing and neighborhood insights: hooks, texts and widgets shared by the listing and wizard remotes.
export * from './ai';
