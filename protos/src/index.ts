import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { ProtoGrpcType as PropertyProto } from './gen/property';
import type { ProtoGrpcType as ValuationProto } from './gen/valuation';
import type { ProtoGrpcType as MediaProto } from './gen/media';
import type { ProtoGrpcType as AiProto } from './gen/ai';
import type { ProtoGrpcType as NeighborhoodProto } from './gen/neighborhood';

/** Loader options; they match the flags the types in src/gen were generated with (scripts/gen.js). */
export const protoLoaderOptions: protoLoader.Options = {
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
};

export const protoRoot = path.resolve(__dirname, '..');

function load<T>(file: string): T {
  const definition = protoLoader.loadSync(file, { ...protoLoaderOptions, includeDirs: [protoRoot] });
  return grpc.loadPackageDefinition(definition) as unknown as T;
}

let propertyProto: PropertyProto | undefined;
/** property.v1: the property service's package. */
export function loadPropertyProto(): PropertyProto['property']['v1'] {
  propertyProto ??= load<PropertyProto>('property/v1/property.proto');
  return propertyProto.property.v1;
}

let valuationProto: ValuationProto | undefined;
/** valuation.v1: the valuation service's package. */
export function loadValuationProto(): ValuationProto['valuation']['v1'] {
  valuationProto ??= load<ValuationProto>('valuation/v1/valuation.proto');
  return valuationProto.valuation.v1;
}

let aiProto: AiProto | undefined;
/** ai.v1: the AI service's package (recommendations, listings, neighborhood narrative). */
export function loadAiProto(): AiProto['ai']['v1'] {
  aiProto ??= load<AiProto>('ai/v1/ai.proto');
  return aiProto.ai.v1;
}

let neighborhoodProto: NeighborhoodProto | undefined;
/** neighborhood.v1: the neighborhood service's package. */
export function loadNeighborhoodProto(): NeighborhoodProto['neighborhood']['v1'] {
  neighborhoodProto ??= load<NeighborhoodProto>('neighborhood/v1/neighborhood.proto');
  return neighborhoodProto.neighborhood.v1;
}

export type { PropertyProto, ValuationProto, AiProto, NeighborhoodProto };
export type { Property__Output as PropertyMessage } from './gen/property/v1/Property';
export type { PropertyFields, PropertyFields__Output as PropertyFieldsMessage } from './gen/property/v1/PropertyFields';
export type { PropertyServiceClient, PropertyServiceHandlers } from './gen/property/v1/PropertyService';
export type { ListFilter } from './gen/property/v1/ListFilter';
export type { UpdateValuationRequest__Output as UpdateValuationRequestMessage } from './gen/property/v1/UpdateValuationRequest';
export * from './mappers/property';

export type { Coordinates as CoordinatesMessageInput, Coordinates__Output as CoordinatesMessage } from './gen/common/v1/Coordinates';
export type { HomeFacts, HomeFacts__Output as HomeFactsMessage } from './gen/common/v1/HomeFacts';
export type { ComparableSale as ComparableSaleInput, ComparableSale__Output as ComparableSaleMessage } from './gen/common/v1/ComparableSale';
export type { RecordedSale as RecordedSaleInput, RecordedSale__Output as RecordedSaleMessage } from './gen/common/v1/RecordedSale';
export * from './mappers/common';

export type { ValuationServiceClient, ValuationServiceHandlers } from './gen/valuation/v1/ValuationService';
export type { AddressPrediction__Output as AddressPredictionMessage } from './gen/valuation/v1/AddressPrediction';
export type { AutocompleteResponse as AutocompleteResponseMessage } from './gen/valuation/v1/AutocompleteResponse';
export type { LookupRequest__Output as LookupRequestMessage } from './gen/valuation/v1/LookupRequest';
export type { LookupResponse, LookupResponse__Output as LookupResponseMessage } from './gen/valuation/v1/LookupResponse';
export type { Valuation, Valuation__Output as ValuationMessage } from './gen/valuation/v1/Valuation';
export type { EstimateResponse, EstimateResponse__Output as EstimateResponseMessage } from './gen/valuation/v1/EstimateResponse';
export type { NearbySalesResponse, NearbySalesResponse__Output as NearbySalesResponseMessage } from './gen/valuation/v1/NearbySalesResponse';
export type { ValueHistoryRequest, ValueHistoryRequest__Output as ValueHistoryRequestMessage } from './gen/valuation/v1/ValueHistoryRequest';
export type { ValueHistoryResponse, ValueHistoryResponse__Output as ValueHistoryResponseMessage } from './gen/valuation/v1/ValueHistoryResponse';
export * from './mappers/valuation';

export type { AiServiceClient, AiServiceHandlers } from './gen/ai/v1/AiService';
export type { ComparablesSummary, ComparablesSummary__Output as ComparablesSummaryMessage } from './gen/ai/v1/ComparablesSummary';
export type { GenerateRequest, GenerateRequest__Output as GenerateRequestMessage } from './gen/ai/v1/GenerateRequest';
export type { Recommendation as RecommendationInput, Recommendation__Output as RecommendationMessage } from './gen/ai/v1/Recommendation';
export type { RecommendationSet, RecommendationSet__Output as RecommendationSetMessage } from './gen/ai/v1/RecommendationSet';
export type { Listing as ListingInput, Listing__Output as ListingMessage } from './gen/ai/v1/Listing';
export type { NeighborhoodFacts, NeighborhoodFacts__Output as NeighborhoodFactsMessage } from './gen/ai/v1/NeighborhoodFacts';
export type { NeighborhoodNarrative, NeighborhoodNarrative__Output as NeighborhoodNarrativeMessage } from './gen/ai/v1/NeighborhoodNarrative';
export * from './mappers/ai';

export type { NeighborhoodServiceClient, NeighborhoodServiceHandlers } from './gen/neighborhood/v1/NeighborhoodService';
export type { GetInsightsRequest, GetInsightsRequest__Output as GetInsightsRequestMessage } from './gen/neighborhood/v1/GetInsightsRequest';
export type {
  NeighborhoodInsights as NeighborhoodInsightsInput,
  NeighborhoodInsights__Output as NeighborhoodInsightsMessage,
} from './gen/neighborhood/v1/NeighborhoodInsights';
export type { GetMapTileRequest__Output as GetMapTileRequestMessage } from './gen/neighborhood/v1/GetMapTileRequest';
export type { FactPlace } from './gen/ai/v1/FactPlace';
export * from './mappers/neighborhood';

let mediaProto: MediaProto | undefined;
/** media.v1: the media service's package (photos, presigned uploads, S3 multipart calls). */
export function loadMediaProto(): MediaProto['media']['v1'] {
  mediaProto ??= load<MediaProto>('media/v1/media.proto');
  return mediaProto.media.v1;
}

export type { MediaProto };
export type { MediaServiceClient, MediaServiceHandlers } from './gen/media/v1/MediaService';
export type { Photo__Output as PhotoMessage } from './gen/media/v1/Photo';
export type { Part, Part__Output as PartMessage } from './gen/media/v1/Part';
export type { CreateUploadResponse__Output as CreateUploadResponseMessage } from './gen/media/v1/CreateUploadResponse';
export type { CompleteMultipartUploadResponse__Output as CompleteMultipartUploadResponseMessage } from './gen/media/v1/CompleteMultipartUploadResponse';
export * from './mappers/media';
