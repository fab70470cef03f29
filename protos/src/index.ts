import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { ProtoGrpcType as PropertyProto } from './gen/property';

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

export type { PropertyProto };
export type { Property__Output as PropertyMessage } from './gen/property/v1/Property';
export type { PropertyFields, PropertyFields__Output as PropertyFieldsMessage } from './gen/property/v1/PropertyFields';
export type { PropertyServiceClient, PropertyServiceHandlers } from './gen/property/v1/PropertyService';
export type { ListFilter } from './gen/property/v1/ListFilter';
export * from './mappers/property';
