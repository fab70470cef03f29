import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@hsa/service-kit';
import { saleIds, type SaleRecord } from '../domain/market/sale-record';
import type { SalesRepository } from './db/sales-repository';

/** Rows of a sales file, read and filtered: the kept sales and how many rows were skipped per reason. */
export interface ReadSales {
  records: Omit<SaleRecord, 'id'>[];
  skipped: Record<string, number>;
}

export type SalesReader = (text: string) => ReadSales;

export interface ImportOutcome {
  source: string;
  /** False when the same file (same content, same reader version) was already imported. */
  changed: boolean;
  importedRows: number;
  skippedRows: number;
  skippedReasons: Record<string, number>;
}

/**
 * Imports a sales CSV into the database idempotently: the file's SHA-256 (with the reader's version) is
 * recorded per file name, and an unchanged file is not read again. A changed file replaces that file's
 * sales in one transaction.
 */
export async function importSalesFile(options: {
  repository: SalesRepository;
  file: string;
  read: SalesReader;
  /** Bump when the reader's filtering changes, so the same file is imported again. */
  readerVersion: string;
  logger: Logger;
}): Promise<ImportOutcome> {
  const { repository, file, logger } = options;
  const source = path.basename(file);
  const content = await readFile(file);
  const sha256 = createHash('sha256').update(`${options.readerVersion}\n`).update(content).digest('hex');
  const last = await repository.lastImport(source);
  if (last?.contentSha256 === sha256) {
    logger.info({ source, rows: last.importedRows }, 'sales already imported');
    return { source, changed: false, importedRows: last.importedRows, skippedRows: last.skippedRows, skippedReasons: last.skippedReasons };
  }
  const { records, skipped } = options.read(content.toString('utf8'));
  const ids = saleIds(records, 'sale');
  const withIds: SaleRecord[] = records.map((r, i) => ({ ...r, id: ids[i]! }));
  const changed = await repository.replaceSource(source, sha256, withIds, skipped);
  const skippedRows = Object.values(skipped).reduce((a, b) => a + b, 0);
  logger.info({ source, importedRows: withIds.length, skippedRows, skipped, changed }, 'sales imported');
  return { source, changed, importedRows: withIds.length, skippedRows, skippedReasons: skipped };
}
