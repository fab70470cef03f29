import { SpanKind } from '@opentelemetry/api';
import type { S3Client } from '@aws-sdk/client-s3';
import { inSpan } from '@hsa/service-kit';

interface S3Input {
  Bucket?: string;
  Key?: string;
  UploadId?: string;
  PartNumber?: number;
}

interface S3Metadata {
  $metadata?: { httpStatusCode?: number; requestId?: string };
}

/**
 * Every command `client` sends becomes a client span `S3.<Operation>` (semantic conventions for AWS SDK calls:
 * rpc.system aws-api, rpc.service S3, rpc.method, aws.s3.bucket / key / upload_id / part_number, aws.request_id,
 * the HTTP status; a failure carries S3's error name as error.type). Its retries and their HTTP spans are children.
 * Presigning sends nothing, so it makes no span.
 */
export function traceS3Commands(client: S3Client, region: string): void {
  client.middlewareStack.add(
    (next, context) => (args) => {
      const operation = context.commandName?.replace(/Command$/, '') ?? 'Unknown';
      const input = args.input as S3Input;
      const attributes = {
        'rpc.system': 'aws-api',
        'rpc.service': 'S3',
        'rpc.method': operation,
        'cloud.region': region,
        ...(input.Bucket ? { 'aws.s3.bucket': input.Bucket } : {}),
        ...(input.Key ? { 'aws.s3.key': input.Key } : {}),
        ...(input.UploadId ? { 'aws.s3.upload_id': input.UploadId } : {}),
        ...(input.PartNumber !== undefined ? { 'aws.s3.part_number': input.PartNumber } : {}),
      };
      return inSpan(`S3.${operation}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
        const answered = (metadata: S3Metadata['$metadata']) => {
          if (metadata?.httpStatusCode !== undefined) span.setAttribute('http.response.status_code', metadata.httpStatusCode);
          if (metadata?.requestId) span.setAttribute('aws.request_id', metadata.requestId);
        };
        try {
          const result = await next(args);
          answered((result.output as S3Metadata).$metadata);
          return result;
        } catch (err) {
          answered((err as S3Metadata).$metadata);
          throw err;
        }
      });
    },
    { step: 'initialize', name: 'hsaTraceS3Commands', override: true },
  );
}
