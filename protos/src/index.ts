import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { ProtoGrpcType as PropertyProto } from './gen/property';
import type { ProtoGrpcType as ValuationProto } from './gen/valuation';

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

export type { PropertyProto, ValuationProto };
export type { Property__Output as PropertyMessage } from './gen/property/v1/Property';
export type { PropertyFields, PropertyFields__Output as PropertyFieldsMessage } from './gen/property/v1/PropertyFields';
export type { PropertyServiceClient, PropertyServiceHandlers } from './gen/property/v1/PropertyService';
export type { ListFilter } from './gen/property/v1/ListFilter';
export type { UpdateValuationRequest__Output as UpdateValuationRequestMessage } from './gen/property/v1/UpdateValuationRequest';
export * from './mappers/property';

export type { ValuationServiceClient, ValuationServiceHandlers } from './gen/valuation/v1/ValuationService';
export type { AddressPrediction__Output as AddressPredictionMessage } from './gen/valuation/v1/AddressPrediction';
export type { AutocompleteResponse as AutocompleteResponseMessage } from './gen/valuation/v1/AutocompleteResponse';
export type { LookupRequest__Output as LookupRequestMessage } from './gen/valuation/v1/LookupRequest';
export type { LookupResponse, LookupResponse__Output as LookupResponseMessage } from './gen/valuation/v1/LookupResponse';
export type { PropertyFacts, PropertyFacts__Output as PropertyFactsMessage } from './gen/valuation/v1/PropertyFacts';
export type { SubjectFacts, SubjectFacts__Output as SubjectFactsMessage } from './gen/valuation/v1/SubjectFacts';
export type { Comparable, Comparable__Output as ComparableMessage } from './gen/valuation/v1/Comparable';
export type { EstimateResponse, EstimateResponse__Output as EstimateResponseMessage } from './gen/valuation/v1/EstimateResponse';
export type { ComparablesResponse, ComparablesResponse__Output as ComparablesResponseMessage } from './gen/valuation/v1/ComparablesResponse';
export * from './mappers/valuation';
