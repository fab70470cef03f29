import { AppError, type Logger } from '@hsa/service-kit';
import type { UploadRepository } from './db/upload-repository';
import type { ObjectStore } from './s3/object-store';

const BATCH = 100;

/**
 * Deletes what upload URLs left behind and nobody attached once it expires: the object (or the unfinished multipart
 * upload with its parts), and the reservation it held on the user's storage. Safe to run in every replica.
 */
export class UploadJanitor {
  constructor(
    private readonly uploads: UploadRepository,
    private readonly store: ObjectStore,
    private readonly logger: Logger,
  ) {}

  /** One pass over everything expired by `now`; resolves how many uploads were deleted. */
  async sweep(now = new Date()): Promise<number> {
    let deleted = 0;
    for (;;) {
      const batch = await this.uploads.sweepExpired(now, BATCH, async (rows) => {
        for (const row of rows) {
          if (row.multipartUploadId) {
            await this.store.abortMultipartUpload(row.key, row.multipartUploadId).catch((err: unknown) => {
              if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err; // NOT_FOUND: already completed or aborted
            });
          }
          await this.store.delete(row.key);
        }
      });
      deleted += batch.length;
      if (batch.length < BATCH) break;
    }
    if (deleted > 0) this.logger.info({ deleted }, 'deleted expired uploads that were never attached');
    return deleted;
  }

  /** Sweeps every `intervalMs` until the returned stop function is called. */
  start(intervalMs: number): () => void {
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = this.sweep().catch((err: unknown) => this.logger.warn({ err }, 'upload cleanup failed; retrying at the next pass'));
    }, intervalMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      return running;
    };
  }
}
